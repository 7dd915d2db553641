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
import dev.reprise.route.ReplayStep;
import reactor.core.publisher.Mono;

/**
 * A passive step waiting for someone to apply it: the view of it a command gets from its
 * {@link PlaybackContext}. The playback's own type for it implements this interface, so commands depend
 * on nothing but this package.
 *
 * <p>Whoever applies the step answers it once. To apply it safely against the passive grace, first
 * {@link #claim()} it: a claimed step is never skipped for being late, so a UI that claims, shows and
 * then {@link #complete completes} cannot lose a race against the grace after changing the game; when
 * {@code claim()} answers {@code false}, the step was skipped (or taken by someone else) and must not be
 * applied. {@link #complete} alone claims and settles in one atomic move. All methods are thread-safe,
 * non-blocking and idempotent: only the first answer counts.
 */
public interface PassiveHandle {

    /**
     * Returns the decoded step: its 0-based index in the route, its code and its params.
     *
     * @return the step, never {@code null}
     */
    ReplayStep step();

    /**
     * Returns the result this step settles with; completes at once if it has settled, else when it does.
     * Never errors; a step skipped or abandoned settles {@link ReplayCommandResult#IGNORED}.
     *
     * @return a Mono of the result
     */
    Mono<ReplayCommandResult> result();

    /**
     * Tells whether this step has settled.
     *
     * @return {@code true} once its result is known
     */
    boolean isSettled();

    /**
     * Reserves this step for the caller: from now on the passive grace no longer skips it, and the playback
     * waits for the caller's {@link #complete} or {@link #fail} (a failure of the playback still settles
     * it {@code IGNORED}).
     *
     * @return {@code true} if the caller now holds the step; {@code false} if it had settled (skipped,
     *         answered or abandoned) or another caller claimed it first: then do not apply it
     */
    boolean claim();

    /**
     * Settles this step: claims it if nobody did, then records the result.
     *
     * @param result {@code SUCCESS} or {@code IGNORED} to go on, {@code FAILED} to fail playback
     * @return {@code true} if this call settled the step; {@code false} if it had already settled (for
     *         instance skipped after the grace: then the playback also reports
     *         {@link WarningCode#PASSIVE_ANSWER_LOST warning 1002}, the answer lost)
     */
    boolean complete(ReplayCommandResult result);

    /**
     * Settles this step as {@code FAILED} with a cause: playback fails with a
     * {@code ReplayPlaybackException} of phase {@code PASSIVE} whose cause is {@code cause}.
     *
     * @param cause why applying the step failed
     * @return {@code true} if this call settled the step, as for {@link #complete}
     */
    boolean fail(Throwable cause);
}
