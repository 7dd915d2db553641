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

import static dev.reprise.shrink.SnakeGame.DOWN;
import static dev.reprise.shrink.SnakeGame.RIGHT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.VerifiableGame;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A wrong-state bug as a bug report brings it: the player's build let the snake walk off the board, the
 * game saved the replay (with that build's state hashes), and the regression test judges it by what must
 * hold. It fails on the build that had the bug and passes on today's.
 */
class ReplayCheckTest {

    private static final Path REPLAYS = Path.of("target/snake-replays");
    /** The bug report: six moves right on a board five cells wide, then two down. */
    private static final Path BUG_7 = REPLAYS.resolve("bug-7.reprise");

    @TempDir
    Path folder;

    @BeforeAll
    static void theTeamsReplays() throws IOException {
        if (Files.exists(REPLAYS)) {
            try (Stream<Path> paths = Files.walk(REPLAYS)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        Files.createDirectories(REPLAYS);
        SnakeGame.recordOnTheBuggyBuild(RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, RIGHT, DOWN, DOWN).write(BUG_7);
        SnakeGame.recordOnTheBuggyBuild(RIGHT, RIGHT, DOWN, DOWN, DOWN).write(REPLAYS.resolve("tour.reprise"));
    }

    @Test
    void bug7_theSnakeStaysOnTheBoard() {
        ReplayCheck.of(BUG_7, SnakeGame::today)
                .ignoringStateHashes() // they describe the build that had the bug
                .invariant("the head is on the board", SnakeGame::headOnBoard)
                .finalState(game -> assertThat(game.head()).isEqualTo(new SnakeGame.Cell(4, 2)))
                .check();
    }

    @Test
    void bug7_onTheBuildThatHadIt_failsNamingTheStep_itsCodeAndCommand_andTheState() {
        assertThatThrownBy(() -> ReplayCheck.of(BUG_7, SnakeGame::buggy)
                .ignoringStateHashes()
                .invariant("the head is on the board", SnakeGame::headOnBoard)
                .check())
                .isInstanceOf(AssertionError.class)
                // route: 0 R, 1 R, 2 HASH, 3 R, 4 R, 5 HASH, 6 R (x = 5: off the board), 7 R, 8 HASH, ...
                .hasMessage("replay bug-7.reprise: invariant \"the head is on the board\" broke at step 6 RIGHT "
                        + "(code 1), params [] (steps 0..6 of 12 played)\n"
                        + "  state: snake head at (5, 0) on a 5x5 board");
    }

    @Test
    void bug7_theOldRecipe_passesOnTheBuggyBuild_andFailsOnTodaysWithADesync() {
        ReplayVerifier buggy = ReplayVerifier.builder(SnakeGame::buggy).build();
        ReplayVerifier today = ReplayVerifier.builder(SnakeGame::today).build();

        ReplaySource bug7 = ReplaySource.of("bug-7.reprise", BUG_7);

        // Replaying the file reproduces the wrong state it recorded: nothing to catch.
        assertThat(buggy.verify(Flux.just(bug7)).blockLast(Duration.ofSeconds(30)).outcome()).isEqualTo(Outcome.VALID);
        Verdict onToday = today.verify(Flux.just(bug7)).blockLast(Duration.ofSeconds(30));
        assertThat(onToday.outcome()).isEqualTo(Outcome.DESYNC);
        assertThat(onToday.stepReached()).isEqualTo(8);
    }

    @Test
    void stateHashesChecked_onTodaysBuild_failAsADesync_sayingHowToJudgeABugReport() {
        assertThatThrownBy(() -> ReplayCheck.of(BUG_7, SnakeGame::today)
                .invariant("the head is on the board", SnakeGame::headOnBoard)
                .check())
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("replay bug-7.reprise: DESYNC: Replay desync at step 8: recorded state hash "
                        + HexFormat.of().toHexDigits(31L * 6) + ", replayed " + HexFormat.of().toHexDigits(31L * 4))
                .hasMessageContaining("ignoringStateHashes()");
    }

    @Test
    void stateHashesChecked_aReplayThatStillHolds_passes() {
        assertThatCode(() -> ReplayCheck.of(REPLAYS.resolve("tour.reprise"), SnakeGame::today)
                .invariant("the head is on the board", SnakeGame::headOnBoard)
                .check())
                .doesNotThrowAnyException();
    }

    @Test
    void everyReplayOfAFolder_keepsTheSnakeOnTheBoard() {
        assertThat(ReplayCases.find(REPLAYS)).as("the replays checked").hasSize(2);
        ReplayCheck.of(REPLAYS, SnakeGame::today)
                .ignoringStateHashes() // the bug reports' hashes describe the builds that had the bugs
                .invariant("the head is on the board", SnakeGame::headOnBoard)
                .check();
    }

    @Test
    void aFolder_onTheBuggyBuild_listsEveryReplayThatBrokeAnInvariant() {
        assertThatThrownBy(() -> ReplayCheck.of(REPLAYS, SnakeGame::buggy)
                .ignoringStateHashes()
                .invariant("the head is on the board", SnakeGame::headOnBoard)
                .check())
                .isInstanceOf(AssertionError.class)
                .hasMessage("1 of 2 replays under " + REPLAYS + " do not hold up:\n"
                        + "  bug-7.reprise: invariant \"the head is on the board\" broke at step 6 RIGHT (code 1), "
                        + "params [] (steps 0..6 of 12 played)\n"
                        + "      state: snake head at (5, 0) on a 5x5 board");
    }

    @Test
    void aFolder_anUnreadableFile_isListedWithTheOthers() throws IOException {
        Files.copy(BUG_7, folder.resolve("b-bug.reprise"));
        Files.write(folder.resolve("a-junk.reprise"), new byte[] {1, 2, 3});

        assertThatThrownBy(() -> ReplayCheck.of(folder, SnakeGame::buggy)
                .ignoringStateHashes()
                .invariant("the head is on the board", SnakeGame::headOnBoard)
                .check())
                .hasMessageStartingWith("2 of 2 replays under " + folder + " do not hold up:\n  a-junk.reprise: INVALID_FILE: ")
                .hasMessageContaining("\n  b-bug.reprise: invariant \"the head is on the board\" broke at step 6");
    }

    @Test
    void anInvariant_thatDoesNotHoldAtTheStart_saysSo() {
        assertThatThrownBy(() -> ReplayCheck.of(BUG_7, SnakeGame::today)
                .invariant("the head is on the bottom row", game -> game.head().y() == SnakeGame.SIZE - 1)
                .ignoringStateHashes()
                .check())
                .hasMessage("replay bug-7.reprise: invariant \"the head is on the bottom row\" broke at the start, "
                        + "before step 0 (the state the route starts from)\n"
                        + "  state: snake head at (0, 0) on a 5x5 board");
    }

    @Test
    void anInvariant_isCheckedAfterEveryGroup_namingTheFirstThatBrokeIt() {
        assertThatThrownBy(() -> ReplayCheck.of(BUG_7, SnakeGame::today)
                .ignoringStateHashes()
                .invariant("the head is above the third row", game -> game.head().y() < 2)
                .check())
                // step 10 DOWN moves to row 2: seen before step 11 (HASH) runs.
                .hasMessageStartingWith("replay bug-7.reprise: invariant \"the head is above the third row\" broke "
                        + "at step 10 DOWN (code 2), params [] (steps 0..10 of 12 played)");
    }

    @Test
    void anInvariant_thatBreaksInTheLastGroup_isCaughtAtTheEnd() throws IOException {
        Path noHashes = folder.resolve("right-down.reprise");
        ReplayFile.builder(TestRoute.of().step(RIGHT).step(DOWN).build().saveState())
                .gameId(SnakeGame.GAME_ID).build().write(noHashes);

        assertThatThrownBy(() -> ReplayCheck.of(noHashes, SnakeGame::today)
                .invariant("the head is on the top row", game -> game.head().y() == 0)
                .check())
                .hasMessage("replay right-down.reprise: invariant \"the head is on the top row\" broke at step 1 DOWN "
                        + "(code 2), params [] (steps 0..1 of 2 played)\n"
                        + "  state: snake head at (1, 1) on a 5x5 board");
    }

    @Test
    void anInvariant_brokenByThePassiveAnswerOfAGroup_namesThatStep_notTheGroupsActiveStep() throws IOException {
        Path perks = folder.resolve("perks.reprise");
        ReplayFile.builder(TestRoute.of().step(Perks.LEFT).step(Perks.PERK, 0).step(Perks.LEFT)
                        .step(Perks.PERK, 5).step(Perks.LEFT).build().saveState())
                .gameId("test.perks").build().write(perks);

        assertThatThrownBy(() -> ReplayCheck.of(perks, file -> new Perks())
                .invariant("the hero lives", game -> game.hp > 0)
                .check())
                // step 2 LEFT leaves 3 hp; the perk answer at step 3 takes 5: it broke there.
                .hasMessage("replay perks.reprise: invariant \"the hero lives\" broke at step 3 PERK (code 4), "
                        + "params [5] (steps 0..3 of 5 played)\n"
                        + "  state: hp -2");
    }

    @Test
    void anInvariant_brokenByAWindowsFinalize_namesThatFinalize() throws IOException {
        Path walk = folder.resolve("walk.reprise");
        ReplayFile.builder(TestRoute.of().step(Perks.WALK).step(Perks.WALK).step(Perks.LEFT).build()
                        .saveState())
                .gameId("test.perks").build().write(walk);

        assertThatThrownBy(() -> ReplayCheck.of(walk, file -> new Perks())
                .invariant("the hero lives", game -> game.hp > 0)
                .check())
                // Each WALK queues 3 hp of fatigue; the window's finalize takes it all at once.
                .hasMessage("replay walk.reprise: invariant \"the hero lives\" broke at the finalize of the window "
                        + "of WALK (code 5) that ended at step 1 (steps 0..1 of 3 played)\n"
                        + "  state: hp -1");
    }

    @Test
    void anInvariant_thatThrows_failsNamingTheError() {
        assertThatThrownBy(() -> ReplayCheck.of(BUG_7, SnakeGame::buggy)
                .ignoringStateHashes()
                .invariant("the head is in a known cell", game -> {
                    if (!game.headOnBoard()) {
                        throw new IndexOutOfBoundsException("cell " + game.head());
                    }
                    return true;
                })
                .check())
                .hasMessageStartingWith("replay bug-7.reprise: invariant \"the head is in a known cell\" threw "
                        + "IndexOutOfBoundsException: cell (5, 0) at step 6 RIGHT (code 1)")
                .hasCauseInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void aFinalStateCheck_thatFails_isTheFailure_withItsCause() {
        assertThatThrownBy(() -> ReplayCheck.of(BUG_7, SnakeGame::buggy)
                .ignoringStateHashes()
                .finalState(game -> assertThat(game.head()).isEqualTo(new SnakeGame.Cell(4, 2)))
                .describedBy(game -> "head " + game.head())
                .check())
                .hasMessageStartingWith("replay bug-7.reprise: the final state check failed after all 12 steps: ")
                .hasMessageContaining("(6, 2)")
                .hasMessageEndingWith("\n  state: head (6, 2)")
                .hasCauseInstanceOf(AssertionError.class);
    }

    @Test
    void checks_runOnTheGamesThread_underRunOn() {
        Scheduler gameThread = Schedulers.newSingle("snake-game");
        Set<String> threads = ConcurrentHashMap.newKeySet();
        try {
            ReplayCheck.of(BUG_7, file -> new OnItsThread(SnakeGame.today(file), gameThread))
                    .ignoringStateHashes()
                    .invariant("on the game's thread", game -> threads.add(Thread.currentThread().getName()) || true)
                    .finalState(game -> threads.add(Thread.currentThread().getName()))
                    .check();
        } finally {
            gameThread.dispose();
        }

        assertThat(threads).singleElement().asString().startsWith("snake-game");
    }

    @Test
    void aReplayThatDoesNotEnd_failsAfterTheTimeout_sayingHowFarItGot() {
        assertThatThrownBy(() -> ReplayCheck.of(BUG_7, file -> new Stuck(SnakeGame.today(file)))
                .ignoringStateHashes()
                .invariant("the head is on the board", stuck -> stuck.snake().headOnBoard())
                .timeout(Duration.ofMillis(200))
                .check())
                .hasMessageStartingWith("replay bug-7.reprise: did not end within PT0.2S: 2 of 12 steps played");
    }

    @Test
    void aGameThatCannotBeBuilt_failsSayingWhy() {
        assertThatThrownBy(() -> ReplayCheck.of(BUG_7, file -> {
            throw new IllegalArgumentException("no level " + file.metadata().get("level"));
        }).ignoringStateHashes().invariant("anything", game -> true).check())
                .hasMessage("replay bug-7.reprise: the game could not be built from the file: "
                        + "IllegalArgumentException: no level null");
    }

    @Test
    void options_areCheckedAtOnce() {
        ReplayCheck<SnakeGame> check = ReplayCheck.of(BUG_7, SnakeGame::today);

        assertThatThrownBy(() -> check.invariant(" ", game -> true)).hasMessageContaining("must not be blank");
        assertThatThrownBy(() -> check.timeout(Duration.ZERO)).hasMessage("timeout must be positive, was PT0S");
        assertThatThrownBy(() -> check.ignoringStateHashes().check())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("nothing to judge the replays by");
        assertThatThrownBy(() -> ReplayCheck.of(folder.resolve("nope"), SnakeGame::today).check())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("no such file or folder: ");
    }

    /**
     * A hero with 5 hp: LEFT costs 1, the perk chosen after it (a passive step, its recorded answer applied
     * headless) costs its param, a WALK queues 3 hp of fatigue that its window's finalize takes.
     */
    private static final class Perks extends KitGame {
        static final int LEFT = 3;
        static final int PERK = 4;
        static final int WALK = 5;

        int hp;
        int fatigue;

        Perks() {
            system.registerCommand(LEFT, "LEFT", ReplayCommand.sync(step -> hp--));
            system.registerCommand(PERK, "PERK", ReplayCommand.passive(step -> hp -= step.intParam(0)));
            system.registerCommand(WALK, "WALK", ReplayCommand.withFinalizer((step, context) -> {
                fatigue += 3;
                return Mono.empty();
            }, context -> Mono.fromRunnable(() -> {
                hp -= fatigue;
                fatigue = 0;
            })));
        }

        @Override
        void reset() {
            hp = 5;
            fatigue = 0;
        }

        @Override
        public String toString() {
            return "hp " + hp;
        }
    }

    /** A snake whose sandbox plays on its game thread. */
    private record OnItsThread(SnakeGame snake, Scheduler thread) implements VerifiableGame {
        @Override
        public ReplaySystem system() {
            return snake.system();
        }

        @Override
        public SandboxConfig<?> sandbox(ReplayArray route) {
            return SandboxConfig.builder(route, save -> snake.reset()).runOn(thread).build();
        }
    }

    /** A snake whose HASH command never answers: playback hangs at step 2. */
    private record Stuck(SnakeGame snake) implements VerifiableGame {
        Stuck {
            snake.system().replaceCommand(SnakeGame.HASH, ReplayCommand.active((step, context) -> Mono.never()));
        }

        @Override
        public ReplaySystem system() {
            return snake.system();
        }

        @Override
        public SandboxConfig<?> sandbox(ReplayArray route) {
            return snake.sandbox(route);
        }
    }
}
