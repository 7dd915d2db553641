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

import dev.reprise.guide.CoinViewer;
import dev.reprise.kafka.RunnableJars;
import dev.reprise.testing.Browser;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The runnable viewer jar that {@code mvn package} builds, run as a process (maven-failsafe, in
 * {@code mvn verify}) with a game jar beside it that holds nothing but the getting-started game and its
 * plug-in ({@link CoinViewer}, listed in its {@code META-INF/services}): no samples, no renderer. The
 * page is driven in a real browser ({@link Browser}; skipped without one unless
 * {@code REPRISE_REQUIRE_BROWSER=true}).
 */
class ViewerJarIT {

    private static final Path TARGET = Path.of(System.getProperty("reprise.target", "target"));
    private static final Path VIEWER_JAR = RunnableJars.viewer();
    private static final Path GUIDE_CLASSES = TARGET.resolve("test-classes/dev/reprise/guide");
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern ADDRESS = Pattern.compile("Reprise viewer: (http://\\S+) ");

    @Test
    void help_printsTheUsage_andExitsZero(@TempDir Path dir) throws Exception {
        Run help = Run.start(dir, VIEWER_JAR.toString(), "--help");
        assertThat(help.awaitExit()).as(help.output()).isZero();
        assertThat(help.output()).contains("--dir", "--upload-budget", "dev.reprise.viewer.ViewerGame");
    }

    @Test
    void noGameOnTheClassPath_saysHowToAddOne_andExitsOne(@TempDir Path dir) throws Exception {
        Run run = Run.start(dir, VIEWER_JAR.toString(), "--dir", dir.toString());
        assertThat(run.awaitExit()).as(run.output()).isEqualTo(1);
        assertThat(run.output()).contains("no game is installed", "META-INF/services");
    }

    @Test
    void portInUse_isOneLineNamingTheAddress_andExitsTwo(@TempDir Path dir) throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            Run run = Run.start(dir, VIEWER_JAR + File.pathSeparator + coinGameJar(dir), "--dir", dir.toString(),
                    "--port", Integer.toString(port));
            assertThat(run.awaitExit()).as(run.output()).isEqualTo(2);
            assertThat(run.output()).isEqualTo("viewer: cannot listen on 127.0.0.1:" + port + ": Address already in use "
                    + "(choose another --port, or leave it out for a free one)" + System.lineSeparator());
        }
    }

    @Test
    void coinGame_opensPlaysSeeks_andAChoiceIsAnsweredInThePage(@TempDir Path dir, @TempDir Path profile)
            throws Exception {
        ChromeDriver driver = Browser.start(profile);
        Path replays = Files.createDirectories(dir.resolve("replays"));
        CoinViewer.writeSample(replays.resolve("coin.reprise"));
        Run viewer = Run.start(dir, VIEWER_JAR + File.pathSeparator + coinGameJar(dir), "--dir", replays.toString(),
                "--no-live");
        try {
            ViewerPage page = new ViewerPage(driver, WAIT, () -> "; the viewer's output: " + viewer.output());
            driver.get(viewer.address());

            // The first screen opens the folder's newest replay: a game without a renderer shows its state as a table.
            page.until(d -> page.text("title").startsWith("coin.reprise") && page.text("panel-state-0").startsWith("at "));
            assertThat(driver.findElement(By.id("board")).isDisplayed()).as("no renderer: no canvas").isFalse();
            assertThat(page.text("panel")).startsWith("state");

            // Plays to the end, answered by the route: the gold, then the key.
            driver.findElement(By.id("play")).click();
            page.until(d -> page.text("state").equals("ENDED"));
            assertThat(page.text("panel-state-0")).isEqualTo("at 2,1, 10 gold, 1 keys");

            // Seeks back to the second chest (the game has no snapshots: it is replayed from the start).
            page.seek(4);
            assertThat(page.text("panel-state-0")).isEqualTo("at 1,1, 10 gold, 0 keys");

            // Interactive: the first chest asks; the person takes the key where the route took the gold.
            page.open("coin.reprise", "interactive", "panel-state-0");
            driver.findElement(By.id("play")).click();
            WebElement dialog = driver.findElement(By.id("choice"));
            page.until(d -> dialog.isDisplayed() && page.text("choice-step").equals("2"));
            assertThat(page.text("choice-title")).isEqualTo("chest");
            assertThat(page.text("choice-recorded")).isEqualTo("the gold");
            driver.findElement(By.cssSelector("#choice-options button[data-option='1']")).click();
            page.until(d -> page.text("message").startsWith("You chose"));
            // The second chest asks too: the person keeps the route's answer, the key.
            page.until(d -> dialog.isDisplayed() && page.text("choice-step").equals("5"));
            driver.findElement(By.cssSelector("#choice-options button[data-option='1']")).click();
            page.until(d -> page.text("state").equals("ENDED"));
            assertThat(page.text("panel-state-0")).isEqualTo("at 2,1, 0 gold, 2 keys");
        } finally {
            driver.quit();
            viewer.stop();
        }
    }

    /** A game's jar as a team ships it: the getting-started game's classes and its plug-in entry, nothing else. */
    private static Path coinGameJar(Path dir) throws IOException {
        Path jar = dir.resolve("coin-game.jar");
        List<Path> classes;
        try (Stream<Path> files = Files.list(GUIDE_CLASSES)) {
            classes = files.filter(file -> file.getFileName().toString().startsWith("Coin")
                    && file.getFileName().toString().endsWith(".class")).sorted().toList();
        }
        assertThat(classes).as("compiled guide classes in " + GUIDE_CLASSES).isNotEmpty();
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out)) {
            zip.putNextEntry(new JarEntry("META-INF/services/" + ViewerGame.class.getName()));
            zip.write((CoinViewer.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            for (Path file : classes) {
                zip.putNextEntry(new JarEntry("dev/reprise/guide/" + file.getFileName()));
                zip.write(Files.readAllBytes(file));
            }
        }
        return jar;
    }

    /** A {@code java -cp ... ViewerMain} process, its output in a file. */
    private record Run(Process process, Path log) {

        static Run start(Path dir, String classPath, String... args) throws IOException {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", classPath, ViewerMain.class.getName()));
            command.addAll(List.of(args));
            Path log = Files.createTempFile(dir, "viewer", ".log");
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            return new Run(process, log);
        }

        int awaitExit() throws InterruptedException {
            if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("did not exit within " + WAIT + ": " + output());
            }
            return process.exitValue();
        }

        String address() {
            Awaitility.await().atMost(WAIT).until(() -> ADDRESS.matcher(output()).find() || !process.isAlive());
            Matcher address = ADDRESS.matcher(output());
            assertThat(address.find()).as("the viewer's output: %s", output()).isTrue();
            return address.group(1);
        }

        String output() {
            try {
                return Files.readString(log);
            } catch (IOException e) {
                return "(cannot read " + log + ": " + e + ")";
            }
        }

        void stop() throws InterruptedException {
            process.destroy();
            if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        }
    }
}
