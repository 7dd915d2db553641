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
package dev.reprise.desync;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayStep;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** {@link StateHashCheck} during playback: matches go on, a mismatch fails with the desync as cause. */
class StateHashCheckTest {

    private static final int HASH = 99;
    private final ReplaySystem system = new ReplaySystem();
    private long state;

    StateHashCheckTest() {
        system.registerCommand(1, ReplayCommand.sync(step -> state++));
        system.registerCommand(HASH, new StateHashCheck(() -> state * 1000));
    }

    private ReplaySandbox play() {
        ReplaySandbox sandbox = system.createReplaySandbox(
                SandboxConfig.<Object>builder(system.array(), save -> state = 0).build());
        sandbox.play();
        return sandbox;
    }

    @Test
    void mismatch_failsWithTheDesyncAsCause_namingTheLastMatch() {
        system.record(1);
        system.record(HASH, 1000L);
        system.record(1);
        system.record(HASH, 2000L);
        system.record(1);
        system.record(HASH, 4000L); // wrong: the replay holds 3
        system.record(1);
        StepVerifier.create(play().steps())
                .expectNextCount(6)
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOfSatisfying(ReplayPlaybackException.class, e -> {
                        assertThat(e.stepIndex()).isEqualTo(5);
                        assertThat(e.code()).isEqualTo(HASH);
                    });
                    assertThat(error.getCause()).isInstanceOfSatisfying(ReplayDesyncException.class, d -> {
                        assertThat(d.stepIndex()).isEqualTo(5);
                        assertThat(d.recordedHash()).isEqualTo(4000);
                        assertThat(d.replayedHash()).isEqualTo(3000);
                        assertThat(d.lastMatchedIndex()).isEqualTo(3);
                        assertThat(d).hasMessage("Replay desync at step 5: recorded state hash 0000000000000fa0, "
                                + "replayed 0000000000000bb8; the last matching hash step was 3, so the replay "
                                + "diverged in steps 4..4");
                    });
                }).verify(Duration.ofSeconds(5));
    }

    @Test
    void firstHashWrong_hasNoLastMatch() {
        system.record(1);
        system.record(HASH, 5L);
        StepVerifier.create(play().steps())
                .expectNextCount(2)
                .expectErrorSatisfies(error -> assertThat(ReplayDesyncException.in(error).orElseThrow()
                        .lastMatchedIndex()).isEqualTo(-1)).verify(Duration.ofSeconds(5));
    }

    @Test
    void currentHash_isWhatAStepCheckedNowMustCarry() {
        long[] state = {42};
        StateHashCheck check = new StateHashCheck(() -> state[0] * 3);
        state[0] = 7;

        long hash = check.currentHash();

        assertThat(hash).isEqualTo(21);
        StepVerifier.create(check.execute(new ReplayStep(0, HASH, List.of(hash)), null))
                .verifyComplete();
    }

    @Test
    void stepWithoutAHash_failsClearly() {
        StateHashCheck check = new StateHashCheck(() -> 0);
        StepVerifier.create(check.execute(new ReplayStep(4, HASH, List.of("x")), null))
                .expectErrorMessage("state-hash step 4 must carry one integer param (the hash), has [x]")
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void match_succeeds() {
        StateHashCheck check = new StateHashCheck(() -> 42);
        Mono<ReplayCommandResult> result = check.execute(new ReplayStep(0, HASH, List.of(42)), null);
        StepVerifier.create(result.defaultIfEmpty(ReplayCommandResult.SUCCESS))
                .expectNext(ReplayCommandResult.SUCCESS).expectComplete().verify(Duration.ofSeconds(5));
    }

    @Test
    void in_findsNothingInAnUnrelatedChain() {
        assertThat(ReplayDesyncException.in(new IllegalStateException(new RuntimeException()))).isEmpty();
        assertThat(ReplayDesyncException.in(null)).isEmpty();
    }
}
