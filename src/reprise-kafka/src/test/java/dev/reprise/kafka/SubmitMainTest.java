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
package dev.reprise.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.json.VerdictJson;
import dev.reprise.testing.GameJars;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link SubmitMain}'s checks, all made before anything connects: no broker runs here. */
class SubmitMainTest {

    /** A broker address nothing listens on: a command that tried to connect would fail with exit 4. */
    private static final Map<String, String> NO_BROKER = Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", "127.0.0.1:1",
            "REPRISE_KAFKA_START_TIMEOUT_MS", "1000");

    @TempDir
    Path dir;

    private static SubmitRun run(Map<String, String> env, String... args) {
        return SubmitRun.of(env, args);
    }

    private Path replay() throws Exception {
        return Files.write(dir.resolve("good.reprise"), GameJars.record("1", 1, 0, 2).toBytes());
    }

    private static void assertUsageError(SubmitRun run, String line) {
        assertThat(run.code()).as(run.err()).isEqualTo(SubmitMain.USAGE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("submit: " + line + System.lineSeparator());
    }

    @Test
    void help_printsTheUsageAndEveryExitCode_andExitsZero() {
        SubmitRun run = run(Map.of(), "--help");

        assertThat(run.code()).isZero();
        assertThat(run.out()).startsWith("usage: java -cp reprise-worker.jar dev.reprise.kafka.SubmitMain")
                .contains("--bootstrap-servers", "REPRISE_KAFKA_BOOTSTRAP_SERVERS", "3 a verdict did not come in time");
    }

    @Test
    void noBroker_isOneLineNamingTheThreeWaysToGiveIt() throws Exception {
        assertUsageError(run(Map.of(), replay().toString()), "no Kafka broker given: --bootstrap-servers=HOST:PORT,"
                + " the variable REPRISE_KAFKA_BOOTSTRAP_SERVERS or kafka.bootstrap.servers in --config");
    }

    @Test
    void unknownOption_isOneLineWithTheUsage() {
        assertUsageError(run(NO_BROKER, "--topic=x", "a"), SubmitArguments.USAGE + ": unknown option '--topic=x'");
    }

    @Test
    void aMissingPath_isNamed_beforeAnythingConnects() throws Exception {
        Path missing = dir.resolve("missing.reprise");
        assertUsageError(run(NO_BROKER, replay().toString(), missing.toString()), "no such file or folder: " + missing);
    }

    @Test
    void aFolderWithoutReplays_isRefused() throws Exception {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertUsageError(run(NO_BROKER, empty.toString()), "no replay to submit: no *.reprise file in [" + empty + "]");
    }

    @Test
    void theWorkersSettings_areCheckedAsTheWorkerChecksThem() throws Exception {
        String file = replay().toString();
        assertUsageError(run(Map.of("REPRISE_KAFKA_START_TIMEOUT_MS", "soon"), "--bootstrap-servers=h:1", file),
                "worker option 'start.timeout.ms': not a whole number: 'soon'");
        assertUsageError(run(NO_BROKER, "--submissions-topic=t", "--verdicts-topic=t", file),
                "the submissions and verdicts topics must differ, both were 't'");
        SubmitRun acks = run(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", "h:1", "REPRISE_KAFKA_ACKS", "maybe"), file);
        assertThat(acks.code()).isEqualTo(SubmitMain.USAGE);
        assertThat(acks.err()).startsWith("submit: kafkaConfig: bad Kafka producer configuration: ")
                .contains("acks").hasLineCount(1);
    }

    @Test
    void aConfigFile_isTheWorkersOne_andAnUnknownKeyInItIsNamed() throws Exception {
        Path config = Files.writeString(dir.resolve("worker.properties"),
                "kafka.bootstrap.servers=h:1\nverdict.topic=v\n");
        SubmitRun run = run(Map.of(), "--config=" + config, replay().toString());

        assertThat(run.code()).isEqualTo(SubmitMain.USAGE);
        assertThat(run.err()).startsWith("submit: unknown worker option 'verdict.topic' in the properties file")
                .hasLineCount(1);
    }

    @Test
    void filesThatAreNotReplays_getAnInvalidFileLineEach_andNothingConnects() throws Exception {
        byte[] bytes = GameJars.record("1", 1, 0, 2).toBytes();
        Path cut = Files.write(dir.resolve("cut.reprise"), Arrays.copyOf(bytes, bytes.length / 2));
        Files.writeString(dir.resolve("notes.txt"), "not a replay, and not named like one");

        SubmitRun run = run(NO_BROKER, dir.toString());

        assertThat(run.code()).as(run.err()).isEqualTo(SubmitMain.NOT_VALID);
        assertThat(run.err()).isEmpty();
        assertThat(run.out().lines().toList()).hasSize(2);
        assertThat(run.out()).startsWith(String.format("%-40s %-12s not submitted: ", cut, "INVALID_FILE"))
                .endsWith("1 replay: 1 INVALID_FILE" + System.lineSeparator());
    }

    @Test
    void json_printsALocalVerdictAsVerdictJson_andTheSummaryOnStandardError() throws Exception {
        Path cut = Files.write(dir.resolve("cut.reprise"), new byte[] {1, 2, 3});

        SubmitRun run = run(NO_BROKER, "--json", cut.toString());

        assertThat(run.code()).isEqualTo(SubmitMain.NOT_VALID);
        assertThat(VerdictJson.read(run.out().strip()).id()).isEqualTo(cut.toString());
        assertThat(run.err()).isEqualTo("1 replay: 1 INVALID_FILE" + System.lineSeparator());
    }

    @Test
    void anUnreachableBroker_isExitFour_namingTheAddress() throws Exception {
        SubmitRun run = run(NO_BROKER, replay().toString());

        assertThat(run.code()).as(run.err()).isEqualTo(SubmitMain.KAFKA_FAILED);
        assertThat(run.err()).startsWith("submit: could not reach the Kafka broker at 127.0.0.1:1 within 1 s")
                .hasLineCount(1);
        assertThat(run.out()).isEqualTo("1 replay; 1 not submitted" + System.lineSeparator());
    }
}
