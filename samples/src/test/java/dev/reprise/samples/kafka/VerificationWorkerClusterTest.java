package dev.reprise.samples.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * Workers against a real (in-process) Kafka cluster: exactly one committed verdict per submission,
 * also when a worker dies or the broker restarts midway.
 */
class VerificationWorkerClusterTest {

    private static final int PARTITIONS = 6;
    private static final Duration VERDICTS_WAIT = Duration.ofSeconds(90);
    private static final Pattern OUTCOME = Pattern.compile("\"outcome\":\"([A-Z_]+)\"");

    private static EmbeddedKafka kafka;

    @BeforeAll
    static void startCluster() throws Exception {
        kafka = EmbeddedKafka.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    /** The topics and group of one test. */
    private record Setup(String submissions, String verdicts, String group) {
    }

    private static Setup setup(TestInfo info) throws Exception {
        String name = info.getTestMethod().orElseThrow().getName();
        Setup setup = new Setup("subs-" + name, "verdicts-" + name, "group-" + name);
        kafka.createTopic(setup.submissions(), PARTITIONS);
        kafka.createTopic(setup.verdicts(), 3);
        return setup;
    }

    /** A submission with the outcome its verdict must have. */
    private record Expected(ProducerRecord<String, byte[]> record, String outcome) {
    }

    /** {@code count} submissions of every kind, poison included, with their expected outcomes. */
    private static List<Expected> submissions(String topic, int count) {
        String[] kinds = {"VALID", "VALID", "VALID", "DESYNC", "REJECTED", "garbage", "unknown-game", "no-game"};
        List<Expected> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String kind = kinds[i % kinds.length];
            String id = String.format("sub-%04d-%s", i, kind);
            ProducerRecord<String, byte[]> record;
            switch (kind) {
                case "unknown-game" -> record = Submissions.record(topic, id, bytes("VALID"), "chess", "1");
                case "no-game" -> record = new ProducerRecord<>(topic, id, bytes("VALID"));
                default -> record = Submissions.record(topic, id, bytes(kind), StubVerifier.GAME, "1");
            }
            String outcome = kind.equals("VALID") || kind.equals("DESYNC") || kind.equals("REJECTED") ? kind : "INVALID_FILE";
            expected.add(new Expected(record, outcome));
        }
        return expected;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static WorkerSettings settings(Setup setup, int index) {
        return WorkerSettings.builder(kafka.bootstrapServers())
                .submissionsTopic(setup.submissions())
                .verdictsTopic(setup.verdicts())
                .groupId(setup.group())
                .workerId(setup.group() + "-" + index)
                .parallelism(2)
                .maxPollRecords(50)
                .stopTimeout(Duration.ofSeconds(10))
                .consumerOverrides(Map.of("session.timeout.ms", 6000, "heartbeat.interval.ms", 500))
                .producerOverrides(Map.of("transaction.timeout.ms", 6000))
                .build();
    }

    private static List<VerificationWorker> startWorkers(Setup setup, int count, IntFunction<SubmissionVerifier> verifiers) {
        List<VerificationWorker> workers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            workers.add(VerificationWorker.create(settings(setup, i), verifiers.apply(i)).start());
        }
        return workers;
    }

    private static void closeAll(List<VerificationWorker> workers) {
        workers.forEach(VerificationWorker::close);
    }

    /** Checks that every submission has exactly one committed verdict, with the expected outcome. */
    private static void assertExactlyOneCorrectVerdictEach(List<Expected> expected,
            List<ConsumerRecord<String, String>> verdicts) {
        Map<String, List<String>> outcomes = new HashMap<>();
        for (ConsumerRecord<String, String> verdict : verdicts) {
            Matcher m = OUTCOME.matcher(verdict.value());
            assertThat(m.find()).as("an outcome in %s", verdict.value()).isTrue();
            outcomes.computeIfAbsent(verdict.key(), k -> new ArrayList<>()).add(m.group(1));
        }
        Map<String, String> wanted = new LinkedHashMap<>();
        expected.forEach(e -> wanted.put(e.record().key(), e.outcome()));
        List<String> duplicated = outcomes.entrySet().stream().filter(e -> e.getValue().size() > 1)
                .map(Map.Entry::getKey).toList();
        assertThat(duplicated).as("submissions with more than one committed verdict").isEmpty();
        assertThat(outcomes.keySet()).as("submissions with a verdict").containsExactlyInAnyOrderElementsOf(wanted.keySet());
        wanted.forEach((id, outcome) -> assertThat(outcomes.get(id)).as("verdict of %s", id).containsExactly(outcome));
        assertThat(verdicts).hasSize(expected.size());
    }

    private static void send(List<Expected> expected) throws Exception {
        kafka.send(expected.stream().map(Expected::record).toList());
    }

    @Test
    void threeWorkers_everySubmissionGetsExactlyOneCorrectCommittedVerdict(TestInfo info) throws Exception {
        Setup setup = setup(info);
        List<Expected> expected = submissions(setup.submissions(), 1000);
        List<VerificationWorker> workers = startWorkers(setup, 3, i -> new StubVerifier(2));
        try {
            send(expected);
            List<ConsumerRecord<String, String>> verdicts =
                    kafka.readCommitted(setup.verdicts(), expected.size(), VERDICTS_WAIT);
            assertExactlyOneCorrectVerdictEach(expected, verdicts);
            assertThat(workers).allSatisfy(w -> assertThat(w.failure()).isNull());
        } finally {
            closeAll(workers);
        }
    }

    @Test
    void workerKilledMidway_loosesNothingAndDuplicatesNothing(TestInfo info) throws Exception {
        Setup setup = setup(info);
        List<Expected> expected = submissions(setup.submissions(), 1000);
        List<VerificationWorker> workers = startWorkers(setup, 3, i -> new StubVerifier(2));
        try {
            send(expected);
            kafka.readCommitted(setup.verdicts(), 300, VERDICTS_WAIT);
            workers.get(1).kill();
            assertThat(workers.get(1).failure()).isInstanceOf(VerdictCommitter.SimulatedCrash.class);
            List<ConsumerRecord<String, String>> verdicts =
                    kafka.readCommitted(setup.verdicts(), expected.size(), VERDICTS_WAIT);
            assertExactlyOneCorrectVerdictEach(expected, verdicts);
        } finally {
            closeAll(workers);
        }
    }

    @Test
    void brokerRestartMidway_workersCarryOn(TestInfo info) throws Exception {
        Setup setup = setup(info);
        List<Expected> expected = submissions(setup.submissions(), 1000);
        List<VerificationWorker> workers = startWorkers(setup, 3, i -> new StubVerifier(2));
        try {
            send(expected);
            kafka.readCommitted(setup.verdicts(), 300, VERDICTS_WAIT);
            kafka.restartBroker();
            List<ConsumerRecord<String, String>> verdicts =
                    kafka.readCommitted(setup.verdicts(), expected.size(), VERDICTS_WAIT);
            assertExactlyOneCorrectVerdictEach(expected, verdicts);
            assertThat(workers).allSatisfy(w -> assertThat(w.failure()).isNull());
        } finally {
            closeAll(workers);
        }
    }
}
