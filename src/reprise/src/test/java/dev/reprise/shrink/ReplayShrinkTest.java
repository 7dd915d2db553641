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

import static dev.reprise.shrink.DungeonGame.CHEST;
import static dev.reprise.shrink.DungeonGame.DOOR;
import static dev.reprise.shrink.DungeonGame.KEY;
import static dev.reprise.shrink.DungeonGame.RING;
import static dev.reprise.shrink.DungeonGame.TAKE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.testing.RouteSteps;
import dev.reprise.verify.ReplaySource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Shrinking a bug report to the regression test it deserves: the dungeon's bug takes three groups far
 * apart, and the shrunk replay keeps exactly them, each needed; a smaller replay that fails another way is
 * refused; the result is the same bytes every time.
 */
class ReplayShrinkTest {

    /** The dungeon's bug report: 400 steps, the ring's chest near the start, the key halfway, the door near the end. */
    private static ReplayFile report;

    @TempDir
    Path folder;

    @BeforeAll
    static void theReport() {
        report = DungeonGame.report(400);
    }

    private ReplayCheck<DungeonGame> check(Path replay, Function<ReplayFile, DungeonGame> build) {
        return ReplayCheck.of(replay, build)
                .ignoringStateHashes() // recorded on the build with the bug
                .invariant(DungeonGame.ONE_CURSE, DungeonGame::curseStrikesOnce);
    }

    private Path write(String name, ReplayFile file) throws IOException {
        Path path = folder.resolve(name);
        file.write(path);
        return path;
    }

    private static List<String> codes(ReplayFile file) {
        return RouteSteps.of(file).stream().map(step -> step.code() + step.params().toString()).toList();
    }

