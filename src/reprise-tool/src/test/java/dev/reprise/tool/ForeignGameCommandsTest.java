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

import dev.reprise.testing.BadGameJars;
import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game's code is foreign to the tool: a jar that never loads is skipped within {@code --timeout}, and a game
 * that fails at setup is one line and the exit code of a command that could not run, never a verdict or a trace.
 */
@Timeout(60)
class ForeignGameCommandsTest {

    @TempDir
    Path root;
    private ToolFixture tool;

    @BeforeEach
    void fixture() {
        tool = new ToolFixture(root);
    }

    @Test
    void verifyBuilds_aJarWhoseStaticInitializerNeverReturns_isSkippedWithinTheTimeout_andTheOthersPlay()
            throws IOException {
        Path builds = tool.builds("builds", "1");
        BadGameJars.provider(builds, "hangs.jar", BadGameJars.HANGS, null, null);
        tool.write("a", GameJars.record("1", 1, 0, 2));

        assertThat(tool.run("verify", "--builds", builds.toString(), "--timeout", "1", tool.replays().toString()))
                .as(tool.err()).isEqualTo(ReplayTool.OK);
        assertThat(tool.err()).contains("hangs.jar: skipped, did not load within 1000 ms");
        assertThat(tool.out()).containsPattern("(?m)^VALID +1$");
    }

    @Test
    void compatBuilds_aVerifierThatThrowsNoClassDefFoundError_isOneLine_andNotRun() throws IOException {
        Path builds = tool.builds("builds");
        BadGameJars.provider(builds, "bad.jar", "", null, "throw new NoClassDefFoundError(\"test/missing/Lib\");");
        tool.write("a", GameJars.record("1", 1));

        assertThat(tool.run("compat", "--builds", builds.toString(), tool.replays().toString()))
                .isEqualTo(ReplayTool.NOT_RUN);
        assertThat(tool.err()).isEqualTo("replay-tool compat: test.bad any build (bad.jar): its verifier() failed: "
                + "java.lang.NoClassDefFoundError: test/missing/Lib (nothing was run)" + System.lineSeparator());
    }

    @Test
    void verifyBuilds_aVerifierThatOverflowsItsStack_isOneLine_andASetupError() throws IOException {
        Path builds = tool.builds("builds", "1");
        BadGameJars.provider(builds, "bad.jar", "", null, "deep(0); return null;");
        tool.write("a", GameJars.record("1", 1));

        assertThat(tool.run("verify", "--builds", builds.toString(), tool.replays().toString()))
                .isEqualTo(ReplayTool.USAGE);
        assertThat(tool.err().lines()).singleElement().asString()
                .isEqualTo("replay-tool verify: test.bad any build (bad.jar): its verifier() failed: "
                        + "java.lang.StackOverflowError");
        assertThat(tool.out()).isEmpty();
    }

    @Test
    void shrinkBuilds_aVerifierThatThrowsServiceConfigurationError_isOneLine_andASetupError() throws IOException {
        Path builds = tool.builds("builds");
        BadGameJars.provider(builds, "bad.jar", "", null,
                "throw new java.util.ServiceConfigurationError(\"test: a nested provider is missing\");");
        Path in = tool.write("a", GameJars.record("1", 1));

        assertThat(tool.run("shrink", "--builds", builds.toString(), "--game", BadGameJars.GAME_ID, in.toString(),
                root.resolve("out.reprise").toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(tool.err().lines()).singleElement().asString()
                .isEqualTo("replay-tool shrink: test.bad any build (bad.jar): its verifier() failed: "
                        + "java.util.ServiceConfigurationError: test: a nested provider is missing");
        assertThat(root.resolve("out.reprise")).doesNotExist();
    }

    @Test
    void verifyBuilds_aZipBombNamedJar_isSkippedWithItsReason_andWithNoOtherGameAUsageError() throws IOException {
        Path builds = tool.builds("builds");
        BadGameJars.zipBomb(builds, "bomb.jar", 4 * 1024 * 1024);
        tool.write("a", GameJars.record("1", 1));

        assertThat(tool.run("verify", "--builds", builds.toString(), tool.replays().toString()))
                .isEqualTo(ReplayTool.USAGE);
        assertThat(tool.err().lines()).containsExactly(
                "replay-tool: " + builds.resolve("bomb.jar") + ": skipped, its META-INF/services/"
                        + "dev.reprise.verify.ReplayVerifierProvider inflates past 64 KiB (a service file lists class "
                        + "names, one a line)",
                "replay-tool verify: no game jar is installed in " + builds + " (--builds) (see --help)");
    }
}
