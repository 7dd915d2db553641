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
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tool as a process whose game calls {@code System.exit}: the exit code never says the command passed. */
class ToolExitIT {

    @TempDir
    Path folder;

    @Test
    void verify_aGameThatCallsSystemExitZero_endsTheProcessWith125_andSaysSo() throws Exception {
        Path builds = Files.createDirectory(folder.resolve("builds"));
        BadGameJars.provider(builds, "exits.jar", "", null, "System.exit(0); return null;");
        Path replays = Files.createDirectory(folder.resolve("replays"));
        GameJars.record("1", 1).write(replays.resolve("a.reprise"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                ReplayTool.class.getName(), "verify", "--builds", builds.toString(), replays.toString()))
                .redirectOutput(folder.resolve("out.txt").toFile()).redirectError(folder.resolve("err.txt").toFile())
                .start();

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("exited").isTrue();
        String err = Files.readString(folder.resolve("err.txt"), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(err).isEqualTo(ReplayTool.NOT_RUN);
        assertThat(err).endsWith("replay-tool: the process was ended (a game's System.exit, or a signal) before the "
                + "command finished; exit code 125" + System.lineSeparator());
    }
}
