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
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import dev.reprise.testing.RouteSteps;
import dev.reprise.verify.CounterGame;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shrinking as users meet it besides the bug report of {@link BugReportExamplesTest}: a failure that needs a
 * state-hash step (which then gets a fresh hash), a desync (cut, not shrunk), and a replay judged as a
 * verifier judges it.
 */
class ShrinkScenariosTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path folder;

    @Test
    void aFailureThatNeedsAStateHashStep_keepsIt_withTheHashThisBuildComputes() throws IOException {
        Path replay = folder.resolve("two-runs.reprise");
        RunGame.twoRuns().write(replay);

        // The hashes are checked: they match on this build, and the invariant fails at the end.
        ShrunkReplay shrunk = ReplayCheck.of(replay, RunGame::of)
                .invariant(RunGame.ONE_RUN, RunGame::oneRunAtMost)
                .shrink().run();

        List<ReplayStep> kept = RouteSteps.of(shrunk.file().orElseThrow());
        assertThat(kept).extracting(ReplayStep::code).containsExactly(RunGame.MOVE, RunGame.HASH, RunGame.MOVE);
        // One move committed when the hash step closed the run: the recorded hash was of two.
        assertThat(kept.get(1).longParam(0)).isEqualTo(1 * 1000L + 1 * 10L);
        assertThat(shrunk.stateHashes()).isEqualTo(ShrunkReplay.StateHashes.FRESH);
        assertThat(shrunk.summary()).contains("state hashes: fresh");
        Path written = folder.resolve("one-hash.reprise");
        shrunk.file().orElseThrow().write(written);
        assertThatThrownBy(() -> ReplayCheck.of(written, RunGame::of)
                .invariant(RunGame.ONE_RUN, RunGame::oneRunAtMost).check())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("invariant \"" + RunGame.ONE_RUN + "\" broke"); // no desync: the hash is fresh
    }

    @Test
    void aDesync_isCutAfterTheFirstDivergingHashWindow_notShrunk() throws IOException {
        Path bug = folder.resolve("bug-7.reprise");
        // 0 R, 1 R, 2 HASH, 3 R, 4 R, 5 HASH, 6 R (off the board on the buggy build), 7 R, 8 HASH, ...
        SnakeGame.recordOnTheBuggyBuild(SnakeGame.RIGHT, SnakeGame.RIGHT, SnakeGame.RIGHT, SnakeGame.RIGHT,
                SnakeGame.RIGHT, SnakeGame.RIGHT, SnakeGame.DOWN, SnakeGame.DOWN).write(bug);

        ShrunkReplay cut = ReplayCheck.of(bug, SnakeGame::today)
                .invariant("the head is on the board", SnakeGame::headOnBoard)
                .shrink().run();

        assertThat(cut.status()).isEqualTo(ShrunkReplay.Status.CUT);
        assertThat(cut.stepsAfter()).isEqualTo(9);
        assertThat(cut.stateHashes()).isEqualTo(ShrunkReplay.StateHashes.RECORDED);
        assertThat(cut.failure().orElseThrow().kind()).isEqualTo(ReplayFailure.Kind.DESYNC);
        assertThat(cut.failure().orElseThrow().stepIndex()).isEqualTo(OptionalInt.of(8));
        assertThat(cut.summary()).startsWith("bug-7.reprise: cut, 12 -> 9 steps, 0 tries, ")
                .contains("a desync cannot be shrunk by removing inputs")
                .contains("cut after the first diverging hash window, at hash step 8");
    }

    @Test
    void judgedAsAVerifierJudges_aFailingCommand_shrinksToIt_withoutAFinalStateHash_unlessAsked() {
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).gameId(CounterGame.GAME_ID)
                .finalHashKey(CounterGame.FINAL_KEY).testCases(true).parallelism(1).build();
        ReplayFile recorded = CounterGame.record(10, 1, 2, 3, 4, 5, 6, 7);
        ReplayArray route = new ReplayArray();
        route.loadState(recorded.save());
        route.insert(5, CounterGame.FAIL);
        ReplayFile failing = ReplayCases.withRoute(recorded, route.saveState(), recorded.metadata());
        Verdict verdict = verifier.verify(ReplaySource.of("failing", failing)).block(TIMEOUT);
        assertThat(verdict.outcome()).isEqualTo(Outcome.FAILED);

        ShrunkReplay shrunk = ReplayShrink.of(ReplaySource.of("failing", failing), verifier).run();
        ShrunkReplay hashed = ReplayShrink.of(ReplaySource.of("failing", failing), verifier)
                .finalStateHash(CounterGame.FINAL_KEY).run();

        ReplayFile file = shrunk.file().orElseThrow();
        assertThat(RouteSteps.of(file)).extracting(ReplayStep::code).containsExactly(CounterGame.FAIL);
        assertThat(file.metadata()).containsEntry(CounterGame.START_KEY, "10")
                .containsEntry(ReplayVerifier.TEST_CASE_KEY, "shrunk").doesNotContainKey(CounterGame.FINAL_KEY);
        assertThat(hashed.file().orElseThrow().metadata())
                .containsEntry(CounterGame.FINAL_KEY, HexFormat.of().toHexDigits(10 * 0x9E3779B97F4A7C15L + 17));
        assertThat(shrunk.failure().orElseThrow().command()).contains("FAIL");
        assertThat(shrunk.failure().orElseThrow().error()).contains(IllegalStateException.class.getName());
        Verdict again = verifier.verify(ReplaySource.of("shrunk", file)).block(TIMEOUT);
        assertThat(again.outcome()).as(again.reason()).isEqualTo(Outcome.FAILED);
    }

    @Test
    void judgedAsAVerifierJudges_eachTryIsBoundedByTheVerifiersTimeout_notTheKitsMinute() {
        Duration bound = Duration.ofMillis(200);
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).gameId(CounterGame.GAME_ID)
                .timeout(bound).parallelism(1).build();
        ReplayFile recorded = CounterGame.record(0, 1, 2, 3, 4, 5, 6);
        ReplayArray route = new ReplayArray();
        route.loadState(recorded.save());
        route.insert(3, CounterGame.HANG); // never answers
        ReplayFile hangs = ReplayCases.withRoute(recorded, route.saveState(), recorded.metadata());

        ShrunkReplay shrunk = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> ReplayShrink.of(ReplaySource.of("hangs", hangs), verifier).maxTries(6).run());

        ReplayFailure failure = shrunk.failure().orElseThrow();
        assertThat(failure.kind()).isEqualTo(ReplayFailure.Kind.TIMED_OUT);
        assertThat(failure.message()).contains(bound.toString());
        assertThat(RouteSteps.of(shrunk.file().orElseThrow())).extracting(ReplayStep::code)
                .contains(CounterGame.HANG);
    }

    @Test
    void judgedAsAVerifierJudges_aRefusedFinalState_keepsTheAcceptanceChecksFailure() {
        ReplayVerifier verifier = ReplayVerifier.builder(DungeonGame::buggy).finalHashKey("final").testCases(true)
                .accept(game -> ((DungeonGame) game).curseStrikesOnce()).parallelism(1).build();
        ReplayFile claimed = DungeonGame.report(200).toBuilder().metadata("final", HexFormat.of().toHexDigits(42L))
                .build();

        ShrunkReplay shrunk = ReplayShrink.of(ReplaySource.of("report", claimed), verifier).run();

        assertThat(shrunk.stepsAfter()).isEqualTo(4);
        assertThat(shrunk.failure().orElseThrow().kind()).isEqualTo(ReplayFailure.Kind.FINAL_STATE);
        Verdict verdict = verifier.verify(ReplaySource.of("shrunk", shrunk.file().orElseThrow())).block(TIMEOUT);
        assertThat(verdict.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(verdict.reason()).contains("acceptance check refused");
    }

    @Test
    void judgedAsAVerifierJudges_aReplayRefusedOnlyForItsClaimedFinalHash_hasNothingToShrink() {
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).finalHashKey(CounterGame.FINAL_KEY).build();
        ReplayFile claimsAnother = CounterGame.record(0, 1, 2, 3).toBuilder()
                .metadata(CounterGame.FINAL_KEY, HexFormat.of().toHexDigits(42L)).build();

        ShrunkReplay shrunk = ReplayShrink.of(ReplaySource.of("claims", claimsAnother), verifier).run();

        assertThat(shrunk.status()).isEqualTo(ShrunkReplay.Status.NOT_FAILING);
    }

    @Test
    void aGameThatCannotBeBuiltForTheFile_failsWhateverTheSteps_soNoneIsKept() throws IOException {
        ReplayFile recorded = CounterGame.record(0, 1, 2, 3);
        Path noStart = folder.resolve("no-start.reprise");
        ReplayCases.withRoute(recorded, recorded.save(), java.util.Map.of()).write(noStart);

        ShrunkReplay shrunk = ReplayCheck.of(noStart, CounterGame::of).finalState(game -> { }).shrink().run();

        assertThat(shrunk.stepsAfter()).isZero();
        assertThat(shrunk.failure().orElseThrow().kind()).isEqualTo(ReplayFailure.Kind.GAME);
        assertThat(shrunk.failure().orElseThrow().error()).contains(IllegalArgumentException.class.getName());
    }
}
