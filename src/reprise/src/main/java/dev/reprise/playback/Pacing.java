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

import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import reactor.core.scheduler.Scheduler;
import reactor.util.context.Context;

/**
 * When the next group may be dispatched: by a step interval ({@link IntervalPacing}) or by the game's
 * clock ({@link ClockPacing}). Seeks bypass pacing. Drain-owned: the engine calls every method from its
 * drain; an implementation's timer or clock only records what happened and wakes the drain.
 */
sealed interface Pacing permits IntervalPacing, ClockPacing {

    /**
     * Chooses the pacing a config asks for.
     *
     * @param config the sandbox's config
     * @param wake   wakes the drain: a timer fired or a tick came
     * @param ended  told once if the clock completes ({@code null}) or errors
     * @param context the playback subscriber's context, read when the clock is subscribed
     * @return the pacing
     */
    static Pacing of(SandboxConfig<?> config, Runnable wake, ClockPacing.Ended ended, Supplier<Context> context) {
        return config.clock().<Pacing>map(clock -> new ClockPacing(clock, wake, ended, context))
                .orElseGet(() -> new IntervalPacing(config.scheduler(), config.stepInterval().toNanos(), wake));
    }

    /**
     * Tells whether a group may be dispatched now at {@code speed}; if not, makes sure the drain is woken
     * when it may (arming a timer, or subscribing to the clock the first time).
     *
     * @param speed the playback speed, finite and above 0
     * @return {@code true} to dispatch now
     */
    boolean allows(double speed);

    /**
     * Records that a group was dispatched.
     *
     * @param seeking {@code true} for a seek's fast-forward, which did not ask {@link #allows}
     */
    void dispatched(boolean seeking);

    /**
     * Playback holds (paused or not started, no step pending): whatever came meanwhile is not saved up
     * for later. A clock drops the ticks and the credit it had; a step interval has nothing to drop.
     */
    default void hold() {
    }

    /** The speed changed: re-time what waits on the old one. */
    void speedChanged();

    /** Releases the timer or cancels the clock: playback terminated. */
    void dispose();

    /** @return the scheduler that times the pacing, or {@code null} for a clock */
    @Nullable
    default Scheduler timer() {
        return null;
    }
}
