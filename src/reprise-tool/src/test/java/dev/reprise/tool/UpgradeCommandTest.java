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
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code upgrade}: written only if it reproduces, never over its input, many files in one run, compat's exits. */
class UpgradeCommandTest {

    @TempDir
    Path root;
    private ToolFixture tool;

    @BeforeEach
    void fixture() {
        tool = new ToolFixture(root);
    }

    @Test
    void anUpgradeWhoseResultDiverges_writesNothing_exits1_andNamesTheDivergence() throws IOException {
        // Build 2 declares an upgrade from build 1, but its "scale" triples where build 1's doubled.
        Path builds = tool.builds("builds", GameJars.TWO_UPGRADING_ONE);
        Path scales = tool.write("scales", GameJars.record("1", 1, 0, 2));
        Path target = root.resolve("out" + ReplayFinder.EXTENSION);

        assertThat(tool.run("upgrade", "--builds", builds.toString(), scales.toString(), target.toString()))
                .isEqualTo(ReplayTool.FAILED);

        assertThat(target).doesNotExist();
        assertThat(tool.err()).contains("replay-tool upgrade: " + scales + ": upgraded, it does not reproduce on "
                + "test.builds 2 (builds-2-from-1.jar): DIVERGES at step 2 (hash)")
                .contains("[build 2, recorded by build 1]: nothing written (--force writes it anyway)");
        tool.clear();

        assertThat(tool.run("upgrade", "--force", "--builds", builds.toString(), scales.toString(), target.toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(ReplayFile.read(target).metadata()).containsEntry(ReplayUpgrade.ORIGIN_BUILD_KEY, "1");
        assertThat(tool.err()).contains("written with --force, though it does not reproduce");
    }

    @Test
    void anUpgradeThatReproduces_isWritten() throws IOException {
        Path builds = tool.builds("builds", GameJars.TWO_UPGRADING_ONE);
        Path adds = tool.write("adds", GameJars.record("1", 1, 2, 3));
        Path target = root.resolve("out" + ReplayFinder.EXTENSION);

        assertThat(tool.run("upgrade", "--builds", builds.toString(), adds.toString(), target.toString()))
                .as(tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(tool.out()).contains(adds + " (build 1) -> " + target + " (build 2, recorded by build 1)");
        assertThat(ReplayFile.read(target).gameBuild()).isEqualTo("2");
    }

    @Test
    void outIsIn_orALinkToIn_isRefused_with125_andTheInputIsUntouched() throws IOException {
        Path builds = tool.builds("builds", "3");
        Path two = tool.write("two", GameJars.record("2", 1, 0, 2));
        byte[] before = Files.readAllBytes(two);
        Path link = Files.createSymbolicLink(root.resolve("link" + ReplayFinder.EXTENSION), two);

        assertThat(tool.run("upgrade", "--builds", builds.toString(), two.toString(), two.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains(two + " is the input " + two + ": an upgrade is never written over a replay "
                + "it reads");
        assertThat(tool.run("upgrade", "--force", "--builds", builds.toString(), two.toString(), link.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains(link + " is the input " + two + " (through a link)");
        assertThat(tool.run("upgrade", "--builds", builds.toString(), "--out", two.getParent().toString(),
                two.toString())).isEqualTo(ReplayTool.NOT_RUN);

        assertThat(Files.readAllBytes(two)).isEqualTo(before);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(tool.out()).isEmpty();
    }

    @Test
    void many_outDir_upgradesFilesAndFoldersInOneRun_andNamesTheOnesItCannot() throws IOException {
        Path builds = tool.builds("builds", "3");
        tool.write("a", GameJars.record("2", 1, 0, 2));
        tool.write("b", GameJars.record("2", 4, 0));
        Path three = tool.write("c-three", GameJars.record("2", "3", 5)); // build 3 already: no upgrade from it
        Path single = Files.write(root.resolve("single" + ReplayFinder.EXTENSION),
                GameJars.record("2", 7, 0).toBytes());
        Path into = root.resolve("upgraded");

        int status = tool.run("upgrade", "--builds", builds.toString(), "--out=" + into, tool.replays().toString(),
                single.toString());

        assertThat(status).isEqualTo(ReplayTool.FAILED);
        assertThat(List.of("a", "b", "single")).allSatisfy(name -> assertThat(ReplayFile.read(
                into.resolve(name + ReplayFinder.EXTENSION)).gameBuild()).isEqualTo("3"));
        assertThat(into.resolve("c-three" + ReplayFinder.EXTENSION)).doesNotExist();
        assertThat(tool.err()).contains(three + ": test.builds 3 (builds-3.jar) declares no upgrade from build "
                + "\"3\": nothing written");
        assertThat(tool.out().lines()).hasSize(3);
    }

    @Test
    void setupAndUsageErrors_are125() throws IOException {
        Path builds = tool.builds("builds", "1", "3");
        Path two = tool.write("two", GameJars.record("2", 1, 0, 2));
        Path target = root.resolve("out" + ReplayFinder.EXTENSION);

        assertThat(tool.run("upgrade", "--builds", builds.toString(), two.toString(), target.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("choose one build to play on").contains("(nothing was run)");
        assertThat(tool.run("upgrade", two.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).contains("give IN OUT, or --out=DIR");
        assertThat(tool.run("upgrade", "--no-such-option", two.toString(), target.toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.run("upgrade", "--builds", root.resolve("nope").toString(), two.toString(),
                target.toString())).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(target).doesNotExist();
    }
}
