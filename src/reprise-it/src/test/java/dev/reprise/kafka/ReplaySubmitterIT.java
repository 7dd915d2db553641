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
import static org.awaitility.Awaitility.await;

import dev.reprise.json.VerdictJson;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** The game server's side against a real (in-process) cluster and a real worker. */
class ReplaySubmitterIT {

    private static final List<TowerCorpus.Entry> CORPUS = TowerCorpus.generate(5, 12);
    private static EmbeddedKafka kafka;

    @BeforeAll
    // A cluster starts in seconds, but on a loaded machine it may take longer than a lifecycle method's 30 s.
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    static void startCluster() throws Exception {
        kafka = EmbeddedKafka.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    private static Map<String, Object> config() {
        return Map.of("bootstrap.servers", kafka.bootstrapServers());
    }

    private static ReplaySubmitter submitter(String name, Duration timeout) {
        return ReplaySubmitter.builder(config(), TowerCommands.GAME_ID).submissionsTopic("subs-" + name)
                .verdictsTopic("verdicts-" + name).timeout(timeout).build();
    }

    private static VerificationWorker worker(String name) {
        return VerificationWorker.builder(config(), TowerVerification.verifier().parallelism(2).build())
                .submissionsTopic("subs-" + name).verdictsTopic("verdicts-" + name).groupId("group-" + name)
                .games(Set.of(TowerCommands.GAME_ID)).stopTimeout(Duration.ofSeconds(10))
                .consumerConfig(Map.of("session.timeout.ms", 6000)).build().start();
    }

    private static void topics(String name) throws Exception {
        kafka.createTopic("subs-" + name, 3);
        kafka.createTopic("verdicts-" + name, 2);
    }

    @Test
    void submit_completesWithTheCommittedVerdictOfEachReplay() throws Exception {
        topics("each");
        try (VerificationWorker worker = worker("each");
                ReplaySubmitter submitter = submitter("each", Duration.ofSeconds(60))) {
            List<Verdict> verdicts = Flux.fromIterable(CORPUS)
                    .flatMap(entry -> submitter.submit(entry.id(), entry.bytes()))
                    .collectList().block(Duration.ofSeconds(90));
            assertThat(verdicts).hasSize(CORPUS.size());
            for (TowerCorpus.Entry entry : CORPUS) {
                assertThat(verdicts).filteredOn(v -> v.id().equals(entry.id())).singleElement()
                        .extracting(Verdict::outcome).as("verdict of %s", entry.id()).isEqualTo(entry.expected());
            }
            assertThat(submitter.waiting()).isZero();
            Map<String, Long> byOutcome = new TreeMap<>();
            CORPUS.forEach(entry -> byOutcome.merge(entry.expected().name(), 1L, Long::sum));
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                WorkerStats stats = worker.stats();
                assertThat(stats.committedByOutcome()).isEqualTo(byOutcome);
                assertThat(stats.lag()).isZero();
            });
            WorkerStats stats = worker.stats();
            assertThat(stats.committed()).isEqualTo(CORPUS.size());
            assertThat(stats.inFlight()).isZero();
            assertThat(stats.verified()).isGreaterThanOrEqualTo(CORPUS.size());
            assertThat(stats.verifyTime()).isPositive().isGreaterThanOrEqualTo(stats.verifyTimeMax());
            assertThat(stats.commits()).isPositive();
            assertThat(stats.commitTime()).isPositive().isGreaterThanOrEqualTo(stats.commitTimeMax());
            assertThat(stats.restarts()).isZero();
            assertThat(worker.running()).isTrue();
            assertThat(worker.alive()).isTrue();
            worker.close();
            assertThat(worker.alive()).isFalse();
            assertThat(worker.running()).isFalse();
        }
    }

    @Test
    void submitPath_readsTheFile_andCorruptBytesAreInvalid(@TempDir Path dir) throws Exception {
        topics("path");
        TowerCorpus.Entry valid = CORPUS.stream().filter(e -> e.expected() == Outcome.VALID).findFirst().orElseThrow();
        Path file = Files.write(dir.resolve("good.reprise"), valid.bytes());
        try (VerificationWorker worker = worker("path");
                ReplaySubmitter submitter = submitter("path", Duration.ofSeconds(60))) {
            StepVerifier.create(submitter.submit("good", file))
                    .assertNext(v -> assertThat(v.outcome()).isEqualTo(Outcome.VALID))
                    .verifyComplete();
            StepVerifier.create(submitter.submit("garbage", new byte[] {1, 2, 3, 4}))
                    .assertNext(v -> assertThat(v.outcome()).isEqualTo(Outcome.INVALID_FILE))
                    .verifyComplete();
        }
    }

    @Test
    void theDocsExample_submitsAndSends() throws Exception {
        kafka.createTopic(WorkerSettings.DEFAULT_SUBMISSIONS_TOPIC, 3);
        kafka.createTopic(WorkerSettings.DEFAULT_VERDICTS_TOPIC, 2);
        String bootstrapServers = kafka.bootstrapServers();
        byte[] replay = CORPUS.get(0).bytes();
        try (VerificationWorker worker = VerificationWorker.builder(config(),
                TowerVerification.verifier().parallelism(2).build()).build().start()) {
            // --- docs/verification.md
            try (ReplaySubmitter submitter = ReplaySubmitter.builder(Map.of("bootstrap.servers", bootstrapServers),
                            TowerCommands.GAME_ID)
                    .gameBuild("1.4.2")
                    .timeout(Duration.ofSeconds(60))
                    .build()) {
                Verdict verdict = submitter.submit("run-8812", replay).block();    // or submit(id, Path)
                submitter.send("run-8813", replay).block();                        // fire and forget
                System.out.println(verdict == null ? "no verdict" : VerdictJson.write(verdict));
            }
            // --- end
            assertThat(kafka.readCommitted(WorkerSettings.DEFAULT_VERDICTS_TOPIC, 2, Duration.ofSeconds(60)))
                    .allSatisfy(r -> assertThat(VerdictJson.read(r.value()).outcome()).isEqualTo(CORPUS.get(0).expected()))
                    .extracting(ConsumerRecord::key).containsExactlyInAnyOrder("run-8812", "run-8813");
        }
    }

    @Test
    void submit_withoutAWorker_timesOutNamingTheSubmission() throws Exception {
        topics("none");
        try (ReplaySubmitter submitter = submitter("none", Duration.ofSeconds(2))) {
            StepVerifier.create(submitter.submit("lonely", CORPUS.get(0).bytes()))
                    .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(TimeoutException.class)
                            .hasMessageContaining("'lonely'"))
                    .verify(Duration.ofSeconds(30));
            assertThat(submitter.waiting()).isZero();
        }
    }

    @Test
    void send_isFireAndForget_theVerdictStillComes() throws Exception {
        topics("forget");
        try (VerificationWorker worker = worker("forget");
                ReplaySubmitter submitter = submitter("forget", Duration.ofSeconds(60))) {
            StepVerifier.create(submitter.send("f1", CORPUS.get(0).bytes())).verifyComplete();
            List<ConsumerRecord<String, String>> verdicts = kafka.readCommitted("verdicts-forget", 1,
                    Duration.ofSeconds(60));
            assertThat(verdicts).singleElement().satisfies(r -> {
                assertThat(r.key()).isEqualTo("f1");
                assertThat(VerdictJson.read(r.value()).outcome()).isEqualTo(CORPUS.get(0).expected());
            });
        }
    }

    @Test
    void submit_sameIdTwiceAtOnce_theSecondFails() throws Exception {
        topics("twice");
        try (ReplaySubmitter submitter = submitter("twice", Duration.ofSeconds(5))) {
            submitter.submit("same", CORPUS.get(0).bytes()).subscribe(v -> { }, e -> { });
            StepVerifier.create(submitter.submit("same", CORPUS.get(0).bytes()))
                    .expectErrorMessage("a verdict for submission 'same' is already awaited; submission ids must be unique")
                    .verify(Duration.ofSeconds(10));
        }
    }

    @Test
    void submit_withATimeoutTooLongToSchedule_waitsWithoutOverflow_andLeaksNoId() throws Exception {
        topics("forever");
        try (ReplaySubmitter submitter = submitter("forever", Duration.ofSeconds(Long.MAX_VALUE))) {
            // No worker: the verdict never comes; the subscriber gives up, and the id must be free again.
            StepVerifier.create(submitter.submit("patient", CORPUS.get(0).bytes()))
                    .expectSubscription()
                    .expectNoEvent(Duration.ofMillis(500))
                    .thenCancel()
                    .verify(Duration.ofSeconds(30));
            assertThat(submitter.waiting()).isZero();
            StepVerifier.create(submitter.submit("patient", CORPUS.get(0).bytes()).timeout(Duration.ofMillis(500)))
                    .expectError(TimeoutException.class)
                    .verify(Duration.ofSeconds(30));
            assertThat(submitter.waiting()).isZero();
        }
    }

    @Test
    void submit_whoseSendFailsAtOnce_leaksNoId() throws Exception {
        topics("unsent");
        try (ReplaySubmitter submitter = submitter("unsent", Duration.ofSeconds(30))) {
            String tooLong = "x".repeat(Submissions.MAX_ID_LENGTH + 1);
            assertThatThrownBy(() -> submitter.submit(tooLong, CORPUS.get(0).bytes()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("id: " + (Submissions.MAX_ID_LENGTH + 1) + " characters");
            assertThat(submitter.waiting()).isZero();
        }
    }

    @Test
    void build_badOptions_nameTheOption() {
        assertThatThrownBy(() -> ReplaySubmitter.builder(Map.of(), "g").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bootstrap.servers");
        assertThatThrownBy(() -> ReplaySubmitter.builder(config(), "g").timeout(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("timeout:");
        assertThatThrownBy(() -> ReplaySubmitter.builder(config(), "g").verdictDeadline(Duration.ofSeconds(-1)).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("verdictDeadline:");
        assertThatThrownBy(() -> ReplaySubmitter.builder(config(), " ").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("game:");
        assertThatThrownBy(() -> ReplaySubmitter.builder(config(), "g").verdictsTopic("t").submissionsTopic("t").build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("verdictsTopic:");
    }
}
