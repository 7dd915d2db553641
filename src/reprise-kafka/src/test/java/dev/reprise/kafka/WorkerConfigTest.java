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

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class WorkerConfigTest {

    private static Properties file(String... keysAndValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.setProperty(keysAndValues[i], keysAndValues[i + 1]);
        }
        return properties;
    }

    @Test
    void fileAndEnvironment_becomeTheWorker_environmentWins() {
        WorkerConfig config = WorkerConfig.of(file("kafka.bootstrap.servers", "file:9092", "submissions.topic", "subs",
                "verdicts.topic", "verdicts", "group.id", "g", "worker.id", "pod-1", "max.poll.records", "20",
                "commit.interval.ms", "250", "stop.timeout.ms", "5000", "kafka.consumer.session.timeout.ms", "9000",
                "kafka.producer.transaction.timeout.ms", "20000", "parallelism", "3"),
                Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", "env:9092", "REPRISE_KAFKA_WORKER_ID", "pod-2",
                        "REPRISE_KAFKA_GAME", "chess", "PATH", "/bin"));
        assertThat(config.game()).isEqualTo("chess");
        assertThat(config.parallelism()).isEqualTo(3);
        assertThat(config.kafkaConfig()).containsExactlyEntriesOf(Map.of("bootstrap.servers", "env:9092"));
        WorkerSettings settings = config.apply(VerificationWorker.builder(config.kafkaConfig(),
                new SumGame().verifier().parallelism(3).build())).build().settings();
        assertThat(settings.workerId()).isEqualTo("pod-2");
        assertThat(settings.submissionsTopic()).isEqualTo("subs");
        assertThat(settings.groupId()).isEqualTo("g");
        assertThat(settings.maxPollRecords()).isEqualTo(20);
        assertThat(settings.commitInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(settings.stopTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(settings.consumerOverrides()).containsEntry("session.timeout.ms", "9000");
        assertThat(settings.producerOverrides()).containsEntry("transaction.timeout.ms", "20000");
    }

    @Test
    void environmentKafkaNames_mapToClientProperties() {
        WorkerConfig config = WorkerConfig.of(new Properties(), Map.of("REPRISE_KAFKA_SECURITY_PROTOCOL", "SSL",
                "REPRISE_KAFKA_CONSUMER_FETCH_MAX_BYTES", "1000"));
        assertThat(config.kafkaConfig()).containsExactlyEntriesOf(Map.of("security.protocol", "SSL"));
        assertThat(config.values()).containsEntry("kafka.consumer.fetch.max.bytes", "1000");
    }

    @Test
    void unknownKeyOrBadNumber_isNamed() {
        assertThatThrownBy(() -> WorkerConfig.of(file("paralelism", "2"), Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown worker option 'paralelism' in the properties file");
        assertThatThrownBy(() -> WorkerConfig.of(file("parallelism", "two"), Map.of()).parallelism())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("worker option 'parallelism': not a whole number: 'two'");
    }

    @Test
    void replayBudgetsAndAttempts_haveDefaults_andAreRead() {
        WorkerConfig defaults = WorkerConfig.of(new Properties(), Map.of());
        assertThat(defaults.replayTimeout()).isEqualTo(WorkerSettings.DEFAULT_REPLAY_TIMEOUT).isEqualTo(Duration.ofSeconds(60));
        assertThat(defaults.maxSteps()).isEqualTo(WorkerSettings.DEFAULT_MAX_STEPS).isEqualTo(1_000_000L);
        assertThat(defaults.healthPort()).isEqualTo(-1);
        WorkerConfig set = WorkerConfig.of(file("replay.timeout.ms", "1500", "replay.max.steps", "5000",
                "max.attempts", "3", "health.port", "0"), Map.of());
        assertThat(set.replayTimeout()).isEqualTo(Duration.ofMillis(1500));
        assertThat(set.maxSteps()).isEqualTo(5000);
        assertThat(set.healthPort()).isZero();
        WorkerSettings settings = set.apply(VerificationWorker.builder(Map.of("bootstrap.servers", "h:9092"),
                new SumGame().verifier().parallelism(1).build())).build().settings();
        assertThat(settings.maxAttempts()).isEqualTo(3);
        assertThat(WorkerSettings.builder("h:9092").build().maxAttempts()).isEqualTo(2);
    }
}
