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

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.samples.viewer.tower.TowerViewer;
import dev.reprise.testing.Browser;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.Verdict;
import dev.reprise.viewer.ViewerFixtures.Recording;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

/**
 * The viewer's edit mode in a real browser ({@link Browser}, as {@link ViewerBrowserIT}), on the tower: a
 * step's command changed in the piano roll shows the new state, Ctrl+Z undoes it and Ctrl+Y redoes it, and
 * "Save as" writes a new file that the tower's verifier accepts, with its fresh final hash.
 */
class ViewerEditBrowserIT {

    /** Long: the machine may be loaded. */
    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    static Path folder;
    @TempDir
    static Path profile;
    static Recording recording;
    static ViewerServer server;
    static ChromeDriver driver;
    static ViewerPage page;

    @BeforeAll
    static void start() throws IOException {
        driver = Browser.start(profile);
        page = new ViewerPage(driver, WAIT, () -> "");
        recording = endingInTwoEqualMoves();
        ViewerFixtures.write(recording, folder, "tower.reprise");
        server = ViewerServer.start(ViewerOptions.defaults(folder).withCheckpointInterval(20), TowerViewer.replaysOnly());
    }

    @AfterAll
    static void stop() {
        if (driver != null) {
            driver.quit();
        }
        if (server != null) {
            server.close();
        }
    }

    /**
     * A tower run whose route ends with two moves the same way and then its one state-hash check: turning the
     * last move around goes back to a square the player stood on, which is always allowed.
     */
    private static Recording endingInTwoEqualMoves() {
        for (long seed = 1; seed < 200; seed++) {
            Recording run = ViewerFixtures.record(seed, 2, 150, Integer.MAX_VALUE);
            ReplayArray route = run.array();
            int n = route.length();
            if (n >= 3 && route.get(n - 1).code() == TowerCommands.STATE_HASH && isMove(route.get(n - 2).code())
                    && route.get(n - 2).code() == route.get(n - 3).code()) {
                return run;
            }
        }
        throw new AssertionError("no seed below 200 ends in two equal moves");
    }

    private static boolean isMove(int code) {
        return code == TowerCodes.UP || code == TowerCodes.DOWN || code == TowerCodes.LEFT || code == TowerCodes.RIGHT;
    }

    private static int opposite(int move) {
        return switch (move) {
            case TowerCodes.UP -> TowerCodes.DOWN;
            case TowerCodes.DOWN -> TowerCodes.UP;
            case TowerCodes.LEFT -> TowerCodes.RIGHT;
            default -> TowerCodes.LEFT;
        };
    }

    private static Object script(String code, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(code, args);
    }

    private static long answers() {
        return page.model("edit.answers");
    }

    /** Runs an action and waits until the server has answered it with the edit's view. */
    private static void edited(Runnable action) {
        long before = answers();
        action.run();
        page.until(d -> answers() > before);
    }

    private static WebElement row(int step) {
        return driver.findElement(By.cssSelector("#roll tr[data-step='" + step + "']"));
    }

    private static void key(CharSequence... keys) {
        driver.findElement(By.tagName("h1")).click();
        new Actions(driver).keyDown(Keys.CONTROL).sendKeys(keys).keyUp(Keys.CONTROL).perform();
    }

    @Test
    void editAStep_seeTheNewState_undoRedo_andSaveAsAFileThatVerifies() throws Exception {
        driver.get(server.url());
        page.until(d -> page.model("opens") >= 1 && !page.text("panel-pos").isEmpty());
        int length = recording.array().length();
        edited(() -> driver.findElement(By.id("edit")).click());
        assertThat(driver.findElement(By.id("editor")).isDisplayed()).isTrue();

        // To the end: the recorded final state, and the kept states as ticks on the seek bar.
        edited(() -> script("const s = document.getElementById('seek'); s.value = arguments[0];"
                + "s.dispatchEvent(new Event('change'));", length));
        assertThat(page.model("edit.position")).isEqualTo(length);
        String recordedPos = recording.finalState().x() + "," + recording.finalState().y();
        page.until(d -> page.text("panel-pos").equals(recordedPos));
        assertThat(driver.findElements(By.cssSelector("#marks .kept"))).isNotEmpty();

        // The state-hash check at the end would refuse any change before it: it goes first.
        edited(() -> row(length - 1).findElement(By.cssSelector("button.delete")).click());
        assertThat(page.model("length")).isEqualTo(length - 1);

        int last = length - 2;
        int turned = opposite(recording.array().get(last).code());
        new Select(row(last).findElement(By.cssSelector("select.command"))).selectByValue(String.valueOf(turned));
        edited(() -> row(last).findElement(By.cssSelector("button.set")).click());
        page.until(d -> !page.text("panel-pos").equals(recordedPos));
        String turnedPos = page.text("panel-pos");

        edited(() -> key("z"));
        page.until(d -> page.text("panel-pos").equals(recordedPos));
        edited(() -> key("y"));
        page.until(d -> page.text("panel-pos").equals(turnedPos));

        driver.findElement(By.id("save-name")).sendKeys("tower-turned.reprise");
        edited(() -> driver.findElement(By.id("save")).click());
        page.until(d -> page.text("message").contains("Saved the edit as tower-turned.reprise"));

        Path saved = folder.resolve("tower-turned.reprise");
        ReplayFile file = ReplayFile.read(saved);
        assertThat(file.save().length()).isEqualTo(length - 1);
        assertThat(file.metadata()).containsKey(TowerVerification.FINAL_HASH_KEY);
        Verdict verdict = TowerVerification.verifier().build()
                .verify(ReplaySource.of("tower-turned", Files.readAllBytes(saved))).block(WAIT);
        assertThat(verdict).isNotNull();
        assertThat(verdict.valid()).as("%s", verdict).isTrue();
        assertThat(Files.readAllBytes(folder.resolve("tower.reprise")))
                .as("the original is never overwritten").isNotEqualTo(Files.readAllBytes(saved));
    }
}
