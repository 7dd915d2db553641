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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.RejectedExecutionException;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.core.scheduler.Scheduler;
import reactor.util.context.Context;

/**
 * One of a batch's work places: verifies one replay at a time on a worker of the verifier's scheduler
 * and reports its verdict to the {@link VerificationBatch.Coordinator}. Started only by the coordinator's
 * drain loop, never while a replay is in work.
 *
 * <p>A slot given its next source while its last task is still on its thread's stack (the replay just
 * ended there, and the next source was at hand) keeps its worker: the next replay is queued behind the
 * task finishing on that thread, with no wake-up. A slot that went idle takes a new worker for its next
 * source, so that it neither holds a thread of a shared scheduler while it waits nor stays tied to a
 * thread that was given to other work meanwhile. A slot whose replay ran out of time leaves its worker too:
 * the game may still hold that thread (a command or an invariant that never returns), and a replay queued
 * behind it would never start, nor its own timer.
 */
final class VerificationSlot implements Runnable {

    private final VerificationBatch.Coordinator coordinator;
    private final Scheduler scheduler;
    private static final VarHandle RUNNER;

    static {
        try {
            RUNNER = MethodHandles.lookup().findVarHandle(VerificationSlot.class, "runner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Scheduler.@Nullable Worker worker;
    /**
     * The thread {@link #run} is on the stack of, or null. Cleared only by that thread, and only if no later
     * run took its place: a thread left in a game past its timeout may return long after.
     */
    @SuppressWarnings("unused") // through RUNNER
    private volatile @Nullable Thread runner;
    /** Whether the last replay ran out of time: its worker's thread may be held by the game. */
    private volatile boolean abandoned;
    /** The next replay, set by {@link #start} and taken by {@link #run} (the worker's queue orders the two). */
    @Nullable
    private ReplaySource source;
    private long position;
    /** The playback in work, for a cancel from another thread. */
    @Nullable
    private volatile Subscription current;

    VerificationSlot(VerificationBatch.Coordinator coordinator, Scheduler scheduler) {
        this.coordinator = coordinator;
        this.scheduler = scheduler;
    }

    /** Verifies {@code source} on this slot's worker. */
    void start(ReplaySource source, long position) {
        this.source = source;
        this.position = position;
        try {
            Scheduler.@Nullable Worker current = worker;
            if (current == null || runner == null || abandoned) {
                // Idle: its task has ended, so disposing the worker interrupts nothing. Abandoned: the game
                // holds its thread past the replay's timeout, and disposing it interrupts the game there.
                if (current != null) {
                    current.dispose();
                }
                abandoned = false;
                worker = current = scheduler.createWorker();
            }
            current.schedule(this);
        } catch (RejectedExecutionException e) {
            this.source = null;
            coordinator.failed(this, Operators.onRejectedExecution(e, coordinator.currentContext()));
        }
    }

    /** Reads, prepares and plays the replay on the worker's thread; the verdict comes when playback ends. */
    @Override
    public void run() {
        ReplaySource taken = source;
        source = null; // the Verification forgets it once read, so its bytes can be collected during playback
        if (taken == null || coordinator.isCancelled()) {
            return;
        }
        Thread self = Thread.currentThread();
        runner = self;
        try {
            Mono<Verdict> verification;
            try {
                verification = new Verification(coordinator.verifier(), taken, position).run();
            } catch (Throwable e) {
                coordinator.failed(this, e);
                return;
            }
            verification.subscribe(new Run());
        } finally {
            RUNNER.compareAndSet(this, self, null);
        }
    }

    /** Stops the playback in work, if any. */
    void cancel() {
        Subscription playing = current;
        if (playing != null) {
            playing.cancel();
        }
    }

    /** Releases the worker, once the batch is over. */
    void dispose() {
        Scheduler.@Nullable Worker current = worker;
        if (current != null) {
            current.dispose();
        }
    }

    /** Receives one replay's verdict: a subscriber of its own per replay, so a late signal of one cannot reach the next. */
    private final class Run implements CoreSubscriber<Verdict> {

        @Nullable
        private Verdict verdict;
        private boolean done;

        @Override
        public Context currentContext() {
            return coordinator.currentContext();
        }

        @Override
        public void onSubscribe(Subscription s) {
            current = s;
            if (coordinator.isCancelled()) {
                s.cancel();
            } else {
                s.request(Long.MAX_VALUE);
            }
        }

        @Override
        public void onNext(Verdict v) {
            verdict = v;
        }

        @Override
        public void onError(Throwable t) {
            if (!done) {
                done = true;
                current = null;
                coordinator.failed(VerificationSlot.this, t);
            }
        }

        @Override
        public void onComplete() {
            if (done) {
                return;
            }
            done = true;
            current = null;
            Verdict v = verdict;
            if (v != null && v.outcome() == Outcome.TIMED_OUT) {
                abandoned = true;
            }
            if (v == null) {
                coordinator.failed(VerificationSlot.this,
                        new IllegalStateException("the verification of replay " + position + " ended without a verdict"));
            } else {
                coordinator.finished(VerificationSlot.this, v);
            }
        }
    }
}
