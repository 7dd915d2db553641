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
package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Concurrent reads in a 128 MiB heap never run out of memory: {@link ReadMemoryHarness} in a forked
 * JVM (fewer reads than the documented runs in docs/performance.md, to keep the suite fast).
 */
class ReadMemoryIT {

    @TempDir
    static Path folder;

    @BeforeAll
    static void makeTheLargestFiles() throws IOException {
        ReadMemoryHarness.makeLargest(folder);
    }

    @ParameterizedTest
    @CsvSource({"small, 64, 5", "large, 8, 16"})
    void concurrentReads_inA128MiBHeap_neverRunOutOfMemory(String scenario, int threads, int reads)
            throws IOException, InterruptedException {
        String output = harness(scenario, String.valueOf(threads), String.valueOf(reads));

        assertThat(output).contains("RESULT " + scenario).contains(" oom=0 ");
    }

    /**
     * Threads reading the largest files the default caps allow, half with {@code read(Path)}, half
     * with {@code read(InputStream)}: a stream's buffer is reserved before it is allocated, so no read runs
     * out of memory (allocating first made 22 of 32 reads on 16 threads fail).
     */
    @ParameterizedTest
    @CsvSource({"NONE, 16, 2, 60", "NONE, 32, 2, 60", "COMPACT, 16, 1, 10", "COMPACT, 32, 1, 10"})
    void theLargestFiles_readByManyThreadsInA128MiBHeap_areReadOrRefusedForMemory_neverRunOutOfIt(
            Compression compression, int threads, int reads, int waitSeconds) throws IOException, InterruptedException {
        Path file = folder.resolve("largest-" + compression + ".reprise");

        String output = harness("mixed", String.valueOf(threads), String.valueOf(reads), file.toString(),
                String.valueOf(waitSeconds));

        Matcher result = Pattern.compile("reads=(\\d+) ok=(\\d+) refused=(\\d+) oom=(\\d+) other=(\\d+)").matcher(output);
        assertThat(result.find()).as(output).isTrue();
        assertThat(result.group(4)).as("reads that ran out of memory: %s", output).isEqualTo("0");
        assertThat(result.group(5)).as("reads that failed otherwise: %s", output).isEqualTo("0");
        assertThat(Integer.parseInt(result.group(2))).as("reads that succeeded: %s", output).isPositive();
        assertThat(Integer.parseInt(result.group(2)) + Integer.parseInt(result.group(3)))
                .isEqualTo(threads * reads);
    }

    /** Runs the harness in a JVM of 128 MiB and returns what it printed, checking it finished and exited 0. */
    private static String harness(String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                ReadMemoryHarness.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        boolean finished = process.waitFor(5, TimeUnit.MINUTES);
        if (!finished) {
            process.destroyForcibly();
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(finished).as("finished within 5 minutes: %s", output).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }
}
