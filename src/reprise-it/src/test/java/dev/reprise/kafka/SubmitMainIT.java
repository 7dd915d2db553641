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
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SubmitMain} against a {@link WorkerMain} of the tower game on the in-process cluster: the tower's
 * replays, valid and broken, each get their line and the run its exit code; without a worker the run ends at
 * its timeout with exit 3; and the worker jar alone, with no game on its class path, submits.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SubmitMainIT {

    private static final String SUBMISSIONS = "subs-submit";
    private static final String VERDICTS = "verdicts-submit";
    /** Ten tower replays: five valid, then one of each broken kind (cut, two desyncs, another game's, rejected). */
    private static final List<TowerCorpus.Entry> CORPUS = TowerCorpus.generate(11, 10);

    private static EmbeddedKafka kafka;
    private static WorkerMain.Started worker;

    @TempDir
    Path dir;

    @BeforeAll
    // A cluster starts in seconds, but on a loaded machine it may take longer than a lifecycle method's 30 s.
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    static void startClusterAndWorker() throws Exception {
        kafka = EmbeddedKafka.start();
        kafka.createTopic(SUBMISSIONS, 2);
        kafka.createTopic(VERDICTS, 2);
        Map<String, String> env = new HashMap<>(env(SUBMISSIONS, VERDICTS));
        env.putAll(Map.of("REPRISE_KAFKA_GAME", TowerCommands.GAME_ID, "REPRISE_KAFKA_GROUP_ID", "group-submit",
                "REPRISE_KAFKA_WORKER_ID", "submit-it", "REPRISE_KAFKA_PARALLELISM", "2",
                "REPRISE_KAFKA_STOP_TIMEOUT_MS", "10000"));
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        worker = WorkerMain.start(new String[0], env, new PrintStream(new ByteArrayOutputStream(), true,
                StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(worker.worker()).as(err.toString(StandardCharsets.UTF_8)).isNotNull();
    }

    @AfterAll
    static void stop() throws Exception {
        try {
            if (worker != null) {
                worker.close();
            }
        } finally {
            if (kafka != null) {
                kafka.close();
            }
        }
    }

    private static Map<String, String> env(String submissions, String verdicts) {
        return Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers(),
                "REPRISE_KAFKA_SUBMISSIONS_TOPIC", submissions, "REPRISE_KAFKA_VERDICTS_TOPIC", verdicts);
    }

    private static SubmitRun submit(Map<String, String> env, String... args) {
        return SubmitRun.of(env, args);
    }

    /** Writes the entries into a folder of their own, each as {@code ID.reprise}. */
    private Path write(String folder, List<TowerCorpus.Entry> entries) throws Exception {
        Path replays = Files.createDirectories(dir.resolve(folder));
        for (TowerCorpus.Entry entry : entries) {
            Files.write(replays.resolve(entry.id() + ".reprise"), entry.bytes());
        }
        return replays;
    }

    @Test
    void validAndBrokenTowerReplays_eachGetsItsLineWithItsOutcome_andTheRunExitsOne() throws Exception {
        Path replays = write("mixed", CORPUS);

        SubmitRun run = submit(env(SUBMISSIONS, VERDICTS), "--timeout=60", replays.toString());

        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(SubmitMain.NOT_VALID);
        assertThat(run.err()).isEmpty();
        List<String> lines = run.out().lines().toList();
        assertThat(lines).hasSize(CORPUS.size() + 1);
        for (TowerCorpus.Entry entry : CORPUS) {
            String start = String.format("%-40s %-12s ", replays.resolve(entry.id() + ".reprise"), entry.expected());
            assertThat(lines).as("the line of %s", entry.id()).filteredOn(line -> line.startsWith(start)).hasSize(1);
        }
        // The cut file is not sent: its game cannot be read; the other game's is, and the worker refuses it.
        assertThat(run.out()).contains("INVALID_FILE not submitted: ", "INVALID_FILE unknown game '"
                + TowerCorpus.OTHER_GAME_ID + "'");
        assertThat(lines.get(lines.size() - 1)).startsWith("10 replays: ").contains("5 VALID", "2 DESYNC",
                "2 INVALID_FILE", "1 REJECTED");
    }

    @Test
    void json_validReplaysOnly_printsOneVerdictJsonLineEach_andExitsZero() throws Exception {
        List<TowerCorpus.Entry> valid = CORPUS.stream().filter(e -> e.expected() == Outcome.VALID).toList();
        Path replays = write("valid", valid);

        SubmitRun run = submit(env(SUBMISSIONS, VERDICTS), "--json", replays.toString());

        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(SubmitMain.ALL_VALID);
        List<Verdict> verdicts = run.out().lines().map(VerdictJson::read).toList();
        assertThat(verdicts).extracting(Verdict::outcome).containsOnly(Outcome.VALID).hasSize(valid.size());
        assertThat(run.err()).isEqualTo(valid.size() + " replays: " + valid.size() + " VALID" + System.lineSeparator());
    }

    @Test
    void noWorkerReadsTheTopic_eachReplayIsOneLineAtItsTimeout_andTheRunExitsThree() throws Exception {
        kafka.createTopic("subs-idle", 1);
        kafka.createTopic("verdicts-idle", 1);
        Path replays = write("idle", CORPUS.subList(0, 2));

        SubmitRun run = submit(env("subs-idle", "verdicts-idle"), "--timeout=2", replays.toString());

        assertThat(run.code()).as(run.out() + run.err()).isEqualTo(SubmitMain.NO_VERDICT);
        assertThat(run.err().lines()).hasSize(2).allSatisfy(line -> assertThat(line).startsWith("submit: " + replays)
                .endsWith(": no verdict within 2 s; is a worker of game " + TowerCommands.GAME_ID
                        + " reading subs-idle and writing verdicts-idle?"));
        assertThat(run.out()).isEqualTo("2 replays; 2 without a verdict within 2 s" + System.lineSeparator());
    }

    @Test
    void theWorkerJarAlone_submitsWithoutTheGameOnItsClassPath() throws Exception {
        Path jar = RunnableJars.worker();
        assertThat(jar).as("run mvn package first").isRegularFile();
        TowerCorpus.Entry valid = CORPUS.get(0);
        Path replays = write("jar", List.of(valid));

        WorkerProcess submit = WorkerProcess.java(Map.of(), List.of("-cp", jar.toString(),
                SubmitMain.class.getName(), "--bootstrap-servers=" + kafka.bootstrapServers(),
                "--submissions-topic=" + SUBMISSIONS, "--verdicts-topic", VERDICTS, replays.toString()));

        assertThat(submit.awaitExit(Duration.ofSeconds(120))).as(submit.output()).isZero();
        assertThat(submit.output()).contains(String.format("%-40s %-12s played ",
                replays.resolve(valid.id() + ".reprise"), "VALID"), "1 replay: 1 VALID");
    }
}
