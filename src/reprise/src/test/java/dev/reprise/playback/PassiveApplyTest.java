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

import static dev.reprise.command.ReplayCommandResult.FAILED;
import static dev.reprise.command.ReplayCommandResult.IGNORED;
import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.PassiveHandle;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * ReplayCommand.passive(apply): one definition of a passive step for headless playback and for a UI
 * answering through PassiveAnswers; the library applies answers, on the game's thread.
 */
class PassiveApplyTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Duration UI_TIMEOUT = Duration.ofSeconds(30);

    private final Harness h = new Harness().active(1);
    private final List<String> applyThreads = new CopyOnWriteArrayList<>();
    private final Scheduler game = Schedulers.newSingle("game");
    private final Scheduler uiThread = Schedulers.newSingle("ui");

    PassiveApplyTest() {
        h.command(9, ReplayCommand.passive(step -> {
            h.log.add("apply9@" + step.index());
            applyThreads.add(Thread.currentThread().getName());
        }));
    }

    @AfterEach
    void tearDown() {
        game.dispose();
        uiThread.dispose();
    }

    private Flux<PlaybackStep> byUi(ReplaySandbox sandbox, Function<PassiveStep, Publisher<ReplayCommandResult>> ui) {
        return sandbox.steps().transform(PassiveAnswers.by(ui::apply, UI_TIMEOUT));
    }

    @Test
    void headless_appliesEachAnswerRightAfterItsActiveStep_inRouteOrder() {
        h.record(1, 9, 9, 1, 9);
        List<PlaybackStep> steps = h.sandbox(b -> b.startPaused(false)).steps().collectList().block(TIMEOUT);

        assertThat(h.log).containsExactly("exec1@0", "apply9@1", "apply9@2", "exec1@3", "apply9@4", "fin1");
        assertThat(steps).hasSize(5).allSatisfy(step -> assertThat(step.result().block(TIMEOUT)).isEqualTo(SUCCESS));
        assertThat(h.warningCodes()).isEmpty();
    }

    @Test
    void headless_withRunOn_appliesOnTheWorker() {
        h.record(1, 9, 1, 9);
        StepVerifier.create(h.sandbox(b -> b.startPaused(false).runOn(game)).steps())
                .expectNextCount(4).expectComplete().verify(TIMEOUT);
        assertThat(applyThreads).hasSize(2).allSatisfy(name -> assertThat(name).startsWith("game-"));
    }

    @Test
    void headless_anActiveCommandWaitingOnItsPassiveStep_getsTheAppliedAnswer() {
        h.command(42, ReplayCommand.active((step, context) -> context.nextPassive()
                .flatMap(PassiveHandle::result)
                .doOnNext(result -> h.log.add("dialog closed " + result))));
        h.record(42, 9);
        StepVerifier.create(h.sandbox(b -> b.startPaused(false)).steps())
                .expectNextCount(2).expectComplete().verify(TIMEOUT);
        assertThat(h.log).containsExactly("apply9@1", "dialog closed SUCCESS");
        assertThat(h.warningCodes()).isEmpty();
    }

    @Test
    void anActiveCommandCompletingItsPassiveStep_isNotAppliedTwice() {
        h.command(2, ReplayCommand.active((step, context) -> context.nextPassive().map(passive -> {
            h.log.add("took" + passive.step().index());
            passive.complete(SUCCESS);
            return SUCCESS;
        })));
        h.record(2, 9, 1, 9);
        StepVerifier.create(h.sandbox(b -> b.startPaused(false)).steps())
                .expectNextCount(4).expectComplete().verify(TIMEOUT);
        assertThat(h.log).containsExactly("took1", "exec1@2", "apply9@3", "fin1");
    }

    @Test
    void applyThrowing_failsPlaybackNamingTheStep() {
        h.system.replaceCommand(9, ReplayCommand.passive(step -> {
            throw new IllegalStateException("no such choice");
        }));
        h.record(1, 9);
        StepVerifier.create(h.sandbox(b -> b.startPaused(false)).steps())
                .expectNextCount(2)
                .expectErrorSatisfies(error -> assertThat(error)
                        .isInstanceOfSatisfying(ReplayPlaybackException.class, e -> {
                            assertThat(e.stepIndex()).isEqualTo(1);
                            assertThat(e.phase()).isEqualTo(ReplayPlaybackException.Phase.PASSIVE);
                        })
                        .hasRootCauseMessage("no such choice"))
                .verify(TIMEOUT);
    }

    @Test
    void uiAnsweringSuccessOnItsThread_isAppliedOnTheGameThread_thenSettles() {
        h.record(1, 9, 1);
        List<String> uiThreads = new CopyOnWriteArrayList<>();
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false).runOn(game));
        StepVerifier.create(byUi(sandbox, step -> Mono.fromCallable(() -> {
                    uiThreads.add(Thread.currentThread().getName());
                    return SUCCESS;
                }).subscribeOn(uiThread)))
                .expectNextCount(3).expectComplete().verify(TIMEOUT);
        assertThat(uiThreads).singleElement().satisfies(name -> assertThat(name).startsWith("ui-"));
        assertThat(applyThreads).singleElement().satisfies(name -> assertThat(name).startsWith("game-"));
        assertThat(h.log).containsExactly("exec1@0", "apply9@1", "exec1@2", "fin1");
    }

    @Test
    void uiAnsweringIgnored_appliesNothing_andPlaysOn() {
        h.record(1, 9, 1);
        StepVerifier.create(byUi(h.sandbox(b -> b.startPaused(false)), step -> Mono.just(IGNORED)))
                .expectNextCount(3).expectComplete().verify(TIMEOUT);
        assertThat(h.log).containsExactly("exec1@0", "exec1@2", "fin1");
    }

    @Test
    void uiAnsweringFailed_appliesNothing_andFailsPlaybackNamingTheStep() {
        h.record(1, 9, 1);
        StepVerifier.create(byUi(h.sandbox(b -> b.startPaused(false)), step -> Mono.just(FAILED)))
                .expectNextCount(2)
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOfSatisfying(ReplayPlaybackException.class,
                        e -> assertThat(e.stepIndex()).isEqualTo(1)))
                .verify(TIMEOUT);
        assertThat(h.log).doesNotContain("apply9@1");
    }

    /** A UI that never answers on its own, telling whether it was cancelled. */
    private static Mono<ReplayCommandResult> pendingDialog(AtomicBoolean cancelled) {
        return Mono.<ReplayCommandResult>never().doOnCancel(() -> cancelled.set(true));
    }

    @Test
    void stopWhileTheUiAnswers_endsStoppedWithinTheGrace_cancelsTheUi_andALaterAnswerChangesNothing() {
        VirtualTimeScheduler clock = VirtualTimeScheduler.create();
        h.record(1, 9, 1);
        AtomicBoolean cancelled = new AtomicBoolean();
        AtomicReference<PassiveStep> shown = new AtomicReference<>();
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false).scheduler(clock).passiveGrace(Duration.ofSeconds(1)));
        List<PlaybackStep> seen = new CopyOnWriteArrayList<>();
        byUi(sandbox, step -> {
            shown.set(step);
            return pendingDialog(cancelled);
        }).subscribe(seen::add);
        assertThat(seen).hasSize(2);

        sandbox.stopNow();
        clock.advanceTimeBy(Duration.ofMillis(999));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PLAYING);
        clock.advanceTimeBy(Duration.ofMillis(1));

        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.STOPPED);
        assertThat(cancelled).isTrue();
        assertThat(shown.get().complete(SUCCESS)).isFalse(); // the late answer
        assertThat(h.log).containsExactly("exec1@0", "fin1");
        assertThat(h.warningCodes()).contains(194, 1002);
    }

    @Test
    void cancelWhileTheUiAnswers_endsStoppedWithinTheGrace_andCancelsTheUi() {
        VirtualTimeScheduler clock = VirtualTimeScheduler.create();
        h.record(1, 9, 1);
        AtomicBoolean cancelled = new AtomicBoolean();
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false).scheduler(clock).passiveGrace(Duration.ofSeconds(1)));
        Disposable subscription = byUi(sandbox, step -> pendingDialog(cancelled)).subscribe();

        subscription.dispose();
        clock.advanceTimeBy(Duration.ofSeconds(1));

        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.STOPPED);
        assertThat(cancelled).isTrue();
        assertThat(h.log).containsExactly("exec1@0", "fin1");
    }

    @Test
    void stopWithAnAnswerInBeforeTheGraceRanOut_appliesIt() {
        VirtualTimeScheduler clock = VirtualTimeScheduler.create();
        h.record(1, 9, 1);
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false).scheduler(clock).passiveGrace(Duration.ofSeconds(1)));
        byUi(sandbox, step -> Mono.delay(Duration.ofMillis(500), clock).thenReturn(SUCCESS)).subscribe();

        sandbox.stopNow();
        clock.advanceTimeBy(Duration.ofSeconds(1));

        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.STOPPED);
        assertThat(h.log).containsExactly("exec1@0", "apply9@1", "fin1");
    }
}
