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

import java.time.Duration;
import static dev.reprise.command.ReplayCommandResult.FAILED;
import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/**
 * The sandbox's core rules, as the original engine's sandbox behaves, translated to the reactive API (0-based
 * indexes, {@code step()} as a Mono): stepping, failures, finalizing, expiry, passive steps and controls.
 */
class ReplaySandboxReferenceTest {

    @Test
    void step_playsOneStep_andCountsItReplayed() {
        Harness h = new Harness().active(1);
        h.system.record(1, 5);
        ReplaySandbox sandbox = h.sandbox();
        List<PlaybackStep> seen = new CopyOnWriteArrayList<>();
        sandbox.steps().subscribe(seen::add);

        StepVerifier.create(sandbox.step())
                .assertNext(step -> assertThat(step.step().params()).containsExactly(5))
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0");
        assertThat(seen).hasSize(1);
        assertThat(sandbox.replayed()).isEqualTo(1);
    }

    @Test
    void step_whoseCommandFails_failsPlayback_andNothingAfterRuns() {
        Harness h = new Harness().active(1, FAILED, SUCCESS).active(2).record(1, 2);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe(step -> { }, error -> { });

        StepVerifier.create(sandbox.step())
                .expectErrorSatisfies(Harness.failedAt(0, 1, ReplayPlaybackException.Phase.EXECUTE))
                .verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0");
        assertThat(sandbox.replayed()).isZero(); // the failed step is not counted as played
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void play_stepWithAnUnknownCode_failsWithWarning157() {
        Harness h = new Harness().record(9);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();

        StepVerifier.create(sandbox.steps())
                .expectErrorSatisfies(Harness.failedAt(0, 9, ReplayPlaybackException.Phase.EXECUTE))
                .verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(157);
        assertThat(h.warnings.get(0).message()).contains("9");
    }

    @Test
    void step_whenTheCodeChanges_finalizesThePreviousCommandFirst() {
        Harness h = new Harness().active(1).command(2, ReplayCommand.sync(step -> { })).record(1, 2);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();

        StepVerifier.create(sandbox.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0");
        StepVerifier.create(sandbox.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "fin1");
    }

    @Test
    void step_afterAFailedFinalize_failsInTheFinalizePhase() {
        Harness h = new Harness().active(1, SUCCESS, FAILED).active(2).record(1, 2);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe(step -> { }, error -> { });

        StepVerifier.create(sandbox.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(sandbox.step())
                .expectErrorSatisfies(Harness.failedAt(0, 1, ReplayPlaybackException.Phase.FINALIZE))
                .verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "fin1");
    }

    @Test
    void step_afterTheRouteIsWritten_failsWithWarning156() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier.create(sandbox.steps(), 0)
                .thenRequest(1)
                .then(sandbox::stepNow)
                .expectNextCount(1)
                .then(() -> h.system.array().add(1))
                .then(sandbox::stepNow)
                .expectError(ConcurrentModificationException.class)
                .verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(156);
    }

    @Test
    void startIndex_countsTheStepsBeforeItAsReplayed() {
        Harness h = new Harness().active(1).record(1, 1, 1);
        ReplaySandbox sandbox = h.sandbox(b -> b.startIndex(2));
        assertThat(sandbox.replayed()).isEqualTo(2);
        sandbox.steps().subscribe();

        StepVerifier.create(sandbox.step())
                .assertNext(step -> assertThat(step.step().index()).isEqualTo(2))
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@2");
        assertThat(sandbox.replayed()).isEqualTo(3);
    }

    @Test
    void passive_ofAFreshSandbox_isNull() {
        Harness h = new Harness().active(1).passive(2).record(1, 2);
        assertThat(h.sandbox().passive()).isNull();
        assertThat(h.warnings).isEmpty();
    }

    @Test
    void step_leavingAPassiveStepUnanswered_skipsItWithWarning194() {
        Harness h = new Harness().active(1).passive(2).record(1, 2);
        ReplaySandbox sandbox = h.sandbox();
        List<PlaybackStep> seen = new CopyOnWriteArrayList<>();
        sandbox.steps().subscribe(seen::add);

        StepVerifier.create(sandbox.step())
                .assertNext(step -> assertThat(step).isInstanceOf(ActiveStep.class))
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(seen).hasSize(2);
        assertThat(seen.get(1)).isInstanceOf(PassiveStep.class);
        StepVerifier.create(seen.get(1).result()).expectNext(ReplayCommandResult.IGNORED).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(194);
        assertThat(h.warnings.get(0).message()).contains("step 1", "code 2", "code 1");
        StepVerifier.create(sandbox.step()).expectComplete().verify(Duration.ofSeconds(10)); // the end
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void play_runsEveryStep_thenEnds() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        List<PlaybackState> states = new CopyOnWriteArrayList<>();
        sandbox.states().subscribe(states::add);
        sandbox.play();

        StepVerifier.create(sandbox.steps()).expectNextCount(2).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "exec1@1", "fin1");
        assertThat(states).containsExactly(PlaybackState.READY, PlaybackState.PLAYING, PlaybackState.ENDED);
    }

    @Test
    void play_calledTwice_startsPlaybackOnce() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        Harness h = new Harness().command(1, ReplayCommand.active((step, context) -> release.asMono())).record(1);
        ReplaySandbox sandbox = h.sandbox();
        List<PlaybackState> states = new CopyOnWriteArrayList<>();
        sandbox.states().subscribe(states::add);
        sandbox.steps().subscribe();
        sandbox.play();
        sandbox.play();
        release.tryEmitValue(SUCCESS);
        assertThat(states).containsExactly(PlaybackState.READY, PlaybackState.PLAYING, PlaybackState.ENDED);
    }

    @Test
    void play_afterTheEnd_changesNothing() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        sandbox.play();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
        assertThat(h.log).containsExactly("exec1@0", "fin1");
    }

    @Test
    void pause_completesWhenTheStepInFlightSettles_andPlayResumes() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        Harness h = new Harness();
        h.command(1, ReplayCommand.active((step, context) -> {
            h.log.add("exec" + step.index());
            return step.index() == 0 ? release.asMono() : reactor.core.publisher.Mono.just(SUCCESS);
        })).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        sandbox.play();

        StepVerifier pause = StepVerifier.create(sandbox.pause()).expectComplete().verifyLater();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
        release.tryEmitValue(SUCCESS);
        pause.verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec0");

        sandbox.play();
        assertThat(h.log).containsExactly("exec0", "exec1");
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void stop_waitsForTheStepInFlight_thenStops() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        Harness h = new Harness().command(1, ReplayCommand.active((step, context) -> release.asMono())).record(1);
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier steps = StepVerifier.create(sandbox.steps()).expectNextCount(1).expectComplete().verifyLater();
        sandbox.play();

        StepVerifier stop = StepVerifier.create(sandbox.stop()).expectComplete().verifyLater();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PLAYING);
        release.tryEmitValue(SUCCESS);
        stop.verify(Duration.ofSeconds(10));
        steps.verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
    }

    @Test
    void play_afterTheRouteIsWrittenBeforehand_failsWithWarning156_notEnded() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        h.system.array().add(1);
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectError(ConcurrentModificationException.class).verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(156);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void setSpeed_isVisibleToCommands() {
        List<Double> speeds = new CopyOnWriteArrayList<>();
        Harness h = new Harness().command(1, ReplayCommand.active((step, context) -> {
            speeds.add(context.speed());
            return reactor.core.publisher.Mono.empty();
        })).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.setSpeed(2);
        assertThat(sandbox.speed()).isEqualTo(2.0);
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(speeds).containsExactly(2.0);
    }
}
