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

import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.verify.Outcome;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.utils.Utils;

/**
 * What the cluster tests share: a test's topics and group, a corpus of tower submissions with the outcome
 * each must get, workers tuned to recover in seconds, and the check that every submission has exactly
 * one committed verdict of the right outcome (whose failure says which are missing, where, and why).
 */
final class ClusterFixture {

    /** The submissions topic's partition count. */
    static final int PARTITIONS = 6;
    /** How long a test waits for every verdict. */
    static final Duration VERDICTS_WAIT = Duration.ofSeconds(90);
    static final String BUILD = "1.0.0";
    /**
     * Generated once (the same seed always gives the same replays) and cycled through: generating a replay
     * costs more than verifying it.
     */
    static final List<TowerCorpus.Entry> CORPUS = TowerCorpus.generate(11, 100);
    private static final Pattern OUTCOME = Pattern.compile("\"outcome\":\"([A-Z_]+)\"");

    private final EmbeddedKafka kafka;

    ClusterFixture(EmbeddedKafka kafka) {
        this.kafka = kafka;
    }

    /** The topics and group of one test. */
    record Setup(String submissions, String verdicts, String group) {
    }

    /** A submission with the outcome its verdict must have. */
    record Expected(ProducerRecord<String, byte[]> record, String outcome) {
    }

    /** Creates the topics of a setup named {@code name}. */
    Setup setup(String name) throws Exception {
        Setup setup = new Setup("subs-" + name, "verdicts-" + name, "group-" + name);
        kafka.createTopic(setup.submissions(), PARTITIONS);
        kafka.createTopic(setup.verdicts(), 3);
        return setup;
    }

    /**
     * {@code count} submissions of the tower corpus (valid, corrupt, desynced, another game's file, a wrong
     * final hash) with, every 50th, poison the worker itself rejects: an unknown game header, no game header.
     */
    static List<Expected> submissions(String topic, int count) {
        return submissions(topic, "", count);
    }

    /** As {@link #submissions(String, int)}, their ids made unique with {@code tag}. */
    static List<Expected> submissions(String topic, String tag, int count) {
        List<Expected> expected = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            TowerCorpus.Entry original = CORPUS.get(i % CORPUS.size());
            TowerCorpus.Entry entry = new TowerCorpus.Entry(original.id() + "-" + tag + i, original.bytes(),
                    original.expected());
            if (i % 50 == 20) {
                expected.add(new Expected(Submissions.record(topic, entry.id() + "-unknown-game", entry.bytes(),
                        "chess", BUILD), Outcome.INVALID_FILE.name()));
            } else if (i % 50 == 45) {
                expected.add(new Expected(new ProducerRecord<>(topic, entry.id() + "-no-game", entry.bytes()),
                        Outcome.INVALID_FILE.name()));
            } else {
                expected.add(new Expected(Submissions.record(topic, entry.id(), entry.bytes(), TowerCommands.GAME_ID,
                        BUILD), entry.expected().name()));
            }
        }
        return expected;
    }

    static SubmissionVerifier towerVerifier() {
        return new ReplayVerifierAdapter(TowerVerification.verifier().parallelism(2).build(),
                Set.of(TowerCommands.GAME_ID));
    }

    WorkerSettings settings(Setup setup, int index) {
        return WorkerSettings.builder(kafka.bootstrapServers())
                .submissionsTopic(setup.submissions())
                .verdictsTopic(setup.verdicts())
                .groupId(setup.group())
                .workerId(setup.group() + "-" + index)
                .parallelism(2)
                .maxPollRecords(50)
                .stopTimeout(Duration.ofSeconds(10))
                .consumerOverrides(Map.of("session.timeout.ms", 6000, "heartbeat.interval.ms", 500))
                // A commit or a start that gets no answer (the broker is away) gives up after 15 s instead of
                // 60 s, and the worker starts a new run: recovery after an outage takes seconds, not minutes.
                .producerOverrides(Map.of("transaction.timeout.ms", 6000, "max.block.ms", 15000))
                .build();
    }

    List<VerificationWorker> startWorkers(Setup setup, int count, IntFunction<SubmissionVerifier> verifiers) {
        List<VerificationWorker> workers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            workers.add(VerificationWorker.create(settings(setup, i), verifiers.apply(i)).start());
        }
        return workers;
    }

    static void closeAll(List<VerificationWorker> workers) {
        workers.forEach(VerificationWorker::close);
    }

    void send(List<Expected> expected) throws Exception {
        kafka.send(expected.stream().map(Expected::record).toList());
    }

    /**
     * Checks that every submission has exactly one committed verdict, with the expected outcome. A failure
     * names the submissions without a verdict, with their partitions, and the workers' states: what a
     * stalled partition needs to be told apart from a slow machine.
     */
    static void assertExactlyOneCorrectVerdictEach(List<Expected> expected,
            List<ConsumerRecord<String, String>> verdicts, List<VerificationWorker> workers) {
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
        List<String> unexpected = outcomes.keySet().stream().filter(id -> !wanted.containsKey(id)).toList();
        assertThat(unexpected).as("verdicts of no submission").isEmpty();
        Map<Integer, List<String>> missing = new TreeMap<>();
        wanted.keySet().stream().filter(id -> !outcomes.containsKey(id))
                .forEach(id -> missing.computeIfAbsent(partitionOf(id), p -> new ArrayList<>()).add(id));
        assertThat(missing).as("submissions without a committed verdict, by partition, of %d; workers: %s",
                expected.size(), workers.stream().map(ClusterFixture::describe).toList()).isEmpty();
        wanted.forEach((id, outcome) -> assertThat(outcomes.get(id)).as("verdict of %s", id).containsExactly(outcome));
        assertThat(verdicts).hasSize(expected.size());
    }

    /** The submissions topic's partition of a submission id, as the producer's default partitioner picks it. */
    private static int partitionOf(String id) {
        return Utils.toPositive(Utils.murmur2(id.getBytes(StandardCharsets.UTF_8))) % PARTITIONS;
    }

    static String describe(VerificationWorker worker) {
        return worker.settings().workerId() + " (committed " + worker.committedVerdicts() + ", aborted transactions "
                + worker.abortedTransactions() + ", restarts " + worker.restarts() + ", failure "
                + worker.failure().orElse(null) + ")";
    }

    /**
     * Waits for a committed verdict of every submission of {@code expected} and checks there is exactly
     * one correct verdict each.
     */
    List<ConsumerRecord<String, String>> awaitExactlyOneCorrectVerdictEach(Setup setup, List<Expected> expected,
            List<VerificationWorker> workers) {
        List<ConsumerRecord<String, String>> verdicts =
                kafka.readCommitted(setup.verdicts(), expected.size(), VERDICTS_WAIT);
        try {
            assertExactlyOneCorrectVerdictEach(expected, verdicts, workers);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + System.lineSeparator() + "read " + verdicts.size()
                    + " committed verdicts; " + kafka.describeTransactions(setup.verdicts()), e);
        }
        return verdicts;
    }
}
