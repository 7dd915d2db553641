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

import dev.reprise.command.PassiveHandle;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/** runOn at its edges: a scheduler disposed or refusing under a live playback, controls racing the subscription. */
class PlaybackRunOnEdgesTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** Route {@code [1, 1]}: step 0 answers when the test says so, step 1 at once. */
    private static Harness answeredByTheTest(Sinks.One<ReplayCommandResult> answer) {
        return new Harness().command(1, ReplayCommand.active((step, context) ->
                step.index() == 0 ? answer.asMono() : Mono.just(SUCCESS))).record(1, 1);
    }

    /**
     * The game thread is busy, step 0's answer queues a drain behind it, then the scheduler is disposed
     * (dropping the queued drain): playback must still end FAILED naming step 0, and stop() answer.
     */
    private static void disposedWithADrainQueued(Scheduler game, Runnable dispose) throws InterruptedException {
        Sinks.One<ReplayCommandResult> answer = Sinks.one();
        Harness h = answeredByTheTest(answer);
        ReplaySandbox sandbox = h.sandbox(b -> b.runOn(game).startPaused(false));
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        CountDownLatch executing = new CountDownLatch(1);
        sandbox.steps().subscribe(step -> executing.countDown(), errors::add);
        assertThat(executing.await(10, TimeUnit.SECONDS)).isTrue(); // step 0 waits for its answer

        CountDownLatch release = occupy(game::schedule);
        answer.tryEmitValue(SUCCESS); // the drain is queued behind the busy task
        dispose.run();
        release.countDown();

        sandbox.stop().block(TIMEOUT);
        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.FAILED);
        assertThat(errors).singleElement().isInstanceOfSatisfying(ReplayPlaybackException.class, failure -> {
            assertThat(failure.stepIndex()).isZero();
            assertThat(failure.code()).isEqualTo(1);
            assertThat(failure).hasMessageContaining("runOn").hasCauseInstanceOf(RejectedExecutionException.class);
        });
    }

    @Test
    void newSingle_disposedWithADrainQueued_failsNamingTheStep() throws InterruptedException {
        Scheduler game = Schedulers.newSingle("game");
        disposedWithADrainQueued(game, game::dispose);
    }

    @Test
    void executorShutDownNow_withADrainQueued_failsNamingTheStep() throws InterruptedException {
        for (int run = 0; run < 20; run++) {
            ExecutorService executor = Executors.newSingleThreadExecutor();
            disposedWithADrainQueued(Schedulers.fromExecutorService(executor), executor::shutdownNow);
        }
    }

    /** Occupies the game thread until the returned latch is counted down; returns once it is busy. */
    private static CountDownLatch occupy(Consumer<Runnable> gameThread) throws InterruptedException {
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        gameThread.accept(() -> {
            busy.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        });
        assertThat(busy.await(10, TimeUnit.SECONDS)).isTrue();
        return release;
    }

    /**
     * The game thread's executor is shut down with the drain queued, and nothing else happens: whoever asks
     * first — a stop subscribed before, terminated() subscribed after — gets the answer, FAILED saying the
     * game thread is gone.
     */
    @Test
    void executorShutDownNow_withADrainQueued_terminatedAnswers_andAStopSubscribedBefore() throws Exception {
        for (int run = 0; run < 10; run++) {
            ExecutorService executor = Executors.newSingleThreadExecutor();
            Sinks.One<ReplayCommandResult> answer = Sinks.one();
            ReplaySandbox sandbox = answeredByTheTest(answer)
                    .sandbox(b -> b.runOn(Schedulers.fromExecutorService(executor)).startPaused(false));
            List<Throwable> errors = new CopyOnWriteArrayList<>();
            CountDownLatch executing = new CountDownLatch(1);
            sandbox.steps().subscribe(step -> executing.countDown(), errors::add);
            assertThat(executing.await(10, TimeUnit.SECONDS)).isTrue();

            CountDownLatch release = occupy(executor::execute);
            answer.tryEmitValue(SUCCESS); // the drain is queued behind the busy task
            CompletableFuture<Void> stop = sandbox.stop().toFuture(); // queued too
            executor.shutdownNow(); // drops both
            release.countDown();

            assertThat(sandbox.terminated().block(TIMEOUT)).as("run %d", run).isEqualTo(PlaybackState.FAILED);
            stop.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            assertThat(errors).singleElement().isInstanceOfSatisfying(ReplayPlaybackException.class, failure -> {
                assertThat(failure.stepIndex()).isZero();
                assertThat(failure).hasMessageContaining("game thread is gone")
                        .hasCauseInstanceOf(RejectedExecutionException.class);
            });
        }
    }

    /**
     * With a dialog open (the active step waits on its passive step), the UI answers while the game thread
     * is busy, and the game thread is then gone: the work lost is the passive step's, so the failure names
     * step 1 in its passive phase, not step 0, which ran fine.
     */
    @Test
    void gameThreadGone_withADialogAnswered_namesThePassiveStepWhoseWorkWasLost() throws Exception {
        for (boolean throughPassiveAnswers : new boolean[] {false, true}) {
            ExecutorService executor = Executors.newSingleThreadExecutor();
            Harness h = new Harness()
                    .command(16, ReplayCommand.active((step, context) -> context.nextPassive()
                            .flatMap(PassiveHandle::result).thenReturn(SUCCESS)))
                    .command(17, ReplayCommand.passive(step -> { }))
                    .record(16, 17);
            ReplaySandbox sandbox = h.sandbox(b -> b.runOn(Schedulers.fromExecutorService(executor)).startPaused(false));
            Sinks.One<ReplayCommandResult> uiAnswer = Sinks.one();
            List<PassiveStep> shown = new CopyOnWriteArrayList<>();
            List<Throwable> errors = new CopyOnWriteArrayList<>();
            CountDownLatch dialogOpen = new CountDownLatch(1);
            sandbox.steps()
                    .transform(steps -> throughPassiveAnswers
                            ? steps.transform(PassiveAnswers.by(step -> uiAnswer.asMono(), TIMEOUT)) : steps)
                    .subscribe(step -> {
                        if (step instanceof PassiveStep passive) {
                            if (!throughPassiveAnswers) {
                                assertThat(passive.claim()).isTrue(); // the UI answers it, not the route
                            }
                            shown.add(passive);
                            dialogOpen.countDown();
                        }
                    }, errors::add);
            assertThat(dialogOpen.await(10, TimeUnit.SECONDS)).isTrue();

            CountDownLatch release = occupy(executor::execute);
            if (throughPassiveAnswers) {
                uiAnswer.tryEmitValue(SUCCESS);
            } else {
                assertThat(shown.get(0).complete(SUCCESS)).isTrue();
            }
            executor.shutdownNow();
            release.countDown();

            sandbox.stop().block(TIMEOUT);
            assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.FAILED);
            assertThat(errors).as("through PassiveAnswers: %s", throughPassiveAnswers).singleElement()
                    .isInstanceOfSatisfying(ReplayPlaybackException.class, failure -> {
                        assertThat(failure.stepIndex()).isEqualTo(1);
                        assertThat(failure.code()).isEqualTo(17);
                        assertThat(failure.phase()).isEqualTo(ReplayPlaybackException.Phase.PASSIVE);
                        assertThat(failure).hasMessageContaining("game thread is gone");
                    });
        }
    }

    @Test
    void runOnRefusingTheDrain_failsWithAPlaybackExceptionNamingTheStep() {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        AtomicBoolean refuse = new AtomicBoolean();
        Scheduler game = Schedulers.fromExecutor(task -> {
            if (refuse.get()) {
                throw new RejectedExecutionException("the game's queue is full");
            }
            pool.execute(task);
        });
        try {
            Sinks.One<ReplayCommandResult> answer = Sinks.one();
            ReplaySandbox sandbox = answeredByTheTest(answer).sandbox(b -> b.runOn(game).startPaused(false));
            StepVerifier.create(sandbox.steps())
                    .expectNextCount(1)
                    .then(() -> {
                        // The drain that emitted step 0 has returned once a task queued after it ran: the
                        // answer then needs a new drain, which the game's scheduler refuses.
                        awaitIdle(pool);
                        refuse.set(true);
                        answer.tryEmitValue(SUCCESS);
                    })
                    .expectErrorSatisfies(error -> assertThat(error)
                            .isInstanceOfSatisfying(ReplayPlaybackException.class, failure -> {
                                assertThat(failure.stepIndex()).isZero();
                                assertThat(failure.phase()).isEqualTo(ReplayPlaybackException.Phase.EXECUTE);
                            })
                            .hasMessageContaining("step 0")
                            .hasCauseInstanceOf(RejectedExecutionException.class))
                    .verify(TIMEOUT);
            assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.FAILED);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void awaitIdle(ExecutorService pool) {
        try {
            pool.submit(() -> { }).get(TIMEOUT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            throw new AssertionError("the game's worker did not become idle", e);
        }
    }

    /** A play() from a UI thread racing the subscription never runs a command on the UI thread. */
    @Test
    void playRacingTheSubscription_runsEveryCommandOnTheWorker() throws InterruptedException {
        Scheduler game = Schedulers.newSingle("game");
        ExecutorService ui = Executors.newSingleThreadExecutor(r -> new Thread(r, "ui-thread"));
        try {
            for (int run = 0; run < 300; run++) {
                List<String> threads = new CopyOnWriteArrayList<>();
                Harness h = new Harness().command(1, ReplayCommand.sync(step ->
                        threads.add(Thread.currentThread().getName()))).record(1, 1, 1);
                ReplaySandbox sandbox = h.sandbox(b -> b.runOn(game).startPaused(true));
                CountDownLatch go = new CountDownLatch(1);
                ui.execute(() -> {
                    try {
                        go.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException interrupted) {
                        Thread.currentThread().interrupt();
                    }
                    sandbox.play();
                });
                go.countDown();
                sandbox.steps().subscribe();
                assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.ENDED);
                assertThat(threads).as("run %d", run).hasSize(3).allSatisfy(name -> assertThat(name).startsWith("game-"));
            }
        } finally {
            ui.shutdownNow();
            game.dispose();
        }
    }
}
