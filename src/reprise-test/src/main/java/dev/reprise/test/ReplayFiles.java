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

import dev.reprise.shrink.ReplayCases;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.Verdict;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * What the kit's assertions and {@link ReplayFilesSource} keep of the replay files they find
 * ({@link ReplayCases#find}): a sub-folder that could not be listed is handed out as a source, and
 * asserting that source reports the walk's problem, as a folder's assertion does.
 */
final class ReplayFiles {

    /**
     * The problems found while walking, by the source handed out for the path: reading an unreadable
     * folder's path would only say it is a folder. Only unreadable paths are kept, a few at most.
     */
    private static final Map<ReplaySource, String> PROBLEMS = new ConcurrentHashMap<>();

    private ReplayFiles() {
    }

    /**
     * Returns why a file found cannot be read, known already while walking.
     *
     * @param file a file found
     * @return e.g. {@code "cannot be read: java.nio.file.AccessDeniedException: ..."}, or {@code null} if it is
     *         to be tried
     */
    static @Nullable String problem(ReplayCases.Found file) {
        return file.problem().map(e -> "cannot be read: " + e).orElse(null);
    }

    /**
     * Returns the source of a file found, remembering the problem found while walking, if any.
     *
     * @param file a file found by {@link ReplayCases#find}
     * @return its source, its id the relative path
     */
    static ReplaySource source(ReplayCases.Found file) {
        ReplaySource source = ReplaySource.of(file.relative(), file.path());
        String problem = problem(file);
        if (problem != null) {
            PROBLEMS.put(source, problem);
        }
        return source;
    }

    /**
     * Returns the verdict of a source whose path could not be read while walking, without reading it.
     *
     * @param source a source, from {@link #source(ReplayCases.Found)} or not
     * @return its {@link Outcome#INVALID_FILE} verdict naming the problem, or empty if none is known
     */
    static Optional<Verdict> knownInvalid(ReplaySource source) {
        String problem = PROBLEMS.get(source);
        return problem == null ? Optional.empty()
                : Optional.of(Verdict.builder(source.id(), Outcome.INVALID_FILE).reason(problem).build());
    }
}
