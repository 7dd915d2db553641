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
import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/**
 * The original engine's sandbox defects (the Q-n list of docs/compatibility.md) that Reprise fixes, each
 * pinned by a test.
 */
class ReferenceDefectsTest {

    @Test
    void q1_completingAHandleTwice_orAStaleOne_neverSkipsAStep() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        List<PassiveStep> handles = new CopyOnWriteArrayList<>();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .consumeNextWith(step -> {
                    PassiveStep first = (PassiveStep) step;
                    handles.add(first);
                    assertThat(first.complete(SUCCESS)).isTrue();
                    assertThat(first.complete(SUCCESS)).isFalse(); // no second read-ahead
                })
                .consumeNextWith(step -> {
                    assertThat(step.step().index()).isEqualTo(2); // the next step was not skipped
                    assertThat(handles.get(0).complete(SUCCESS)).isFalse();
                    ((PassiveStep) step).complete(SUCCESS);
                })
                .expectNextMatches(step -> step.step().index() == 3)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.warnings).isEmpty();
        assertThat(h.log).containsExactly("exec1@0", "exec1@3", "fin1");
    }

    @Test
    void q2_passiveCompletedFailed_abortsPlayback() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .consumeNextWith(step -> ((PassiveStep) step).complete(FAILED))
                .expectErrorSatisfies(Harness.failedAt(1, 9, ReplayPlaybackException.Phase.PASSIVE))
                .verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0"); // step 2 never runs
        assertThat(h.warningCodes()).doesNotContain(194); // not "skipped later" as in the reference
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void q5_afterAFailure_controlsAnswerAtOnce_andNothingIsStuck() {
        Harness h = new Harness().active(1, FAILED, SUCCESS).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe(step -> { }, error -> { });
        sandbox.play();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
        StepVerifier.create(sandbox.pause()).expectComplete().verify(Duration.ZERO);
        StepVerifier.create(sandbox.stop()).expectComplete().verify(Duration.ZERO);
        StepVerifier.create(sandbox.step()).expectComplete().verify(Duration.ZERO);
    }

    @Test
    void q9_failingEndFinalize_runsOnce_andEndsThePlayback() {
        AtomicInteger finalizes = new AtomicInteger();
        Harness h = new Harness().command(1, ReplayCommand.withFinalizer((s, c) -> Mono.empty(), c -> {
            finalizes.incrementAndGet();
            return Mono.just(FAILED);
        })).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe(step -> { }, error -> { });
        StepVerifier.create(sandbox.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(sandbox.step()).expectError(ReplayPlaybackException.class).verify(Duration.ofSeconds(10));
        StepVerifier.create(sandbox.step()).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(sandbox.step()).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(finalizes).hasValue(1);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void q11_pauseCalledTwiceBeforeItTakesEffect_completesBoth() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        Harness h = new Harness().command(1, ReplayCommand.active((s, c) -> release.asMono())).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        sandbox.play();
        List<String> done = new CopyOnWriteArrayList<>();
        sandbox.pause().doOnSuccess(v -> done.add("first")).subscribe();
        sandbox.pause().doOnSuccess(v -> done.add("second")).subscribe();
        assertThat(done).isEmpty();
        release.tryEmitValue(SUCCESS);
        assertThat(done).containsExactly("first", "second");
    }

    @Test
    void q13_stepWhilePlaying_neverRunsConcurrently_stepModeEnds_andPlayWorksAfterSteps() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger maxInFlight = new AtomicInteger();
        Harness h = new Harness().command(1, ReplayCommand.active((s, c) -> {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            Mono<ReplayCommandResult> result = s.index() == 0 ? release.asMono() : Mono.just(SUCCESS);
            return result.doOnNext(r -> inFlight.decrementAndGet());
        })).record(1, 1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        sandbox.play();
        Mono<PlaybackStep> stepped = Mono.fromFuture(sandbox.step().toFuture()); // while step 0 runs
        assertThat(inFlight).hasValue(1);
        release.tryEmitValue(SUCCESS);
        StepVerifier.create(stepped).expectNextMatches(s -> s.step().index() == 1).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(maxInFlight).hasValue(1);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);

        Harness manual = new Harness().active(1).record(1, 1);
        ReplaySandbox stepping = manual.sandbox();
        stepping.steps().subscribe();
        StepVerifier.create(stepping.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        stepping.play(); // not a no-op after manual stepping
        assertThat(stepping.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void q17_replayed_countsSettledSteps_notTheReadAhead() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        List<Integer> seenByCommand = new CopyOnWriteArrayList<>();
        Harness h = new Harness().command(1, ReplayCommand.active((s, c) -> {
            seenByCommand.add(c.replayed());
            return s.index() == 1 ? release.asMono() : Mono.just(SUCCESS);
        })).record(1, 1, 1);
        ReplaySandbox sandbox = h.sandbox();
        assertThat(sandbox.replayed()).isZero();
        sandbox.steps().subscribe();
        sandbox.play();
        assertThat(sandbox.replayed()).isEqualTo(1); // step 1 is in flight, step 2 read ahead
        release.tryEmitValue(SUCCESS);
        assertThat(sandbox.replayed()).isEqualTo(3);
        assertThat(seenByCommand).containsExactly(0, 1, 2);
    }

    @Test
    void q18_stop_whenPaused_stopsForGood_andFinalizes() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        StepVerifier.create(sandbox.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
        StepVerifier.create(sandbox.stop()).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
        assertThat(h.log).containsExactly("exec1@0", "fin1");
        sandbox.play(); // a stopped sandbox does not play on
        assertThat(h.log).containsExactly("exec1@0", "fin1");
    }

    @Test
    void q21_createReplaySandbox_stopsThePreviousOne() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox first = h.sandbox();
        first.steps().subscribe();
        StepVerifier.create(first.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        ReplaySandbox second = h.sandbox();
        assertThat(first.state()).isEqualTo(PlaybackState.STOPPED);
        assertThat(h.log).containsExactly("exec1@0", "fin1");
        assertThat(second.state()).isEqualTo(PlaybackState.READY);
        assertThat(h.system.sandbox()).containsSame(second);
    }
}
