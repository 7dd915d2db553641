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
package dev.reprise.route;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;
import reactor.core.scheduler.Scheduler;
import reactor.util.concurrent.Queues;
import reactor.util.context.Context;

/**
 * The publisher behind {@link ReplayArray#recorded(int)} (and so {@code ReplaySystem.recorded()}): fans
 * each step appended to a route out to its subscribers without ever running subscriber code on the recording thread. Each subscriber has a
 * bounded queue, drained on a worker of its own; a step that finds the queue full drops the subscriber
 * with {@link RecordedOverflowException}, delivered at once (not after the queued steps).
 *
 * <p>A request of {@code n <= 0} drops the subscriber the same way, with the rule 3.9
 * {@link IllegalArgumentException}. The steps a dropped or cancelled subscriber leaves in its queue, and
 * the step that overflowed it, go to {@link Operators#onDiscard} with the subscriber's {@code Context},
 * on its worker (never on the recording thread). The Flux passes through {@code Flux.onAssembly}.
 *
 * <p>One recording thread calls {@link #emit}; subscribe, request and cancel may come from any thread.
 */
final class RecordedSteps {

    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(RecordedSteps.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final Inner[] NONE = new Inner[0];

    /**
     * The number of subscribers, changed atomically, read with opaque semantics by the recording thread:
     * while zero, recording pays one load and decodes nothing. Opaque, not volatile, keeps the load as
     * cheap as a plain one (no fence, the route's own fields stay hoistable around it), yet unlike a plain
     * read it cannot be hoisted out of a recording loop, so a subscriber arriving from another thread is
     * seen a moment later (the Flux is hot anyway); the subscribers themselves are then read from the
     * volatile array.
     */
    @SuppressWarnings("unused") // accessed through COUNT only
    private int count;
    private volatile Inner[] subscribers = NONE;

    /** @return {@code true} if nobody listens, as far as the recording thread can tell */
    boolean isEmpty() {
        return (int) COUNT.getOpaque(this) == 0;
    }

    /** Hands a recorded step to every subscriber's queue; never blocks and never runs subscriber code. */
    void emit(ReplayStep step) {
        for (Inner inner : subscribers) {
            inner.offer(step);
        }
    }

    /** @return a hot Flux delivering on a worker of {@code scheduler}, with a queue of {@code bufferSize} steps */
    Flux<ReplayStep> flux(int bufferSize, Scheduler scheduler) {
        // Flux.from passes the publisher through Flux.onAssembly, so assembly hooks see it.
        return Flux.from(subscriber -> {
            Inner inner = new Inner(Operators.toCoreSubscriber(subscriber), bufferSize, scheduler.createWorker());
            // onSubscribe first, so that nothing, not even an overflow, can reach the subscriber before it.
            inner.actual.onSubscribe(inner);
            add(inner);
            if (inner.cancelled || inner.error != null) {
                remove(inner); // cancelled or failed within onSubscribe, before it was added
            }
        });
    }

    private synchronized void add(Inner inner) {
        Inner[] current = subscribers;
        Inner[] grown = Arrays.copyOf(current, current.length + 1);
        grown[current.length] = inner;
        subscribers = grown;
        COUNT.getAndAdd(this, 1);
    }

    private synchronized void remove(Inner inner) {
        Inner[] current = subscribers;
        int at = Arrays.asList(current).indexOf(inner);
        if (at < 0) {
            return;
        }
        Inner[] shrunk = new Inner[current.length - 1];
        System.arraycopy(current, 0, shrunk, 0, at);
        System.arraycopy(current, at + 1, shrunk, at, current.length - at - 1);
        subscribers = shrunk;
        COUNT.getAndAdd(this, -1);
    }

    /** One subscriber: its queue, demand and worker. */
    private final class Inner implements Subscription, Runnable {

        final CoreSubscriber<? super ReplayStep> actual;
        private final int bufferSize;
        private final Scheduler.Worker worker;
        private final Queue<ReplayStep> queue;
        /** Steps queued and not yet delivered: bounds the queue exactly (its capacity may be rounded up). */
        private final AtomicInteger queued = new AtomicInteger();
        private final AtomicLong requested = new AtomicLong();
        /** Work-in-progress counter of the drain loop: only the thread that raised it from 0 drains. */
        private final AtomicInteger wip = new AtomicInteger();
        private volatile @Nullable Throwable error;
        /** The step that found the queue full; written before {@code error}, discarded by the drain. */
        private @Nullable ReplayStep overflowed;
        private volatile boolean cancelled;
        private boolean terminated;

        Inner(CoreSubscriber<? super ReplayStep> actual, int bufferSize, Scheduler.Worker worker) {
            this.actual = actual;
            this.bufferSize = bufferSize;
            this.worker = worker;
            this.queue = Queues.<ReplayStep>get(bufferSize).get();
        }

        /** Recording thread: queue the step, or drop this subscriber if its queue is full. */
        void offer(ReplayStep step) {
            if (error != null || cancelled) {
                return;
            }
            if (queued.get() >= bufferSize) {
                overflowed = step;
                error = new RecordedOverflowException(bufferSize, step.index());
                remove(this);
            } else {
                queue.offer(step);
                queued.incrementAndGet();
            }
            drain();
        }

        @Override
        public void request(long n) {
            if (n <= 0) {
                if (cancelled || error != null) {
                    return; // cancelled (rule 3.6) or dropped already: the first error stands
                }
                error = Exceptions.nullOrNegativeRequestException(n);
                remove(this);
            } else {
                requested.getAndAccumulate(n, Operators::addCap);
            }
            drain();
        }

        @Override
        public void cancel() {
            cancelled = true;
            remove(this);
            drain();
        }

        private void drain() {
            if (wip.getAndIncrement() == 0) {
                worker.schedule(this);
            }
        }

        /** The drain loop, on the worker: steps up to the demand, then an error as soon as there is one. */
        @Override
        public void run() {
            int missed = 1;
            while (true) {
                if (terminated) {
                    return;
                }
                long delivered = 0;
                long demand = requested.get();
                while (!cancelled && error == null && delivered != demand) {
                    ReplayStep step = queue.poll();
                    if (step == null) {
                        break;
                    }
                    queued.decrementAndGet();
                    actual.onNext(step);
                    delivered++;
                }
                if (delivered != 0 && demand != Long.MAX_VALUE) {
                    requested.addAndGet(-delivered);
                }
                Throwable failure = error;
                if (cancelled || failure != null) {
                    terminated = true;
                    discardAll();
                    worker.dispose();
                    if (!cancelled) {
                        actual.onError(failure);
                    }
                    return;
                }
                missed = wip.addAndGet(-missed);
                if (missed == 0) {
                    return;
                }
            }
        }

        /** On the worker, at the end: the queued steps and the one that overflowed go to the discard hook. */
        private void discardAll() {
            Context context = actual.currentContext();
            ReplayStep dropped = overflowed;
            overflowed = null;
            Operators.onDiscardQueueWithClear(queue, context, null);
            if (dropped != null) {
                Operators.onDiscard(dropped, context);
            }
        }
    }
}
