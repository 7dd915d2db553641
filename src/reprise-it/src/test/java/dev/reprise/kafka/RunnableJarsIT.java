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
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two runnable jars that {@code mvn package} builds, run as processes (maven-failsafe, in
 * {@code mvn verify}): the tool jar on a good and a corrupt file, the worker jar with the samples' tower
 * game on its class path against an in-process cluster, stopped with a real SIGTERM.
 */
class RunnableJarsIT {

    private static final Path TOOL_JAR = RunnableJars.tool();
    private static final Path WORKER_JAR = RunnableJars.worker();
    /** The samples' compiled classes: the tower game and its ReplayVerifierProvider entry, as a game jar. */
    private static final Path GAME = RunnableJars.samples();
    private static final List<TowerCorpus.Entry> CORPUS = TowerCorpus.generate(3, 20);

    private static EmbeddedKafka kafka;

    @BeforeAll
    // A cluster starts in seconds, but on a loaded machine it may take longer than a lifecycle method's 30 s.
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    static void startCluster() throws Exception {
        assertThat(TOOL_JAR).as("run mvn package first").isRegularFile();
        assertThat(WORKER_JAR).as("run mvn package first").isRegularFile();
        kafka = EmbeddedKafka.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void toolJar_infoOnAGoodFile_andCheckOnACorruptOne(@TempDir Path dir) throws Exception {
        Path good = Files.write(dir.resolve("good.reprise"), CORPUS.get(0).bytes());
        byte[] bytes = CORPUS.get(0).bytes();
        Path corrupt = Files.write(dir.resolve("corrupt.reprise"), Arrays.copyOf(bytes, bytes.length / 2));

        WorkerProcess info = WorkerProcess.java(Map.of(), List.of("-jar", TOOL_JAR.toString(), "info", good.toString()));
        assertThat(info.awaitExit(Duration.ofSeconds(60))).as(info.output()).isZero();
        assertThat(info.output()).startsWith("file            " + good).contains("game            " + TowerCommands.GAME_ID);

        WorkerProcess check = WorkerProcess.java(Map.of(), List.of("-jar", TOOL_JAR.toString(), "check",
                corrupt.toString()));
        assertThat(check.awaitExit(Duration.ofSeconds(60))).as(check.output()).isEqualTo(1);
        assertThat(check.output()).startsWith(corrupt.toString() + ": ").doesNotContain("Exception");
    }

    @Test
    void workerJar_withAGameOnTheClassPath_verifiesUntilSigtermThenExitsZero(@TempDir Path dir) throws Exception {
        kafka.createTopic("subs-jar", 3);
        kafka.createTopic("verdicts-jar", 2);
        Path config = Files.writeString(dir.resolve("worker.properties"), String.join(System.lineSeparator(),
                "kafka.bootstrap.servers=" + kafka.bootstrapServers(), "submissions.topic=subs-jar",
                "verdicts.topic=verdicts-jar", "group.id=group-jar", "worker.id=jar-1", "parallelism=2",
                "kafka.consumer.session.timeout.ms=6000", ""));
        WorkerProcess worker = WorkerProcess.start(Map.of(), WORKER_JAR + File.pathSeparator + GAME,
                WorkerMain.class.getName(), "--config", config.toString());
        try {
            List<ProducerRecord<String, byte[]>> records = CORPUS.stream().map(entry -> Submissions.record("subs-jar",
                    entry.id(), entry.bytes(), TowerCommands.GAME_ID, "1.0")).toList();
            kafka.send(records);
            assertThat(kafka.readCommitted("verdicts-jar", records.size(), Duration.ofSeconds(90)))
                    .as("output: %s", worker.output()).hasSize(records.size());
            assertThat(worker.terminate(Duration.ofSeconds(60))).as(worker.output()).isZero();
            assertThat(worker.output()).contains("worker jar-1: stopped after " + records.size() + " committed verdicts")
                    // Kafka's SLF4J logging has a real binding in the jar (java.util.logging), not SLF4J's NOP.
                    .doesNotContain("SLF4J: Failed to load class", "no-operation (NOP) logger");
        } finally {
            worker.kill();
        }
    }
}
