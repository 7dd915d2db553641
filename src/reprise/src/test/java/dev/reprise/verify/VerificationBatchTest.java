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

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reactivestreams.Subscription;
import reactor.core.Disposable;
import reactor.core.Scannable;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * The batch operator behind {@link ReplayVerifier#verify(org.reactivestreams.Publisher)}: slots that keep
 * their worker, demand, the end of a batch after a failed verification, cancellation and its workers.
 */
class VerificationBatchTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final byte[] REPLAY = CounterGame.record(0, 1, 2, 3).toBytes();

    private static Flux<ReplaySource> sources(int count, AtomicLong requested) {
        return Flux.range(0, count).map(i -> ReplaySource.of("r" + i, REPLAY))
                .doOnRequest(n -> requested.accumulateAndGet(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b));
    }

    /** A game factory that notes the thread each replay is prepared on. */
    private static GameFactory notingThreads(Set<Thread> threads) {
        return file -> {
            threads.add(Thread.currentThread());
            return CounterGame.of(file);
        };
    }

    @Test
    void verify_onBoundedElastic_playsReplaysThatFollowEachOtherOnOneThread() {
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        ReplayVerifier verifier = ReplayVerifier.builder(notingThreads(threads)).parallelism(1).build();

        StepVerifier.create(verifier.verify(sources(60, new AtomicLong())))
                .thenConsumeWhile(v -> v.outcome() == Outcome.VALID)
                .expectComplete()
                .verify(TIMEOUT);
        // flatMap with subscribeOn(boundedElastic) handed each replay to another, idle thread
        assertThat(threads).hasSize(1);
    }

    @Test
    void verify_slotLeftIdle_releasesItsWorkerAndTakesANewOneForItsNextSource() {
        ManualScheduler scheduler = new ManualScheduler();
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(1).runOn(scheduler).build();
        Sinks.Many<ReplaySource> submissions = Sinks.many().unicast().onBackpressureBuffer();

        StepVerifier.create(verifier.verify(submissions.asFlux()))
                .then(() -> submissions.tryEmitNext(ReplaySource.of("r0", REPLAY)))
                .then(() -> assertThat(scheduler.workersOfQueuedTasks()).containsExactly(0))
                .then(scheduler::runNext)
                .expectNextMatches(v -> v.id().equals("r0"))
                .then(() -> submissions.tryEmitNext(ReplaySource.of("r1", REPLAY))) // arrives while the slot is idle
                .then(() -> {
                    assertThat(scheduler.workersOfQueuedTasks()).containsExactly(1);
                    assertThat(scheduler.disposed()).containsExactly(0);
                })
                .then(scheduler::runNext)
                .expectNextMatches(v -> v.id().equals("r1"))
                .then(submissions::tryEmitComplete)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(scheduler.disposed()).containsExactly(0, 1);
    }

    @Test
    void verify_demandOfOne_emitsOneVerdictAndRequestsAtMostParallelismMore() {
        AtomicLong requested = new AtomicLong();
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(2).build();

        StepVerifier.create(verifier.verify(sources(20, requested)), 0)
                .expectSubscription()
                .thenRequest(1)
                .assertNext(v -> assertThat(v.outcome()).isEqualTo(Outcome.VALID))
                .expectNoEvent(Duration.ofMillis(50))
                .then(() -> assertThat(requested.get()).isBetween(2L, 3L))
                .thenRequest(3)
                .expectNextCount(3)
                .then(() -> assertThat(requested.get()).isLessThanOrEqualTo(4 + 2))
                .thenRequest(Long.MAX_VALUE)
                .expectNextCount(16)
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void verify_positionsNumberTheSourcesInOrder() {
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(3).build();

        List<Verdict> verdicts = verifier.verify(sources(30, new AtomicLong())).collectList().block(TIMEOUT);

        assertThat(verdicts).extracting(Verdict::position).containsExactlyInAnyOrderElementsOf(
                Flux.range(0, 30).map(Integer::longValue).toIterable());
        assertThat(verdicts).allSatisfy(v -> assertThat(v.id()).isEqualTo("r" + v.position()));
    }

    @Test
    void verify_failedVerification_takesNoMoreSourcesAndErrorsAfterTheVerdictsInWork() {
        AtomicLong requested = new AtomicLong();
        AtomicInteger built = new AtomicInteger();
        GameFactory factory = file -> {
            if (built.incrementAndGet() == 1) {
                throw new OutOfMemoryError("simulated");
            }
            return CounterGame.of(file);
        };
        ManualScheduler scheduler = new ManualScheduler();
        ReplayVerifier verifier = ReplayVerifier.builder(factory).parallelism(2).runOn(scheduler).build();

        StepVerifier.create(verifier.verify(sources(10, requested)))
                .expectSubscription()
                .then(() -> assertThat(scheduler.queued()).isEqualTo(2))
                .then(scheduler::runNext) // r0 runs out of memory: no verdict, no new source
                .expectNoEvent(Duration.ZERO)
                .then(scheduler::runNext) // r1, in work already, still gets its verdict
                .assertNext(v -> assertThat(v.id()).isEqualTo("r1"))
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOf(IllegalStateException.class)
                        .hasCauseInstanceOf(OutOfMemoryError.class).hasMessageContaining("\"r0\""))
                .verify(TIMEOUT);
        assertThat(requested).hasValue(2);
        assertThat(built).hasValue(2);
        assertThat(scheduler.queued()).isZero();
    }

    @Test
    void verify_slotFreedLast_takesTheNextSource() {
        ManualScheduler scheduler = new ManualScheduler();
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(2).runOn(scheduler).build();

        StepVerifier.create(verifier.verify(sources(4, new AtomicLong())))
                .expectSubscription()
                .then(() -> assertThat(scheduler.workersOfQueuedTasks()).containsExactly(0, 1))
                .then(scheduler::runLast) // worker 1 finishes r1 first, takes r2
                .expectNextMatches(v -> v.id().equals("r1"))
                .then(() -> assertThat(scheduler.workersOfQueuedTasks()).containsExactly(0, 1))
                .then(scheduler::runNext) // then worker 0 finishes r0, takes r3
                .expectNextMatches(v -> v.id().equals("r0"))
                .then(() -> assertThat(scheduler.workersOfQueuedTasks()).containsExactly(1, 0))
                .then(scheduler::runNext)
                .then(scheduler::runNext)
                .expectNextCount(2)
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void verify_sourcesIgnoringDemand_failsWithAnOverflow() {
        Flux<ReplaySource> flood = Flux.<ReplaySource>create(sink -> {
            for (int i = 0; i < 10; i++) {
                sink.next(ReplaySource.of("r" + i, REPLAY));
            }
        }, reactor.core.publisher.FluxSink.OverflowStrategy.IGNORE);
        ManualScheduler scheduler = new ManualScheduler();
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(1).runOn(scheduler).build();

        // All ten come at once, before any replay plays: the second is one more than the one requested.
        StepVerifier.create(verifier.verify(flood))
                .then(scheduler::runNext) // the replay in work ends first
                .expectNextMatches(v -> v.id().equals("r0") && v.outcome() == Outcome.VALID)
                .expectErrorSatisfies(error -> assertThat(error).hasMessageContaining("more sources than the verifier requested"))
                .verify(TIMEOUT);
        assertThat(scheduler.workersOfQueuedTasks()).as("no source after the first was started").isEmpty();
    }

    @Test
    void verify_disposedScheduler_endsTheBatchWithTheRejection() {
        Scheduler disposed = Schedulers.newSingle("disposed-verifier");
        disposed.dispose();
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(1).runOn(disposed).build();

        StepVerifier.create(verifier.verify(sources(3, new AtomicLong())))
                .expectError(RejectedExecutionException.class)
                .verify(TIMEOUT);
    }

    @Test
    void verify_endOrCancel_disposesEveryWorkerItTook() {
        CountingScheduler scheduler = new CountingScheduler(Schedulers.boundedElastic());
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(3).runOn(scheduler).build();

        StepVerifier.create(verifier.verify(sources(2, new AtomicLong())))
                .expectNextCount(2)
                .expectComplete()
                .verify(TIMEOUT);
        int firstBatch = scheduler.created.get();
        assertThat(firstBatch).isBetween(1, 2); // two sources need no third worker
        assertThat(scheduler.disposed).hasValue(firstBatch);

        GatedGames gated = new GatedGames();
        ReplayVerifier waiting = ReplayVerifier.builder(gated).parallelism(3).runOn(scheduler).build();
        StepVerifier.create(waiting.verify(Flux.range(0, 5).map(i -> ReplaySource.of("g" + i, GatedGames.file(2)))))
                .expectSubscription()
                .then(() -> {
                    try {
                        assertThat(gated.waiting.tryAcquire(3, 10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                })
                .thenCancel()
                .verify(TIMEOUT);
        assertThat(scheduler.created).hasValue(firstBatch + 3); // three gated replays hold three workers
        assertThat(scheduler.disposed).hasValue(firstBatch + 3);
    }

    @Test
    void scan_reportsTheBatchState() {
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(4).build();
        Flux<Verdict> batch = verifier.verify(sources(1, new AtomicLong()));
        assertThat(Scannable.from(batch).scan(Scannable.Attr.PREFETCH)).isEqualTo(4);
        assertThat(Scannable.from(batch).scan(Scannable.Attr.RUN_STYLE)).isEqualTo(Scannable.Attr.RunStyle.ASYNC);

        Subscription[] subscription = new Subscription[1];
        batch.subscribe(new BaseSubscriber<Verdict>() {
            @Override
            protected void hookOnSubscribe(Subscription s) {
                subscription[0] = s;
            }
        });
        Scannable coordinator = Scannable.from(subscription[0]);
        assertThat(coordinator.scan(Scannable.Attr.PREFETCH)).isEqualTo(4);
        assertThat(coordinator.scan(Scannable.Attr.REQUESTED_FROM_DOWNSTREAM)).isEqualTo(0L);
        assertThat(coordinator.scan(Scannable.Attr.CANCELLED)).isFalse();
        assertThat(coordinator.scan(Scannable.Attr.TERMINATED)).isFalse();
        assertThat(coordinator.scan(Scannable.Attr.PARENT)).isNotNull();
        assertThat(coordinator.scan(Scannable.Attr.ACTUAL)).isNotNull();
        assertThat(coordinator.scan(Scannable.Attr.BUFFERED)).isIn(0, 1);
        assertThat(coordinator.scan(Scannable.Attr.ERROR)).isNull();
        subscription[0].request(1);
        subscription[0].cancel();
        assertThat(coordinator.scan(Scannable.Attr.CANCELLED)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1})
    void nonPositiveRequest_cancelsTheBatch_andSignalsTheRule39Error(long n) {
        ManualScheduler scheduler = new ManualScheduler();
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(1).runOn(scheduler).build();
        AtomicBoolean sourcesCancelled = new AtomicBoolean();
        Flux<ReplaySource> sources = Flux.just(ReplaySource.of("r0", REPLAY)).concatWith(Flux.never())
                .doOnCancel(() -> sourcesCancelled.set(true));
        AtomicReference<Subscription> held = new AtomicReference<>();

        StepVerifier.create(verifier.verify(sources), 0)
                .consumeSubscriptionWith(held::set)
                .then(() -> assertThat(scheduler.queued()).isOne()) // r0 is in work
                .then(() -> held.get().request(n))
                .expectErrorSatisfies(error -> assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class)
                        .hasMessage("Spec. Rule 3.9 - Cannot request a non strictly positive number: " + n))
                .verify(TIMEOUT);
        assertThat(sourcesCancelled).isTrue();
        assertThat(scheduler.disposed()).containsExactly(0);
    }

    @Test
    void verify_passesThroughOnAssembly() {
        String key = "reprise-batch-test";
        List<Object> assembled = new CopyOnWriteArrayList<>();
        Hooks.onEachOperator(key, publisher -> {
            assembled.add(publisher);
            return publisher;
        });
        try {
            ReplayVerifier.builder(CounterGame::of).build().verify(Flux.empty());
        } finally {
            Hooks.resetOnEachOperator(key);
        }
        assertThat(assembled).hasAtLeastOneElementOfType(VerificationBatch.class);
    }

    /**
     * A scheduler whose tasks run only when the test says, on the test's thread, in the order it picks:
     * every worker queues into one list, and each task remembers which worker (in creation order) queued it.
     */
    private static final class ManualScheduler implements Scheduler {
        private final List<Runnable> tasks = new ArrayList<>();
        private final List<Integer> owners = new ArrayList<>();
        private final List<Integer> disposed = new ArrayList<>();
        private int created;

        @Override
        public Disposable schedule(Runnable task) {
            throw new UnsupportedOperationException("the verifier schedules on workers");
        }

        @Override
        public Worker createWorker() {
            int id = created++;
            return new Worker() {
                private volatile boolean disposed;

                @Override
                public Disposable schedule(Runnable task) {
                    if (disposed) {
                        throw new RejectedExecutionException("worker " + id + " is disposed");
                    }
                    tasks.add(task);
                    owners.add(id);
                    return () -> { };
                }

                @Override
                public void dispose() {
                    if (!disposed) {
                        disposed = true;
                        ManualScheduler.this.disposed.add(id);
                    }
                }

                @Override
                public boolean isDisposed() {
                    return disposed;
                }
            };
        }

        List<Integer> disposed() {
            return List.copyOf(disposed);
        }

        int queued() {
            return tasks.size();
        }

        List<Integer> workersOfQueuedTasks() {
            return List.copyOf(owners);
        }

        void runNext() {
            owners.remove(0);
            tasks.remove(0).run();
        }

        void runLast() {
            owners.remove(owners.size() - 1);
            tasks.remove(tasks.size() - 1).run();
        }
    }

    /** A scheduler that counts the workers taken from it and given back. */
    private static final class CountingScheduler implements Scheduler {
        private final Scheduler delegate;
        final AtomicInteger created = new AtomicInteger();
        final AtomicInteger disposed = new AtomicInteger();

        CountingScheduler(Scheduler delegate) {
            this.delegate = delegate;
        }

        @Override
        public Disposable schedule(Runnable task) {
            return delegate.schedule(task);
        }

        @Override
        public Worker createWorker() {
            Worker worker = delegate.createWorker();
            created.incrementAndGet();
            return new Worker() {
                private final AtomicInteger once = new AtomicInteger();

                @Override
                public Disposable schedule(Runnable task) {
                    return worker.schedule(task);
                }

                @Override
                public void dispose() {
                    if (once.getAndIncrement() == 0) {
                        disposed.incrementAndGet();
                    }
                    worker.dispose();
                }

                @Override
                public boolean isDisposed() {
                    return worker.isDisposed();
                }
            };
        }
    }
}
