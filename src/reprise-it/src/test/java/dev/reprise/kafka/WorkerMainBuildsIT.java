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

import dev.reprise.testing.GameJars;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One {@link WorkerMain} given {@code --builds=DIR} on the in-process cluster: it plays the replays of every
 * build installed in the folder, calls a replay of another build {@code UNKNOWN_BUILD}, and sees jars added
 * and removed while it runs.
 */
class WorkerMainBuildsIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static EmbeddedKafka kafka;

    @TempDir
    Path root;

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

    /** A worker started as {@code WorkerMain --builds=DIR} with the environment the test's topics need. */
    private record Worker(WorkerMain.Started started, String out) implements AutoCloseable {
        @Override
        public void close() {
            started.close();
        }
    }

    private static Worker worker(String name, Path builds) throws Exception {
        kafka.createTopic("subs-" + name, 2);
        kafka.createTopic("verdicts-" + name, 2);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Map<String, String> env = Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", kafka.bootstrapServers(),
                "REPRISE_KAFKA_SUBMISSIONS_TOPIC", "subs-" + name, "REPRISE_KAFKA_VERDICTS_TOPIC", "verdicts-" + name,
                "REPRISE_KAFKA_GROUP_ID", "group-" + name, "REPRISE_KAFKA_WORKER_ID", name,
                "REPRISE_KAFKA_PARALLELISM", "2", "REPRISE_KAFKA_STOP_TIMEOUT_MS", "10000");
        WorkerMain.Started started = WorkerMain.start(new String[] {"--builds=" + builds}, env,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(started.worker()).as(err.toString(StandardCharsets.UTF_8)).isNotNull();
        return new Worker(started, out.toString(StandardCharsets.UTF_8));
    }

    private static ReplaySubmitter submitter(String name) {
        return ReplaySubmitter.builder(Map.of("bootstrap.servers", kafka.bootstrapServers()), GameJars.GAME_ID)
                .submissionsTopic("subs-" + name).verdictsTopic("verdicts-" + name).timeout(WAIT).build();
    }

    private static Verdict submit(ReplaySubmitter submitter, String id, byte[] replay) {
        Verdict verdict = submitter.submit(id, replay).block(WAIT.plusSeconds(5));
        assertThat(verdict).as("the verdict of %s", id).isNotNull();
        return verdict;
    }

    /** A replay that scales: build 1 doubles, build 2 triples, so either build's replay desyncs on the other. */
    private static byte[] replay(String build) {
        return GameJars.record(build, 1, 0, 2, 0, 3).toBytes();
    }

    @Test
    void oneWorker_playsTheReplaysOfEveryInstalledBuild_andAThirdBuildsIsUnknownBuildNamingTheInstalledBuilds()
            throws Exception {
        Path builds = Files.createDirectory(root.resolve("builds"));
        GameJars.install(builds, "1");
        GameJars.install(builds, "2");
        try (Worker worker = worker("both", builds); ReplaySubmitter submitter = submitter("both")) {
            assertThat(worker.out()).contains("verifying test.builds 1 (builds-1.jar), test.builds 2 (builds-2.jar)"
                    + " from " + builds);

            Verdict one = submit(submitter, "one", replay("1"));
            Verdict two = submit(submitter, "two", replay("2"));
            Verdict three = submit(submitter, "three", GameJars.record("2", "3", 1, 0, 2).toBytes());

            assertThat(one.outcome()).as(one.reason()).isEqualTo(Outcome.VALID);
            assertThat(two.outcome()).as(two.reason()).isEqualTo(Outcome.VALID);
            assertThat(three.outcome()).as(three.reason()).isEqualTo(Outcome.UNKNOWN_BUILD);
            assertThat(three.reason()).isEqualTo("recorded by build \"3\" of game \"test.builds\", which no installed"
                    + " game jar plays; installed builds of test.builds: 1 (builds-1.jar), 2 (builds-2.jar)");
            VerificationWorker running = worker.started().worker();
            assertThat(running).isNotNull();
            Await.until(() -> running.stats().committedByOutcome().equals(Map.of("VALID", 2L, "UNKNOWN_BUILD", 1L)),
                    WAIT, "the worker's stats count both VALID verdicts and the UNKNOWN_BUILD one");
        }
    }

    @Test
    void aJarAddedWhileTheWorkerRuns_playsTheNextSubmission_andOneRemovedPlaysNoMore() throws Exception {
        Path builds = Files.createDirectory(root.resolve("builds"));
        Path first = GameJars.install(builds, "1");
        Worker worker = worker("added", builds);
        try (worker; ReplaySubmitter submitter = submitter("added")) {
            Verdict before = submit(submitter, "two-before", replay("2"));
            assertThat(before.outcome()).as(before.reason()).isEqualTo(Outcome.UNKNOWN_BUILD);
            assertThat(before.reason()).endsWith("installed builds of test.builds: 1 (builds-1.jar)");

            GameJars.install(builds, "2");

            Verdict after = submit(submitter, "two-after", replay("2"));
            assertThat(after.outcome()).as(after.reason()).isEqualTo(Outcome.VALID);

            Files.delete(first);

            Verdict removed = submit(submitter, "one-removed", replay("1"));
            assertThat(removed.outcome()).as(removed.reason()).isEqualTo(Outcome.UNKNOWN_BUILD);
            assertThat(removed.reason()).endsWith("installed builds of test.builds: 2 (builds-2.jar)");
        }
        assertThat(worker.started().builds()).as("the worker's game jars").isNotNull()
                .satisfies(jars -> assertThat(jars.toString()).endsWith(", closed]"));
    }

    @Test
    void twoJarsClaimingBuild1_eachReplayPlaysOnItsOwnBuild_andWithTheBuild1JarRemoved_itPlaysUpgradedAndSaysSo()
            throws Exception {
        Path builds = Files.createDirectory(root.resolve("builds"));
        // The newer jar first by name, as a caravan-2.jar before caravan-build-1.jar: it lists build 1 and upgrades it.
        GameJars.install(builds, GameJars.TWO_UPGRADING_ONE, "a-game-2.jar");
        Path one = GameJars.install(builds, "1", "b-game-1.jar");
        try (Worker worker = worker("claimed", builds); ReplaySubmitter submitter = submitter("claimed")) {
            Verdict asRecorded = submit(submitter, "one", replay("1"));
            assertThat(asRecorded.outcome()).as(asRecorded.reason()).isEqualTo(Outcome.VALID);
            assertThat(asRecorded.playedBuild()).isEqualTo("1");
            assertThat(asRecorded.jar()).isEqualTo("b-game-1.jar");
            assertThat(asRecorded.upgraded()).isFalse();

            Files.delete(one);

            Verdict upgraded = submit(submitter, "one-upgraded", replay("1"));
            assertThat(upgraded.outcome()).as(upgraded.reason()).isEqualTo(Outcome.DESYNC);
            assertThat(upgraded.playedBuild()).isEqualTo("2");
            assertThat(upgraded.jar()).isEqualTo("a-game-2.jar");
            assertThat(upgraded.upgraded()).isTrue();
        }
    }
}
