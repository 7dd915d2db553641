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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/** play, pause, resume, stop, step, speed and states, in every state. */
class PlaybackControlsTest {

    @Test
    void pausedPlayback_emitsNothing_untilResumed() {
        Harness h = new Harness().active(1).record(1, 1, 1);
        ReplaySandbox[] sandbox = new ReplaySandbox[1];
        StepVerifier.withVirtualTime(() -> {
                    sandbox[0] = h.sandbox();
                    sandbox[0].play();
                    return sandbox[0].steps();
                }, 1)
                .expectNextCount(1)
                .then(() -> sandbox[0].pauseNow())
                .thenRequest(5)
                .expectNoEvent(Duration.ofHours(1))
                .then(() -> assertThat(h.log).containsExactly("exec1@0"))
                .then(() -> sandbox[0].play())
                .expectNextCount(2)
                .expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void step_whilePaused_playsOneGroup_andStaysPaused() {
        Harness h = new Harness().active(1).record(1, 1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps(), 1)
                .expectNextCount(1)
                .then(sandbox::pauseNow)
                .thenRequest(10)
                .then(() -> assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED))
                .then(sandbox::stepNow)
                .expectNextMatches(step -> step.step().index() == 1)
                .then(() -> {
                    assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
                    assertThat(h.log).containsExactly("exec1@0", "exec1@1");
                })
                .then(sandbox::play)
                .expectNextCount(1)
                .expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void stepsQueueUp_eachGetsItsOwnGroup() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        Mono<PlaybackStep> first = Mono.fromFuture(sandbox.step().toFuture());
        Mono<PlaybackStep> second = Mono.fromFuture(sandbox.step().toFuture());
        Mono<PlaybackStep> third = Mono.fromFuture(sandbox.step().toFuture());
        sandbox.steps().subscribe();
        StepVerifier.create(first).expectNextMatches(s -> s.step().index() == 0).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(second).expectNextMatches(s -> s.step().index() == 1).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(third).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void step_completesOnlyOnceItsGroupSettled() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        Harness h = new Harness().passive(9)
                .command(1, ReplayCommand.active((step, context) -> release.asMono())).record(1, 9);
        ReplaySandbox sandbox = h.sandbox();
        List<PlaybackStep> seen = new CopyOnWriteArrayList<>();
        sandbox.steps().subscribe(seen::add);
        List<PlaybackStep> stepped = new CopyOnWriteArrayList<>();
        sandbox.step().subscribe(stepped::add);

        assertThat(seen).hasSize(2); // A and its passive step, emitted without waiting for A's result
        ((PassiveStep) seen.get(1)).complete(SUCCESS);
        assertThat(stepped).isEmpty(); // A's result is not in yet
        release.tryEmitValue(SUCCESS);
        assertThat(stepped).containsExactly(seen.get(0));
        assertThat(sandbox.replayed()).isEqualTo(2);
    }

    @Test
    void stop_withPassiveStepsWaitingForDemand_skipsThem_andDoesNotWait() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 9);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps(), 1)
                .expectNextMatches(step -> step instanceof ActiveStep)
                .then(sandbox::stopNow)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
        assertThat(h.warningCodes()).containsExactly(194, 194);
        assertThat(h.log).containsExactly("exec1@0", "fin1");
    }

    @Test
    void pauseTwice_bothComplete() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        Harness h = new Harness().command(1, ReplayCommand.active((step, context) -> release.asMono())).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        sandbox.play();
        StepVerifier first = StepVerifier.create(sandbox.pause()).expectComplete().verifyLater();
        StepVerifier second = StepVerifier.create(sandbox.pause()).expectComplete().verifyLater();
        release.tryEmitValue(SUCCESS);
        first.verify(Duration.ofSeconds(1));
        second.verify(Duration.ofSeconds(1));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
    }

    @Test
    void pause_withNothingInFlight_completesAtOnce() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier.create(sandbox.pause()).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.READY);
    }

    @ParameterizedTest
    @ValueSource(strings = {"ENDED", "STOPPED", "FAILED"})
    void afterTermination_everyControlAnswersAtOnce(PlaybackState terminal) {
        Harness h = new Harness().active(1, ReplayCommandResult.FAILED, SUCCESS).active(2).record(2);
        if (terminal == PlaybackState.FAILED) {
            h.system.array().set(0, 1);
        }
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe(step -> { }, error -> { });
        if (terminal == PlaybackState.STOPPED) {
            sandbox.stopNow();
        } else {
            sandbox.play();
        }
        assertThat(sandbox.state()).isEqualTo(terminal);
        StepVerifier.create(sandbox.pause()).expectComplete().verify(Duration.ZERO);
        StepVerifier.create(sandbox.stop()).expectComplete().verify(Duration.ZERO);
        StepVerifier.create(sandbox.step()).expectComplete().verify(Duration.ZERO);
        sandbox.play();
        sandbox.play();
        sandbox.setSpeed(3);
        assertThat(sandbox.state()).isEqualTo(terminal);
        StepVerifier.create(sandbox.states()).expectNext(terminal).expectComplete().verify(Duration.ZERO);
    }

    @Test
    void cancel_stopsCleanly_finalizingTheOpenWindow() {
        Harness h = new Harness().active(1).record(1, 1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps(), 1)
                .expectNextCount(1)
                .thenCancel()
                .verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "fin1");
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
        assertThat(sandbox.replayed()).isEqualTo(1);
    }

    @Test
    void cancel_whileAStepRuns_letsItSettle_thenFinalizes() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        Harness h = new Harness();
        h.command(1, ReplayCommand.withFinalizer((step, context) -> release.asMono(), context -> {
            h.log.add("fin1");
            return Mono.empty();
        })).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(1).thenCancel().verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PLAYING);
        release.tryEmitValue(SUCCESS);
        assertThat(h.log).containsExactly("fin1");
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void setSpeed_rejectsNonPositiveOrNonFinite(double speed) {
        ReplaySandbox sandbox = new Harness().sandbox();
        assertThatThrownBy(() -> sandbox.setSpeed(speed))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("speed");
        assertThat(sandbox.speed()).isEqualTo(1.0);
    }

    @Test
    void states_replayTheLatest_andFollowChanges() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.states())
                .expectNext(PlaybackState.PLAYING)
                .then(() -> sandbox.steps().subscribe())
                .expectNext(PlaybackState.ENDED)
                .expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void controlsFromManyThreads_neverRunTwoActiveStepsAtOnce() throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxInFlight = new AtomicInteger();
        Harness h = new Harness().command(1, ReplayCommand.active((step, context) -> {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            return Mono.delay(Duration.ofNanos(step.index() % 3 * 1000))
                    .doOnNext(tick -> inFlight.decrementAndGet())
                    .thenReturn(SUCCESS);
        }));
        for (int i = 0; i < 2_000; i++) {
            h.system.record(1);
        }
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier verifier = StepVerifier.create(sandbox.steps())
                .expectNextCount(2_000).expectComplete().verifyLater();
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            int kind = t;
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 500; i++) {
                    switch (kind) {
                        case 0 -> sandbox.play();
                        case 1 -> sandbox.pauseNow();
                        case 2 -> sandbox.stepNow();
                        default -> sandbox.setSpeed(1 + i % 4);
                    }
                }
            });
            threads[t].start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        sandbox.play();
        verifier.verify(Duration.ofSeconds(30));
        assertThat(maxInFlight).hasValue(1);
        assertThat(sandbox.replayed()).isEqualTo(2_000);
    }
}
