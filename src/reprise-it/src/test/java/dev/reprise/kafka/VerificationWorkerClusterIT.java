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

import static dev.reprise.kafka.ClusterFixture.assertExactlyOneCorrectVerdictEach;
import static dev.reprise.kafka.ClusterFixture.closeAll;
import static dev.reprise.kafka.ClusterFixture.describe;
import static dev.reprise.kafka.ClusterFixture.submissions;
import static dev.reprise.kafka.ClusterFixture.towerVerifier;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileReader;
import dev.reprise.json.VerdictJson;
import dev.reprise.kafka.ClusterFixture.Expected;
import dev.reprise.kafka.ClusterFixture.Setup;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Flux;

/**
 * Workers against a real (in-process) Kafka cluster: exactly one committed verdict per submission,
 * also when a worker dies or the broker restarts midway.
 */
class VerificationWorkerClusterIT {

    /** How long verdicts may stop arriving after an outage before a hanging transaction is looked for. */
    private static final Duration STALL_WAIT = Duration.ofSeconds(40);
    private static final Duration VERDICTS_WAIT = ClusterFixture.VERDICTS_WAIT;
    private static final String BUILD = ClusterFixture.BUILD;
    private static final List<TowerCorpus.Entry> CORPUS = ClusterFixture.CORPUS;

    private static EmbeddedKafka kafka;
    private static ClusterFixture fixture;

