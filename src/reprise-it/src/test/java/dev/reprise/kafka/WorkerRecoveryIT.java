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

import static dev.reprise.kafka.ClusterFixture.BUILD;
import static dev.reprise.kafka.ClusterFixture.CORPUS;
import static dev.reprise.kafka.ClusterFixture.closeAll;
import static dev.reprise.kafka.ClusterFixture.submissions;
import static dev.reprise.kafka.ClusterFixture.towerVerifier;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import dev.reprise.json.VerdictJson;
import dev.reprise.kafka.ClusterFixture.Expected;
import dev.reprise.kafka.ClusterFixture.Setup;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import dev.reprise.verify.VerifiableGame;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Flux;

/**
 * What a worker does when a submission kills it, and when a submission comes twice, against a real
 * (in-process, single-broker) cluster: a submission that kills its worker gets a {@code FAILED} verdict
 * after two deaths instead of killing worker after worker; a resubmission gets no second verdict; and a
 * lost verdict is reported by the submitter and recovered by resubmitting, with one verdict in the end.
 */
class WorkerRecoveryIT {

    private static EmbeddedKafka kafka;
    private static ClusterFixture fixture;

    @BeforeAll
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    static void startCluster() throws Exception {
        kafka = EmbeddedKafka.start();
        fixture = new ClusterFixture(kafka);
    }

    @AfterAll
    static void stopCluster() {
        if (kafka != null) {
            kafka.close();
        }
    }

