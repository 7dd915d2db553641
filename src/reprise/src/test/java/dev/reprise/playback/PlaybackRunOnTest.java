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

import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommand;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.Scannable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/** runOn: every execute, finalizeRun and signal to the subscriber on one worker, whoever drives playback. */
class PlaybackRunOnTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String GAME = "game-thread";

    private final Scheduler game = Schedulers.newSingle(GAME);
    private final ExecutorService ui = Executors.newFixedThreadPool(8, r -> new Thread(r, "ui"));
    /** Where each command call and each signal happened. */
    private final List<String> threads = new CopyOnWriteArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger overlaps = new AtomicInteger();

    @AfterEach
    void tearDown() {
        ui.shutdownNow();
        game.dispose();
    }

    private void record(String what) {
        if (inFlight.incrementAndGet() != 1) {
            overlaps.incrementAndGet();
        }
        threads.add(what + "@" + Thread.currentThread().getName());
        inFlight.decrementAndGet();
    }

    /** An active command that records its thread in execute and finalizeRun. */
    private ReplayCommand tracked() {
        return ReplayCommand.withFinalizer((step, context) -> {
            record("exec");
            return Mono.just(SUCCESS);
        }, context -> {
            record("fin");
            return Mono.just(SUCCESS);
        });
    }

    private void assertAllOnTheGameThread() {
        assertThat(threads).isNotEmpty().allSatisfy(entry -> assertThat(entry).matches(".*@" + GAME + "-\\d+"));
        assertThat(overlaps).hasValue(0);
    }

    @Test
    void passiveStep_completedFromAnotherThread_runsTheNextGroupOnTheWorker() {
        Harness h = new Harness().command(1, tracked()).passive(9).record(1, 9, 1, 9, 1);
        ReplaySandbox sandbox = h.sandbox(builder -> builder.runOn(game).startPaused(false));
        StepVerifier.create(sandbox.steps()
                        .doOnNext(step -> {
                            record("next");
                            if (step instanceof PassiveStep passive) {
                                ui.execute(() -> passive.complete(SUCCESS)); // the UI answers from its thread
                            }
                        })
                        .doOnComplete(() -> record("complete")))
                .expectNextCount(5)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(threads).filteredOn(entry -> entry.startsWith("exec")).hasSize(3);
        assertThat(threads).anyMatch(entry -> entry.startsWith("fin@")).anyMatch(entry -> entry.startsWith("complete@"));
        assertAllOnTheGameThread();
    }

    @Test
    void controlsFromEightThreads_neverRunACommandOffTheWorker() throws InterruptedException {
        Harness h = new Harness().command(1, tracked()).command(2, tracked());
        for (int i = 0; i < 400; i++) {
            h.record(i % 7 == 0 ? 2 : 1);
        }
        ReplaySandbox sandbox = h.sandbox(builder -> builder.runOn(game).startPaused(true));
        Disposable.Composite subscriptions = Disposables.composite();
        CountDownLatch done = new CountDownLatch(1);
        subscriptions.add(sandbox.steps().subscribe(step -> record("next"), error -> done.countDown(),
                done::countDown));
        CountDownLatch start = new CountDownLatch(1);
        for (int t = 0; t < 8; t++) {
            int thread = t;
            ui.execute(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                for (int i = 0; i < 50; i++) {
                    switch ((thread + i) % 5) {
                        case 0 -> sandbox.stepNow();
                        case 1 -> sandbox.pauseNow();
                        case 2 -> sandbox.play();
                        case 3 -> sandbox.setSpeed(1 + i % 3);
                        default -> sandbox.step().subscribe();
                    }
                }
            });
        }
        start.countDown();
        ui.shutdown();
        assertThat(ui.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        sandbox.play();
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        subscriptions.dispose();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
        assertThat(threads).filteredOn(entry -> entry.startsWith("exec")).hasSize(400);
        assertAllOnTheGameThread();
    }

    @Test
    void withoutRunOn_aPassiveCompletionRunsTheNextGroupOnTheCompletingThread() throws InterruptedException {
        Harness h = new Harness().command(1, tracked()).passive(9).record(1, 9, 1);
        ReplaySandbox sandbox = h.sandbox(builder -> builder.startPaused(false));
        List<PassiveStep> passives = new CopyOnWriteArrayList<>();
        sandbox.steps().ofType(PassiveStep.class).filter(PassiveStep::claim).subscribe(passives::add);
        assertThat(passives).hasSize(1);
        CountDownLatch answered = new CountDownLatch(1);
        Thread answering = new Thread(() -> {
            passives.get(0).complete(SUCCESS);
            answered.countDown();
        }, "answering");
        answering.start();
        assertThat(answered.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(threads).contains("exec@answering"); // the documented behaviour runOn exists to avoid
    }

    @Test
    void worker_isReleasedOnceThePlaybackTerminated() {
        AtomicInteger created = new AtomicInteger();
        AtomicInteger disposed = new AtomicInteger();
        Scheduler counting = new Scheduler() {
            @Override
            public Disposable schedule(Runnable task) {
                return game.schedule(task);
            }

            @Override
            public Worker createWorker() {
                created.incrementAndGet();
                Worker worker = game.createWorker();
                return new Worker() {
                    @Override
                    public Disposable schedule(Runnable task) {
                        return worker.schedule(task);
                    }

                    @Override
                    public void dispose() {
                        disposed.incrementAndGet();
                        worker.dispose();
                    }

                    @Override
                    public boolean isDisposed() {
                        return worker.isDisposed();
                    }
                };
            }
        };
        Harness h = new Harness().command(1, tracked()).record(1, 1);
        ReplaySandbox sandbox = h.sandbox(builder -> builder.runOn(counting).startPaused(false));
        StepVerifier.create(sandbox.steps()).expectNextCount(2).expectComplete().verify(TIMEOUT);
        assertThat(created).hasValue(1);
        assertThat(Scannable.from(sandbox.steps()).scanUnsafe(Scannable.Attr.RUN_ON)).isSameAs(counting);
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(disposed).hasValue(1));
        assertThat(sandbox.stop().block(TIMEOUT)).isNull(); // a control after the end answers at once, inline
    }
}
