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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool's standard output lost, with the tool as a process, as a shell runs it: a full device fails the
 * command with one line on standard error; a pipe whose reader is gone (as {@code dump BIG | head -1}) stops
 * it at once, quietly. Both end with exit code 1. {@link LostOutputTest} tests the same in the test's JVM.
 */
class LostOutputIT {

    private static final Path DEV_FULL = Path.of("/dev/full");

    @TempDir
    static Path folder;
    private static Path big;

    @BeforeAll
    static void writeReplay() throws IOException {
        big = LostOutputTest.writeBig(folder);
    }

    private static ProcessBuilder tool(String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                ReplayTool.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    @Test
    void process_info_toAFullDevice_exitsOne_withOneLineOnStandardError() throws Exception {
        assumeTrue(Files.exists(DEV_FULL), "no /dev/full here");
        Process process = tool("info", big.toString()).redirectOutput(DEV_FULL.toFile())
                .redirectError(ProcessBuilder.Redirect.PIPE).start();

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("exited").isTrue();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.exitValue()).as(err).isEqualTo(ReplayTool.FAILED);
        assertThat(err.lines()).singleElement().asString()
                .isEqualTo("replay-tool: cannot write standard output: No space left on device");
    }

    @Test
    void process_dump_intoAPipeClosedAfterOneLine_stopsPromptly_andQuietly() throws Exception {
        File errFile = folder.resolve("dump.err").toFile();
        Process process = tool("dump", big.toString()).redirectError(errFile).start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertThat(lines.readLine()).isEqualTo("0: 0");
        } // as head -1: the reader is gone after one line

        boolean exited = process.waitFor(20, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }

        assertThat(exited).as("the tool stopped writing into a closed pipe within 20 s").isTrue();
        assertThat(process.exitValue()).isEqualTo(ReplayTool.FAILED);
        assertThat(Files.readString(errFile.toPath())).as("standard error").isEmpty();
    }
}
