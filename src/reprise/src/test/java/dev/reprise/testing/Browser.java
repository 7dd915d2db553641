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
package dev.reprise.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The real browser the viewer's tests drive: Debian's {@code chromium} and {@code chromium-driver},
 * headless, through Selenium pointed at the two binaries (so Selenium Manager downloads nothing).
 * Without them a test is skipped with a message, unless {@code REPRISE_REQUIRE_BROWSER=true} (CI),
 * which makes that a failure.
 */
public final class Browser {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private Browser() {
    }

    /**
     * Starts a headless chromium at 1300x900, or skips (fails on CI) the calling test if there is none.
     *
     * @param profile an empty folder for the browser's profile
     * @return the driver; the caller quits it
     */
    public static ChromeDriver start(Path profile) {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            String why = "no browser: " + CHROMIUM + " and " + CHROMEDRIVER + " are needed (run .ci/install-browser, "
                    + "or apt-get install -y chromium chromium-driver)";
            if ("true".equals(System.getenv("REPRISE_REQUIRE_BROWSER"))) {
                Assertions.fail(why + "; REPRISE_REQUIRE_BROWSER=true makes it a failure");
            }
            Assumptions.abort(why);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1300,900", "--force-device-scale-factor=1");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }
}
