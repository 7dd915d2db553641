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
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerRuleException;
import dev.reprise.samples.tower.TowerState;
import dev.reprise.viewer.ViewerFixtures.Recording;
import dev.reprise.samples.viewer.tower.TowerViewer;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;

/**
 * The viewer in a real browser ({@link Browser}: Debian's chromium, headless, driven by Selenium): one
 * browser for the whole class, with the samples' tower game. Skipped with a message when chromium or
 * chromedriver is missing, unless {@code REPRISE_REQUIRE_BROWSER=true} (CI), which makes that a failure.
 */
class ViewerBrowserIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    /**
     * How long a choice waits for the person: far longer than any test takes to answer one, as Selenium's
     * round trips slow down on a loaded machine. Only the test of an expiring choice uses a short one.
     */
    private static final Duration DIALOG = Duration.ofSeconds(60);

    @TempDir
    static Path folder;
    @TempDir
    static Path profile;
    static Recording recording;
    static TowerViewer tower;
    static ViewerServer server;
    static ChromeDriver driver;
    static ViewerPage page;

    @BeforeAll
    static void start() throws IOException {
        driver = Browser.start(profile);
        page = new ViewerPage(driver, WAIT, () -> "");
        recording = ViewerFixtures.record(11L, 3, 600, 25);
        ViewerFixtures.writeDesynced(recording, folder, "desync.reprise");
        Path newest = ViewerFixtures.write(recording, folder, "tower.reprise");
        Files.setLastModifiedTime(newest, FileTime.from(Instant.now().plusSeconds(60))); // the first screen opens it
        tower = TowerViewer.withLiveBot(3L, 10, 100_000, Duration.ofMillis(50));
        server = ViewerServer.start(ViewerOptions.defaults(folder).withDialogTimeout(DIALOG)
                .withCheckpointInterval(50), tower);
    }

    @AfterAll
    static void stop() {
        if (driver != null) {
            driver.quit();
        }
        if (server != null) {
            server.close();
        }
        if (tower != null) {
            tower.close();
        }
    }

    @BeforeEach
    void page() {
        viewport(1280, 720, false);
        driver.get(server.url());
        waitUntil(d -> !new Select(d.findElement(By.id("files"))).getOptions().isEmpty() && model("opens") >= 1
                && !text("panel-hp").isEmpty()); // the first screen opened the newest replay
    }

    /** Emulates a viewport (CSS pixels): what a 1280x720 screen or a phone shows. */
    private static void viewport(int width, int height, boolean mobile) {
        ((ChromeDriver) driver).executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", width,
                "height", height, "deviceScaleFactor", 1, "mobile", mobile));
    }

    /** Writes a screenshot to target/, and to the folder {@code -Dreprise.screenshots} names (e.g. docs). */
    private static void screenshot(String name) throws IOException {
        byte[] page = ((ChromeDriver) driver).getScreenshotAs(OutputType.BYTES);
        Path shot = Path.of("target", name);
        Files.createDirectories(shot.getParent());
        Files.write(shot, page);
        String docs = System.getProperty("reprise.screenshots");
        if (docs != null && !docs.isBlank()) {
            Files.write(Files.createDirectories(Path.of(docs)).resolve(name), page);
        }
    }

    private static Object script(String code, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(code, args);
    }

    /** Makes the page believe it is hidden or shown (as a background tab is), and tells it. */
    private static void visibility(boolean hidden) {
        script("Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => arguments[0] ? 'hidden' : 'visible'});"
                + "Object.defineProperty(document, 'hidden', {configurable: true, get: () => arguments[0]});"
                + "document.dispatchEvent(new Event('visibilitychange'));", hidden);
    }

    // ---- helpers ----

    private static void waitUntil(java.util.function.Function<WebDriver, Boolean> condition) {
        page.until(condition);
    }

    private static String text(String id) {
        return page.text(id);
    }

    private static long model(String field) {
        return page.model(field);
    }

    private static void open(String file, String mode) {
        page.open(file, mode, "panel-hp");
    }

    private static void speed(String value) {
        new Select(driver.findElement(By.id("speed"))).selectByValue(value);
    }

    private static void key(CharSequence key) {
        driver.findElement(By.tagName("h1")).click();
        new Actions(driver).sendKeys(key).perform();
    }

    private static void awaitState(String state) {
        waitUntil(d -> text("state").equals(state));
    }

    private static void seek(int target) {
        page.seek(target);
    }

    private static void assertPanel(TowerState expected) {
        assertThat(new String[] {text("panel-hp"), text("panel-atk"), text("panel-def"), text("panel-gold"),
                text("panel-floor"), text("panel-pos")})
                .containsExactly(String.valueOf(expected.hp()), String.valueOf(expected.effectiveAttack()),
                        String.valueOf(expected.effectiveDefence()), String.valueOf(expected.gold()),
                        (expected.floor() + 1) + " / " + expected.floors(), expected.x() + "," + expected.y());
    }

    // ---- cases ----

    @Test
    void playToTheEnd_panelShowsTheRecordedFinalState() {
        open("tower.reprise", "route");
        speed("64");
        driver.findElement(By.id("play")).click();
        awaitState("ENDED");
        assertPanel(recording.finalState());
        assertThat(text("step")).isEqualTo(String.valueOf(recording.array().length() - 1));
        assertThat(text("message")).contains("The replay ended at step " + recording.array().length());
    }

    @Test
    void pauseStepAndSpeed_steerThePlayback() {
        open("tower.reprise", "route");
        key(Keys.SPACE);
        awaitState("PLAYING");
        waitUntil(d -> model("replayed") >= 3);
        key(Keys.SPACE);
        awaitState("PAUSED");
        long paused = model("replayed");
        key(Keys.ARROW_RIGHT);
        waitUntil(d -> model("replayed") > paused);
        long stepped = model("replayed");
        driver.findElement(By.id("stepbtn")).click();
        waitUntil(d -> model("replayed") > stepped);
        assertThat(text("state")).isEqualTo("PAUSED");
        assertThat(text("code")).matches("[A-Z_]+ \\(\\d+\\)");

        speed("8");
        driver.findElement(By.id("play")).click();
        waitUntil(d -> Long.parseLong(text("rate")) >= 30); // speed 1 plays 10 steps/s, speed 8 plays 80
        driver.findElement(By.id("pause")).click();
        awaitState("PAUSED");
    }

    @Test
    void seekBackwardAndForward_panelMatchesAStraightReplay() {
        open("tower.reprise", "route");
        int length = recording.array().length();
        // A real drag of the seek bar's thumb, from the start to about a third of the way.
        WebElement bar = driver.findElement(By.id("seek"));
        int width = bar.getSize().getWidth();
        ((JavascriptExecutor) driver).executeScript("document.getElementById('message').textContent = '';");
        new Actions(driver).moveToElement(bar, -width / 2 + 3, 0).clickAndHold().moveByOffset(width / 3, 0)
                .release().perform();
        waitUntil(d -> text("message").startsWith("Moved to step"));
        long dragged = model("replayed");
        assertThat(dragged).isBetween(length / 5L, length / 2L);
        assertPanel(ViewerFixtures.straight(recording, (int) dragged));
        for (int target : new int[] {length * 3 / 4, length / 5, length / 2}) {
            seek(target);
            long landed = model("replayed");
            assertThat(landed).isBetween((long) target, target + 8L);
            assertPanel(ViewerFixtures.straight(recording, (int) landed));
        }
        waitUntil(d -> !d.findElements(By.cssSelector("#marks .checkpoint")).isEmpty());
    }

    @Test
    void interactiveChoice_takesThePersonsBranch() {
        int choice = recording.choiceAfter(0);
        TowerState before = ViewerFixtures.before(recording, choice);
        int recorded = recording.array().get(choice).intParam(0);
        int option = otherAllowedOption(before, recorded);
        TowerGame expected = new TowerGame(recording.tower());
        expected.reset(before);
        expected.apply(TowerCodes.CHOICE, option);

        open("tower.reprise", "interactive");
        speed("64");
        driver.findElement(By.id("play")).click();
        WebElement dialog = driver.findElement(By.id("choice"));
        waitUntil(d -> dialog.isDisplayed());
        assertThat(text("choice-step")).isEqualTo(String.valueOf(choice));
        driver.findElement(By.id("pause")).click();
        driver.findElement(By.cssSelector("#choice-options button[data-option='" + option + "']")).click();
        waitUntil(d -> !dialog.isDisplayed() && text("message").startsWith("You chose"));
        awaitState("PAUSED");
        waitUntil(d -> model("replayed") > choice);
        assertPanel(expected.state());
    }

    private static int otherAllowedOption(TowerState state, int recorded) {
        for (int option = 0; option < 4; option++) {
            if (option == recorded) {
                continue;
            }
            TowerGame game = new TowerGame(recording.tower());
            game.reset(state);
            try {
                game.apply(TowerCodes.CHOICE, option);
                return option;
            } catch (TowerRuleException | dev.reprise.samples.tower.TowerInputException e) {
                // not allowed here: try the next
            }
        }
        throw new IllegalStateException("the first choice has no other allowed option");
    }

    @Test
    void interactiveChoice_graceExpires_theRoutesAnswerIsUsed() {
        // A server of its own whose choices expire soon: the others' wait long, so as never to expire mid-test.
        try (ViewerServer quick = ViewerServer.start(ViewerOptions.defaults(folder)
                .withDialogTimeout(Duration.ofSeconds(2)).withCheckpointInterval(50), tower)) {
            driver.get(quick.url());
            waitUntil(d -> model("opens") >= 1 && !text("panel-hp").isEmpty());
            open("tower.reprise", "interactive");
            speed("64");
            driver.findElement(By.id("play")).click();
            WebElement dialog = driver.findElement(By.id("choice"));
            waitUntil(d -> dialog.isDisplayed());
            String asked = text("choice-step");
            // 64x plays on to the next dialog at once: the one asked is closed once the page says why.
            waitUntil(d -> text("message").startsWith("Time ran out: the route's own answer was used"));
            assertThat(!dialog.isDisplayed() || !text("choice-step").equals(asked)).isTrue();
            assertThat(text("state")).isEqualTo("PLAYING");
        }
    }

    @Test
    void uploads_corruptFileNamesTheReason_validFileOpens() throws IOException {
        Path corrupt = Files.writeString(folder.getParent().resolve("corrupt-upload.reprise"), "definitely not a replay");
        driver.findElement(By.id("upload-file")).sendKeys(corrupt.toString());
        driver.findElement(By.id("upload")).click();
        waitUntil(d -> text("message").startsWith("Upload refused"));
        assertThat(text("message")).contains("corrupt-upload.reprise: Not a Reprise replay file");
        assertThat(driver.findElement(By.id("message")).getAttribute("class")).isEqualTo("error");

        driver.findElement(By.id("upload-file")).clear();
        driver.findElement(By.id("upload-file")).sendKeys(folder.resolve("tower.reprise").toString());
        driver.findElement(By.id("upload")).click();
        waitUntil(d -> text("title").startsWith("tower.reprise") && text("message").startsWith("Opened"));
    }

    @Test
    void failedPlayback_namesStepCodeAndPhase_andMarksTheDesync() {
        open("desync.reprise", "route");
        speed("64");
        driver.findElement(By.id("play")).click();
        awaitState("FAILED");
        assertThat(text("message")).matches("Playback failed at step \\d+ \\(STATE_HASH, code 40\\) in execute: .*");
        assertThat(driver.findElements(By.cssSelector("#marks .desync"))).hasSize(1);
    }

    @Test
    void liveSpectating_lateSpectatorCatchesUp_andTheStepCountGrows() {
        waitUntil(d -> server.url() != null); // the bot has been playing since the server started
        driver.findElement(By.id("live")).click();
        waitUntil(d -> text("title").startsWith("live"));
        waitUntil(d -> model("replayed") >= 20);
        long first = model("replayed");
        waitUntil(d -> model("replayed") >= first + 20); // 20 inputs/s: about a second
        assertThat(text("panel-hp")).isNotEmpty();
    }

    @Test
    void screenshot_canvasIsDrawn_heroWhereTheGameHasHim() throws IOException {
        open("tower.reprise", "route");
        speed("64");
        driver.findElement(By.id("play")).click();
        awaitState("ENDED");
        seek(45); // early on the first floor: monsters, keys and doors still about
        long landed = model("replayed");
        TowerState expected = ViewerFixtures.straight(recording, (int) landed);
        assertPanel(expected);
        new Actions(driver).moveToLocation(5, 5).perform();
        waitUntil(d -> text("rate").equals("0")); // the last second's rate has run out: the picture is at rest

        screenshot("viewer.png");

        BufferedImage canvas = ImageIO.read(new ByteArrayInputStream(
                driver.findElement(By.id("board")).getScreenshotAs(OutputType.BYTES)));
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < canvas.getHeight(); y += 7) {
            for (int x = 0; x < canvas.getWidth(); x += 7) {
                colours.add(canvas.getRGB(x, y) & 0xffffff);
            }
        }
        assertThat(colours).as("colours on the canvas").hasSizeGreaterThan(4);
        int tile = canvas.getWidth() / expected.width();
        int hero = canvas.getRGB(expected.x() * tile + tile / 2, expected.y() * tile + tile / 2) & 0xffffff;
        assertThat(Integer.toHexString(hero)).as("the hero's colour at his tile " + expected.position())
                .isEqualTo("ff00ff");
        assertThat(new File("target/viewer.png")).exists();
    }

    // ---- first screen, dialogs, live controls, background tabs, achieved rate ----

    @Test
    void firstScreen_opensTheNewestReplay_readyToPlay() {
        assertThat(text("title")).isEqualTo("tower.reprise");
        assertThat(text("state")).isEqualTo("READY");
        assertThat(text("message")).contains("Press Play");
        assertThat(driver.findElement(By.id("start")).isDisplayed()).isFalse();
        assertPanel(ViewerFixtures.straight(recording, 0));
    }

    @Test
    void firstScreen_emptyFolder_saysWhatToDo(@TempDir Path empty) throws IOException {
        try (ViewerServer bare = ViewerServer.start(ViewerOptions.defaults(empty), TowerViewer.replaysOnly())) {
            driver.get(bare.url());
            waitUntil(d -> d.findElement(By.id("start")).isDisplayed());
            assertThat(text("start")).contains("has no .reprise files", "ReplayFile.write",
                    "upload");
            assertThat(driver.findElement(By.id("start-live-line")).isDisplayed()).as("no live game here").isFalse();
            assertThat(text("message")).startsWith("No replays yet");
            screenshot("viewer-start.png");
        }
    }

    @Test
    void pageWithoutItsAccessToken_saysHowToGetIn() {
        driver.get("http://127.0.0.1:" + server.port() + "/");
        waitUntil(d -> text("message").startsWith("Cannot list the replays"));
        assertThat(text("message")).contains("needs its access token", "?token=");
        assertThat(model("opens")).isZero();
    }

    /** Every option of the open dialog inside the viewport, and the dialog over the board. */
    private static void assertDialogFullyVisible(String size) {
        @SuppressWarnings("unchecked")
        List<Object> outside = (List<Object>) script("const d = document.getElementById('choice');"
                + "const parts = [d].concat(Array.from(d.querySelectorAll('button, progress, #choice-left')));"
                + "return parts.map(e => e.getBoundingClientRect()).filter(r => r.top < 0 || r.left < 0"
                + " || r.bottom > innerHeight || r.right > innerWidth || r.width === 0).map(r => JSON.stringify(r));");
        assertThat(outside).as("parts of the dialog outside the " + size + " viewport").isEmpty();
        Object over = script("const d = document.getElementById('choice').getBoundingClientRect();"
                + "const b = document.getElementById('board').getBoundingClientRect();"
                + "return d.left < b.right && d.right > b.left && d.top < b.bottom && d.bottom > b.top;");
        assertThat(over).as("the dialog lies over the board at " + size).isEqualTo(true);
    }

    private static void awaitDialog() {
        waitUntil(d -> d.findElement(By.id("choice")).isDisplayed());
    }

    @Test
    void choiceDialog_fullyVisibleOverTheBoard_onAScreenAndAPhone_withACountdown() throws IOException {
        open("tower.reprise", "interactive");
        speed("64");
        driver.findElement(By.id("play")).click();
        awaitDialog();
        assertDialogFullyVisible("1280x720");
        assertThat(text("choice-left")).matches("\\d+ s left, then the route's answer is used\\.");
        waitUntil(d -> ((Number) script("return document.getElementById('choice-time').value;")).doubleValue() < 0.95);
        screenshot("viewer-choice.png");

        viewport(390, 844, true);
        driver.get(server.url());
        waitUntil(d -> model("opens") >= 1 && !text("panel-hp").isEmpty());
        open("tower.reprise", "interactive");
        speed("64");
        driver.findElement(By.id("play")).click();
        awaitDialog();
        assertDialogFullyVisible("390x844");
        screenshot("viewer-choice-phone.png");
    }

    @Test
    void choiceDialog_keyboard_arrowsAndEnterAnswer_escapeKeepsTheRoutesAnswer() {
        open("tower.reprise", "interactive");
        speed("64");
        driver.findElement(By.id("play")).click();
        awaitDialog();
        int recorded = recording.array().get(Integer.parseInt(text("choice-step"))).intParam(0);
        int options = driver.findElements(By.cssSelector("#choice-options button")).size();
        assertThat(focusedOption()).as("the route's answer has the focus").isEqualTo(recorded);
        new Actions(driver).sendKeys(Keys.ARROW_DOWN).perform();
        assertThat(focusedOption()).isEqualTo((recorded + 1) % options);
        new Actions(driver).sendKeys(Keys.ARROW_UP).perform();
        assertThat(focusedOption()).isEqualTo(recorded);
        String answer = text("choice-recorded");
        new Actions(driver).sendKeys(Keys.ENTER).perform(); // the person picks the route's answer: no desync
        waitUntil(d -> text("message").equals("You chose: " + answer + "."));

        awaitDialog(); // the next choice
        String escaped = text("choice-step");
        String routeAnswer = text("choice-recorded");
        new Actions(driver).sendKeys(Keys.ESCAPE).perform();
        waitUntil(d -> text("message").equals("You kept the route's answer: " + routeAnswer + ".")
                || !text("choice-step").equals(escaped));
        assertThat(text("message")).isEqualTo("You kept the route's answer: " + routeAnswer + ".");
        assertThat(text("state")).isNotEqualTo("FAILED");
    }

    private static int focusedOption() {
        return Integer.parseInt(driver.switchTo().activeElement().getAttribute("data-option"));
    }

    @Test
    void liveMode_controlsFollowTheMode() throws IOException {
        driver.findElement(By.id("live")).click();
        waitUntil(d -> text("title").startsWith("live") && model("replayed") >= 30);
        for (String id : new String[] {"play", "pause", "stepbtn", "speed", "seek"}) {
            WebElement control = driver.findElement(By.id(id));
            assertThat(control.isEnabled()).as(id + " in live mode").isFalse();
            assertThat(control.getAttribute("title")).as(id + "'s tooltip").contains("only watched");
        }
        waitUntil(d -> text("memory").matches("\\d+ KiB"));
        waitUntil(d -> {
            long max = Long.parseLong(driver.findElement(By.id("seek")).getAttribute("max"));
            long value = Long.parseLong(driver.findElement(By.id("seek")).getAttribute("value"));
            return max >= 30 && value >= max - 2; // the thumb follows the live edge
        });
        assertThat(text("seek-label")).matches("(\\d+) / \\1|\\d+ / \\d+");
        screenshot("viewer-live.png");
    }

    @Test
    void replayMode_controlsFollowTheState() {
        open("tower.reprise", "route");
        assertThat(driver.findElement(By.id("pause")).isEnabled()).as("pause before playing").isFalse();
        assertThat(driver.findElement(By.id("play")).isEnabled()).isTrue();
        speed("64");
        driver.findElement(By.id("play")).click();
        awaitState("ENDED");
        assertThat(driver.findElement(By.id("play")).isEnabled()).as("play after the end").isFalse();
        assertThat(driver.findElement(By.id("play")).getAttribute("title")).contains("seek to play again");
        assertThat(driver.findElement(By.id("seek")).isEnabled()).isTrue();
    }

    @Test
    void backgroundTab_replayPausesVisibly_andSaysSoWhenShown() {
        open("tower.reprise", "route");
        driver.findElement(By.id("play")).click();
        awaitState("PLAYING");
        visibility(true);
        awaitState("PAUSED");
        long at = model("replayed");
        visibility(false);
        waitUntil(d -> text("message").contains("while this tab was in the background"));
        assertThat(model("replayed")).isEqualTo(at);
    }

    @Test
    void backgroundTab_liveKeepsFollowing_withoutAnimationFrames() {
        driver.findElement(By.id("live")).click();
        waitUntil(d -> text("title").startsWith("live") && model("replayed") >= 10);
        // A hidden tab gets (almost) no animation frames: take them away entirely.
        script("window.requestAnimationFrame = () => 0;");
        visibility(true);
        long before = model("received");
        waitUntil(d -> model("received") >= before + 3 * 64); // well past one window of credits
        visibility(false);
    }

    @Test
    void achievedRate_shownBesideTheChosenSpeed_setByTheServerNotTheFrameRate() {
        open("tower.reprise", "route");
        script("window.requestAnimationFrame = cb => setTimeout(() => cb(performance.now()), 1000);"); // 1 frame/s
        speed("16");
        driver.findElement(By.id("play")).click();
        waitUntil(d -> {
            java.util.regex.Matcher label = java.util.regex.Pattern
                    .compile("achieved (\\d+) steps/s of 160 steps/s at 16x").matcher(text("achieved"));
            return label.matches() && Long.parseLong(label.group(1)) >= 100;
        });
    }
}