    @BeforeAll
    // A cluster starts in seconds, but on a loaded machine it may take longer than a lifecycle method's 30 s.
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    static void startCluster() throws Exception {
        kafka = EmbeddedKafka.start();
        fixture = new ClusterFixture(kafka);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    private static Setup setup(TestInfo info) throws Exception {
        return setup(info.getTestMethod().orElseThrow().getName());
    }

    private static Setup setup(String name) throws Exception {
        return fixture.setup(name);
    }

    private static List<VerificationWorker> startWorkers(Setup setup, int count, IntFunction<SubmissionVerifier> verifiers) {
        return fixture.startWorkers(setup, count, verifiers);
    }

    private static WorkerSettings settings(Setup setup, int index) {
        return fixture.settings(setup, index);
    }

    private static List<ConsumerRecord<String, String>> awaitExactlyOneCorrectVerdictEach(Setup setup,
            List<Expected> expected, List<VerificationWorker> workers) {
        return fixture.awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
    }

    private static void send(List<Expected> expected) throws Exception {
        fixture.send(expected);
    }

    /**
     * Waits for every verdict after an outage. Should a broker restart leave a hanging transaction on a
     * verdict partition or on the offsets topic (Kafka's fault, not the worker's: its coordinator has moved
     * on, but the partition never got the marker), every {@code read_committed} reader of that verdict
     * partition, or the next owner of the submissions partition whose offsets it holds, stops there. Then
     * the test does what {@code docs/verification.md} tells an operator and a submitter to do: abort it
     * ({@link EmbeddedKafka#abortHangingTransactions}, as {@code kafka-transactions.sh abort} does), which
     * loses the verdicts it held, and resubmit every submission that has no verdict, as
     * {@link ReplaySubmitter#resubmit} does. Exactly one correct verdict each must hold in the end: a worker
     * that verified a resubmission already answered, or lost one, fails this test.
     */
    private static void awaitAfterOutage(Setup setup, List<Expected> expected, List<VerificationWorker> workers)
            throws Exception {
        Instant sent = Instant.now().minus(Duration.ofMinutes(5));
        List<ConsumerRecord<String, String>> read = kafka.readCommitted(setup.verdicts(), expected.size(), STALL_WAIT);
        if (read.size() < expected.size()) {
            List<String> aborted = kafka.abortHangingTransactions(setup.verdicts());
            if (!aborted.isEmpty()) {
                System.out.println("aborted hanging transactions after the outage: " + aborted);
                Set<String> answered = new HashSet<>();
                kafka.readCommitted(setup.verdicts(), expected.size(), STALL_WAIT).forEach(v -> answered.add(v.key()));
                List<ProducerRecord<String, byte[]>> again = expected.stream().map(Expected::record)
                        .filter(r -> !answered.contains(r.key())).map(r -> resubmissionOf(r, sent)).toList();
                System.out.println("resubmitted " + again.size() + " submissions without a verdict");
                kafka.send(again);
            }
        }
        awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
    }

    /** The submission sent again, marked as a resubmission of one sent at {@code sent}. */
    private static ProducerRecord<String, byte[]> resubmissionOf(ProducerRecord<String, byte[]> original, Instant sent) {
        ProducerRecord<String, byte[]> again = new ProducerRecord<>(original.topic(), original.key(), original.value());
        original.headers().forEach(again.headers()::add);
        again.headers().add(Submissions.RESUBMISSION_HEADER,
                Long.toString(sent.toEpochMilli()).getBytes(StandardCharsets.UTF_8));
        return again;
    }

    @Test
    void threeWorkers_everySubmissionGetsExactlyOneCorrectCommittedVerdict(TestInfo info) throws Exception {
        Setup setup = setup(info);
        List<Expected> expected = submissions(setup.submissions(), 1000);
        List<VerificationWorker> workers = startWorkers(setup, 3, i -> towerVerifier());
        try {
            send(expected);
            awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
            assertThat(workers).allSatisfy(w -> assertThat(w.failure()).isEmpty());
            // What a failed wait would print: every verdict partition, read to its end, nothing left open.
            assertThat(kafka.describeTransactions(setup.verdicts())).doesNotContain("could not describe")
                    .contains(setup.verdicts() + "-0: high watermark", setup.verdicts() + "-2: high watermark")
                    .containsPattern("high watermark (\\d+), last stable offset \\1, open transactions \\[\\]");
        } finally {
            closeAll(workers);
        }
    }

    @Test
    void workerKilledMidway_loosesNothingAndDuplicatesNothing(TestInfo info) throws Exception {
        Setup setup = setup(info);
        List<Expected> expected = submissions(setup.submissions(), 1000);
        List<VerificationWorker> workers = startWorkers(setup, 3, i -> towerVerifier());
        try {
            send(expected);
            kafka.readCommitted(setup.verdicts(), 300, VERDICTS_WAIT);
            workers.get(1).kill();
            assertThat(workers.get(1).failure().orElseThrow()).isInstanceOf(VerdictCommitter.SimulatedCrash.class);
            awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
        } finally {
            closeAll(workers);
        }
    }

    @Test
    // Its waits for verdicts (VERDICTS_WAIT twice, STALL_WAIT once) may outlast the default 60 s while a slow machine
    // recovers from the restart: bound it by them, not below them.
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void brokerRestartMidway_workersCarryOn(TestInfo info) throws Exception {
        // A worker whose transaction outlived its timeout while the broker was away is fenced; it starts
        // again (a new run) rather than fail.
        carryOnThrough(info, 1000, 300, "broker restart", workers -> kafka.restartBroker());
    }

    @Test
    // The outage lasts until a commit has given up (max.block.ms, 15 s here), then recovery: bound it by
    // those waits, not below them.
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void brokerAwayLongerThanACommitMayWait_workersStartAgainAndLoseNothing(TestInfo info) throws Exception {
        carryOnThrough(info, 600, 200, "broker away", workers -> {
            kafka.stopBroker();
            try {
                // A worker with verdicts ready cannot commit them: after max.block.ms its run ends, and
                // its next run cannot start (initTransactions times out) until the broker is back.
                Await.until(() -> workers.stream().anyMatch(w -> w.restarts() > 0), Duration.ofSeconds(60),
                        "a worker whose commit gave up");
            } finally {
                kafka.restartBroker();
            }
        });
    }

    /** Something that happens to the cluster while workers verify. */
    @FunctionalInterface
    private interface Outage {
        void happen(List<VerificationWorker> workers) throws Exception;
    }

    /**
     * Runs three workers over {@code count} submissions with an outage once {@code before} verdicts are
     * committed: every submission still gets exactly one correct committed verdict, and no worker fails
     * (a run that fails starts again). Prints each worker's restarts under {@code name}.
     */
    private static void carryOnThrough(TestInfo info, int count, int before, String name, Outage outage)
            throws Exception {
        Setup setup = setup(info);
        List<Expected> expected = submissions(setup.submissions(), count);
        List<VerificationWorker> workers = startWorkers(setup, 3, i -> towerVerifier());
        try {
            send(expected);
            kafka.readCommitted(setup.verdicts(), before, VERDICTS_WAIT);
            outage.happen(workers);
            awaitAfterOutage(setup, expected, workers);
            assertThat(workers).allSatisfy(w -> assertThat(w.failure()).isEmpty());
            System.out.println(name + ": worker restarts " + workers.stream().map(VerificationWorker::restarts).toList());
        } finally {
            closeAll(workers);
        }
    }

    @Test
    void submissionOverTheReadersCaps_isInvalidFileAndDoesNotBlockItsPartition(TestInfo info) throws Exception {
        Setup setup = setup(info);
        // A real replay whose metadata makes its header twice the default reader's 1 MiB header cap: a
        // 2 MiB message, over Kafka's default 1 MiB message size too (the test broker allows 24 MiB).
        int padding = 2 << 20;
        ReplayFile.Builder padded = ReplayFileReader.DEFAULT.read(CORPUS.get(0).bytes()).toBuilder();
        String chunk = "x".repeat(60_000); // a metadata value holds at most 65,535 bytes
        for (int i = 0; i * chunk.length() <= padding; i++) {
            padded.metadata("padding-" + i, chunk);
        }
        // The builder refuses what the default reader would refuse: build it for a reader with a larger cap.
        ReplayFileReader larger = ReplayFileReader.builder().maxHeaderBytes(4 << 20).build();
        byte[] oversized = padded.readableBy(larger).build().toBytes();
        assertThat(oversized.length).isGreaterThan(padding).isLessThan(EmbeddedKafka.MAX_MESSAGE_BYTES);
        List<Expected> expected = new ArrayList<>();
        // One partition: the replays behind the oversized one must still get their verdicts.
        for (int i = 0; i < 5; i++) {
            TowerCorpus.Entry entry = CORPUS.get(i);
            ProducerRecord<String, byte[]> record = Submissions.record(setup.submissions(), entry.id(),
                    i == 2 ? oversized : entry.bytes(), TowerCommands.GAME_ID, BUILD);
            expected.add(new Expected(new ProducerRecord<>(record.topic(), 0, record.key(), record.value(),
                    record.headers()), i == 2 ? Outcome.INVALID_FILE.name() : entry.expected().name()));
        }
        List<VerificationWorker> workers = startWorkers(setup, 1, i -> towerVerifier());
        try {
            send(expected);
            List<ConsumerRecord<String, String>> verdicts = awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
            String verdict = verdicts.stream().filter(v -> v.key().equals(CORPUS.get(2).id())).findFirst()
                    .orElseThrow().value();
            assertThat(verdict).contains("the header passes the cap of " + ReplayFileReader.DEFAULT.maxHeaderBytes());
        } finally {
            closeAll(workers);
        }
    }

    /**
     * Measures verdicts per second with one and two workers (each with parallelism 2) on 1,000
     * submissions already waiting, from the workers' start to the last committed verdict; prints them.
     */
    @Test
    void throughput_oneTwoAndThreeWorkers(TestInfo info) throws Exception {
        StringBuilder report = new StringBuilder("Kafka verification throughput (1,000 tower replays, 6 partitions):");
        List<Expected> baseline = submissions("none", 1000);
        long baselineStart = System.nanoTime();
        Long verified = TowerVerification.verifier().parallelism(2).build()
                .verify(Flux.fromIterable(baseline).map(e -> ReplaySource.of(e.record().key(), e.record().value())))
                .count().block(VERDICTS_WAIT);
        double baselineSeconds = (System.nanoTime() - baselineStart) / 1e9;
        assertThat(verified).isEqualTo(1000);
        report.append(String.format(java.util.Locale.ROOT, "%n  no Kafka, parallelism 2: %.1f s, %.0f verdicts/s",
                baselineSeconds, 1000 / baselineSeconds));
        for (int workerCount = 1; workerCount <= 3; workerCount++) {
            Setup setup = setup(info.getTestMethod().orElseThrow().getName() + "-" + workerCount);
            List<Expected> expected = submissions(setup.submissions(), 1000);
            send(expected);
            long start = System.nanoTime();
            List<VerificationWorker> workers = startWorkers(setup, workerCount, i -> towerVerifier());
            try {
                List<ConsumerRecord<String, String>> verdicts =
                        kafka.readCommitted(setup.verdicts(), expected.size(), VERDICTS_WAIT);
                double seconds = (System.nanoTime() - start) / 1e9;
                assertExactlyOneCorrectVerdictEach(expected, verdicts, workers);
                report.append(String.format(java.util.Locale.ROOT, "%n  %d worker(s): %.1f s, %.0f verdicts/s",
                        workerCount, seconds, expected.size() / seconds));
            } finally {
                closeAll(workers);
            }
        }
        System.out.println(report);
    }

    @Test
    void workerMain_verifiesUntilSigtermThenCommitsPrintsItsCountAndExitsZero(TestInfo info) throws Exception {
        Setup setup = setup(info);
        WorkerProcess worker = WorkerProcess.start(Map.of(
                "REPRISE_KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers(),
                "REPRISE_KAFKA_SUBMISSIONS_TOPIC", setup.submissions(),
                "REPRISE_KAFKA_VERDICTS_TOPIC", setup.verdicts(),
                "REPRISE_KAFKA_GROUP_ID", setup.group(),
                "REPRISE_KAFKA_PARALLELISM", "2",
                "REPRISE_KAFKA_CONSUMER_SESSION_TIMEOUT_MS", "6000"),
                System.getProperty("java.class.path"), WorkerMain.class.getName());
        try {
            List<Expected> expected = submissions(setup.submissions(), 50);
            send(expected);
            awaitExactlyOneCorrectVerdictEach(setup, expected, List.of());
            // Process.destroy() sends SIGTERM on Linux and macOS: the signal a container runtime sends.
            assertThat(worker.terminate(Duration.ofSeconds(60))).as("exit code; output: %s", worker.output()).isZero();
            assertThat(worker.output()).contains("stopped after 50 committed verdicts");
        } finally {
            worker.kill();
        }
    }

    /**
     * SIGTERM while a burst is still being verified, three times over: every run prints its line, with the
     * count of the verdicts committed (those read back from the topic), and exits 0 within the stop timeout.
     */
    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void workerMain_sigtermRightAfterABurst_alwaysPrintsItsCountAndExitsZero(TestInfo info) throws Exception {
        for (int run = 0; run < 3; run++) {
            Setup setup = setup(info.getTestMethod().orElseThrow().getName() + "-" + run);
            WorkerProcess worker = WorkerProcess.start(Map.of(
                    "REPRISE_KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers(),
                    "REPRISE_KAFKA_SUBMISSIONS_TOPIC", setup.submissions(),
                    "REPRISE_KAFKA_VERDICTS_TOPIC", setup.verdicts(),
                    "REPRISE_KAFKA_GROUP_ID", setup.group(),
                    "REPRISE_KAFKA_WORKER_ID", "burst-" + run,
                    "REPRISE_KAFKA_PARALLELISM", "2",
                    "REPRISE_KAFKA_CONSUMER_SESSION_TIMEOUT_MS", "6000"),
                    System.getProperty("java.class.path"), WorkerMain.class.getName());
            try {
                send(submissions(setup.submissions(), 20));
                kafka.readCommitted(setup.verdicts(), 1, VERDICTS_WAIT);
                long start = System.nanoTime();
                assertThat(worker.terminate(Duration.ofSeconds(60))).as("exit code; output: %s", worker.output()).isZero();
                Duration stop = Duration.ofNanos(System.nanoTime() - start);
                System.out.println("SIGTERM to exit: " + stop.toMillis() + " ms");
                assertThat(stop).as("stop time; output: %s", worker.output()).isLessThan(Duration.ofSeconds(10));
                int committed = kafka.readCommitted(setup.verdicts(), 20, Duration.ofSeconds(5)).size();
                assertThat(worker.output()).as("run %d", run)
                        .contains("worker burst-" + run + ": stopped after " + committed + " committed verdicts");
            } finally {
                worker.kill();
            }
        }
    }

    /**
     * Submissions whose verdicts would quote megabytes (a 600 KB key, a 1 MiB game header of control
     * characters) get bounded verdicts; and with the producer's request size cut to 12,000 bytes, the one
     * verdict still too large for it fails only its own submission: the others of its partition and batch
     * get their verdicts.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void hugeFieldsAndAnUnpublishableVerdict_failOnlyTheirOwnSubmissions(TestInfo info) throws Exception {
        Setup setup = setup(info);
        List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            TowerCorpus.Entry entry = CORPUS.get(i);
            String id = entry.id();
            String game = TowerCommands.GAME_ID;
            if (i == 1) {
                id = "k".repeat(600_000);
            } else if (i == 3) {
                game = "\u0001".repeat(1 << 20);
            } else if (i == 4) {
                game = "g".repeat(14_000); // under the reason's bound, but its verdict is over the producer's 12,000 bytes
            }
            ProducerRecord<String, byte[]> record = Submissions.record(setup.submissions(), id, entry.bytes(), game, BUILD);
            records.add(new ProducerRecord<>(record.topic(), 0, record.key(), record.value(), record.headers()));
        }
        VerificationWorker worker = VerificationWorker.create(WorkerSettings.builder(kafka.bootstrapServers())
                .submissionsTopic(setup.submissions()).verdictsTopic(setup.verdicts()).groupId(setup.group())
                .workerId(setup.group()).parallelism(2).stopTimeout(Duration.ofSeconds(10))
                .consumerOverrides(Map.of("session.timeout.ms", 6000, "heartbeat.interval.ms", 500))
                .producerOverrides(Map.of("max.request.size", 12_000, "transaction.timeout.ms", 6000))
                .build(), towerVerifier()).start();
        try {
            kafka.send(records);
            List<ConsumerRecord<String, String>> verdicts = kafka.readCommitted(setup.verdicts(), records.size(),
                    VERDICTS_WAIT);
            assertThat(verdicts).as("one verdict each; %s", describe(worker)).hasSize(records.size());
            Map<String, dev.reprise.verify.Verdict> byKey = new HashMap<>();
            verdicts.forEach(v -> byKey.put(v.key(), VerdictJson.read(v.value())));
            assertThat(verdicts).allSatisfy(v -> assertThat(v.value().length()).isLessThan(12_000));
            for (int i : new int[] {0, 2, 5}) {
                dev.reprise.verify.Verdict verdict = byKey.get(CORPUS.get(i).id());
                assertThat(verdict.outcome()).as("verdict %d: %s", i, verdict).isEqualTo(CORPUS.get(i).expected());
            }
            dev.reprise.verify.Verdict longKey = byKey.get("k".repeat(Submissions.MAX_ID_LENGTH));
            assertThat(longKey.outcome()).isEqualTo(Outcome.INVALID_FILE);
            assertThat(longKey.reason()).contains("600000 characters, more than the " + Submissions.MAX_ID_LENGTH);
            // Its reason was bounded to 16 KiB, still over this producer's 12,000 bytes: failed alone, named.
            assertThat(byKey.get(CORPUS.get(3).id()).outcome()).isEqualTo(Outcome.FAILED);
            assertThat(byKey.get(CORPUS.get(3).id()).reason()).startsWith("its INVALID_FILE verdict (")
                    .contains("could not be published");
            assertThat(byKey.get(CORPUS.get(4).id()).outcome()).isEqualTo(Outcome.FAILED);
            assertThat(byKey.get(CORPUS.get(4).id()).reason()).startsWith("its INVALID_FILE verdict (")
                    .contains("could not be published");
            assertThat(worker.failure()).isEmpty();
        } finally {
            worker.close();
        }
    }

    @Test
    void missingTopic_theStartFailsNamingIt_andTheWorkerHasEnded() throws Exception {
        kafka.createTopic("subs-only", 2);
        for (String[] topics : List.of(new String[] {"subs-only", "verdicts-missing", "verdicts topic 'verdicts-missing'"},
                new String[] {"subs-missing", "verdicts-missing", "submissions topic 'subs-missing'"})) {
            VerificationWorker worker = VerificationWorker.create(WorkerSettings.builder(kafka.bootstrapServers())
                    .submissionsTopic(topics[0]).verdictsTopic(topics[1]).groupId("group-missing")
                    .startTimeout(Duration.ofSeconds(20)).build(), towerVerifier());
            long start = System.nanoTime();
            assertThatThrownBy(worker::start).isInstanceOf(ClusterCheck.MissingTopicException.class)
                    .hasMessageContaining("the " + topics[2] + " does not exist on the Kafka cluster at "
                            + kafka.bootstrapServers());
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
            assertThat(worker.alive()).isFalse();
            assertThat(worker.running()).isFalse();
            start = System.nanoTime();
            worker.close();
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("close after a failed start")
                    .isLessThan(Duration.ofSeconds(5));
        }
    }

    @Test
    void threeWorkers_oneJoinsAndOneLeavesMidRun_stillExactlyOneCorrectVerdictEach(TestInfo info) throws Exception {
        Setup setup = setup(info);
        List<Expected> expected = submissions(setup.submissions(), 900);
        List<VerificationWorker> workers = new ArrayList<>(startWorkers(setup, 3, i -> towerVerifier()));
        try {
            send(expected);
            kafka.readCommitted(setup.verdicts(), 200, VERDICTS_WAIT);
            // A fourth joins: the group rebalances, partitions move while their submissions are in work.
            workers.add(VerificationWorker.create(settings(setup, 3), towerVerifier()).start());
            kafka.readCommitted(setup.verdicts(), 450, VERDICTS_WAIT);
            // One of the first leaves gracefully: it commits what is ready and hands its partitions over.
            workers.get(0).close();
            assertThat(workers.get(0).failure()).isEmpty();
            awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
            assertThat(workers.subList(1, workers.size())).allSatisfy(w -> assertThat(w.failure()).isEmpty());
        } finally {
            closeAll(workers);
        }
    }

    @Test
    void fencedWorker_startsAgainAndLosesNothing(TestInfo info) throws Exception {
        Setup setup = setup(info);
        List<Expected> expected = submissions(setup.submissions(), 300);
        List<VerificationWorker> workers = startWorkers(setup, 1, i -> towerVerifier());
        try {
            send(expected.subList(0, 100));
            kafka.readCommitted(setup.verdicts(), 50, VERDICTS_WAIT);
            // Another producer with the worker's transactional id: the worker's next transaction is fenced.
            Map<String, Object> p = new HashMap<>(VerificationWorker.producerProperties(workers.get(0).settings()));
            try (KafkaProducer<String, String> usurper = new KafkaProducer<>(p, new StringSerializer(),
                    new StringSerializer())) {
                usurper.initTransactions();
            }
            send(expected.subList(100, expected.size()));
            awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
            assertThat(workers.get(0).restarts()).isPositive();
            assertThat(workers.get(0).failure()).isEmpty();
        } finally {
            closeAll(workers);
        }
    }
}
