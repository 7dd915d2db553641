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

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayUpgrade;
import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code verify --builds}, {@code upgrade}, and {@code shrink} and {@code cut} on a folder of the test game's builds. */
class BuildsCommandsTest {

    @TempDir
    Path root;
    private ToolFixture tool;

    @BeforeEach
    void fixture() {
        tool = new ToolFixture(root);
    }

    @Test
    void verifyBuilds_replaysOfBothBuildsAreValid_andAThirdBuildsIsUnknownBuild_namingTheInstalledBuilds()
            throws IOException {
        Path builds = tool.builds("builds", "1", "2");
        tool.write("a-build-1", GameJars.record("1", 1, 0, 2, 0, 3));
        tool.write("b-build-2", GameJars.record("2", 1, 0, 2, 0, 3));

        assertThat(tool.run("verify", "--builds", builds.toString(), "--parallel", "2", tool.replays().toString()))
                .as(tool.out() + "\n" + tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains("verified 2 replays").containsPattern("(?m)^VALID +2$")
                .contains("played on\n  build 1 (builds-1.jar): 1 replay\n  build 2 (builds-2.jar): 1 replay\n");

        tool.write("c-build-3", GameJars.record("2", "3", 1, 0, 2));
        tool.clear();

        assertThat(tool.run("verify", "--builds", builds.toString(), tool.replays().toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(tool.out()).containsPattern("(?m)^UNKNOWN_BUILD +1$")
                .contains("c-build-3.reprise: UNKNOWN_BUILD: recorded by build \"3\" of game \"test.builds\", which no "
                        + "installed game jar plays; installed builds of test.builds: 1 (builds-1.jar), 2 (builds-2.jar)");
    }

    @Test
    void verifyBuilds_aReplayPlayedUpgradedOnANewerBuild_namesTheBuildAndJarThatJudgedIt() throws IOException {
        Path builds = tool.builds("builds", GameJars.TWO_UPGRADING_ONE); // no build-1 jar: build 1 plays upgraded
        tool.write("scales", GameJars.record("1", 1, 0, 2));

        assertThat(tool.run("verify", "--builds", builds.toString(), tool.replays().toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(tool.out()).contains("  build 2 (builds-2-from-1.jar): 1 replay (1 upgraded from an older build)")
                .containsPattern("scales.reprise: DESYNC at step 2 of 5: .*\\[build 2, builds-2-from-1.jar, upgraded]");
    }

    @Test
    void verifyBuilds_aFolderWithoutGames_isAUsageError_andBrokenJarsAreNamed() throws IOException {
        Path builds = tool.builds("builds");
        Files.writeString(builds.resolve("broken.jar"), "not a jar");
        tool.write("a", GameJars.record("1", 1));

        assertThat(tool.run("verify", "--builds", builds.toString(), tool.replays().toString()))
                .isEqualTo(ReplayTool.USAGE);
        assertThat(tool.err()).contains("broken.jar: skipped, cannot be loaded")
                .contains("no game jar is installed in " + builds + " (--builds)");
    }

    @Test
    void help_namesTheNewOptionsAndOutcome() {
        assertThat(tool.run("verify", "--help")).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains("--builds=DIR").contains("UNKNOWN_BUILD");
        assertThat(tool.run("compat", "--help")).isEqualTo(ReplayTool.OK);
        assertThat(tool.run("upgrade", "--help")).isEqualTo(ReplayTool.OK);
        assertThat(tool.out().replaceAll("\\s+", " ")).contains("125 if nothing could run")
                .contains(ReplayUpgrade.ORIGIN_BUILD_KEY);
        tool.clear();
        for (String command : new String[] {"compat", "upgrade", "shrink", "cut"}) {
            assertThat(tool.run(command, "--help")).isEqualTo(ReplayTool.OK);
            assertThat(tool.out()).as(command).contains("--builds=DIR").contains("--build=BUILD");
            tool.clear();
        }
    }

    @Test
    void upgrade_aRenamedRenumberedCommandAndAParamAddedWithADefault_theUpgradedReplayReproducesOnTheNewBuild()
            throws IOException {
        Path builds = tool.builds("builds", "3");
        Path two = tool.write("two", GameJars.record("2", 1, 0, 2, 0, 3));
        Path upgraded = root.resolve("upgraded" + ReplayFinder.EXTENSION);

        assertThat(tool.run("upgrade", "--builds", builds.toString(), two.toString(), upgraded.toString()))
                .as(tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains(two + " (build 2) -> " + upgraded + " (build 3, recorded by build 2)");

        ReplayFile file = ReplayFile.read(upgraded);
        assertThat(file.gameBuild()).isEqualTo("3");
        assertThat(file.metadata()).containsEntry(ReplayUpgrade.ORIGIN_BUILD_KEY, "2");
        assertThat(file.dictionary().asMap()).containsEntry(GameJars.PLUS, "plus");
        tool.clear();
        Path only = Files.createDirectory(root.resolve("only-upgraded"));
        Files.move(upgraded, only.resolve("upgraded" + ReplayFinder.EXTENSION));
        assertThat(tool.run("verify", "--builds", builds.toString(), only.toString())).as(tool.out())
                .isEqualTo(ReplayTool.OK);
    }

    @Test
    void upgrade_noUpgradeFromTheFilesBuild_writesNothing() throws IOException {
        Path builds = tool.builds("builds", "2");
        Path one = tool.write("one", GameJars.record("1", 1));
        Path target = root.resolve("out" + ReplayFinder.EXTENSION);

        assertThat(tool.run("upgrade", "--builds", builds.toString(), one.toString(), target.toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(tool.err()).contains("declares no upgrade from build \"1\": nothing written");
        assertThat(target).doesNotExist();
    }

    @Test
    void upgrade_severalBuilds_buildChoosesOne_elseExit125NamesThem() throws IOException {
        Path builds = tool.builds("builds", "2", "3");
        Path two = tool.write("two", GameJars.record("2", 1, 0, 2));
        Path target = root.resolve("out" + ReplayFinder.EXTENSION);

        assertThat(tool.run("upgrade", "--builds", builds.toString(), two.toString(), target.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("replay-tool upgrade: choose one build to play on: " + builds + " holds "
                + "test.builds 2 (builds-2.jar), test.builds 3, upgrades 2 (builds-3.jar) (--build=BUILD chooses one)");
        assertThat(tool.run("upgrade", "--builds", builds.toString(), "--build=4", two.toString(), target.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("no game jar in " + builds + " plays build \"4\"; it holds test.builds 2 "
                + "(builds-2.jar), test.builds 3, upgrades 2 (builds-3.jar)");
        assertThat(tool.run("upgrade", "--build=3", two.toString(), target.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("--build chooses among the game jars of --builds=DIR");
        assertThat(target).doesNotExist();

        // Build 3 lists build 2 too (it upgrades it): --build=2 is build 2's own jar, as verify --builds plays it.
        assertThat(tool.run("upgrade", "--builds", builds.toString(), "--build=2", two.toString(), target.toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(tool.err()).contains("test.builds 2 (builds-2.jar) declares no upgrade from build \"2\"");

        assertThat(tool.run("upgrade", "--builds", builds.toString(), "--build=3", two.toString(), target.toString()))
                .as(tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(ReplayFile.read(target).gameBuild()).isEqualTo("3");
    }

    /** Shrinks {@code in} on the folder's build, where it desyncs at step 2: it is cut after that window. */
    private ReplayFile shrunkToTheHashAfterTheScale(Path builds, Path in) throws IOException {
        Path out = root.resolve("cut" + ReplayFinder.EXTENSION);
        assertThat(tool.run("shrink", "--builds", builds.toString(), in.toString(), out.toString()))
                .as(tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).startsWith("cut " + in + " -> " + out + " after the first diverging hash window "
                + "(DESYNC at step 2;");
        return ReplayFile.read(out);
    }

    @Test
    void shrinkBuilds_playsInOnTheJarOfItsBuild_orOnTheOneBuildChooses() throws IOException {
        Path builds = tool.builds("builds", "1", "2");
        // Recorded by build 1's rules but named build 2: on build 2 it desyncs at the hash after the scale.
        Path in = tool.write("named-2", GameJars.record("1", "2", 1, 0, 2, 3, 4, 5));
        assertThat(shrunkToTheHashAfterTheScale(builds, in).save().length()).isEqualTo(3);
        tool.clear();

        // On build 1, whose rules recorded it, it holds up: nothing to shrink.
        Path never = root.resolve("never" + ReplayFinder.EXTENSION);
        assertThat(tool.run("shrink", "--builds", builds.toString(), "--build", "1", in.toString(), never.toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(tool.out()).contains("VALID, nothing to shrink");
        assertThat(never).doesNotExist();
    }

    @Test
    void shrinkBuilds_aReplayOfAnOlderBuild_isShrunkUpgraded_asVerifyPlaysIt() throws IOException {
        Path builds = tool.builds("builds", "3"); // renames "add" (code 1) to "plus" (code 5), upgrading build 2
        // Build 1's rules (scale doubles) named build 2: upgraded to build 3, it desyncs at the hash after the scale.
        Path in = tool.write("named-2", GameJars.record("1", "2", 1, 0, 2, 3, 4, 5));

        ReplayFile cut = shrunkToTheHashAfterTheScale(builds, in);

        assertThat(cut.gameBuild()).isEqualTo("3");
        assertThat(cut.metadata()).containsEntry(ReplayUpgrade.ORIGIN_BUILD_KEY, "2");
        assertThat(cut.save().length()).isEqualTo(3);
    }

    @Test
    void shrinkBuilds_aBuildNoJarPlays_isAUsageError_namingTheInstalledBuilds() throws IOException {
        Path builds = tool.builds("builds", "1", "2");
        Path in = tool.write("three", GameJars.record("2", "3", 1, 0, 2));
        Path out = root.resolve("out" + ReplayFinder.EXTENSION);

        assertThat(tool.run("shrink", "--builds", builds.toString(), in.toString(), out.toString()))
                .isEqualTo(ReplayTool.USAGE);
        assertThat(tool.err()).contains("build \"3\" of game \"test.builds\" is not installed in " + builds
                + ", which holds test.builds 1 (builds-1.jar), test.builds 2 (builds-2.jar)");
        assertThat(tool.run("shrink", "--builds", root.resolve("nope").toString(), in.toString(), out.toString()))
                .isEqualTo(ReplayTool.USAGE);
        assertThat(out).doesNotExist();
    }

    @Test
    void cutBuilds_recomputesTheFinalStateHashOnTheJarOfItsBuild_orKeepsItWhenNoneIsInstalled() throws IOException {
        Path builds = tool.builds("builds", "1", "2");
        ReplayFile recorded = GameJars.record("2", 1, 0, 2, 0, 3);
        Path in = tool.write("two", recorded);
        Path cut = root.resolve("cut" + ReplayFinder.EXTENSION);

        assertThat(tool.run("cut", "--builds", builds.toString(), "--final-hash", in.toString(), cut.toString(),
                "--steps=2")).as(tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).endsWith("-> 2 steps; final state hash (" + GameJars.FINAL_HASH + ") recomputed on "
                + "the game; the kept steps hold up (VALID)" + System.lineSeparator());
        // Build 2 scales by 3: 1 * 3.
        assertThat(ReplayFile.read(cut).metadata()).containsEntry(GameJars.FINAL_HASH,
                HexFormat.of().toHexDigits(GameJars.hash(3)));
        tool.clear();

        Path three = tool.write("three", GameJars.record("2", "3", 1, 0, 2));
        assertThat(tool.run("cut", "--builds", builds.toString(), three.toString(), cut.toString(), "--steps=1"))
                .isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains("-> 1 steps; build \"3\" of game \"test.builds\" is not installed in " + builds
                + ", which holds test.builds 1 (builds-1.jar), test.builds 2 (builds-2.jar): the metadata is kept as "
                + "it was");
        assertThat(ReplayFile.read(cut).metadata()).containsAllEntriesOf(ReplayFile.read(three).metadata());
    }
}