    @Test
    void threeGroupsFarApart_shrinkToExactlyTheChestItsAnswerTheKeyAndTheDoor() throws IOException {
        Path bug = write("bug.reprise", report);
        assertThatThrownBy(() -> check(bug, DungeonGame::buggy).check()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("invariant \"" + DungeonGame.ONE_CURSE + "\" broke");

        ShrunkReplay shrunk = check(bug, DungeonGame::buggy).shrink().to(folder.resolve("shrunk.reprise"));

        assertThat(shrunk.status()).isEqualTo(ShrunkReplay.Status.SHRUNK);
        assertThat(codes(shrunk.file().orElseThrow()))
                .containsExactly(CHEST + "[]", TAKE + "[" + RING + "]", KEY + "[]", DOOR + "[]");
        assertThat(shrunk.stepsBefore()).isEqualTo(report.save().length());
        assertThat(shrunk.stepsAfter()).isEqualTo(4);
        assertThat(shrunk.stoppedEarly()).isFalse();
        assertThat(shrunk.stateHashes()).isEqualTo(ShrunkReplay.StateHashes.NONE);
        assertThat(shrunk.failure().orElseThrow().check()).contains(DungeonGame.ONE_CURSE);
        assertThat(shrunk.written()).contains(folder.resolve("shrunk.reprise"));
        assertThat(ReplayFile.read(folder.resolve("shrunk.reprise"))).isEqualTo(shrunk.file().orElseThrow());
        assertThat(shrunk.summary()).startsWith("bug.reprise: " + report.save().length() + " -> 4 steps, ")
                .contains("state hashes: none").contains("fails as before: invariant");
        System.out.println(shrunk.summary());
    }

    @Test
    void theShrunkReplay_failsOnTheBuildWithTheBug_andPassesOnTheFixedOne() throws IOException {
        Path shrunk = check(write("bug.reprise", report), DungeonGame::buggy).shrink()
                .to(folder.resolve("regression.reprise")).written().orElseThrow();

        assertThatThrownBy(() -> check(shrunk, DungeonGame::buggy).check()).isInstanceOf(AssertionError.class);
        assertThatCode(() -> check(shrunk, DungeonGame::fixed).check()).doesNotThrowAnyException();
    }

    @Test
    void removingAnyOneOfTheFourGroups_makesTheCheckPass() throws IOException {
        ReplayFile shrunk = check(write("bug.reprise", report), DungeonGame::buggy).shrink().run().file().orElseThrow();
        // The groups: the chest with its answer, the key, the door.
        int[][] groups = {{0, 1}, {2}, {3}};
        for (int[] removed : groups) {
            ReplayArray route = new ReplayArray();
            route.loadState(shrunk.save());
            for (int i = removed.length - 1; i >= 0; i--) {
                route.delete(removed[i]);
            }
            Path without = write("without-" + removed[0] + ".reprise", ReplayFile.builder(route.saveState())
                    .gameId(shrunk.gameId()).dictionary(shrunk.dictionary()).build());
            assertThatCode(() -> check(without, DungeonGame::buggy).check()).as("without step %d", removed[0])
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void aSmallerReplayThatFailsAnotherWay_isRefused() throws IOException {
        Path bug = write("bug.reprise", report);

        // Any failure will do: the trap without its disarm kills the hero, a shorter failure than the bug's.
        ShrunkReplay anyFailure = check(bug, DungeonGame::buggy).shrink().failingWhen(failure -> true).run();
        // The same way: the trap's failure is refused, and the four steps of the bug are what is left.
        ShrunkReplay sameWay = check(bug, DungeonGame::buggy).shrink().run();

        assertThat(codes(anyFailure.file().orElseThrow())).containsExactly(DungeonGame.TRAP + "[]");
        assertThat(anyFailure.failure().orElseThrow().kind()).isEqualTo(ReplayFailure.Kind.FAILED);
        assertThat(codes(sameWay.file().orElseThrow())).hasSize(4);
        ReplayFailure bugs = sameWay.failure().orElseThrow();
        assertThat(bugs.sameWayAs(anyFailure.failure().orElseThrow())).isFalse();
        assertThat(bugs.sameWayAs(bugs)).isTrue();
    }

    @Test
    void anAnswerWhoseChestIsGone_failsAnotherWay() throws IOException {
        ReplayFailure bugs = check(write("bug.reprise", report), DungeonGame::buggy).shrink().run().failure()
                .orElseThrow();
        // The ring's answer after the key: what a cut inside a group leaves (a shrink keeps groups whole).
        ReplayFile orphan = ReplayFile.builder(TestRoute.of().step(KEY).step(TAKE, RING).step(DOOR).build()
                .saveState()).gameId(report.gameId()).dictionary(report.dictionary()).build();

        ShrunkReplay judged = check(write("orphan.reprise", orphan), DungeonGame::buggy).shrink().run();

        ReplayFailure noChest = judged.failure().orElseThrow();
        assertThat(noChest.kind()).isEqualTo(ReplayFailure.Kind.FAILED);
        assertThat(noChest.stepIndex()).isEqualTo(OptionalInt.of(1));
        assertThat(noChest.code()).isEqualTo(OptionalInt.of(TAKE));
        assertThat(noChest.command()).contains("TAKE");
        assertThat(noChest.error()).contains(IllegalStateException.class.getName());
        assertThat(noChest.message()).contains("no chest is open");
        assertThat(noChest.sameWayAs(bugs)).isFalse();
        assertThat(bugs.sameWayAs(noChest)).isFalse();
    }

    @Test
    void shrinkingTwice_givesTheSameBytes() throws IOException {
        Path bug = write("bug.reprise", report);

        ShrunkReplay first = check(bug, DungeonGame::buggy).shrink().run();
        ShrunkReplay second = check(bug, DungeonGame::buggy).shrink().run();

        assertThat(second.file().orElseThrow().toBytes()).isEqualTo(first.file().orElseThrow().toBytes());
        assertThat(second.tries()).isEqualTo(first.tries());
    }

    @Test
    void withTheGamesSnapshots_theTriesStartFromCheckpoints_andGiveTheSameReplay() throws IOException {
        Path bug = write("bug.reprise", report);
        List<DungeonGame> plainGames = new ArrayList<>();
        List<DungeonGame> seekableGames = new ArrayList<>();

        ShrunkReplay plain = check(bug, file -> add(plainGames, DungeonGame.buggy(file))).shrink().run();
        ShrunkReplay checkpointed = check(bug, file -> add(seekableGames, DungeonGame.buggyWithSnapshots(file)))
                .shrink().run();

        assertThat(checkpointed.file().orElseThrow().toBytes()).isEqualTo(plain.file().orElseThrow().toBytes());
        assertThat(checkpointed.tries()).isEqualTo(plain.tries());
        long replayed = plainGames.stream().mapToLong(DungeonGame::played).sum();
        long fromCheckpoints = seekableGames.stream().mapToLong(DungeonGame::played).sum();
        // The tries share one game: the replay itself (judged twice), the grouping and the final passes (its
        // hashes, confirmed twice) build their own.
        assertThat(seekableGames).hasSizeLessThan(plainGames.size()).hasSizeLessThanOrEqualTo(7);
        assertThat(fromCheckpoints).as("steps played from checkpoints, against %d from the start", replayed)
                .isLessThan(replayed * 2 / 3);
    }

    private static DungeonGame add(List<DungeonGame> games, DungeonGame game) {
        games.add(game);
        return game;
    }

    @Test
    void aReplayThatHoldsUp_saysSo_andWritesNothing() throws IOException {
        Path fine = write("fine.reprise", report);
        Path target = folder.resolve("never.reprise");

        ShrunkReplay shrunk = check(fine, DungeonGame::fixed).shrink().to(target);

        assertThat(shrunk.status()).isEqualTo(ShrunkReplay.Status.NOT_FAILING);
        assertThat(shrunk.file()).isEmpty();
        assertThat(shrunk.written()).isEmpty();
        assertThat(shrunk.tries()).isZero();
        assertThat(shrunk.summary()).isEqualTo("fine.reprise: holds up: nothing to shrink; nothing written");
        assertThat(target).doesNotExist();
    }

    @Test
    void aSpentTryBudget_returnsTheSmallestFailingReplaySoFar_sayingItStoppedEarly() throws IOException {
        Path bug = write("bug.reprise", report);

        ShrunkReplay shrunk = check(bug, DungeonGame::buggy).shrink().maxTries(6).to(folder.resolve("early.reprise"));

        assertThat(shrunk.stoppedEarly()).isTrue();
        assertThat(shrunk.tries()).isEqualTo(6); // the replay itself is judged, but not counted
        assertThat(shrunk.stepsAfter()).isLessThan(shrunk.stepsBefore()).isGreaterThan(4);
        assertThat(shrunk.summary()).contains("stopped early: the budget of 6 tries is spent");
        Path early = shrunk.written().orElseThrow();
        assertThatThrownBy(() -> check(early, DungeonGame::buggy).check()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("invariant \"" + DungeonGame.ONE_CURSE + "\" broke");
    }

    @Test
    void aSpentTimeBudget_returnsTheReplayAsItWas_whenNothingSmallerWasFoundYet() throws IOException {
        Path bug = write("bug.reprise", report);

        ShrunkReplay shrunk = check(bug, DungeonGame::buggy).shrink().timeBudget(Duration.ofNanos(1)).run();

        assertThat(shrunk.stoppedEarly()).isTrue();
        assertThat(shrunk.tries()).isZero();
        assertThat(shrunk.stepsAfter()).isEqualTo(shrunk.stepsBefore());
        assertThat(shrunk.summary()).contains("stopped early: the time budget of PT0.000000001S is spent");
    }

    @Test
    void aShrinkThatRunsLong_writesProgressLines() throws IOException {
        List<String> lines = new ArrayList<>();

        check(write("bug.reprise", report), DungeonGame::buggy).shrink().progress(Duration.ZERO, lines::add).run();

        assertThat(lines).isNotEmpty().allSatisfy(line -> assertThat(line).matches(
                "shrinking bug\\.reprise: 400 -> \\d+ steps after \\d+ tries \\(\\d+\\.\\d s\\)"));
    }

    @Test
    void aFolder_cannotBeShrunk() {
        assertThatThrownBy(() -> check(folder, DungeonGame::buggy).shrink()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is a folder");
    }

    @Test
    void options_areCheckedAtOnce() throws IOException {
        ReplayShrink shrink = check(write("bug.reprise", report), DungeonGame::buggy).shrink();

        assertThatThrownBy(() -> shrink.maxTries(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxTries");
        assertThatThrownBy(() -> shrink.timeBudget(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("timeBudget");
        assertThatThrownBy(() -> shrink.progress(Duration.ofSeconds(-1), line -> { }))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aReplayFromASource_isShrunkToo() {
        ShrunkReplay shrunk = ReplayCheck.of(ReplaySource.of("report", report), DungeonGame::buggy)
                .ignoringStateHashes()
                .invariant(DungeonGame.ONE_CURSE, DungeonGame::curseStrikesOnce)
                .shrink().run();

        assertThat(shrunk.id()).isEqualTo("report");
        assertThat(shrunk.stepsAfter()).isEqualTo(4);
        assertThat(Files.exists(Path.of("report"))).isFalse();
    }
}
