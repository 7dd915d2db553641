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
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Data that tests may use but the repository does not ship (such as the real routes of the old engine
 * in {@code legacy-routes}): a folder outside the clone, found through the environment.
 *
 * <p>The folder is {@value #DIR_ENV} when that environment variable is set (relative paths from the
 * working directory), else the folder {@code shared} beside the project folder. A test that needs a part of it
 * that is missing is skipped with a message that says what is missing and how to provide it; when
 * {@value #REQUIRE_ENV} is {@code true} (as CI sets it) the test fails instead, so CI never passes by
 * skipping. Thread-safe: it only reads the environment and the file system.
 */
public final class SharedData {

    /** The environment variable naming the shared data folder. */
    public static final String DIR_ENV = "REPRISE_SHARED_DIR";

    /** The environment variable that, set to {@code true}, turns a skip for missing data into a failure. */
    public static final String REQUIRE_ENV = "REPRISE_REQUIRE_SHARED";

    private SharedData() {
    }

    /** The shared data folder as configured; it may not exist. */
    public static Path dir() {
        String configured = System.getenv(DIR_ENV);
        if (configured != null && !configured.isBlank()) {
            return Paths.get(configured.trim()).toAbsolutePath().normalize();
        }
        // Surefire sets basedir to the project folder; a benchmark or IDE run starts in it.
        return Paths.get(System.getProperty("basedir", "."), "..", "shared").toAbsolutePath().normalize();
    }

    /** Whether missing shared data must fail the test rather than skip it. */
    public static boolean required() {
        String value = System.getenv(REQUIRE_ENV);
        return value != null && value.trim().toLowerCase(Locale.ROOT).equals("true");
    }

    /** The folder {@code name} inside the shared data folder, if it is there. */
    public static Optional<Path> find(String name) {
        Path folder = dir().resolve(name);
        return Files.isDirectory(folder) ? Optional.of(folder) : Optional.empty();
    }

    /**
     * The folder {@code name} inside the shared data folder, for a test that needs it: when it is missing
     * the calling test is skipped (a JUnit assumption), or fails when {@value #REQUIRE_ENV} is {@code true}.
     *
     * @param name the folder inside the shared data folder, such as {@code legacy-routes}
     * @param what what the folder holds, for the message
     */
    public static Path require(String name, String what) {
        Optional<Path> folder = find(name);
        if (folder.isPresent()) {
            return folder.get();
        }
        String message = missing(name, what);
        if (required()) {
            return Assertions.fail(message + " (" + REQUIRE_ENV + "=true, so this fails instead of skipping)");
        }
        return Assumptions.abort(message + "; skipped");
    }

    /** The message for a missing folder: what it holds, where it was looked for, and how to point at it. */
    public static String missing(String name, String what) {
        return String.format(Locale.ROOT, "%s not found: no folder %s (set %s to the folder that holds %s/)",
                what, dir().resolve(name), DIR_ENV, name);
    }
}
