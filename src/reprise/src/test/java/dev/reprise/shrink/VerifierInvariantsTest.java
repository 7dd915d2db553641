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
package dev.reprise.shrink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.reprise.io.ReplayFile;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A game's verifier carries its named invariants: a broken one is a FAILED verdict naming it and the step,
 * and the kit's checks and shrinks judge by the same definition, bounded by the verifier's timeout even
 * when the invariant never returns.
 */
class VerifierInvariantsTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ReplayFile REPORT = DungeonGame.report(400);

    private final StuckCheck stuck = new StuckCheck();

    @AfterEach
    void letTheThreadsLeftBehindEnd() {
        stuck.release();
    }

    private static ReplayVerifier verifier() {
        return ReplayVerifier.builder(DungeonGame::buggy).gameId(DungeonGame.GAME_ID).parallelism(1)
                .invariant(DungeonGame.ONE_CURSE, game -> ((DungeonGame) game).curseStrikesOnce()).build();
    }

    @Test
    void aBrokenInvariant_isAFailedVerdict_namingItAndTheStep() {
        Verdict verdict = verifier().verify(ReplaySource.of("report", REPORT)).block(WAIT);

        assertThat(verdict.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(verdict.reason()).startsWith("invariant \"" + DungeonGame.ONE_CURSE + "\" broke after ");
    }

    @Test
    void theKitsCheckAndShrink_judgeByTheVerifiersInvariants() {
        ReplayVerifier verifier = verifier();

        assertThatThrownBy(() -> ReplayCheck.of(ReplaySource.of("report", REPORT), DungeonGame::buggy)
                .ignoringStateHashes().invariants(verifier).check()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("invariant \"" + DungeonGame.ONE_CURSE + "\" broke");
        ShrunkReplay shrunk = ReplayShrink.of(ReplaySource.of("report", REPORT), verifier)
                .progress(Duration.ofDays(1), line -> { }).run();

        assertThat(shrunk.stepsAfter()).isEqualTo(4);
        assertThat(shrunk.failure().orElseThrow().check()).contains(DungeonGame.ONE_CURSE);
        Verdict again = verifier.verify(ReplaySource.of("shrunk", shrunk.file().orElseThrow())).block(WAIT);
        assertThat(again.outcome()).isEqualTo(Outcome.FAILED);
    }

    @Test
    void anInvariantThatNeverReturns_isTimedOut_andTheShrinkKeepsToItsBudget() {
        ReplayVerifier hanging = ReplayVerifier.builder(DungeonGame::buggy).gameId(DungeonGame.GAME_ID)
                .parallelism(1).timeout(Duration.ofMillis(300))
                .invariant("never returns once broken", game -> hangsOnceBroken((DungeonGame) game)).build();

        Verdict verdict = hanging.verify(ReplaySource.of("report", REPORT)).block(WAIT);
        ShrunkReplay shrunk = assertTimeoutPreemptively(WAIT, () -> ReplayShrink.of(ReplaySource.of("report", REPORT),
                hanging).timeBudget(Duration.ofSeconds(2)).progress(Duration.ofDays(1), line -> { }).run());

        assertThat(verdict.outcome()).isEqualTo(Outcome.TIMED_OUT);
        assertThat(shrunk.failure().orElseThrow().kind()).isEqualTo(ReplayFailure.Kind.TIMED_OUT);
        assertThat(shrunk.elapsed()).isLessThan(Duration.ofSeconds(5));
    }

    private boolean hangsOnceBroken(DungeonGame game) {
        if (!game.curseStrikesOnce()) {
            stuck.block();
        }
        return true;
    }
}
