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
package dev.reprise.test;

import dev.reprise.playback.PlaybackStep;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.GroupedFlux;
import reactor.core.publisher.Operators;

/**
 * The steps of a sandbox's {@code windows()}, one after another, with the demand of the steps: what
 * {@code steps()} is, plus {@link #closeOpenWindow()}, which lets the open window's {@code finalizeRun}
 * run without dispatching the next step (it asks for the next window, not for its steps). That is how
 * {@link PlaybackStepVerifier#expectWindow} sees a window's finalize before the next step is played.
 *
 * <p>Demand is exact: the downstream's outstanding demand is handed to the open window (counted in
 * steps); a next window is asked for only when the downstream has demand left and no window is open,
 * or to close the open one. Bookkeeping is under this object's monitor; signals are delivered outside
 * it, from the engine's drain, which serializes them. One subscriber.
 *
 * <p>{@linkplain #scripted() Scripted}, for a {@link PlaybackStepVerifier} script, the subscriber's own
 * demand (a {@code StepVerifier} asking for everything) is ignored: the script's lines decide while it
 * runs. Counted since the start are the steps the script {@linkplain #expect expected}, those asked of
 * playback and those delivered; an expectation asks only for what was not asked for already (by
 * {@link #ahead} or while {@linkplain #flow flowing}), and while flowing — the clock moving — one step is
 * always asked for ahead of those delivered, so each step goes when it comes due and waits in the
 * {@code StepVerifier} for the line that expects it.
 */
