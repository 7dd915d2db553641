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
package dev.reprise.io;

import dev.reprise.diagnostic.ReplayException;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Thrown by {@link ReplayCompatibility#check(ReplayFile)} when a replay file does not fit the game:
 * it lists every mismatch at once, before playback starts.
 */
public final class ReplayMismatchException extends ReplayException {

    private static final long serialVersionUID = 1L;

    private final transient List<ReplayMismatch> mismatches;

    /**
     * Creates the exception.
     *
     * @param mismatches every mismatch found; not empty
     */
    public ReplayMismatchException(List<ReplayMismatch> mismatches) {
        super("The replay does not fit this game (" + mismatches.size() + " mismatch"
                + (mismatches.size() == 1 ? "" : "es") + "):\n  - "
                + mismatches.stream().map(ReplayMismatch::message).collect(Collectors.joining("\n  - ")));
        this.mismatches = List.copyOf(mismatches);
    }

    /**
     * Returns every mismatch found, in the order: game, build, then codes ascending.
     *
     * @return an unmodifiable list
     */
    public List<ReplayMismatch> mismatches() {
        return mismatches;
    }
}
