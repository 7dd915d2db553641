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

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.Scannable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.GroupedFlux;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * The playback as finalize windows ({@link ReplaySandbox#windows()}): subscribes to the engine as a
 * {@link WindowGate}, so demand stays exact at both levels — the outer demand counts windows (a window
 * is opened only when one is requested), each window's demand counts its steps (a step is dispatched
 * only when its window requested it). A window completes once its {@code finalizeRun} settled.
 *
 * <p>Cancelling the outer Flux stops playback like cancelling {@link ReplaySandbox#steps()}. Cancelling
 * a window drops the rest of its steps: they are played without waiting for demand, and each goes to
 * {@link Operators#onDiscard} with the window subscriber's {@code Context} (a step that finds no window
 * open, with the outer subscriber's).
 *
 * <p>A non-positive request (rule 3.9): on the outer Flux it fails playback, as on {@code steps()}; on a
 * window it errors that window alone with {@link IllegalArgumentException} and then counts as a cancel of
 * the window — the rest of its steps are dropped, playback goes on. A window is one consumer among those
 * of the playback, like a group of {@code groupBy}: its subscriber's mistake ends its own subscription and
 * leaves the game's replay alone. The error is delivered by the engine's drain, so never concurrently with
 * a step.
 *
 * <p>Signals to a window's subscriber are serial (Reactive Streams rule 1.3), as {@code SinkManyUnicast}
 * keeps them: the subscriber is published only once its {@code onSubscribe} has returned, and nothing — a
 * step it requested inside {@code onSubscribe}, the window's completion by a stop from another thread, a
 * rule 3.9 error — reaches it before; what waited is delivered right after.
 */
final class PlaybackWindows extends Flux<GroupedFlux<Integer, PlaybackStep>> implements Scannable {

    private final PlaybackEngine engine;

    PlaybackWindows(PlaybackEngine engine) {
        this.engine = engine;
    }

    @Override
    public void subscribe(CoreSubscriber<? super GroupedFlux<Integer, PlaybackStep>> actual) {
        engine.subscribe(new Gate(actual, engine));
    }

    @Override
    @Nullable
    @SuppressWarnings("rawtypes") // the signature Scannable declares
    public Object scanUnsafe(Attr key) {
        // The engine is the source; this view adds no buffer or thread of its own.
        return key == Attr.PARENT ? engine : engine.scanUnsafe(key);
    }

    @Override
    public String stepName() {
        return "playbackWindows";
    }

    /**
     * Returns this view as the public API hands it out: through {@link Flux#onAssembly}, so that an assembly
     * hook sees it as it sees any operator. Without a hook, this very instance.
     */
    Flux<GroupedFlux<Integer, PlaybackStep>> assembled() {
        return onAssembly(this);
    }

    /** The engine's subscriber: routes steps to the open window and windows to the outer subscriber. */
    static final class Gate implements CoreSubscriber<PlaybackStep>, WindowGate, Subscription {

        private final CoreSubscriber<? super GroupedFlux<Integer, PlaybackStep>> actual;
        private final PlaybackEngine engine;
        @Nullable
        private Subscription upstream;
        /** The open window; drain-owned. */
        @Nullable
        private Window open;

        Gate(CoreSubscriber<? super GroupedFlux<Integer, PlaybackStep>> actual, PlaybackEngine engine) {
            this.actual = actual;
            this.engine = engine;
        }

        @Override
        public Context currentContext() {
            return actual.currentContext();
        }

        @Override
        public void onSubscribe(Subscription subscription) {
            upstream = subscription;
            actual.onSubscribe(this);
        }

        @Override
        public void request(long n) {
            Subscription s = upstream; // set before the subscriber can request
            if (s != null) {
                s.request(n); // the engine's own demand counts windows; n <= 0 fails playback (rule 3.9)
            }
        }

        @Override
        public void cancel() {
            Subscription s = upstream;
            if (s != null) {
                s.cancel();
            }
        }

        @Override
        public void onNext(PlaybackStep step) {
            Window window = open;
            if (window != null) {
                window.next(step);
            } else {
                Operators.onDiscard(step, actual.currentContext());
            }
        }

        @Override
        public void onError(Throwable error) {
            Window window = open;
            open = null;
            if (window != null) {
                window.terminate(error);
            }
            actual.onError(error);
        }

        @Override
        public void onComplete() {
            closeWindow();
            actual.onComplete();
        }

        @Override
        public void openWindow(int code) {
            Window window = new Window(code, engine, actual.currentContext());
            open = window;
            actual.onNext(window);
        }

        @Override
        public void closeWindow() {
            Window window = open;
            open = null;
            if (window != null) {
                window.terminate(null);
            }
        }

        @Override
        public long stepDemand() {
            Window window = open;
            if (window == null) {
                return 0;
            }
            if (window.cancelled || window.rejected) {
                return Long.MAX_VALUE; // its steps are dropped
            }
            // Nothing is delivered before the subscriber's onSubscribe has returned (rule 1.3).
            return window.actual == null ? 0 : window.requested;
        }

        @Override
        public void stepProduced() {
            Window window = open;
            if (window != null && window.requested != Long.MAX_VALUE) {
                Window.REQUESTED.decrementAndGet(window);
            }
        }
    }

    /** One window: a unicast {@link GroupedFlux} keyed by the window's code. */
    static final class Window extends GroupedFlux<Integer, PlaybackStep> implements Subscription, Scannable {

        static final AtomicLongFieldUpdater<Window> REQUESTED =
                AtomicLongFieldUpdater.newUpdater(Window.class, "requested");
        private static final AtomicIntegerFieldUpdater<Window> ONCE =
                AtomicIntegerFieldUpdater.newUpdater(Window.class, "once");
        private static final AtomicIntegerFieldUpdater<Window> DELIVERED =
                AtomicIntegerFieldUpdater.newUpdater(Window.class, "delivered");

        private final Integer key;
        private final PlaybackEngine engine;
        volatile long requested;
        volatile boolean cancelled;
        volatile int once;
        volatile int delivered;
        volatile boolean done;
        /** The subscriber requested {@code n <= 0}: its steps are dropped until the drain errors it. */
        volatile boolean rejected;
        @Nullable
        private volatile Throwable error;
        /** The rule 3.9 error of a request made before onSubscribe returned: delivered once it has. */
        @Nullable
        private volatile Throwable rejection;
        /** The subscriber, published only once its onSubscribe has returned; {@code null} again after a cancel. */
        @Nullable
        volatile CoreSubscriber<? super PlaybackStep> actual;
        /** Where dropped steps are discarded: the subscriber's context once subscribed, else the outer one. */
        private volatile Context context;

        Window(int code, PlaybackEngine engine, Context outer) {
            this.key = code;
            this.engine = engine;
            this.context = outer;
        }

        @Override
        public Integer key() {
            return key;
        }

        @Override
        public void subscribe(CoreSubscriber<? super PlaybackStep> subscriber) {
            if (!ONCE.compareAndSet(this, 0, 1)) {
                Operators.error(subscriber, new IllegalStateException(
                        "A playback window allows only one subscriber; window " + key + " is already subscribed"));
                return;
            }
            context = subscriber.currentContext();
            subscriber.onSubscribe(this);
            // Published only now, as SinkManyUnicast does: no signal, not even a stop's onComplete from another
            // thread, can reach the subscriber while its onSubscribe runs (Reactive Streams rule 1.3). Then what
            // waited is delivered: the steps it requested, the rule 3.9 error, the terminal signal.
            actual = subscriber;
            if (cancelled) {
                actual = null; // cancelled meanwhile
            }
            Throwable refused = rejection;
            if (refused != null && DELIVERED.compareAndSet(this, 0, 1)) {
                error = refused;
                subscriber.onError(refused);
                return;
            }
            engine.signal();
            deliverTerminal();
        }

        /**
         * Adds demand for this window's steps; {@code n <= 0} errors this window (rule 3.9) and drops the rest
         * of its steps, playback goes on. After a cancel or the terminal signal it does nothing.
         */
        @Override
        public void request(long n) {
            if (n <= 0) {
                if (!cancelled && !rejected) {
                    rejected = true;
                    engine.post(new Control(Control.WINDOW_BAD_REQUEST, this, n));
                }
                return;
            }
            Operators.addCap(REQUESTED, this, n);
            engine.signal();
        }

        @Override
        public void cancel() {
            cancelled = true;
            actual = null;
            engine.signal();
        }

        @Override
        @Nullable
        @SuppressWarnings("rawtypes") // the signature Scannable declares
        public Object scanUnsafe(Attr key) {
            if (key == Attr.PARENT) {
                return engine;
            }
            if (key == Attr.ACTUAL) {
                return actual;
            }
            if (key == Attr.REQUESTED_FROM_DOWNSTREAM) {
                return requested;
            }
            if (key == Attr.CANCELLED) {
                return cancelled;
            }
            if (key == Attr.TERMINATED) {
                return done;
            }
            if (key == Attr.ERROR) {
                return error;
            }
            if (key == Attr.PREFETCH) {
                return 0;
            }
            if (key == Attr.RUN_STYLE) {
                return Attr.RunStyle.ASYNC; // steps arrive on whichever thread drains the engine
            }
            return null;
        }

        @Override
        public String stepName() {
            return "playbackWindow(" + key + ")";
        }

        /** A step of this window, from the engine's drain: delivered, or discarded if the subscriber left. */
        void next(PlaybackStep step) {
            CoreSubscriber<? super PlaybackStep> subscriber = actual;
            if (subscriber != null && !cancelled && !rejected) {
                subscriber.onNext(step);
            } else {
                Operators.onDiscard(step, context);
            }
        }

        /**
         * Errors the subscriber after its request of {@code n <= 0}, unless a terminal signal went first, and
         * cancels the window; from the engine's drain, so never concurrently with {@link #next}.
         */
        void reject(long n) {
            IllegalArgumentException failure = Exceptions.nullOrNegativeRequestException(n);
            rejection = failure; // before reading actual: a subscribe publishing it meanwhile sees one or the other
            CoreSubscriber<? super PlaybackStep> subscriber = actual;
            cancelled = true;
            actual = null;
            if (subscriber != null && DELIVERED.compareAndSet(this, 0, 1)) {
                error = failure;
                subscriber.onError(failure);
            }
        }

        void terminate(@Nullable Throwable failure) {
            error = failure;
            done = true;
            deliverTerminal();
        }

        private void deliverTerminal() {
            CoreSubscriber<? super PlaybackStep> subscriber = actual;
            // After a bad request the drain delivers the rule 3.9 error instead (reject).
            if (done && subscriber != null && !cancelled && !rejected && DELIVERED.compareAndSet(this, 0, 1)) {
                Throwable failure = error;
                if (failure != null) {
                    subscriber.onError(failure);
                } else {
                    subscriber.onComplete();
                }
            }
        }
    }
}
