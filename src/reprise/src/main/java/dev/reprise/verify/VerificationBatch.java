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
package dev.reprise.verify;

import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.Scannable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;
import reactor.util.concurrent.Queues;
import reactor.util.context.Context;

/**
 * The Flux of one batch: each source is verified on one of {@code parallelism} {@link VerificationSlot
 * slots}, and a slot that goes straight on from one replay to the next keeps its worker of the verifier's
 * scheduler.
 *
 * <p>Why not {@code flatMap(source -> verification.subscribeOn(scheduler), parallelism)}: there each
 * replay takes a new worker, and a scheduler such as {@code boundedElastic} hands it to an idle
 * thread, because the thread that just finished a replay is still busy finishing it. Every replay then
 * costs a thread wake-up and a hand-off (measured on 2 cores: a fifth of the throughput at parallelism 1,
 * and parallelism 2 stuck at 1.5 times parallelism 1). Here the slot freed last takes the next source,
 * so a replay that ends on its slot's thread is followed by the next one queued behind it on that same
 * thread.
 *
 * <p>Demand: {@code parallelism} sources are requested at first and one more for each verdict emitted,
 * so at most {@code parallelism} replays are in work or hold an unemitted verdict. Verdicts are emitted
 * in the order the replays finish, serialized by a drain loop (whichever thread gets it emits).
 *
 * <p>Errors: an error of the sources ends the batch after the replays in work, their verdicts emitted.
 * A replay whose verification itself errors (it ran out of memory) stops the batch from taking more
 * sources: the replays in work finish, their verdicts are emitted, then the error. Cancelling cancels
 * the sources and the playbacks in work; the end of the batch, or a cancel, releases the workers. A
 * request of {@code n <= 0} cancels the same way, then signals the rule 3.9 {@link IllegalArgumentException}.
 */
final class VerificationBatch extends Flux<Verdict> implements Scannable {

    private final ReplayVerifier verifier;
    private final Publisher<ReplaySource> sources;

    VerificationBatch(ReplayVerifier verifier, Publisher<ReplaySource> sources) {
        this.verifier = verifier;
        this.sources = Objects.requireNonNull(sources, "sources");
    }

    /**
     * Returns a batch as the public API hands it out: through {@link Flux#onAssembly}, so that an assembly
     * hook ({@code Hooks.onOperatorDebug}, {@code Hooks.onEachOperator}) sees it as it sees any operator.
     */
    static Flux<Verdict> of(ReplayVerifier verifier, Publisher<ReplaySource> sources) {
        return onAssembly(new VerificationBatch(verifier, sources));
    }

    @Override
    public void subscribe(CoreSubscriber<? super Verdict> actual) {
        Flux.from(sources).subscribe(new Coordinator(actual, verifier));
    }

    @Override
    @Nullable
    public Object scanUnsafe(Attr key) {
        if (key == Attr.PARENT) {
            return sources instanceof Scannable s ? s : null;
        }
        if (key == Attr.PREFETCH) {
            return verifier.parallelism();
        }
        return key == Attr.RUN_STYLE ? Attr.RunStyle.ASYNC : null;
    }

    /**
     * Receives the sources, hands them to free slots, and emits the verdicts the slots report. The plain
     * fields after {@code cancelled} are owned by whichever thread holds the drain loop.
     */
    static final class Coordinator implements CoreSubscriber<ReplaySource>, Subscription, Scannable {

        private static final AtomicLongFieldUpdater<Coordinator> REQUESTED =
                AtomicLongFieldUpdater.newUpdater(Coordinator.class, "requested");
        private static final AtomicIntegerFieldUpdater<Coordinator> WIP =
                AtomicIntegerFieldUpdater.newUpdater(Coordinator.class, "wip");
        private static final AtomicLongFieldUpdater<Coordinator> OUTSTANDING =
                AtomicLongFieldUpdater.newUpdater(Coordinator.class, "outstanding");
        /*
         * Typed as Reactor types it. The calls that hand it to Reactor suppress NullAway: javac before
         * 17.0.20 does not read the @Nullable in Reactor's parameter type from its class file, so NullAway
         * sees a mismatch there that a newer javac does not.
         */
        private static final AtomicReferenceFieldUpdater<Coordinator, @Nullable Throwable> ERROR =
                AtomicReferenceFieldUpdater.newUpdater(Coordinator.class, Throwable.class, "error");

