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
package dev.reprise.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.params.provider.ArgumentsSource;

/**
 * Makes every replay file of a folder its own invocation of a JUnit 5 {@code @ParameterizedTest}: the
 * folder's {@code *.reprise} files, found recursively and sorted by relative path, one invocation each,
 * named by the file's path relative to the folder (e.g. {@code [3] desync/turned-move.reprise}), so each
 * file is its own line in the test report.
 *
 * <p>The test method's parameters are filled by type: a {@link dev.reprise.verify.ReplaySource} (read
 * from the path when verified, its id the relative path), a {@link java.nio.file.Path} (the file) or a
 * {@link String} (the relative path). A file that cannot be read still gets its invocation, which then
 * fails where the test reads it, naming the file.
 *
 * <pre>{@code
 * @ParameterizedTest
 * @ReplayFilesSource("src/test/replays")
 * void everyReplayStillPlays(ReplaySource replay) {
 *     ReplayAssertions.assertReplays(replay, verifier);
 * }
 * }</pre>
 *
 * <p>A folder that does not exist, or holds no replay file, fails the test (a moved folder must not
 * pass silently) unless {@link #allowEmpty()} is set. A folder given through a symbolic link is walked
 * like the folder itself; a sub-folder that cannot be listed gets an invocation that fails naming why.
 */
@Target({ElementType.ANNOTATION_TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ArgumentsSource(ReplayFilesProvider.class)
public @interface ReplayFilesSource {

    /**
     * Returns the folder (or single replay file) to walk, relative to the working directory of the test
     * run: the project's folder under Maven and Gradle.
     *
     * @return e.g. {@code "src/test/replays"}
     */
    String value();

    /**
     * Tells whether a folder without replay files makes zero invocations instead of failing; a missing
     * folder fails either way. Pair it with JUnit's {@code @ParameterizedTest(allowZeroInvocations = true)}.
     *
     * @return {@code false} by default
     */
    boolean allowEmpty() default false;
}
