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

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A verifier's invariants are checked after every step, as the test kit checks them, not only between groups. */
class StepInvariantsTest {

    private static final int ADD = 1;
    private static final int ANSWER = 2;
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** A total; ADD is active, ANSWER a passive step whose recorded answer adds to it. */
    private static final class Total implements VerifiableGame {
        final ReplaySystem system = new ReplaySystem();
        long total;

        Total() {
            system.registerCommand(ADD, "ADD", ReplayCommand.sync(step -> total += ((Number) step.param(0)).longValue()));
            system.registerCommand(ANSWER, "ANSWER",
                    ReplayCommand.passive(step -> total += ((Number) step.param(0)).longValue()));
        }

        @Override
        public ReplaySystem system() {
            return system;
        }

        @Override
        public SandboxConfig<?> sandbox(ReplayArray route) {
            return SandboxConfig.<Void>builder(route, save -> total = 0).build();
        }
    }

    private static ReplayFile record(int[][] steps) {
        Total recorder = new Total();
        for (int[] step : steps) {
            recorder.system.record(step[0], step[1]);
        }
        return ReplayFile.builder(recorder.system.saveState()).gameId("test.total").gameBuild("1")
                .dictionary(recorder.system.commandDictionary()).build();
    }

    private static Verdict verify(ReplayFile file) {
        ReplayVerifier verifier = ReplayVerifier.builder(f -> new Total()).gameId("test.total").parallelism(1)
                .invariant("below 3", game -> ((Total) game).total < 3).build();
        return verifier.verify(ReplaySource.of("total", file)).block(WAIT);
    }

    @Test
    void verify_anActiveStepBreakingAnInvariantThatItsAnswerMends_isFailedNamingTheActiveStep() {
        Verdict verdict = verify(record(new int[][] {{ADD, 1}, {ADD, 5}, {ANSWER, -5}, {ADD, 1}}));

        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.FAILED);
        assertThat(verdict.reason()).isEqualTo("invariant \"below 3\" broke after step 1");
    }

    @Test
    void verify_aPassiveAnswerBreakingAnInvariantThatTheNextAnswerMends_isFailedNamingThatAnswer() {
        Verdict verdict = verify(record(new int[][] {{ADD, 1}, {ANSWER, 5}, {ANSWER, -5}, {ADD, 1}}));

        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.FAILED);
        assertThat(verdict.reason()).isEqualTo("invariant \"below 3\" broke after step 1");
    }

    @Test
    void verify_invariantsThatHoldAfterEveryStep_areValid() {
        Verdict verdict = verify(record(new int[][] {{ADD, 1}, {ANSWER, 1}, {ADD, -1}, {ANSWER, 0}}));

        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.VALID);
    }
}
