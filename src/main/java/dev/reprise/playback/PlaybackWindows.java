package dev.reprise.playback;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
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
 * a window drops the rest of its steps: they are played without waiting for demand.
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
                s.request(n); // the engine's own demand counts windows
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
            Window window = new Window(code, engine);
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
            return window == null ? 0 : window.cancelled ? Long.MAX_VALUE : window.requested;
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
        @Nullable
        private volatile Throwable error;
        @Nullable
        private volatile CoreSubscriber<? super PlaybackStep> actual;

        Window(int code, PlaybackEngine engine) {
            this.key = code;
            this.engine = engine;
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
            // Published before onSubscribe: a request made inside onSubscribe may emit at once.
            actual = subscriber;
            subscriber.onSubscribe(this);
            deliverTerminal();
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                engine.request(n); // fails the playback with the rule 3.9 error
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

        void next(PlaybackStep step) {
            CoreSubscriber<? super PlaybackStep> subscriber = actual;
            if (subscriber != null && !cancelled) {
                subscriber.onNext(step);
            }
        }

        void terminate(@Nullable Throwable failure) {
            error = failure;
            done = true;
            deliverTerminal();
        }

        private void deliverTerminal() {
            CoreSubscriber<? super PlaybackStep> subscriber = actual;
            if (done && subscriber != null && !cancelled && DELIVERED.compareAndSet(this, 0, 1)) {
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