final class WindowSteps extends Flux<PlaybackStep> implements CoreSubscriber<GroupedFlux<Integer, PlaybackStep>>,
        Subscription {

    private final Flux<GroupedFlux<Integer, PlaybackStep>> windows;
    @Nullable
    private CoreSubscriber<? super PlaybackStep> actual;
    @Nullable
    private Subscription outer;
    /** Downstream demand not yet delivered. */
    private long demand;
    /** A next window was asked for and has not come. */
    private boolean windowAsked;
    /** The window being played, or {@code null} between windows. */
    @Nullable
    private Inner open;
    private boolean terminated;
    /** Whether the script, not the subscriber, decides the demand. */
    private final boolean scripted;
    private long expected;
    private long requested;
    private long delivered;
    private boolean flowing;
    @Nullable
    private PlaybackStep last;

    private WindowSteps(Flux<GroupedFlux<Integer, PlaybackStep>> windows, boolean scripted) {
        this.windows = windows;
        this.scripted = scripted;
    }

    WindowSteps(Flux<GroupedFlux<Integer, PlaybackStep>> windows) {
        this(windows, false);
    }

    /** @return steps whose demand only {@link #expect}, {@link #ahead} and {@link #flow} make */
    static WindowSteps scripted(Flux<GroupedFlux<Integer, PlaybackStep>> windows) {
        return new WindowSteps(windows, true);
    }

    @Override
    public void subscribe(CoreSubscriber<? super PlaybackStep> subscriber) {
        synchronized (this) {
            if (actual != null) {
                Operators.error(subscriber, new IllegalStateException("WindowSteps allows one subscriber"));
                return;
            }
            actual = subscriber;
        }
        windows.subscribe(this);
    }

    @Override
    public void onSubscribe(Subscription subscription) {
        outer = subscription;
        actual().onSubscribe(this);
    }

    @Override
    public void request(long n) {
        if (n <= 0) {
            outer().request(n); // the engine fails playback with the rule 3.9 error
        } else if (!scripted) {
            ask(n);
        }
    }

    /**
     * The script expects {@code n} more steps: asks playback for those not asked for yet.
     *
     * @param n at least 0
     */
    void expect(long n) {
        long more;
        synchronized (this) {
            expected = Operators.addCap(expected, n);
            more = Math.max(0, expected - requested);
            requested += more;
        }
        if (more > 0) {
            ask(more);
        }
    }

    /**
     * Asks playback for {@code n} steps beyond those asked for, which later expectations use up.
     *
     * @param n at least 1
     */
    void ahead(long n) {
        synchronized (this) {
            requested = Operators.addCap(requested, n);
        }
        ask(n);
    }

    /**
     * Starts or ends flowing: while the clock moves, every step that comes due goes, one asked for ahead
     * at a time.
     *
     * @param on {@code true} when the clock starts moving
     */
    void flow(boolean on) {
        boolean more;
        synchronized (this) {
            flowing = on;
            more = on && requested == delivered;
            if (more) {
                requested++;
            }
        }
        if (more) {
            ask(1);
        }
    }

    /** @return whether the script asked playback for a step it has not delivered yet */
    synchronized boolean asked() {
        return requested > delivered;
    }

    /** @return the last step delivered, or {@code null} before the first */
    @Nullable
    synchronized PlaybackStep lastDelivered() {
        return last;
    }

    /** Hands {@code n} more steps of demand to playback. */
    private void ask(long n) {
        Subscription window = null;
        boolean ask = false;
        synchronized (this) {
            demand = Operators.addCap(demand, n);
            if (open != null) {
                window = open.subscription; // null until it subscribed: then it takes the demand itself
            } else if (!windowAsked && !terminated) {
                windowAsked = ask = true;
            }
        }
        if (window != null) {
            window.request(n);
        } else if (ask) {
            outer().request(1);
        }
    }

    @Override
    public void cancel() {
        Subscription window;
        synchronized (this) {
            terminated = true;
            window = open == null ? null : open.subscription;
        }
        if (window != null) {
            window.cancel();
        }
        outer().cancel();
    }

    /**
     * Asks for the window after the open one, so that the open window's finalize runs as soon as its run
     * is over, without playing a step of the next one.
     *
     * @return completes when the open window has completed: at once if none is open
     */
    CompletableFuture<@Nullable Void> closeOpenWindow() {
        CompletableFuture<@Nullable Void> closed;
        boolean ask = false;
        synchronized (this) {
            if (open == null) {
                return CompletableFuture.completedFuture(null);
            }
            closed = open.closed;
            if (!windowAsked && !terminated) {
                windowAsked = ask = true;
            }
        }
        if (ask) {
            outer().request(1);
        }
        return closed;
    }

    @Override
    public void onNext(GroupedFlux<Integer, PlaybackStep> window) {
        Inner inner = new Inner();
        synchronized (this) {
            windowAsked = false;
            open = inner;
        }
        window.subscribe(inner);
    }

    @Override
    public void onError(Throwable error) {
        terminate(error);
    }

    @Override
    public void onComplete() {
        terminate(null);
    }

    private void terminate(@Nullable Throwable error) {
        synchronized (this) {
            if (terminated) {
                return;
            }
            terminated = true;
        }
        if (error != null) {
            actual().onError(error);
        } else {
            actual().onComplete();
        }
    }

    private CoreSubscriber<? super PlaybackStep> actual() {
        CoreSubscriber<? super PlaybackStep> subscriber = actual;
        if (subscriber == null) {
            throw new IllegalStateException("not subscribed");
        }
        return subscriber;
    }

    private Subscription outer() {
        Subscription subscription = outer;
        if (subscription == null) {
            throw new IllegalStateException("not subscribed");
        }
        return subscription;
    }

    /** The subscriber of one window: passes its steps on, and on completion moves to the next window. */
    private final class Inner implements CoreSubscriber<PlaybackStep> {

        final CompletableFuture<@Nullable Void> closed = new CompletableFuture<>();
        @Nullable
        Subscription subscription;

        @Override
        public void onSubscribe(Subscription s) {
            long initial;
            synchronized (WindowSteps.this) {
                subscription = s;
                initial = demand;
            }
            if (initial > 0) {
                s.request(initial);
            }
        }

        @Override
        public void onNext(PlaybackStep step) {
            boolean more;
            synchronized (WindowSteps.this) {
                if (demand != Long.MAX_VALUE) {
                    demand--;
                }
                delivered++;
                last = step;
                more = flowing && requested == delivered;
                if (more) {
                    requested++;
                }
            }
            actual().onNext(step);
            if (more) {
                ask(1);
            }
        }

        @Override
        public void onError(Throwable error) {
            synchronized (WindowSteps.this) {
                open = null;
            }
            closed.complete(null);
            terminate(error);
        }

        @Override
        public void onComplete() {
            boolean ask = false;
            synchronized (WindowSteps.this) {
                open = null;
                if (demand > 0 && !windowAsked && !terminated) {
                    windowAsked = ask = true;
                }
            }
            closed.complete(null);
            if (ask) {
                outer().request(1);
            }
        }
    }
}
