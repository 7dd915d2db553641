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

import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;

/**
 * Paces dispatches by time: {@code stepInterval / speed} between two, timed on the config's scheduler;
 * the first dispatch goes at once. A zero interval does not pace. Drain-owned except the timer's
 * callback, which only records that it fired and wakes the drain.
 */
final class IntervalPacing implements Pacing {

    private final Scheduler scheduler;
    private final long intervalNanos;
    private final Runnable wake;
    private boolean dispatchedOnce;
    private long lastDispatch;
    @Nullable
    private Disposable timer;
    private long timerDue;
    /** The due time of the last timer that fired; written by the timer. */
    private volatile long fired = Long.MIN_VALUE;

    IntervalPacing(Scheduler scheduler, long intervalNanos, Runnable wake) {
        this.scheduler = scheduler;
        this.intervalNanos = intervalNanos;
        this.wake = wake;
    }

    /** Records a dispatch, a seek's too: the next one is due an interval later. */
    @Override
    public void dispatched(boolean seeking) {
        dispatchedOnce = true;
        if (intervalNanos > 0) {
            lastDispatch = scheduler.now(TimeUnit.NANOSECONDS);
        }
    }

    @Override
    public boolean allows(double speed) {
        if (intervalNanos == 0 || !dispatchedOnce) {
            return true;
        }
        // A tiny speed saturates the due time at Long.MAX_VALUE: a timer that never fires in practice,
        // until setSpeed re-times it.
        long due = due(lastDispatch, intervalNanos, speed);
        long now = scheduler.now(TimeUnit.NANOSECONDS);
        if (now >= due || fired == due) {
            return true; // trust a timer that fired, even if the scheduler's clock reads a little early
        }
        if (timer == null || timerDue != due) {
            dispose();
            timerDue = due;
            timer = scheduler.schedule(() -> {
                fired = due;
                wake.run();
            }, due - now, TimeUnit.NANOSECONDS);
        }
        return false;
    }

    /** Drops the pending timer: the speed changed (the next check re-times) or playback ended. */
    @Override
    public void speedChanged() {
        dispose();
    }

    @Override
    public void dispose() {
        if (timer != null) {
            timer.dispose();
            timer = null;
        }
    }

    @Override
    public Scheduler timer() {
        return scheduler;
    }

    /**
     * Returns when the next dispatch is due: {@code interval / speed} after the last one, saturated at
     * {@link Long#MAX_VALUE} (never) instead of overflowing when the speed is tiny.
     */
    static long due(long lastDispatch, long intervalNanos, double speed) {
        long wait = (long) (intervalNanos / speed); // a narrowing cast saturates at Long.MAX_VALUE
        long due = lastDispatch + wait;
        return due < lastDispatch ? Long.MAX_VALUE : due;
    }
}
