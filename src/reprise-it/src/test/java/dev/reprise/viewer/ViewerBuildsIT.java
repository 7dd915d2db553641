/*
 * Copyright 2026 The Reprise developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.testing.Browser;
import dev.reprise.testing.GameJars;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WindowType;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * One viewer serving two builds of one game, side by side in a real browser ({@link Browser}; skipped without
 * one unless {@code REPRISE_REQUIRE_BROWSER=true}): {@code ViewerMain --builds=DIR} in a child JVM with the
 * jars of builds 1 and 2 ({@link GameJars}: "scale" doubles in build 1, triples in build 2), and a tab for
 * each build's replay. Each plays to its end with its own build's result, drawn by its own build's renderer,
 * while the other tab's session stays open; then one tab opens the other build's replay and its renderer
 * follows.
 */
class ViewerBuildsIT {

    private static final Duration WAIT = Duration.ofSeconds(15);

    @Test
    void replaysOfTwoBuilds_playSideBySide_eachOnItsOwnBuild(@TempDir Path dir, @TempDir Path profile)
            throws Exception {
        Path replays = Files.createDirectories(dir.resolve("replays"));
        Path builds = Files.createDirectories(dir.resolve("builds"));
        GameJars.install(builds, "1");
        GameJars.install(builds, "2");
        long[] inputs = {3, 0, 4}; // 10 on build 1, 13 on build 2
        GameJars.record("2", inputs).write(replays.resolve("build-2.reprise"));
        Path newest = replays.resolve("build-1.reprise");
        GameJars.record("1", inputs).write(newest);
        Files.setLastModifiedTime(newest, FileTime.from(Instant.now().plusSeconds(60))); // the first screen opens it

        ChromeDriver driver = Browser.start(profile);
        try (ViewerProcess viewer = ViewerProcess.start(dir, "256m", "--dir", replays.toString(),
                "--builds", builds.toString(), "--no-live")) {
            ViewerPage page = new ViewerPage(driver, WAIT, () -> "; the viewer's output: " + viewer.output());
            String address = viewer.address();
            assertThat(viewer.output()).contains("games: test.builds 1 (builds-1.jar), test.builds 2 (builds-2.jar)");

            // Tab one: the first screen opens the newest replay, of build 1.
            driver.get(address);
            page.until(d -> page.text("title").startsWith("build-1.reprise") && !page.text("panel-renderer").isEmpty());
            String one = driver.getWindowHandle();

            // Tab two: the replay of build 2, played to its end on build 2 (scale triples), by build 2's renderer.
            driver.switchTo().newWindow(WindowType.TAB);
            String two = driver.getWindowHandle();
            driver.get(address);
            page.until(d -> !page.text("panel-renderer").isEmpty());
            page.open("build-2.reprise", "route", "panel-renderer");
            driver.findElement(By.id("play")).click();
            page.until(d -> page.text("state").equals("ENDED"));
            assertThat(page.text("panel-renderer")).isEqualTo("build 2");
            assertThat(page.text("panel-total")).isEqualTo("13");

            // Tab one, its session open all along: build 1's replay ends on build 1 (scale doubles).
            driver.switchTo().window(one);
            assertThat(page.text("panel-renderer")).isEqualTo("build 1");
            driver.findElement(By.id("play")).click();
            page.until(d -> page.text("state").equals("ENDED"));
            assertThat(page.text("panel-renderer")).isEqualTo("build 1");
            assertThat(page.text("panel-total")).isEqualTo("10");
            assertThat(page.text("message")).doesNotContain("failed");

            // Tab two still shows its build's end; and tab one, opening build 2's replay, draws with build 2's renderer.
            driver.switchTo().window(two);
            assertThat(page.text("panel-renderer")).isEqualTo("build 2");
            assertThat(page.text("panel-total")).isEqualTo("13");
            driver.switchTo().window(one);
            page.open("build-2.reprise", "route", "panel-renderer");
            page.until(d -> page.text("panel-renderer").equals("build 2"));
            driver.findElement(By.id("play")).click();
            page.until(d -> page.text("state").equals("ENDED"));
            assertThat(page.text("panel-total")).isEqualTo("13");
        } finally {
            driver.quit();
        }
    }
}