        private final CoreSubscriber<? super Verdict> actual;
        private final ReplayVerifier verifier;
        private final int parallelism;
        /** Sources received and not started: never more than the parallelism, as no more are requested. */
        private final Queue<ReplaySource> received;
        /** Verdicts of finished replays, not emitted yet; offered by the slots' threads. */
        private final Queue<Verdict> verdicts = Queues.<Verdict>unboundedMultiproducer().get();
        /** Slots whose replay finished, offered after their verdict (or their failure) was recorded. */
        private final Queue<VerificationSlot> finished = Queues.<VerificationSlot>unboundedMultiproducer().get();

        @Nullable
        private Subscription upstream;
        volatile long requested;
        /**
         * Sources requested from upstream and not received yet: added before each request, so a source sent
         * without demand is caught whenever it comes, not only when the queue happens to be full.
         */
        volatile long outstanding;
        volatile int wip;
        @Nullable
        volatile Throwable error;
        volatile boolean done;
        /** A verification errored: no more sources are taken. */
        volatile boolean stopped;
        volatile boolean cancelled;
        /** The rule 3.9 error of a non-positive request: set before {@code cancelled}, signalled by the drain. */
        @Nullable
        volatile IllegalArgumentException badRequest;

        /** Every slot made so far, made only as sources arrive: a batch of two replays makes two slots. */
        private final @Nullable VerificationSlot[] slots;
        private int slotCount;
        /** Free slots, the slot freed last on top: its thread is the likeliest to be running still. */
        private final VerificationSlot[] idle;
        private int idleCount;
        private int working;
        private long nextPosition;
        private boolean terminated;

        Coordinator(CoreSubscriber<? super Verdict> actual, ReplayVerifier verifier) {
            this.actual = actual;
            this.verifier = verifier;
            this.parallelism = verifier.parallelism();
            this.received = Queues.<ReplaySource>get(parallelism).get();
            this.slots = new VerificationSlot[parallelism];
            this.idle = new VerificationSlot[parallelism];
        }

        @Override
        public Context currentContext() {
            return actual.currentContext();
        }

        @Override
        public void onSubscribe(Subscription s) {
            if (Operators.validate(upstream, s)) {
                upstream = s;
                actual.onSubscribe(this);
                if (!cancelled) {
                    OUTSTANDING.addAndGet(this, parallelism);
                    s.request(parallelism);
                }
            }
        }

        @Override
        public void onNext(ReplaySource source) {
            if (done) {
                Operators.onNextDropped(source, currentContext());
                return;
            }
            if (OUTSTANDING.decrementAndGet(this) < 0 || !received.offer(source)) {
                onError(Operators.onOperatorError(upstream, Exceptions.failWithOverflow(
                        "the sources publisher sent more sources than the verifier requested"), source,
                        currentContext()));
                return;
            }
            drain();
        }

        @Override
        public void onError(Throwable t) {
            if (done) {
                Operators.onErrorDropped(t, currentContext());
                return;
            }
            addError(t);
            done = true;
            drain();
        }

        @Override
        public void onComplete() {
            if (!done) {
                done = true;
                drain();
            }
        }

        /**
         * Adds demand; {@code n <= 0} (rule 3.9) cancels the batch as {@link #cancel()} does — the sources,
         * the replays in work, the verdicts not emitted — and then signals {@link IllegalArgumentException}.
         * After a cancel or the terminal signal it does nothing.
         */
        @Override
        public void request(long n) {
            if (n <= 0) {
                if (!cancelled) {
                    badRequest = Exceptions.nullOrNegativeRequestException(n);
                    cancel();
                }
                return;
            }
            Operators.addCap(REQUESTED, this, n);
            drain();
        }

        @Override
        public void cancel() {
            if (!cancelled) {
                cancelled = true;
                Subscription s = upstream;
                if (s != null) {
                    s.cancel();
                }
                drain();
            }
        }

        /** Called by a slot, on any thread, once its replay's verdict is out. */
        void finished(VerificationSlot slot, Verdict verdict) {
            if (cancelled) {
                return; // released already: nothing will take the verdict
            }
            verdicts.offer(verdict);
            finished.offer(slot);
            drain();
        }

        @SuppressWarnings("NullAway") // see ERROR
        private void addError(Throwable error) {
            Exceptions.addThrowable(ERROR, this, error);
        }

        /** Called by a slot, on any thread, when its replay's verification errored instead of giving a verdict. */
        void failed(VerificationSlot slot, Throwable error) {
            addError(error);
            if (!stopped) {
                stopped = true;
                Subscription s = upstream; // set: a slot runs only once sources arrived
                if (s != null) {
                    s.cancel();
                }
            }
            finished.offer(slot);
            drain();
        }

