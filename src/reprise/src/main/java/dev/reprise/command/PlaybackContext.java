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

import java.util.List;
import reactor.core.publisher.Mono;

/**
 * What a command sees of the playback it runs in: the speed, the progress and the passive steps of
 * the group being played.
 *
 * <p>One context serves a sandbox for its whole life; the group-related answers describe the group in
 * flight at the time of the call. All methods are safe from any thread and never block.
 */
public interface PlaybackContext {

    /**
     * Returns the playback speed, 1 being normal speed; commands may scale their animations by it.
     *
     * @return the current speed, finite and &gt; 0
     */
    double speed();

    /**
     * Returns how many steps have settled, counting from the start of the route (a sandbox created at
     * {@code startIndex} starts at {@code startIndex}); the group in flight is not counted.
     *
     * @return the number of steps before the first unsettled one
     */
    int replayed();

    /**
     * Returns the passive steps of the group in flight, in route order, settled or not.
     *
     * @return an immutable list; empty during a finalize or when the group has none
     */
    List<PassiveHandle> passiveSteps();

    /**
     * Returns the oldest unsettled passive step of the group in flight, looked up when subscribed: the
     * original engine's pattern for an active command that takes the passive step following it while it runs.
     *
     * @return a Mono of the step, empty if none is pending
     */
    Mono<PassiveHandle> nextPassive();

    /**
     * Tells whether the playback is fast-forwarding to reach a position rather than being watched, so
     * commands may skip animations: {@code true} while a {@code ReplaySandbox.seek} fast-forwards, for
     * the {@code execute} and {@code finalizeRun} calls it makes.
     *
     * @return {@code true} while the playback seeks
     */
    default boolean seeking() {
        return false;
    }
}
