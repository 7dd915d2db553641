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
package dev.reprise.command;

import dev.reprise.diagnostic.WarningCode;
import java.util.Optional;

/**
 * Resolves a route's command codes while it plays: the command a code stands for and, optionally, the
 * name it was registered under. A sandbox asks again each time it comes to a step (possibly more than
 * once per step), never caching an answer, so a lookup may change its answers between steps: a command
 * registered late is found from then on.
 *
 * <p>{@code dev.reprise.ReplaySystem} passes its own registered commands; a tool that plays a route
 * without a system ({@link dev.reprise.playback.ReplaySandbox#create ReplaySandbox.create}) passes any
 * table, for instance {@code code -> Optional.ofNullable(commands.get(code))} on a
 * {@code Map<Integer, ReplayCommand>}. Since it is asked on every step, a lookup that hands out
 * {@code Optional}s made in advance (as the system's does) keeps playback free of allocation.
 *
 * <p>Thread-safety: called from whichever thread drives playback (see
 * {@link dev.reprise.playback.ReplaySandbox}), possibly a different one for each step, so an
 * implementation must be safe to read from any thread; it must not block.
 */
@FunctionalInterface
public interface CommandLookup {

    /**
     * Returns the command a code stands for.
     *
     * @param code a code read from the route, {@code 0} to {@code 65535}
     * @return the command, or empty if no command is registered for the code: playback then fails at that
     *         step with a {@link dev.reprise.playback.ReplayPlaybackException}
     *         ({@link WarningCode#UNKNOWN_COMMAND warning 157} is logged)
     */
    Optional<ReplayCommand> command(int code);

    /**
     * Returns the name the code's command was registered under, which a playback failure quotes
     * ({@code Replay step 3 (code 1, jump) failed in execute: ...}). By default none.
     *
     * @param code a code read from the route, {@code 0} to {@code 65535}
     * @return the name, or empty if the code has none
     */
    default Optional<String> name(int code) {
        return Optional.empty();
    }
}