    /**
     * Verifies as the tower does, except a submission whose id says "killer": the worker verifying it dies
     * with it in work (as after an allocation the JVM cannot survive), and it never gets a verdict there.
     */
    private static SubmissionVerifier killing(AtomicReference<VerificationWorker> worker, AtomicInteger deaths) {
        SubmissionVerifier tower = towerVerifier();
        return new SubmissionVerifier() {
            @Override
            public Flux<VerifiedSubmission> verify(Flux<Submission> submissions) {
                return tower.verify(submissions.filter(submission -> {
                    if (!submission.id().contains("killer")) {
                        return true;
                    }
                    deaths.incrementAndGet();
                    VerificationWorker dying = worker.get();
                    CompletableFuture.runAsync(dying::kill);
                    return false;
                }));
            }

            @Override
            public boolean knowsGame(String game) {
                return tower.knowsGame(game);
            }

            @Override
            public VerifiedSubmission invalid(Submission submission, String reason) {
                return tower.invalid(submission, reason);
            }
        };
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aSubmissionThatKillsItsWorker_getsAFailedVerdictAfterTwoDeaths_andTheOthersTheirOwn() throws Exception {
        Setup setup = fixture.setup("killer");
        List<Expected> expected = new ArrayList<>(submissions(setup.submissions(), "k", 36));
        TowerCorpus.Entry entry = CORPUS.get(0);
        expected.add(12, new Expected(Submissions.record(setup.submissions(), "the-killer", entry.bytes(),
                TowerCommands.GAME_ID, BUILD), Outcome.FAILED.name()));
        fixture.send(expected);
        AtomicInteger deaths = new AtomicInteger();
        List<VerificationWorker> workers = new ArrayList<>();
        try {
            // A worker that dies is started again with the same worker id, as an orchestrator does.
            for (int start = 0; start < 5; start++) {
                AtomicReference<VerificationWorker> current = new AtomicReference<>();
                VerificationWorker worker = VerificationWorker.create(fixture.settings(setup, 0), killing(current, deaths));
                current.set(worker);
                workers.add(worker.start());
                Await.until(() -> !worker.alive() || committed(workers) >= expected.size(), Duration.ofSeconds(120),
                        "the worker's death or every verdict");
                if (worker.alive()) {
                    break;
                }
            }
            assertThat(deaths.get()).as("deaths of a worker with the killer in work").isEqualTo(2);
            assertThat(workers).hasSize(3);
            List<ConsumerRecord<String, String>> verdicts = fixture.awaitExactlyOneCorrectVerdictEach(setup, expected,
                    workers);
            Verdict failed = VerdictJson.read(verdicts.stream().filter(v -> v.key().equals("the-killer"))
                    .findFirst().orElseThrow().value());
            assertThat(failed.reason()).contains("in work when its worker died, 2 times");
            System.out.println("killer: " + deaths.get() + " worker deaths, then " + failed.reason());
        } finally {
            closeAll(workers);
        }
    }

    private static long committed(List<VerificationWorker> workers) {
        return workers.stream().mapToLong(VerificationWorker::committedVerdicts).sum();
    }

    @Test
    void aResubmission_getsNoSecondVerdict_whetherItsOriginalIsInTheSameBatchOrAnsweredLongAgo() throws Exception {
        Setup setup = fixture.setup("resubmit");
        List<Expected> expected = submissions(setup.submissions(), "r", 30);
        List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
        expected.forEach(e -> records.add(e.record()));
        // Every fifth sent twice: right behind its original, so that both are in work in the same run.
        for (int i = 0; i < expected.size(); i += 5) {
            ProducerRecord<String, byte[]> original = expected.get(i).record();
            records.add(i + 1 + i / 5, Submissions.resubmission(setup.submissions(), original.key(), original.value(),
                    TowerCommands.GAME_ID, BUILD, Instant.now()));
        }
        kafka.send(records);
        List<VerificationWorker> workers = fixture.startWorkers(setup, 2, i -> towerVerifier());
        try {
            fixture.awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
            Await.until(() -> consumedToEnd(setup), Duration.ofSeconds(60), "every submission handled");
            assertThat(kafka.readCommitted(setup.verdicts(), expected.size(), Duration.ofSeconds(5)))
                    .as("no second verdict").hasSize(expected.size());
            // Long after: resubmitted once more, from the time of the first send.
            ProducerRecord<String, byte[]> first = expected.get(3).record();
            kafka.send(List.of(Submissions.resubmission(setup.submissions(), first.key(), first.value(),
                    TowerCommands.GAME_ID, BUILD, Instant.now().minusSeconds(60))));
            Await.until(() -> consumedToEnd(setup), Duration.ofSeconds(60), "the late resubmission handled");
            fixture.awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
        } finally {
            closeAll(workers);
        }
    }

    private static boolean consumedToEnd(Setup setup) {
        try {
            return kafka.consumedToEnd(setup.group(), setup.submissions());
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void aLostVerdict_isReportedUnanswered_andResubmittingGivesItExactlyOne() throws Exception {
        Setup setup = fixture.setup("lost");
        TowerCorpus.Entry entry = CORPUS.get(1);
        Map<String, Object> config = Map.of("bootstrap.servers", kafka.bootstrapServers());
        try (ReplaySubmitter submitter = ReplaySubmitter.builder(config, TowerCommands.GAME_ID)
                .submissionsTopic(setup.submissions()).verdictsTopic(setup.verdicts()).gameBuild(BUILD)
                .timeout(Duration.ofSeconds(60)).verdictDeadline(Duration.ofSeconds(3)).build()) {
            submitter.send("lost-1", entry.bytes()).block(Duration.ofSeconds(30));
            // Its verdict is lost as one in a hanging transaction an operator aborted: the group has moved past it.
            kafka.skipToEnd(setup.group(), setup.submissions());
            List<VerificationWorker> workers = fixture.startWorkers(setup, 1, i -> towerVerifier());
            try {
                Verdict fine = submitter.submit("fine-1", entry.bytes()).block(Duration.ofSeconds(90));
                assertThat(fine).extracting(Verdict::outcome).isEqualTo(entry.expected());
                Await.until(() -> !submitter.unanswered().isEmpty(), Duration.ofSeconds(30), "a report");
                assertThat(submitter.unanswered()).singleElement().satisfies(u -> {
                    assertThat(u.id()).isEqualTo("lost-1");
                    assertThat(u.sends()).isEqualTo(1);
                });

                Verdict recovered = submitter.resubmit("lost-1", entry.bytes()).block(Duration.ofSeconds(90));
                assertThat(recovered).extracting(Verdict::id, Verdict::outcome).containsExactly("lost-1", entry.expected());
                assertThat(submitter.unanswered()).isEmpty();
                // Resubmitted again: the verdict it has, and still one on the topic.
                Verdict again = submitter.resubmit("lost-1", entry.bytes()).block(Duration.ofSeconds(90));
                assertThat(again).isEqualTo(recovered);
                List<ConsumerRecord<String, String>> verdicts = kafka.readCommitted(setup.verdicts(), 2,
                        Duration.ofSeconds(30));
                assertThat(verdicts).extracting(ConsumerRecord::key).containsExactlyInAnyOrder("fine-1", "lost-1");
            } finally {
                closeAll(workers);
            }
        }
    }

    /**
     * A game a hostile submission can turn against its worker: a MOVE of 1 recurses without end, of 2
     * allocates far more than any heap; 0 does nothing.
     */
    private static final class HostileGame {
        static final String ID = "example.hostile";
        static final int MOVE = 1;
        final ReplaySystem system = new ReplaySystem();

        HostileGame() {
            system.registerCommand(MOVE, "MOVE", ReplayCommand.sync(step -> act(step.intParam(0))));
        }

        private static void act(int kind) {
            if (kind == 1) {
                recurse(0);
            } else if (kind == 2) {
                long[] huge = new long[Integer.MAX_VALUE - 8];
                huge[0] = kind;
            }
        }

        private static int recurse(int depth) {
            return recurse(depth + 1) + 1;
        }

        /** A replay of one MOVE of each kind given. */
        static byte[] replay(int... kinds) {
            HostileGame game = new HostileGame();
            for (int kind : kinds) {
                game.system.record(MOVE, kind);
            }
            return ReplayFile.builder(game.system.saveState()).gameId(ID).gameBuild("1")
                    .dictionary(game.system.commandDictionary()).build().toBytes();
        }

        static SubmissionVerifier verifier() {
            return new ReplayVerifierAdapter(ReplayVerifier.builder(file -> {
                HostileGame game = new HostileGame();
                return VerifiableGame.of(game.system, save -> { }, null);
            }).gameId(ID).parallelism(1).timeout(Duration.ofSeconds(30)).build(), Set.of(ID));
        }
    }

    @Test
    void aSubmissionThatRecursesWithoutEndOrAllocatesHugely_getsFailed_andItsWorkSlotTakesTheNext() throws Exception {
        Setup setup = fixture.setup("hostile");
        List<Expected> expected = new ArrayList<>();
        int[][] kinds = {{0, 0}, {0, 1, 0}, {0, 0, 0}, {2}, {0}};
        for (int i = 0; i < kinds.length; i++) {
            boolean hostile = java.util.Arrays.stream(kinds[i]).anyMatch(k -> k != 0);
            ProducerRecord<String, byte[]> record = Submissions.record(setup.submissions(), "hostile-" + i,
                    HostileGame.replay(kinds[i]), HostileGame.ID, "1");
            // One partition and one work slot: a slot the hostile ones held would hold up all behind them.
            expected.add(new Expected(new ProducerRecord<>(record.topic(), 0, record.key(), record.value(),
                    record.headers()), (hostile ? Outcome.FAILED : Outcome.VALID).name()));
        }
        fixture.send(expected);
        VerificationWorker worker = VerificationWorker.create(fixture.settings(setup, 0), HostileGame.verifier()).start();
        try {
            List<ConsumerRecord<String, String>> verdicts = fixture.awaitExactlyOneCorrectVerdictEach(setup, expected,
                    List.of(worker));
            Map<String, String> reasons = new java.util.HashMap<>();
            verdicts.forEach(v -> reasons.put(v.key(), VerdictJson.read(v.value()).reason()));
            assertThat(reasons.get("hostile-1")).contains("StackOverflowError");
            assertThat(reasons.get("hostile-3")).contains("OutOfMemoryError");
            assertThat(worker.failure()).isEmpty();
            assertThat(worker.restarts()).isZero();
        } finally {
            worker.close();
        }
    }
}
