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
package dev.reprise.tool;

import static dev.reprise.testing.TradeJars.BUY;
import static dev.reprise.testing.TradeJars.SELL;
import static dev.reprise.testing.TradeJars.TRAVEL;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reprise.testing.GameJars;
import dev.reprise.testing.TradeJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code diff} and {@code determinism} on folders of the trading game's builds. */
class LockstepCommandsTest {

    /** Buys, sells once in town 2 (no tax on build 2), then twice in town 1: the first taxed sale is step 6. */
    private static final int[] TAXED = {BUY, 5, TRAVEL, 2, SELL, 1, TRAVEL, 1, BUY, 1, SELL, 2, BUY, 1};
    private static final int[] UNTAXED = {BUY, 5, TRAVEL, 2, SELL, 1, SELL, 1};

    @TempDir
    Path root;
    private ToolFixture tool;

    @BeforeEach
    void fixture() {
        tool = new ToolFixture(root);
    }

    @Test
    void diff_aRuleChange_partsAtItsFirstUse_namingOnlyTheFieldItChanges_andTheOtherReplaysGoOn() throws IOException {
        Path builds = TradeJars.install(root.resolve("builds"), "1", "2");
        Path taxed = tool.write("a-taxed", TradeJars.record("1", TAXED));
        Path untaxed = tool.write("b-untaxed", TradeJars.record("1", UNTAXED));
        Path junk = Files.writeString(tool.replays().resolve("c-junk.reprise"), "not a replay");
        Path other = tool.write("d-other-game", GameJars.record("1", 1, 0, 2));

        int status = tool.run("diff", "--builds", builds.toString(), taxed.toString(), untaxed.toString(),
                junk.toString(), other.toString());

        assertThat(status).as(tool.out() + tool.err()).isEqualTo(ReplayTool.FAILED);
        assertThat(tool.out()).contains(taxed + ": PARTS at step 6 (sell, [2]) after 6 steps alike: gold 76 \u2260 72\n")
                .contains(untaxed + ": SAME (compared after each of")
                .contains(junk + ": UNREADABLE: ")
                .contains(other + ": FAILS: recorded by game \"test.builds\", which no game jar of " + builds
                        + " plays")
                .containsPattern("(?m)^PARTS +1$").containsPattern("(?m)^SAME +1$");
        assertThat(tool.out().indexOf("a-taxed")).isLessThan(tool.out().indexOf("b-untaxed"));
    }

    @Test
    void diff_everyReplaySame_isOk_andJsonHasTheBindingKeys() throws IOException {
        Path builds = TradeJars.install(root.resolve("builds"), "1", "2");
        Path untaxed = tool.write("untaxed", TradeJars.record("1", UNTAXED));
        assertThat(tool.run("diff", "--builds", builds.toString(), untaxed.toString())).as(tool.err())
                .isEqualTo(ReplayTool.OK);
        tool.clear();

        Path taxed = tool.write("taxed", TradeJars.record("1", TAXED));
        assertThat(tool.run("diff", "--json", "--builds", builds.toString(), "--left=1", "--right=2",
                taxed.toString())).isEqualTo(ReplayTool.FAILED);
        JsonNode line = new ObjectMapper().readTree(tool.out().lines().findFirst().orElseThrow());
        assertThat(line.get("status").asText()).isEqualTo("PARTS");
        assertThat(line.get("step").asInt()).isEqualTo(6);
        assertThat(line.get("command").asText()).isEqualTo("sell");
        assertThat(line.get("differences")).hasSize(1);
        assertThat(line.get("differences").get(0).get("field").asText()).isEqualTo("gold");
        assertThat(line.get("differences").get(0).get("left").asText()).isEqualTo("76");
        assertThat(line.get("differences").get(0).get("right").asText()).isEqualTo("72");
        assertThat(tool.err()).containsPattern("(?m)^PARTS +1$");
    }

