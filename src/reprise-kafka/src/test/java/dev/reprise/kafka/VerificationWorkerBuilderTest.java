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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.verify.ReplayVerifier;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VerificationWorkerBuilderTest {

    private static final ReplayVerifier VERIFIER = new SumGame().verifier().parallelism(3).build();
    private static final Map<String, Object> KAFKA = Map.of("bootstrap.servers", "k1:9092",
            "security.protocol", "PLAINTEXT");

    @Test
    void build_turnsTheOptionsIntoTheClientsProperties() {
        VerificationWorker worker = VerificationWorker.builder(KAFKA, VERIFIER).submissionsTopic("subs")
                .verdictsTopic("verdicts").groupId("g").transactionalIdPrefix("tx").workerId("pod-3")
                .maxPollRecords(20).commitInterval(Duration.ofMillis(250)).stopTimeout(Duration.ofSeconds(5))
                .consumerConfig(Map.of("session.timeout.ms", 9000))
                .producerConfig(Map.of("transaction.timeout.ms", 20000)).build();
        WorkerSettings settings = worker.settings();
        assertThat(settings.bootstrapServers()).isEqualTo("k1:9092");
        assertThat(settings.parallelism()).as("the verifier's").isEqualTo(3);
        assertThat(settings.commitInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(settings.stopTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(VerificationWorker.producerProperties(settings))
                .containsEntry("transactional.id", "tx-pod-3")
                .containsEntry("transaction.timeout.ms", 20000)
                .containsEntry("security.protocol", "PLAINTEXT")
                .doesNotContainKey("session.timeout.ms");
        assertThat(VerificationWorker.consumerProperties(settings))
                .containsEntry("isolation.level", "read_committed")
                .containsEntry("enable.auto.commit", false)
                .containsEntry("group.id", "g")
                .containsEntry("max.poll.records", 20)
                .containsEntry("session.timeout.ms", 9000)
                .containsEntry("security.protocol", "PLAINTEXT")
                .doesNotContainKey("transaction.timeout.ms");
    }

    @Test
    void build_theDocsExample() {
        ReplayVerifier verifier = VERIFIER;
        // --- docs/verification.md
        VerificationWorker worker = VerificationWorker.builder(Map.of("bootstrap.servers", "kafka-1:9092"),
                        verifier)                        // a ReplayVerifier: its parallelism is the worker's
                .submissionsTopic("reprise.submissions")
                .verdictsTopic("reprise.verdicts")
                .groupId("reprise-verifiers")
                .workerId("pod-1")                       // unique in the group, stable across restarts
                .stopTimeout(Duration.ofSeconds(30))
                .build();                                // every option is checked here
        // --- end
        assertThat(worker.settings().workerId()).isEqualTo("pod-1");
        assertThat(worker.alive()).isTrue();
        assertThat(worker.running()).isFalse();
    }

    @Test
    void build_defaults() {
        WorkerSettings settings = VerificationWorker.builder(KAFKA, VERIFIER).build().settings();
        assertThat(settings.submissionsTopic()).isEqualTo(WorkerSettings.DEFAULT_SUBMISSIONS_TOPIC);
        assertThat(settings.verdictsTopic()).isEqualTo(WorkerSettings.DEFAULT_VERDICTS_TOPIC);
        assertThat(settings.groupId()).isEqualTo(WorkerSettings.DEFAULT_GROUP_ID);
        assertThat(settings.workerId()).isNotBlank();
        assertThat(settings.maxPollRecords()).isEqualTo(100);
        assertThat(settings.commitInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(settings.stopTimeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void build_eachBadOption_isNamed() {
        assertBad(VerificationWorker.builder(Map.of(), VERIFIER), "kafkaConfig: 'bootstrap.servers' is required");
        assertBad(VerificationWorker.builder(Map.of("bootstrap.servers", " "), VERIFIER), "'bootstrap.servers' is required");
        assertBad(VerificationWorker.builder(Map.of("bootstrap.servers", "k:1", "group.id", "x"), VERIFIER),
                "kafkaConfig: 'group.id' is set by the worker; use groupId(..)");
        assertBad(builder().consumerConfig(Map.of("isolation.level", "read_uncommitted")), "'isolation.level' is set");
        assertBad(builder().producerConfig(Map.of("transactional.id", "t")), "'transactional.id' is set");
        assertBad(builder().submissionsTopic(" "), "submissionsTopic: must not be blank");
        assertBad(builder().verdictsTopic(""), "verdictsTopic: must not be blank");
        assertBad(builder().verdictsTopic("same").submissionsTopic("same"), "verdictsTopic: must differ");
        assertBad(builder().groupId(""), "groupId: must not be blank");
        assertBad(builder().transactionalIdPrefix(" "), "transactionalIdPrefix: must not be blank");
        assertBad(builder().workerId(""), "workerId: must not be blank");
        assertBad(builder().maxPollRecords(0), "maxPollRecords: must be at least 1, was 0");
        assertBad(builder().stopTimeout(Duration.ZERO), "stopTimeout: must be positive");
        assertBad(builder().commitInterval(Duration.ofMillis(-1)), "commitInterval: must be positive");
        assertBad(builder().maxAttempts(0), "maxAttempts: must be at least 1, was 0");
        assertBad(builder().producerConfig(Map.of("partitioner.class", "x.Y")), "'partitioner.class' is set by the worker");
        assertBad(builder().producerConfig(Map.of("acks", "maybe")),
                "kafkaConfig: bad Kafka producer configuration: Invalid value maybe for configuration acks");
        assertBad(builder().consumerConfig(Map.of("max.poll.interval.ms", "soon")),
                "kafkaConfig: bad Kafka consumer configuration: Invalid value soon for configuration max.poll.interval.ms");
    }

    private static VerificationWorker.Builder builder() {
        return VerificationWorker.builder(KAFKA, VERIFIER);
    }

    private static void assertBad(VerificationWorker.Builder builder, String message) {
        assertThatThrownBy(builder::build).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
    }
}
