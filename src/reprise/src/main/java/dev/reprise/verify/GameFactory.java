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

import dev.reprise.io.ReplayFile;

/**
 * Builds a fresh game for one replay, from what the file says (typically its metadata: a seed, a level,
 * parameters). Called once per replay, on the verifier's scheduler, possibly from several threads at
 * once: it must be thread-safe, and the games it returns must share no mutable state.
 *
 * <p>A factory that cannot build a game for the file throws: an {@link IllegalArgumentException} (for
 * example a missing or malformed metadata value) or a {@link dev.reprise.diagnostic.ReplayException} makes the
 * replay {@link Outcome#INVALID_FILE}; any other exception makes it {@link Outcome#FAILED}. Either way
 * the batch goes on.
 */
@FunctionalInterface
public interface GameFactory {

    /**
     * Creates a game in its initial state, with its commands registered, to play {@code file}'s route.
     *
     * @param file the replay file, already read and checked (game id, dictionary); not {@code null}
     * @return a new game, never shared with another replay; not {@code null}
     * @throws IllegalArgumentException if the file does not describe a game this factory can build
     */
    VerifiableGame create(ReplayFile file);
}