    @Test
    void diff_nothingCouldRun_is125_namingTheInstalledBuilds() throws IOException {
        Path builds = TradeJars.install(root.resolve("builds"), "1", "2");
        Path replay = tool.write("r", TradeJars.record("1", UNTAXED));

        assertThat(tool.run("diff", "--builds", builds.toString(), "--right=7", replay.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("plays build \"7\"; it holds test.trade 1 (trade-1.jar), test.trade 2, "
                + "upgrades 1 (trade-2.jar)");
        assertThat(tool.run("diff", "--builds", builds.toString(), tool.replays().resolve("none").toString()))
                .as("a missing file is its own line").isEqualTo(ReplayTool.FAILED);
        assertThat(tool.run("diff", "--builds", builds.toString(), Files.createDirectory(root.resolve("empty"))
                .toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.run("diff", replay.toString())).as("no --builds").isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.run("diff", "--builds", root.resolve("nope").toString(), replay.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
    }

    @Test
    void compatExplain_aDivergingReplayOfAnInstalledBuild_showsTheStepAndTheFieldUnderItsWindowLine()
            throws IOException {
        Path builds = TradeJars.install(root.resolve("builds"), "1", "2");
        Path taxed = tool.write("a-taxed", TradeJars.record("1", TAXED));
        Path untaxed = tool.write("b-untaxed", TradeJars.record("1", UNTAXED));

        int status = tool.run("compat", "--explain", "--builds", builds.toString(), "--build=2", "--parallel=1",
                taxed.toString(), untaxed.toString());

        assertThat(status).as(tool.out() + tool.err()).isEqualTo(ReplayTool.FAILED);
        String out = tool.out();
        assertThat(out).contains(taxed + "  DIVERGES")
                .contains("\n    build 1 against build 2: PARTS at step 6 (sell, [2]) after 6 steps alike: gold 76 "
                        + "\u2260 72\n")
                .contains(untaxed + "  REPRODUCES");
        assertThat(out.indexOf("DIVERGES")).isLessThan(out.indexOf("PARTS at step 6"));
        assertThat(tool.run("compat", "--explain", taxed.toString())).as("no --builds")
                .isEqualTo(ReplayTool.NOT_RUN);
    }

    @Test
    void determinism_aStaticCounterSharedBetweenGames_namesGamesAndTheFirstSale() throws IOException {
        Path builds = TradeJars.install(root.resolve("builds"), "leaky");
        Path replay = tool.write("leaky", TradeJars.record("leaky", UNTAXED));

        assertThat(tool.run("determinism", "--builds", builds.toString(), replay.toString())).as(tool.err())
                .isEqualTo(ReplayTool.FAILED);
        assertThat(tool.out()).contains(replay + ": PARTS (games) at step 2 (sell, [1]) after 2 steps alike: gold ");
    }

    @Test
    void determinism_aSnapshotThatForgetsAField_namesSnapshotAndTheField() throws IOException {
        Path builds = TradeJars.install(root.resolve("builds"), "forgetful");
        int[] steps = IntStream.concat(IntStream.of(TRAVEL, 1), IntStream.range(0, 40).flatMap(i -> IntStream.of(BUY, 1)))
                .toArray();
        Path replay = tool.write("forgetful", TradeJars.record("forgetful", steps));

        assertThat(tool.run("determinism", "--json", "--builds", builds.toString(), replay.toString()))
                .as(tool.err()).isEqualTo(ReplayTool.FAILED);
        JsonNode line = new ObjectMapper().readTree(tool.out().lines().findFirst().orElseThrow());
        assertThat(line.get("status").asText()).isEqualTo("PARTS");
        assertThat(line.get("check").asText()).isEqualTo("snapshot");
        assertThat(line.get("differences").get(0).get("field").asText()).isEqualTo("town");
        assertThat(line.get("differences")).hasSize(1);
    }

    @Test
    void determinism_anHonestGame_isDeterministicOnEveryReplay() throws IOException {
        Path builds = TradeJars.install(root.resolve("builds"), "1");
        tool.write("a", TradeJars.record("1", TAXED));
        tool.write("b", TradeJars.record("1", UNTAXED));
        tool.write("c", TradeJars.record("1", IntStream.range(0, 60).flatMap(i -> IntStream.of(BUY, 1)).toArray()));

        assertThat(tool.run("determinism", "--builds", builds.toString(), tool.replays().toString()))
                .as(tool.out() + tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).containsPattern("(?m)^DETERMINISTIC +3$");
    }

    @Test
    void determinism_noGame_is125() throws IOException {
        Path replay = tool.write("r", TradeJars.record("1", UNTAXED));

        assertThat(tool.run("determinism", "--builds", root.resolve("nope").toString(), replay.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.run("determinism", "--builds", root.toString(), "--json")).isEqualTo(ReplayTool.NOT_RUN);
    }
}
