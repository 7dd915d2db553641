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
package dev.reprise.verify;

import java.util.Optional;

/**
 * What a verification learnt about a replay beside its {@link Verdict}, for the compatibility report
 * ({@link BuildCompatibility}): handed to the {@link Listener} the verdicts' subscriber puts in its context
 * under {@link #KEY}, just before the verdict goes on.
 *
 * @param unreadable    whether the file could not be read at all (its verdict is then {@code INVALID_FILE})
 * @param recordedBuild the build the file's header names; empty if it could not be read
 * @param originBuild   the build that recorded a file upgraded earlier ({@code reprise.origin-build}), if any
 * @param upgraded      whether a declared upgrade changed its route (its steps' codes or params)
 * @param command       the name of the command at the verdict's step, for a desync, failure or timeout
 * @param lastMatched   for a desync, the last hash step that still matched, or -1
 * @param refusedStep   for a file refused for its codes, the first step using one the game does not have as
 *                      the file names it, or -1
 */
record Inspection(boolean unreadable, Optional<String> recordedBuild, Optional<String> originBuild,
                  boolean upgraded, Optional<String> command, int lastMatched, int refusedStep) {

    /** The context key of the listener. */
    static final Object KEY = Inspection.class;

    /** Receives each replay's inspection, on the verifier's worker, before its verdict is emitted. */
    @FunctionalInterface
    interface Listener {
        void inspected(Verdict verdict, Inspection inspection);
    }
}
