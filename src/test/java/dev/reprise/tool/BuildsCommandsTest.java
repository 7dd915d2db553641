package dev.reprise.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayUpgrade;
import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code verify --builds} and {@code upgrade}, on the test game's builds compiled into jars. */
class BuildsCommandsTest {

    @TempDir
    Path root;
    private Path builds;
    private Path replays;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void folders() throws IOException {
        builds = Files.createDirectory(root.resolve("builds"));
        replays = Files.createDirectory(root.resolve("replays"));
    }

    private Path write(String name, ReplayFile file) throws IOException {
        Path path = replays.resolve(name + ReplayFinder.EXTENSION);
        file.write(path);
        return path;
    }

    private int run(String... args) {
        return ToolRun.run(out, err, args);
    }

    @Test
    void verifyBuilds_replaysOfBothBuildsAreValid_andAThirdBuildsIsUnknownBuild_namingTheInstalledBuilds()
            throws IOException {
        GameJars.install(builds, "1");
        GameJars.install(builds, "2");
        write("a-build-1", GameJars.record("1", 1, 0, 2, 0, 3));
        write("b-build-2", GameJars.record("2", 1, 0, 2, 0, 3));

        assertThat(run("verify", "--builds", builds.toString(), "--parallel", "2", replays.toString()))
                .as(out + "\n" + err).isEqualTo(ReplayTool.OK);
        assertThat(out.toString()).contains("verified 2 replays").containsPattern("(?m)^VALID +2$");

        write("c-build-3", GameJars.record("2", "3", 1, 0, 2));
        out.getBuffer().setLength(0);

        assertThat(run("verify", "--builds", builds.toString(), replays.toString())).isEqualTo(ReplayTool.FAILED);
        assertThat(out.toString()).containsPattern("(?m)^UNKNOWN_BUILD +1$")
                .contains("c-build-3.reprise: UNKNOWN_BUILD: recorded by build \"3\" of game \"test.builds\", which no "
                        + "installed game jar plays; installed builds of test.builds: 1 (builds-1.jar), 2 (builds-2.jar)");
    }

    @Test
    void verifyBuilds_aFolderWithoutGames_isAUsageError_andBrokenJarsAreNamed() throws IOException {
        Files.writeString(builds.resolve("broken.jar"), "not a jar");
        write("a", GameJars.record("1", 1));

        assertThat(run("verify", "--builds", builds.toString(), replays.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString()).contains("broken.jar: skipped, cannot be loaded")
                .contains("no game jar is installed in " + builds + " (--builds)");
    }

    @Test
    void help_namesTheNewOptionsAndOutcome() {
        assertThat(run("verify", "--help")).isEqualTo(ReplayTool.OK);
        assertThat(out.toString()).contains("--builds=DIR").contains("UNKNOWN_BUILD");
        assertThat(run("compat", "--help")).isEqualTo(ReplayTool.OK);
        assertThat(run("upgrade", "--help")).isEqualTo(ReplayTool.OK);
        assertThat(out.toString().replaceAll("\\s+", " ")).contains("125 if nothing could run")
                .contains(ReplayUpgrade.ORIGIN_BUILD_KEY);
    }

    @Test
    void upgrade_aRenamedRenumberedCommandAndAParamAddedWithADefault_theUpgradedReplayReproducesOnTheNewBuild()
            throws IOException {
        GameJars.install(builds, "3");
        Path two = write("two", GameJars.record("2", 1, 0, 2, 0, 3));
        Path upgraded = root.resolve("upgraded" + ReplayFinder.EXTENSION);

        assertThat(run("upgrade", "--builds", builds.toString(), two.toString(), upgraded.toString()))
                .as(err.toString()).isEqualTo(ReplayTool.OK);
        assertThat(out.toString()).contains(two + " (build 2) -> " + upgraded + " (build 3, recorded by build 2)");

        ReplayFile file = ReplayFile.read(upgraded);
        assertThat(file.gameBuild()).isEqualTo("3");
        assertThat(file.metadata()).containsEntry(ReplayUpgrade.ORIGIN_BUILD_KEY, "2");
        assertThat(file.dictionary().asMap()).containsEntry(GameJars.PLUS, "plus");
        out.getBuffer().setLength(0);
        Path only = Files.createDirectory(root.resolve("only-upgraded"));
        Files.move(upgraded, only.resolve("upgraded" + ReplayFinder.EXTENSION));
        assertThat(run("verify", "--builds", builds.toString(), only.toString())).as(out.toString())
                .isEqualTo(ReplayTool.OK);
    }

    @Test
    void upgrade_noUpgradeFromTheFilesBuild_writesNothing() throws IOException {
        GameJars.install(builds, "2");
        Path one = write("one", GameJars.record("1", 1));
        Path target = root.resolve("out" + ReplayFinder.EXTENSION);

        assertThat(run("upgrade", "--builds", builds.toString(), one.toString(), target.toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(err.toString()).contains("declares no upgrade from build \"1\": nothing written");
        assertThat(target).doesNotExist();
    }
}
