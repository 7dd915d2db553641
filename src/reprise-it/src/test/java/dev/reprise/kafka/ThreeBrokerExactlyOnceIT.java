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
import static dev.reprise.kafka.ClusterFixture.towerVerifier;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.kafka.ClusterFixture.Expected;
import dev.reprise.kafka.ClusterFixture.Setup;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerCorpus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * Exactly once on a cluster as production runs one: three brokers, every topic (the internal ones too)
 * replicated three times with {@code min.insync.replicas=2}. Each broker is restarted in turn, the
 * transaction coordinator's of every worker among them, each while a burst of submissions is being
 * verified and more keep coming (a hundred a second, through the submitter); nobody aborts anything by hand. Every submission must get exactly one committed verdict of the
 * outcome it must have, no transaction may be left open, and the submitter must have the verdict of
 * everything it sent.
 */
class ThreeBrokerExactlyOnceIT {

    private static final int BURST = 400;
    /** While brokers restart, this many submissions are sent every {@link #EVERY}. */
    private static final int STREAM = 25;
    private static final Duration EVERY = Duration.ofMillis(250);
    private static EmbeddedKafka kafka;
    private static ClusterFixture fixture;

    @BeforeAll
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    static void startCluster() throws Exception {
        kafka = EmbeddedKafka.startThreeBrokers();
        fixture = new ClusterFixture(kafka);
    }

    @AfterAll
    static void stopCluster() {
        if (kafka != null) {
            kafka.close();
        }
    }

    /** The {@code n}-th tower submission (valid or broken, cycling through the corpus). */
    private static Expected submission(Setup setup, int n) {
        TowerCorpus.Entry entry = CORPUS.get(n % CORPUS.size());
        return new Expected(Submissions.record(setup.submissions(), entry.id() + "-n" + n, entry.bytes(),
                TowerCommands.GAME_ID, BUILD), entry.expected().name());
    }

    @Test
    @Timeout(value = 900, unit = TimeUnit.SECONDS)
    void eachBrokerRestartedInTurnUnderABurst_everySubmissionGetsExactlyOneCorrectVerdict() throws Exception {
        long start = System.nanoTime();
        Setup setup = fixture.setup("three-brokers");
        List<VerificationWorker> workers = fixture.startWorkers(setup, 3, i -> towerVerifier());
        List<String> transactionalIds = workers.stream()
                .map(w -> VerificationWorker.producerProperties(w.settings()).get("transactional.id").toString())
                .toList();
        StringBuilder report = new StringBuilder();
        List<Expected> expected = new CopyOnWriteArrayList<>();
        AtomicInteger next = new AtomicInteger();
        try (ReplaySubmitter submitter = ReplaySubmitter.builder(Map.of("bootstrap.servers", kafka.bootstrapServers()),
                        TowerCommands.GAME_ID)
                .submissionsTopic(setup.submissions()).verdictsTopic(setup.verdicts()).gameBuild(BUILD)
                .verdictDeadline(Duration.ofSeconds(120)).build()) {
            // A submission is expected once the broker has it.
            Function<Integer, Flux<Expected>> send = count -> Flux.range(0, count)
                    .map(i -> submission(setup, next.getAndIncrement()))
                    .flatMap(e -> submitter.send(e.record().key(), e.record().value()).thenReturn(e), 64)
                    .doOnNext(expected::add);
            send.apply(BURST).blockLast(Duration.ofSeconds(120));
            Sinks.Empty<Void> stop = Sinks.empty();
            // Stopped in order: the batch being sent when it stops is sent whole.
            CompletableFuture<Void> stream = Flux.interval(EVERY).takeUntilOther(stop.asMono()).onBackpressureDrop()
                    .concatMap(tick -> send.apply(STREAM))
                    .then().toFuture();
            List<Integer> coordinatorsRestarted = new ArrayList<>();
            int round = 0;
            try {
                for (int broker : kafka.brokerIds()) {
                    // Restart while submissions are in work: once 200 more have their verdicts.
                    int before = 200 * ++round;
                    Await.until(() -> kafka.readCommitted(setup.verdicts(), before, Duration.ofSeconds(2)).size()
                            >= before, Duration.ofSeconds(120), before + " verdicts");
                    Map<String, Integer> coordinators = kafka.transactionCoordinators(transactionalIds);
                    if (coordinators.containsValue(broker)) {
                        coordinatorsRestarted.add(broker);
                    }
                    int sentBefore = next.get();
                    long restart = System.nanoTime();
                    kafka.restartBroker(broker);
                    long restarted = System.nanoTime();
                    kafka.awaitInSync(Duration.ofSeconds(120), setup.submissions(), setup.verdicts(),
                            "__consumer_offsets", "__transaction_state");
                    report.append(String.format(Locale.ROOT, "%n  broker %d restarted in %.1f s (in sync again after"
                            + " %.1f s) while %d more were sent; transaction coordinators before: %s", broker,
                            (restarted - restart) / 1e9, (System.nanoTime() - restart) / 1e9, next.get() - sentBefore,
                            coordinators));
                }
            } finally {
                stop.tryEmitEmpty();
            }
            stream.get(120, TimeUnit.SECONDS); // every send acknowledged (a failed one fails the test here)
            assertThat(expected).hasSize(next.get());
            fixture.awaitExactlyOneCorrectVerdictEach(setup, expected, workers);
            assertThat(workers).allSatisfy(w -> assertThat(w.failure()).isEmpty());
            assertThat(coordinatorsRestarted).as("a worker's transaction coordinator was among the brokers restarted")
                    .isNotEmpty();
            String transactions = kafka.describeTransactions(setup.verdicts());
            assertThat(transactions).doesNotContain("could not describe");
            for (String line : transactions.lines().filter(l -> l.contains("high watermark")).toList()) {
                assertThat(line).as("no transaction left open").containsPattern(
                        "high watermark (\\d+), last stable offset \\1, open transactions \\[\\]");
            }
            Await.until(() -> submitter.sentWithoutVerdict() == 0, Duration.ofSeconds(60),
                    "the submitter has every verdict (" + submitter.sentWithoutVerdict() + " without before the wait)");
            assertThat(submitter.unanswered()).isEmpty();
            System.out.printf(Locale.ROOT, "three brokers (replication 3, min.insync.replicas 2), 3 workers: %d"
                    + " submissions (a burst of %d, then %d every %d ms), each broker restarted in turn, no abort by"
                    + " hand: %d verdicts, exactly one correct each, in %.1f s; worker restarts %s, aborted"
                    + " transactions %s; coordinators' brokers restarted %s%s%n", expected.size(), BURST, STREAM,
                    EVERY.toMillis(), expected.size(),
                    (System.nanoTime() - start) / 1e9, workers.stream().map(VerificationWorker::restarts).toList(),
                    workers.stream().map(VerificationWorker::abortedTransactions).toList(), coordinatorsRestarted,
                    report);
        } finally {
            closeAll(workers);
        }
    }
}
