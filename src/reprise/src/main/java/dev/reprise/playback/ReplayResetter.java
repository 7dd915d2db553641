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
package dev.reprise.playback;

import org.jspecify.annotations.Nullable;

/**
 * Puts the game back into the state a route starts from, before a sandbox plays it.
 *
 * <p>Called once per sandbox, before its first step, and again by a backward {@linkplain ReplaySandbox#seek
 * seek} without a checkpoint. Which thread calls it:
 * <ul>
 *   <li>with {@link SandboxConfig.Builder#runOn runOn(scheduler)}: the sandbox's worker of that scheduler
 *       (the game thread), once {@link ReplaySandbox#steps()} is subscribed, before any command;</li>
 *   <li>without it: the thread calling {@link dev.reprise.ReplaySystem#createReplaySandbox} (or subscribing
 *       to {@link dev.reprise.ReplaySystem#playback}), synchronously — unless the sandbox created before
 *       still plays: then the thread that ends that one, once it has ended (finalize included).</li>
 * </ul>
 * Never concurrently with a command. Route writes the reset makes do not expire the new sandbox: it opens
 * its reader after the reset.
 *
 * @param <S> the type of the save the game restores from
 */
@FunctionalInterface
public interface ReplayResetter<S> {

    /**
     * Resets the game.
     *
     * @param save the save to restore, or {@code null} to restore the game's initial state
     */
    void reset(@Nullable S save);
}
