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

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reprise.io.ReplayFile;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compat}: build-1 replays on build 2 (whose "scale" triples where build 1's doubles), and every exit code. */
class CompatCommandTest {

    @TempDir
    Path root;
    private ToolFixture tool;
    private Path build2;
    private Path replays;

    @BeforeEach
    void install() throws IOException {
        tool = new ToolFixture(root);
        build2 = tool.builds("build-2", "2");
        replays = tool.replays();
    }

    private Path write(String name, ReplayFile file) throws IOException {
        return tool.write(name, file);
    }

    private int run(String... args) {
        return tool.run(args);
    }

    @Test
    void replaysThatNeverUseTheChangedCommand_reproduce_theOthersDivergeAtTheFirstHashStepAfterIt() throws IOException {
        write("a-adds", GameJars.record("1", 1, 2, 3, 4));
        write("b-scales-late", GameJars.record("1", 1, 2, 3, 4, 5, 0, 6)); // scale at step 7, hash after it at 8
        write("c-scales-early", GameJars.record("1", 1, 0, 2)); // scale at step 1, hash at 2
        write("d-adds", GameJars.record("1", 7));

        int status = run("compat", "--builds", build2.toString(), "--parallel", "2", replays.toString());

        assertThat(status).as(tool.err()).isEqualTo(ReplayTool.FAILED);
        List<String> lines = tool.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo(replays.resolve("a-adds.reprise") + "  REPRODUCES [build 1]");
        assertThat(lines.get(1)).startsWith(replays.resolve("b-scales-late.reprise") + "  DIVERGES at step 8 (hash): "
                + "recorded state hash " + HexFormat.of().toHexDigits(GameJars.hash((1 + 2 + 3 + 4 + 5) * 2))
                + ", replayed " + HexFormat.of().toHexDigits(GameJars.hash((1 + 2 + 3 + 4 + 5) * 3))
                + "; diverged in steps 6..7 [build 1]");
        assertThat(lines.get(2)).startsWith(replays.resolve("c-scales-early.reprise") + "  DIVERGES at step 2 (hash)");
        assertThat(lines.get(3)).endsWith("d-adds.reprise  REPRODUCES [build 1]");
        assertThat(tool.out()).contains("compat: 4 replays on test.builds 2 (builds-2.jar) in ")
                .contains("2 do not reproduce").containsPattern("(?m)^  REPRODUCES +2$")
                .containsPattern("(?m)^  DIVERGES +2$").contains("recorded by build 1: 4 replays, 2 reproduce");
    }

    @Test
    void allReproduce_exitZero() throws IOException {
        write("two", GameJars.record("2", 1, 0, 2));
        write("one-without-scale", GameJars.record("1", 1, 2));

        assertThat(run("compat", "--builds", build2.toString(), replays.toString())).as(tool.err())
                .isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains("all reproduce");
    }

    @Test
    void json_oneObjectPerReplay_inTheOrderGiven_andUnreadableFilesAreRows() throws IOException {
        write("a", GameJars.record("1", 1, 0, 2));
        Files.write(replays.resolve("b" + ReplayFinder.EXTENSION), new byte[] {1, 2, 3});
        Path missing = replays.resolve("missing" + ReplayFinder.EXTENSION);

        int status = run("compat", "--json", "--builds", build2.toString(), replays.toString(), missing.toString());

        assertThat(status).isEqualTo(ReplayTool.FAILED);
        ObjectMapper mapper = new ObjectMapper();
        List<JsonNode> rows = tool.out().lines().map(line -> {
            try {
                return mapper.readTree(line);
            } catch (IOException e) {
                throw new AssertionError(line, e);
            }
        }).toList();
        assertThat(rows).hasSize(3);
        assertThat(rows).extracting(n -> n.get("position").asInt()).containsExactly(0, 1, 2);
        assertThat(rows.get(0).get("status").asText()).isEqualTo("DIVERGES");
        assertThat(rows.get(0).get("step").asInt()).isEqualTo(2);
        assertThat(rows.get(0).get("command").asText()).isEqualTo("hash");
        assertThat(rows.get(0).get("recordedBuild").asText()).isEqualTo("1");
        assertThat(rows.get(0).get("outcome").asText()).isEqualTo("DESYNC");
        assertThat(rows.get(0).get("expectedHash").asText()).hasSize(16);
        assertThat(rows.get(1).get("status").asText()).isEqualTo("UNREADABLE");
        assertThat(rows.get(1).get("recordedBuild").isNull()).isTrue();
        assertThat(rows.get(2).get("status").asText()).isEqualTo("UNREADABLE");
        assertThat(rows.get(2).get("reason").asText()).isEqualTo("no such file");
        assertThat(tool.err()).contains("compat: 3 replays");
    }

    @Test
    void upgradedReplays_reproduceOnTheNewBuild_andSaySo() throws IOException {
        Path build3 = tool.builds("build-3", "3");
        write("two", GameJars.record("2", 1, 0, 2, 0, 3));

        int status = run("compat", "--builds", build3.toString(), replays.toString());

        assertThat(status).as(tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains("two.reprise  REPRODUCES [build 2, upgraded]")
                .contains("recorded by build 2: 1 replay, 1 reproduce (1 after an upgrade)");
    }

    @Test
    void noGameInstalled_orUnknownGame_orNoReplay_orAUsageError_is125() throws IOException {
        write("a", GameJars.record("1", 1));
        Path empty = Files.createDirectory(root.resolve("empty"));

        assertThat(run("compat", "--builds", empty.toString(), replays.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("no game jar is installed in " + empty).contains("nothing was run");
        assertThat(run("compat", "--game", "no.such.game", replays.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("game 'no.such.game' is not installed");
        assertThat(run("compat", "--builds", build2.toString(), empty.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("no replay files");
        assertThat(run("compat", "--no-such-option", replays.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(run("compat")).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(run("compat", "--parallel", "0", replays.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(run("compat", "--builds", root.resolve("nope").toString(), replays.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.out()).isEmpty();
    }

    @Test
    void severalBuildsOfTheGame_cannotAllBePlayedOn_is125() throws IOException {
        GameJars.install(build2, "1");
        write("a", GameJars.record("1", 1));

        assertThat(run("compat", "--builds", build2.toString(), replays.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("choose one build to play on: " + build2 + " holds test.builds 1 "
                + "(builds-1.jar), test.builds 2 (builds-2.jar) (--build=BUILD chooses one)");
    }

    @Test
    void theClassPathsGame_isPlayedOnWithoutBuilds() throws IOException {
        // The samples' tower is on the test class path: its valid replays reproduce on it.
        TowerCorpus.Entry valid = TowerCorpus.generate(11, 4).stream()
                .filter(e -> e.expected() == dev.reprise.verify.Outcome.VALID).findFirst().orElseThrow();
        Path tower = Files.write(replays.resolve("tower" + ReplayFinder.EXTENSION), valid.bytes());

        assertThat(run("compat", tower.toString())).as(tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains("tower.reprise  REPRODUCES")
                .contains(" on dev.reprise.samples.tower any build in ");
    }

    @Test
    void severalBuildsOfTheGame_buildChoosesTheOneToPlayOn() throws IOException {
        GameJars.install(build2, "1");
        write("scales", GameJars.record("1", 1, 0, 2));

        assertThat(run("compat", "--builds", build2.toString(), "--build=1", replays.toString())).as(tool.err())
                .isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains("scales.reprise  REPRODUCES [build 1]")
                .contains(" on test.builds 1 (builds-1.jar) in ");
        tool.clear();

        assertThat(run("compat", "--builds", build2.toString(), "--build", "2", replays.toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(tool.out()).contains("scales.reprise  DIVERGES at step 2 (hash)")
                .contains(" on test.builds 2 (builds-2.jar) in ");
    }

    @Test
    void aBuildThatIsNotInTheFolder_orBuildWithoutBuilds_is125_namingTheBuildsPresent() throws IOException {
        GameJars.install(build2, "1");
        write("a", GameJars.record("1", 1));

        assertThat(run("compat", "--builds", build2.toString(), "--build=7", replays.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("replay-tool compat: no game jar in " + build2 + " plays build \"7\"; it holds "
                + "test.builds 1 (builds-1.jar), test.builds 2 (builds-2.jar)");
        assertThat(run("compat", "--build=1", replays.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("--build chooses among the game jars of --builds=DIR");
        assertThat(tool.out()).isEmpty();
    }

    @Test
    void maxSteps_aReplayLongerThanTheBudget_fails_andTheSharedOptionsAreCheckedAsVerifyChecksThem()
            throws IOException {
        write("long", GameJars.record("2", 1, 2, 3, 4, 5));

        assertThat(run("compat", "--builds", build2.toString(), "--max-steps=2", replays.toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(tool.out()).contains("long.reprise  FAILS").contains("more than the budget of 2");
        tool.clear();

        assertThat(run("compat", "--max-steps=0", replays.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err().strip()).isEqualTo("replay-tool compat: --max-steps must be 1 or more, but was 0 "
                + "(see --help)");
        tool.clear();
        assertThat(run("compat", "--timeout=0", replays.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err().strip()).isEqualTo("replay-tool compat: --timeout must be 1 or more seconds, but was 0 "
                + "(see --help)");
        assertThat(tool.out()).isEmpty();
    }

    @Test
    void anUpgradeThatLeavesTheRouteAlone_isNotShownAsUpgraded_andTheSummaryNamesTheOneBuildPlayed()
            throws IOException {
        Path written = tool.builds("build-2-from-1", GameJars.TWO_UPGRADING_ONE); // lists 1 and upgrades it
        write("a-adds", GameJars.record("1", 1, 2, 3));
        write("b-scales", GameJars.record("1", 1, 0, 2));

        int status = run("compat", "--builds", written.toString(), replays.toString());

        assertThat(status).as(tool.err()).isEqualTo(ReplayTool.FAILED);
        assertThat(tool.out()).contains("a-adds.reprise  REPRODUCES [build 1]\n")
                .contains("b-scales.reprise  DIVERGES at step 2 (hash)")
                .contains("compat: 2 replays on test.builds 2 (builds-2-from-1.jar) in ");
    }

    @Test
    void aFileUpgradedBefore_showsTheBuildThatRecordedIt_andIsCountedUnderIt() throws IOException {
        Path build3 = tool.builds("build-3", "3");
        ReplayFile upgraded = dev.reprise.io.ReplayCompatibility.builder(GameJars.GAME_ID,
                        dev.reprise.command.CommandDictionary.of(java.util.Map.of(GameJars.PLUS, "plus", 2, "scale",
                                GameJars.HASH, "hash")))
                .upgrade(dev.reprise.io.ReplayUpgrade.builder("2", "3").renamed("add", "plus")
                        .paramAdded("scale", 0, 3).build()).build().upgrade(GameJars.record("2", 1, 0, 2));
        write("upgraded", upgraded);

        int status = run("compat", "--json", "--builds", build3.toString(), replays.toString());

        assertThat(status).as(tool.err()).isEqualTo(ReplayTool.OK);
        JsonNode row = new ObjectMapper().readTree(tool.out().lines().findFirst().orElseThrow());
        assertThat(row.get("recordedBuild").asText()).isEqualTo("3");
        assertThat(row.get("originBuild").asText()).isEqualTo("2");
        assertThat(row.get("upgraded").asBoolean()).isFalse();
        assertThat(tool.err()).contains("recorded by build 2: 1 replay, 1 reproduce");
        tool.clear();
        assertThat(run("compat", "--builds", build3.toString(), replays.toString())).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains("upgraded.reprise  REPRODUCES [build 3, recorded by build 2]");
    }

    @Test
    void aFileRefusedForACodeTheGameLacks_failsAtThatStep_inTheTextAndTheJson() throws IOException {
        dev.reprise.route.ReplayArray route = new dev.reprise.route.ReplayArray();
        route.add(GameJars.ADD, 5);
        route.add(GameJars.ADD, 3);
        route.add(19);
        write("camp", ReplayFile.builder(route.saveState()).gameId(GameJars.GAME_ID).gameBuild("2")
                .dictionary(dev.reprise.command.CommandDictionary.of(java.util.Map.of(GameJars.ADD, "add", 19, "camp")))
                .metadata(GameJars.FINAL_HASH, "00").build());

        assertThat(run("compat", "--json", "--builds", build2.toString(), replays.toString()))
                .isEqualTo(ReplayTool.FAILED);
        JsonNode row = new ObjectMapper().readTree(tool.out().lines().findFirst().orElseThrow());
        assertThat(row.get("status").asText()).isEqualTo("FAILS");
        assertThat(row.get("outcome").asText()).isEqualTo("INVALID_FILE");
        assertThat(row.get("step").asInt()).isEqualTo(2);
        tool.clear();
        run("compat", "--builds", build2.toString(), replays.toString());
        assertThat(tool.out()).contains("camp.reprise  FAILS at step 2: INVALID_FILE, code 19 (\"camp\" in the file)");
    }
}
