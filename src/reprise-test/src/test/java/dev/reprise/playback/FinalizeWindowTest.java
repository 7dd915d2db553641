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
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommandResult;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import dev.reprise.test.PlaybackStepVerifier;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/** Finalize as windowUntilChanged over active codes: before a code change, at the end, on stop, never on pause. */
class FinalizeWindowTest {

    private static void completePassive(PlaybackStep step, List<String> log) {
        if (step instanceof PassiveStep passive) {
            log.add("passive@" + step.step().index());
            passive.complete(ReplayCommandResult.SUCCESS);
        }
    }

    @Test
    void aabba_withPassivesBetween_finalizesEachRunOnce() {
        Harness h = new Harness().active(1, 2).passive(9).record(1, 9, 1, 2, 9, 9, 2, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .thenConsumeWhile(step -> {
                    completePassive(step, h.log);
                    return true;
                })
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly(
                "exec1@0", "passive@1", "exec1@2", "fin1",
                "exec2@3", "passive@4", "passive@5", "exec2@6", "fin2",
                "exec1@7", "fin1");
        assertThat(h.warnings).isEmpty();
    }

    @Test
    void eachWindow_isFinalizedBeforeTheNextWindowsFirstStep() {
        Harness h = new Harness().active(1, 2).passive(9).record(1, 9, 1, 2, 2, 1);
        PlaybackStepVerifier.create(h.system, h.config())
                .expectActive(1)
                .expectPassive(9).answer(ReplayCommandResult.SUCCESS)
                .expectActive(1)
                .then(() -> assertThat(h.log).containsExactly("exec1@0", "exec1@2"))
                .expectWindow(2, 2)
                .then(() -> assertThat(h.log).containsExactly("exec1@0", "exec1@2", "fin1", "exec2@3", "exec2@4", "fin2"))
                .expectWindow(1, 1)
                .expectEnded()
                .verify(Duration.ofSeconds(10));
        assertThat(h.log).endsWith("exec1@5", "fin1");
    }

    @Test
    void passiveSteps_doNotCloseTheWindow() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(3).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "exec1@2", "fin1");
    }

    @Test
    void pause_neverFinalizes_butTheNextCodeDoes() {
        Harness h = new Harness().active(1, 2).record(1, 1, 2);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        StepVerifier.create(sandbox.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(sandbox.pause()).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(sandbox.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(sandbox.pause()).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "exec1@1");
        StepVerifier.create(sandbox.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "exec1@1", "fin1", "exec2@2");
    }

    @Test
    void stop_finalizesTheOpenWindow_andCompletesTheFlux() {
        Harness h = new Harness().active(1, 2).record(1, 1, 2);
        ReplaySandbox sandbox = h.sandbox();
        List<PlaybackState> states = new CopyOnWriteArrayList<>();
        sandbox.states().subscribe(states::add);
        StepVerifier.create(sandbox.steps())
                .then(sandbox::stepNow)
                .expectNextCount(1)
                .then(() -> assertThat(h.log).containsExactly("exec1@0"))
                .then(sandbox::stopNow)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "fin1");
        assertThat(states).containsExactly(PlaybackState.READY, PlaybackState.PAUSED, PlaybackState.STOPPED);
    }

    @Test
    void stopBeforeAnyStep_finalizesNothing() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier.create(sandbox.stop()).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).isEmpty();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
    }

    @Test
    void endOfRoute_inStepMode_finalizesOnTheStepAfterTheLast() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        StepVerifier.create(sandbox.step()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0");
        StepVerifier.create(sandbox.step()).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "fin1");
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void context_duringFinalize_offersNoPassiveSteps() {
        List<Integer> offered = new CopyOnWriteArrayList<>();
        Harness h = new Harness().passive(9);
        h.command(1, dev.reprise.command.ReplayCommand.withFinalizer(
                (step, context) -> reactor.core.publisher.Mono.empty(),
                context -> {
                    offered.add(context.passiveSteps().size());
                    return context.nextPassive().map(p -> ReplayCommandResult.FAILED);
                })).record(1, 9);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(2).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(offered).containsExactly(0);
    }
}
