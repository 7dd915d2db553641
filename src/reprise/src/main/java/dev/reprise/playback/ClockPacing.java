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

import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * Paces dispatches by the game's clock ({@link SandboxConfig#clock()}): each tick adds {@code speed}
 * groups of credit, a dispatch uses one. Only the fraction of the credit carries over to the next tick,
 * so unused whole groups (while a slow group is in flight) never pile up into a burst, and ticks that
 * come while playback holds (paused) are dropped. Nothing is dispatched before the first tick.
 *
 * <p>The clock is subscribed with unbounded demand the first time {@link #allows} is asked (once the
 * playback has its subscriber), as a {@link CoreSubscriber} whose {@code Context} is the playback
 * subscriber's, so a {@code contextWrite} downstream of the steps reaches the clock; it is cancelled by
 * {@link #dispose}. The clock's thread only counts ticks and wakes the drain; the credit is drain-owned.
 */
final class ClockPacing implements Pacing, CoreSubscriber<Object> {

    /** Told when the clock ends before playback does. */
    @FunctionalInterface
    interface Ended {
        /**
         * The clock completed or failed.
         *
         * @param error the clock's error, or {@code null} if it completed
         */
        void ended(@Nullable Throwable error);
    }

    private static final AtomicLongFieldUpdater<ClockPacing> TICKS =
            AtomicLongFieldUpdater.newUpdater(ClockPacing.class, "ticks");

    private final Publisher<?> clock;
    private final Runnable wake;
    private final Ended ended;
    private final Supplier<Context> contextSource;
    /** The playback subscriber's context, taken when the clock is subscribed. */
    private volatile Context context = Context.empty();
    /** Ticks received; written by the clock. */
    volatile long ticks;
    @Nullable
    private volatile Subscription subscription;
    private volatile boolean disposed;
    // drain-owned
    private boolean subscribed;
    private long ticksSeen;
    private double credit;

    ClockPacing(Publisher<?> clock, Runnable wake, Ended ended, Supplier<Context> context) {
        this.clock = clock;
        this.wake = wake;
        this.ended = ended;
        this.contextSource = context;
    }

    @Override
    public boolean allows(double speed) {
        if (!subscribed) {
            subscribed = true;
            context = contextSource.get();
            clock.subscribe(this);
        }
        long now = ticks;
        long fresh = now - ticksSeen;
        if (fresh > 0) {
            ticksSeen = now;
            // The same as adding speed tick by tick, dropping the whole groups left before each tick.
            credit = fraction(credit + speed * (fresh - 1)) + speed;
        }
        return credit >= 1;
    }

    private static double fraction(double value) {
        return value - Math.floor(value);
    }

    @Override
    public void dispatched(boolean seeking) {
        if (!seeking) {
            credit -= 1;
        }
    }

    @Override
    public void hold() {
        ticksSeen = ticks;
        credit = 0;
    }

    @Override
    public void speedChanged() {
        // The next tick adds the new speed; the credit of past ticks stands.
    }

    @Override
    public void dispose() {
        disposed = true;
        Subscription current = subscription;
        if (current != null) {
            current.cancel();
        }
    }

    // ------------------------------------------------------------------ the clock's signals

    @Override
    public Context currentContext() {
        return context;
    }

    @Override
    public void onSubscribe(Subscription s) {
        if (!Operators.validate(subscription, s)) {
            return;
        }
        subscription = s;
        if (disposed) {
            s.cancel(); // playback terminated while the clock was being subscribed
            return;
        }
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(Object tick) {
        TICKS.incrementAndGet(this);
        wake.run();
    }

    @Override
    public void onError(Throwable error) {
        if (disposed) {
            Operators.onErrorDropped(error, context);
        } else {
            ended.ended(error);
        }
    }

    @Override
    public void onComplete() {
        if (!disposed) {
            ended.ended(null);
        }
    }
}