        ReplayVerifier verifier() {
            return verifier;
        }

        boolean isCancelled() {
            return cancelled;
        }

        private void drain() {
            if (WIP.getAndIncrement(this) != 0) {
                return;
            }
            int missed = 1;
            for (;;) {
                if (cancelled) {
                    release();
                    signalBadRequest();
                    return;
                }
                VerificationSlot slot;
                while ((slot = finished.poll()) != null) {
                    working--;
                    idle[idleCount++] = slot;
                }
                long emitted = emit();
                if (emitted < 0) {
                    return;
                }
                boolean stop = stopped;
                Subscription s = upstream;
                if (emitted > 0 && !stop && s != null) {
                    OUTSTANDING.addAndGet(this, emitted);
                    s.request(emitted);
                }
                if (stop) {
                    Operators.onDiscardQueueWithClear(received, currentContext(), null);
                } else {
                    start();
                }
                if ((done || stop) && working == 0 && received.isEmpty() && verdicts.isEmpty()) {
                    terminate();
                    return;
                }
                missed = WIP.addAndGet(this, -missed);
                if (missed == 0) {
                    return;
                }
            }
        }

        /** After a cancel, in the drain: the rule 3.9 error goes out once, unless the batch had terminated. */
        private void signalBadRequest() {
            IllegalArgumentException bad = badRequest;
            if (bad != null && !terminated) {
                terminated = true;
                actual.onError(bad);
            }
        }

        /** Emits the verdicts ready, as far as demand allows; returns how many, or -1 if cancelled meanwhile. */
        private long emit() {
            long demand = requested;
            long emitted = 0;
            while (emitted != demand) {
                Verdict verdict = verdicts.poll();
                if (verdict == null) {
                    break;
                }
                actual.onNext(verdict);
                emitted++;
                if (cancelled) {
                    release();
                    signalBadRequest();
                    return -1;
                }
            }
            if (emitted != 0 && demand != Long.MAX_VALUE) {
                REQUESTED.addAndGet(this, -emitted);
            }
            return emitted;
        }

        /** Hands the sources received to free slots, making slots up to the parallelism. */
        private void start() {
            while (!received.isEmpty() && (idleCount > 0 || slotCount < parallelism)) {
                VerificationSlot slot;
                if (idleCount > 0) {
                    slot = idle[--idleCount]; // the entry is left: slots holds the slot anyway
                } else {
                    slot = new VerificationSlot(this, verifier.runOn());
                    slots[slotCount++] = slot;
                }
                working++;
                // The drain is the only one to take from the queue, and it is not empty.
                slot.start(Objects.requireNonNull(received.poll()), nextPosition++);
            }
        }

        private void terminate() {
            terminated = true;
            disposeSlots();
            @SuppressWarnings("NullAway") // see ERROR
            Throwable failure = Exceptions.terminate(ERROR, this);
            if (failure != null) {
                actual.onError(failure);
            } else {
                actual.onComplete();
            }
        }

        /** After a cancel: stops the playbacks in work, releases the workers, drops what is queued. */
        private void release() {
            for (int i = 0; i < slotCount; i++) {
                VerificationSlot slot = slots[i];
                if (slot != null) {
                    slot.cancel();
                }
            }
            disposeSlots();
            Operators.onDiscardQueueWithClear(received, currentContext(), null);
            verdicts.clear();
            finished.clear();
        }

        private void disposeSlots() {
            for (int i = 0; i < slotCount; i++) {
                VerificationSlot slot = slots[i];
                if (slot != null) {
                    slot.dispose();
                }
                slots[i] = null;
            }
            slotCount = 0;
            idleCount = 0;
        }

        @Override
        @Nullable
        public Object scanUnsafe(Attr key) {
            if (key == Attr.PARENT) {
                return upstream;
            }
            if (key == Attr.ACTUAL) {
                return actual;
            }
            if (key == Attr.REQUESTED_FROM_DOWNSTREAM) {
                return requested;
            }
            if (key == Attr.PREFETCH) {
                return parallelism;
            }
            if (key == Attr.BUFFERED) {
                return verdicts.size();
            }
            if (key == Attr.ERROR) {
                return error;
            }
            if (key == Attr.CANCELLED) {
                return cancelled;
            }
            if (key == Attr.TERMINATED) {
                return terminated;
            }
            return key == Attr.RUN_STYLE ? Attr.RunStyle.ASYNC : null;
        }
    }
}
