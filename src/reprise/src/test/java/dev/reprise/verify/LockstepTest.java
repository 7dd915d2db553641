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

import static dev.reprise.testing.TradeJars.BUY;
import static dev.reprise.testing.TradeJars.SELL;
import static dev.reprise.testing.TradeJars.TRAVEL;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.ReplayFile;
import dev.reprise.testing.TradeJars;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.test.StepVerifier;

/** Lockstep comparisons of the trading game's builds, each from its own class loader. */
class LockstepTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path folder;
    private GameBuilds<ReplayVerifierProvider> builds;
    private final Lockstep lockstep = Lockstep.builder().timeout(WAIT).build();

    @BeforeEach
    void install() {
        builds = GameBuilds.verifiers(TradeJars.install(folder, "1", "2", "leaky", "forgetful")).build();
    }

    @AfterEach
    void close() {
        builds.close();
    }

    @Test
    void compare_twoBuildsDifferingInOneRule_partAtTheFirstUseOfThatRule_namingOnlyTheFieldItChanges() {
        // buy 5, go to town 2, sell 1 (no tax there), go to town 1, buy 1, sell 2: the first taxed sale.
        ReplayFile file = TradeJars.record("1", BUY, 5, TRAVEL, 2, SELL, 1, TRAVEL, 1, BUY, 1, SELL, 2, BUY, 1);
        int taxedSale = indexOf(file, SELL, 2);

        ReplayVerifier one = verifier("1");
        ReplayVerifier two = verifier("2");

        Lockstep lockstep = Lockstep.builder().timeout(Duration.ofSeconds(30)).build();
        LockstepResult result = lockstep.compare(
                        Lockstep.Side.of("build 1", file, one.games()),
                        Lockstep.Side.of("build 2", two.upgrade(file), two.games())) // build 2 renamed a command
                .block();

        assertThat(result.status()).as(result.line()).isEqualTo(LockstepResult.Status.PARTS);
        assertThat(result.step()).isEqualTo(taxedSale);
        assertThat(result.stepsAlike()).isEqualTo(taxedSale);
        assertThat(result.command()).contains("sell");
        assertThat(result.params()).containsExactly(2);
        // 100 - 50 + 12 - 10 + 24 on build 1; 4 gold of tax less on build 2. Silk and town are alike.
        assertThat(result.differences()).containsExactly(new FieldDifference("gold", "76", "72"));
        assertThat(result.differenceCount()).isEqualTo(1);
        assertThat(result.line()).isEqualTo("PARTS at step " + taxedSale + " (sell, [2]) after " + taxedSale
                + " steps alike: gold 76 \u2260 72");
    }

    @Test
    void compare_oneBuildWithItself_isSame_andTheComparisonIsCold() {
        ReplayFile file = TradeJars.record("1", BUY, 5, TRAVEL, 1, SELL, 2);
        ReplayVerifier one = verifier("1");

        StepVerifier.create(lockstep.compare(side("a", file, one), side("b", file, one)))
                .assertNext(result -> {
                    assertThat(result.status()).isEqualTo(LockstepResult.Status.SAME);
                    assertThat(result.stepsAlike()).isEqualTo(file.save().length());
                    assertThat(result.reason()).contains("by state hash");
                })
                .expectComplete().verify(WAIT);
    }

    @Test
    void compare_twoFreshGamesSharingAStaticCounter_partAtTheFirstSale() {
        ReplayFile file = TradeJars.record("leaky", BUY, 5, TRAVEL, 1, SELL, 1, SELL, 1);
        ReplayVerifier leaky = verifier("leaky");

        LockstepResult result = lockstep.compare(side("first game", file, leaky), side("second game", file, leaky))
                .block(WAIT);

        assertThat(result.status()).as(result.line()).isEqualTo(LockstepResult.Status.PARTS);
        assertThat(result.step()).isEqualTo(indexOf(file, SELL, 1));
        assertThat(result.differences()).extracting(FieldDifference::field).containsExactly("gold");
    }

    @Test
    void compare_aSnapshotThatForgetsTheTown_partsAfterTheFirstCheckpointInAnotherTown_namingTheTown() {
        ReplayFile file = TradeJars.record("forgetful", route(TRAVEL, 1, 40));
        ReplayVerifier forgetful = verifier("forgetful");
        Lockstep.Side played = side("played", file, forgetful);

        LockstepResult result = lockstep.compare(played, played.restoringSnapshots()).block(WAIT);

        assertThat(result.status()).as(result.line()).isEqualTo(LockstepResult.Status.PARTS);
        assertThat(result.differences()).containsExactly(new FieldDifference("town", "1", "0"));
        assertThat(result.step()).isPositive();
    }

    @Test
    void compare_anHonestSnapshot_isSameWhenRestoredAtEveryCheckpoint() {
        ReplayFile file = TradeJars.record("1", route(TRAVEL, 1, 40));
        Lockstep.Side played = side("played", file, verifier("1"));

        LockstepResult result = lockstep.compare(played, played.restoringSnapshots()).block(WAIT);

        assertThat(result.status()).as(result.line()).isEqualTo(LockstepResult.Status.SAME);
    }

    @Test
    void compare_aGameThatCannotBeBuilt_failsNamingTheSide() {
        ReplayFile file = TradeJars.record("1", BUY, 1);
        GameFactory broken = f -> {
            throw new IllegalStateException("no tower today");
        };

        LockstepResult result = lockstep.compare(side("build 1", file, verifier("1")),
                Lockstep.Side.of("broken build", file, broken)).block(WAIT);

        assertThat(result.status()).isEqualTo(LockstepResult.Status.FAILS);
        assertThat(result.side()).contains("broken build");
        assertThat(result.line()).contains("FAILS on broken build: the game could not be built from the file")
                .contains("no tower today");
    }

    @Test
    void compare_aLongerRouteThanTheBudget_failsAfterComparingTheBudget() {
        ReplayFile file = TradeJars.record("1", route(BUY, 1, 10));
        ReplayVerifier one = verifier("1");

        LockstepResult result = Lockstep.builder().maxSteps(3).build()
                .compare(side("a", file, one), side("b", file, one)).block(WAIT);

        assertThat(result.status()).isEqualTo(LockstepResult.Status.FAILS);
        assertThat(result.stepsAlike()).isEqualTo(3);
        assertThat(result.reason()).contains("more than the budget of 3");
    }

    @Test
    void compare_describeStateThrows_failsNamingTheGameTheSideAndTheStep() {
        ReplayFile file = TradeJars.record("1", BUY, 1, BUY, 1, BUY, 1);
        GameFactory counting = f -> new DescribedCounter(false);
        GameFactory throwing = f -> new DescribedCounter(true);

        LockstepResult result = lockstep.compare(Lockstep.Side.of("left", file, counting),
                Lockstep.Side.of("right", file, throwing)).block(WAIT);

        assertThat(result.status()).as(result.line()).isEqualTo(LockstepResult.Status.FAILS);
        assertThat(result.side()).contains("right");
        assertThat(result.step()).isEqualTo(2);
        assertThat(result.reason()).contains("describeState() of game \"test.trade\" threw after step 2 (buy)")
                .contains("broken at 3");
    }

    @Test
    void compare_aCommandThatFailsOnOneSide_failsNamingThatSideAndTheStep() {
        ReplayFile file = TradeJars.record("1", BUY, 1, BUY, 1, BUY, 1);

        LockstepResult result = lockstep.compare(Lockstep.Side.of("left", file, f -> new DescribedCounter(false)),
                Lockstep.Side.of("right", file, f -> new DescribedCounter(false, 2))).block(WAIT);

        assertThat(result.status()).as(result.line()).isEqualTo(LockstepResult.Status.FAILS);
        assertThat(result.side()).contains("right");
        assertThat(result.step()).isEqualTo(2);
        assertThat(result.stepsAlike()).isEqualTo(2);
    }

    @Test
    void compare_aCommandThatNeverAnswers_failsAtTheTimeout() {
        ReplayFile file = TradeJars.record("1", BUY, 1, BUY, 1);
        GameFactory hanging = f -> {
            DescribedCounter game = new DescribedCounter(false);
            game.system.replaceCommand(BUY, dev.reprise.command.ReplayCommand.active((step, context)
                    -> reactor.core.publisher.Mono.never()));
            return game;
        };

        LockstepResult result = Lockstep.builder().timeout(Duration.ofMillis(300)).build()
                .compare(Lockstep.Side.of("left", file, hanging), Lockstep.Side.of("right", file, hanging))
                .block(WAIT);

        assertThat(result.status()).isEqualTo(LockstepResult.Status.FAILS);
        assertThat(result.reason()).contains("ran over the PT0.3S timeout after 0 steps alike");
    }

    /** A game without a state hash that counts its steps and describes the count; it may throw at 3. */
    private static final class DescribedCounter implements VerifiableGame {
        final dev.reprise.ReplaySystem system = new dev.reprise.ReplaySystem();
        private final boolean breaks;
        private int count;

        DescribedCounter(boolean breaks) {
            this(breaks, -1);
        }

        /** A counter whose command throws at step {@code failsAt}. */
        DescribedCounter(boolean breaks, int failsAt) {
            this.breaks = breaks;
            system.registerCommand(BUY, "buy", dev.reprise.command.ReplayCommand.sync(step -> {
                if (step.index() == failsAt) {
                    throw new IllegalStateException("no silk today");
                }
                count++;
            }));
            system.registerCommand(TradeJars.HASH, "hash", dev.reprise.command.ReplayCommand.sync(step -> { }));
        }

        @Override
        public dev.reprise.ReplaySystem system() {
            return system;
        }

        @Override
        public dev.reprise.playback.SandboxConfig<?> sandbox(dev.reprise.route.ReplayArray route) {
            return dev.reprise.playback.SandboxConfig.builder(route, save -> count = 0).build();
        }

        @Override
        public java.util.Map<String, ?> describeState() {
            if (breaks && count == 3) {
                throw new IllegalStateException("broken at 3");
            }
            return java.util.Map.of("count", count);
        }
    }

    /** A route that starts with one step and then buys 1 silk {@code buys} times. */
    private static int[] route(int code, int param, int buys) {
        return IntStream.concat(IntStream.of(code, param), IntStream.range(0, buys).flatMap(i -> IntStream.of(BUY, 1)))
                .toArray();
    }

    private ReplayVerifier verifier(String build) {
        return builds.lease(TradeJars.GAME_ID, build).orElseThrow().service().verifier().build();
    }

    private static Lockstep.Side side(String name, ReplayFile file, ReplayVerifier verifier) {
        return Lockstep.Side.of(name, file, verifier.games());
    }

    private static int indexOf(ReplayFile file, int code, int param) {
        var route = file.save();
        var system = new dev.reprise.ReplaySystem();
        system.loadState(route);
        for (int i = 0; i < system.array().length(); i++) {
            var step = system.array().get(i);
            if (step.code() == code && step.params().equals(List.of(param))) {
                return i;
            }
        }
        throw new AssertionError("no step " + code + " " + param);
    }
}
