package dev.reprise.playback;

import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;

/**
 * Paces dispatches: {@code stepInterval / speed} between two, timed on the config's scheduler. Drain-owned
 * except the timer's callback, which only records that it fired and wakes the drain.
 */
final class Pacing {

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

    Pacing(Scheduler scheduler, long intervalNanos, Runnable wake) {
        this.scheduler = scheduler;
        this.intervalNanos = intervalNanos;
        this.wake = wake;
    }

    /** Records a dispatch: the next one is due an interval later. */
    void dispatched() {
        dispatchedOnce = true;
        if (intervalNanos > 0) {
            lastDispatch = scheduler.now(TimeUnit.NANOSECONDS);
        }
    }

    /** @return whether a dispatch may have to wait: there is an interval and a dispatch to count from */
    boolean paced() {
        return intervalNanos != 0 && dispatchedOnce;
    }

    /**
     * Tells whether a group may be dispatched now at {@code speed}; if not, makes sure a timer wakes the
     * drain when it may.
     */
    boolean allows(double speed) {
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
    void dispose() {
        if (timer != null) {
            timer.dispose();
            timer = null;
        }
    }

    Scheduler scheduler() {
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
