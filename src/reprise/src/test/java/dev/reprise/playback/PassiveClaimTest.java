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

import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/** claim() reserves a passive handle against the grace; fail(cause) fails playback with the cause. */
class PassiveClaimTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void claimedHandle_isNotSkippedWhenTheGraceRunsOut_andItsAnswerCounts() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 1);
        PassiveStep[] held = new PassiveStep[1];
        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = h.sandbox(b -> b.passiveGrace(Duration.ofMillis(10)));
                    sandbox.play();
                    return sandbox.steps().doOnNext(step -> {
                        if (step instanceof PassiveStep passive) {
                            held[0] = passive;
                            assertThat(passive.claim()).isTrue();
                            assertThat(passive.claim()).isFalse(); // already held
                        }
                    });
                })
                .expectNextCount(2)
                .expectNoEvent(Duration.ofSeconds(1)) // far past the grace: still waiting for the claimer
                .then(() -> assertThat(held[0].complete(SUCCESS)).isTrue())
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.warnings).isEmpty();
    }

    @Test
    void claimAfterTheGrace_losesCleanly() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 1);
        PassiveStep[] late = new PassiveStep[1];
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps().doOnNext(step -> {
                    if (step instanceof PassiveStep passive) {
                        late[0] = passive;
                    }
                }))
                .expectNextCount(3)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(late[0].claim()).isFalse(); // skipped with warning 194: the UI knows not to apply it
        assertThat(late[0].complete(SUCCESS)).isFalse();
        assertThat(h.warningCodes()).containsExactly(194, 1002); // the late complete is reported as a lost answer
    }

    @Test
    void fail_failsPlaybackInThePassivePhase_withTheCause() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 1);
        IllegalStateException cause = new IllegalStateException("the dialog had no such option");
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps().doOnNext(step -> {
                    if (step instanceof PassiveStep passive) {
                        assertThat(passive.fail(cause)).isTrue();
                        assertThat(passive.complete(SUCCESS)).isFalse();
                    }
                }))
                .expectNextCount(2)
                .expectErrorSatisfies(error -> {
                    Harness.failedAt(1, 9, ReplayPlaybackException.Phase.PASSIVE).accept(error);
                    assertThat(error).hasCause(cause);
                })
                .verify(TIMEOUT);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }
}
