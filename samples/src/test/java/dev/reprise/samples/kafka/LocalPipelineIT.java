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
package dev.reprise.samples.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.testing.GameJars;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class LocalPipelineIT {

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void run_brokerTwoWorkersAndASubmitter_exactlyOneVerdictPerSubmission() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        boolean exact = LocalPipeline.run(12, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(exact).as(out).isTrue();
        assertThat(out).contains("broker: ", "workers: local-1, local-2", "12 verdicts in ", " verdicts/s",
                "committed verdicts: 12 submissions, 12 with exactly one verdict of the expected outcome, 12 verdicts"
                        + " in all: OK");
        assertThat(out.lines().filter(line -> line.contains("VALID ") || line.contains("DESYNC ")
                || line.contains("INVALID_FILE ") || line.contains("REJECTED "))).hasSizeGreaterThanOrEqualTo(12);
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void run_aFolderOfReplaysOfTwoBuilds_withBuilds_exactlyOneVerdictEach(@TempDir Path root) throws Exception {
        Path builds = Files.createDirectory(root.resolve("builds"));
        GameJars.install(builds, "1");
        GameJars.install(builds, "2");
        Path replays = Files.createDirectory(root.resolve("replays"));
        GameJars.record("1", 1, 0, 2).write(replays.resolve("one.reprise"));
        GameJars.record("2", 1, 0, 2).write(replays.resolve("two.reprise"));
        GameJars.record("2", "3", 1, 0, 2).write(replays.resolve("three.reprise"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        boolean exact = LocalPipeline.run(replays, null, builds, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String out = bytes.toString(StandardCharsets.UTF_8);
        assertThat(exact).as(out).isTrue();
        assertThat(out).containsPattern("one.reprise +VALID ").containsPattern("two.reprise +VALID ")
                .containsPattern("three.reprise +UNKNOWN_BUILD ")
                .contains("committed verdicts: 3 submissions, 3 with exactly one verdict, 3 verdicts in all: OK");
    }
}
