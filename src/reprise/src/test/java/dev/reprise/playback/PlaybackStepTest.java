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
import dev.reprise.route.ReplayStep;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/** The lazy result: constants once settled, a sink only for an early caller. */
class PlaybackStepTest {

    private static final ReplayStep STEP = new ReplayStep(0, 1, List.of());

    @Test
    void settledStep_answersWithASharedConstant() {
        ActiveStep first = new ActiveStep(STEP, 0);
        ActiveStep second = new ActiveStep(STEP, 0);
        first.settle(ReplayCommandResult.SUCCESS);
        second.settle(ReplayCommandResult.SUCCESS);
        assertThat(first.result()).isSameAs(second.result());
        StepVerifier.create(first.result()).expectNext(ReplayCommandResult.SUCCESS).expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void earlyCaller_getsTheResultWhenItSettles_andSettlingIsOnce() {
        ActiveStep step = new ActiveStep(STEP, 0);
        StepVerifier early = StepVerifier.create(step.result())
                .expectNext(ReplayCommandResult.IGNORED).expectComplete().verifyLater();
        assertThat(step.isSettled()).isFalse();
        assertThat(step.settle(ReplayCommandResult.IGNORED)).isTrue();
        assertThat(step.settle(ReplayCommandResult.FAILED)).isFalse();
        early.verify(java.time.Duration.ofSeconds(1));
        StepVerifier.create(step.result()).expectNext(ReplayCommandResult.IGNORED).expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void toString_namesIndexCodeAndState() {
        ActiveStep step = new ActiveStep(STEP, 0);
        assertThat(step).hasToString("ActiveStep[index=0, code=1, params=[], pending]");
        step.settle(ReplayCommandResult.SUCCESS);
        assertThat(step.toString()).endsWith("SUCCESS]");
    }
}
