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

/**
 * What verifying one replay came to. Exactly one outcome per replay; only {@link #VALID} means the
 * replay is good.
 */
public enum Outcome {

    /** The route played to its end without a failure or desync, and every final check passed. */
    VALID,

    /**
     * A state-hash step inside the route did not match the replayed game: the replay does not reproduce
     * what was recorded. The verdict names the step and both hashes.
     */
    DESYNC,

    /**
     * The replay could not be read as a file of this game: unreadable path, malformed bytes, beyond the
     * reader's caps, another game id, codes the game does not have (or has under other names), metadata
     * the game needs missing or malformed, or a route beyond the game's caps. Nothing was played.
     */
    INVALID_FILE,

    /**
     * The route played to its end, but the result was refused: the final state hash differs from the one
     * the file claims, or the game's acceptance check said no.
     */
    REJECTED,

    /**
     * Playback failed: a command failed, errored or threw (the verdict names the step, code and phase),
     * or the game itself failed while being built, reset or judged.
     */
    FAILED,

    /** The replay ran out of its budget: more steps than allowed, or longer than the wall-clock timeout. */
    TIMED_OUT,

    /**
     * The replay was recorded by a build of the game that no installed game jar plays: the reason names
     * the file's build and the installed ones. Nothing was played; the answer is to install that build,
     * not to suspect the replay. Never given for a file of another game ({@link #INVALID_FILE}).
     */
    UNKNOWN_BUILD;

    /**
     * Tells whether this outcome means the replay is good.
     *
     * @return {@code true} only for {@link #VALID}
     */
    public boolean valid() {
        return this == VALID;
    }
}
