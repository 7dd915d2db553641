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

import java.time.Duration;
import java.util.function.Function;
import java.util.function.Supplier;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The viewer's page in a browser, for the browser tests: waits that say what the page last heard, its
 * elements' text, its model, and the source and seek controls.
 *
 * @param driver the browser
 * @param timeout how long a wait may take
 * @param context more to say when a wait times out (e.g. the viewer process's output)
 */
record ViewerPage(WebDriver driver, Duration timeout, Supplier<String> context) {

    /** Waits for a condition; a timeout fails naming the page's last messages, its state and message. */
    void until(Function<WebDriver, Boolean> condition) {
        try {
            new WebDriverWait(driver, timeout).until(condition::apply);
        } catch (org.openqa.selenium.TimeoutException e) {
            throw new AssertionError("timed out; the page's last messages: "
                    + ((JavascriptExecutor) driver).executeScript("return window.viewer.log.join(' | ');")
                    + "; step messages received " + model("received") + ", replayed " + model("replayed")
                    + "; state " + text("state") + ", message \"" + text("message") + "\"" + context.get(), e);
        }
    }

    /** @return the visible text of the element of that id */
    String text(String id) {
        return driver.findElement(By.id(id)).getText();
    }

    /** @return a number of the page's model ({@code window.viewer.model}), -1 if unset */
    long model(String field) {
        Object value = ((JavascriptExecutor) driver).executeScript("return window.viewer.model." + field + ";");
        return value == null ? -1 : ((Number) value).longValue();
    }

    /** Opens a file of the folder in a mode and waits until the page shows it and its panel has {@code row}. */
    void open(String file, String mode, String row) {
        long opens = model("opens");
        new Select(driver.findElement(By.id("files"))).selectByValue(file);
        new Select(driver.findElement(By.id("mode"))).selectByValue(mode);
        driver.findElement(By.id("open")).click();
        until(d -> model("opens") > opens && text("title").startsWith(file) && !text(row).isEmpty());
    }

    /** Drags the seek bar to a step and waits until the page says it moved there. */
    void seek(int target) {
        ((JavascriptExecutor) driver).executeScript("document.getElementById('message').textContent = '';"
                + "const s = document.getElementById('seek'); s.value = arguments[0];"
                + "s.dispatchEvent(new Event('input')); s.dispatchEvent(new Event('change'));", target);
        until(d -> text("message").startsWith("Moved to step"));
    }
}
