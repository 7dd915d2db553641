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

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import dev.reprise.testing.BadGameJars;
import dev.reprise.testing.GameJars;
import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import dev.reprise.verify.Verdict;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@link WorkerMain}'s options, its errors and its start, in process (no cluster: nothing answers). */
class WorkerMainTest {

    /** What one {@link WorkerMain#start} printed and returned. */
    private record Run(WorkerMain.Started started, String out, String err) {
    }

    private static Run start(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        WorkerMain.Started started = WorkerMain.start(args, env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        started.close();
        return new Run(started, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void help_printsTheUsageAndEveryKey_andExitsZero() {
        Run run = start(Map.of(), "--help");
        assertThat(run.started().exitCode()).isZero();
        assertThat(run.started().worker()).isNull();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).startsWith("usage: ").contains("--config worker.properties")
                .contains("kafka.<property>", "kafka.consumer.<property>", "kafka.producer.<property>", "REPRISE_KAFKA_");
        for (WorkerConfig.Key key : WorkerConfig.Key.values()) {
            assertThat(run.out()).as("--help names %s", key.key()).containsPattern("(?m)^  " + key.key() + " +\\S");
        }
    }

    @Test
    void malformedPropertiesFile_namesTheFileTheLineAndTheProblem(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("worker.properties"), String.join("\n",
                "# a worker", "worker.id=w\\\\u1", "kafka.bootstrap.servers=host\\u12:9092", "parallelism=2", ""),
                StandardCharsets.ISO_8859_1);
        Run run = start(Map.of(), "--config", file.toString());
        assertThat(run.started().exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("worker: --config " + file + ": line 3: Malformed \\uxxxx encoding")
                .contains("four hex digits");
    }

    @Test
    void unresolvableBootstrapHost_showsTheCause() {
        Run run = start(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", "no-such-host.invalid:9092",
                "REPRISE_KAFKA_START_TIMEOUT_MS", "5000"));
        assertThat(run.started().exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains("no-such-host.invalid:9092").contains("No resolvable bootstrap urls")
                .doesNotContain("Exception");
    }

    @Test
    void unreachableBroker_saysSoEveryFewSecondsNamingTheAddress_andGivesUpWithinTheStartTimeout() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        String address = "127.0.0.1:" + port;
        List<String> logged = new CopyOnWriteArrayList<>();
        Handler handler = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(record.getLevel() + " " + record.getMessage());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger(VerificationWorker.class.getName());
        Level level = logger.getLevel();
        logger.setLevel(Level.INFO);
        logger.addHandler(handler);
        try {
            long start = System.nanoTime();
            Run run = start(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", address, "REPRISE_KAFKA_START_TIMEOUT_MS", "7000"));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(run.started().exitCode()).as(run.err()).isEqualTo(1);
            assertThat(took).as("the start timeout is 7 s").isLessThan(Duration.ofSeconds(20));
            assertThat(run.err()).startsWith("worker: could not start: could not reach the Kafka broker at " + address
                    + " within 7 s").contains("check that a broker runs there");
            assertThat(logged).anyMatch(line -> line.startsWith("INFO ") && line.contains("connecting to Kafka at "
                    + address));
            assertThat(logged.stream().filter(line -> line.startsWith("WARNING ")
                    && line.contains("no answer from the Kafka broker at " + address)).count())
                    .as("a warning every %s; logged: %s", ClusterCheck.REPORT_EVERY, logged).isGreaterThanOrEqualTo(2);
        } finally {
            logger.removeHandler(handler);
            logger.setLevel(level);
        }
    }

    @Test
    void badOption_isNamed_exitTwo() {
        Run run = start(Map.of(), "--confg", "x");
        assertThat(run.started().exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("worker: usage: WorkerMain [--config worker.properties] [--builds=DIR] [--help]"
                + ": unknown option '--confg'");
        for (String[] args : List.of(new String[] {"--builds"}, new String[] {"--builds="},
                new String[] {"--builds=a", "--builds", "b"}, new String[] {"--config", "a", "--config=b"})) {
            Run bad = start(Map.of(), args);
            assertThat(bad.started().exitCode()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(bad.err()).as(String.join(" ", args)).startsWith("worker: usage: WorkerMain")
                    .containsAnyOf("needs a value", "is given twice").hasLineCount(1);
        }
    }

    /** The names of the live threads that a worker or its clients start. */
    private static Set<String> workerThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(name -> name.startsWith("reprise-") || name.startsWith("kafka-"))
                .collect(Collectors.toSet());
    }

    /** A port nothing listens on: the broker address of a start that must not get that far. */
    private static String closedPort() throws Exception {
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "127.0.0.1:" + closed.getLocalPort();
        }
    }

    @Test
    // A FIFO could block the open and /dev/zero be read for ever: bound the test, not the build.
    @Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void configThatIsNotARegularFileOrTooLarge_isRefusedAtOnce_exitTwo(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("worker.fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(mkfifo.waitFor(10, TimeUnit.SECONDS)).isTrue();
        Assumptions.assumeTrue(mkfifo.exitValue() == 0, "mkfifo is available");
        Path huge = dir.resolve("huge.properties");
        try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(WorkerMain.MAX_CONFIG_BYTES + 1L); // sparse: costs no disk
        }
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put(fifo.toString(), "not a regular file (a device, pipe or socket)");
        cases.put(dir.toString(), "not a regular file (a directory)");
        cases.put(huge.toString(), "larger than the " + WorkerMain.MAX_CONFIG_BYTES
                + " bytes a configuration file may have");
        if (Files.exists(Path.of("/dev/zero"))) {
            cases.put("/dev/zero", "not a regular file (a device, pipe or socket)");
        }
        for (Map.Entry<String, String> c : cases.entrySet()) {
            Run run = start(Map.of(), "--config", c.getKey());
            assertThat(run.started().exitCode()).as(c.getKey()).isEqualTo(2);
            assertThat(run.err()).isEqualTo("worker: --config " + c.getKey() + ": " + c.getValue()
                    + System.lineSeparator());
        }
    }

    @Test
    void healthPortInUse_oneLineNamingAddressAndPort_exitTwo_beforeConnecting_nothingLeftOpen() throws Exception {
        Set<String> before = workerThreads();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            long start = System.nanoTime();
            Run run = start(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", closedPort(),
                    "REPRISE_KAFKA_START_TIMEOUT_MS", "20000",
                    "REPRISE_KAFKA_HEALTH_PORT", String.valueOf(taken.getLocalPort())));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(run.started().exitCode()).as(run.err()).isEqualTo(2);
            assertThat(run.started().worker()).isNull();
            assertThat(run.err()).isEqualTo("worker: health port: cannot listen on 127.0.0.1 port "
                    + taken.getLocalPort() + ": Address already in use" + System.lineSeparator());
            assertThat(took).as("refused before the broker's 20 s start timeout").isLessThan(Duration.ofSeconds(10));
        }
        Await.until(() -> before.containsAll(workerThreads()), Duration.ofSeconds(10),
                "no thread of the refused worker left (before: " + before + ")");
    }

    @Test
    void badSettings_areRefusedAtOnceNamingTheOption_beforeConnecting() throws Exception {
        String broker = closedPort();
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("REPRISE_KAFKA_HEALTH_PORT=70000",
                "worker option 'health.port': must be from 0 to 65535, was 70000 (a TCP port; 0 picks a free one)");
        cases.put("REPRISE_KAFKA_HEALTH_PORT=-1", "worker option 'health.port': must be from 0 to 65535, was -1");
        cases.put("REPRISE_KAFKA_HEALTH_ADDRESS=no-such-host.invalid",
                "worker option 'health.address': cannot resolve 'no-such-host.invalid'");
        cases.put("REPRISE_KAFKA_COMMIT_INTERVAL_MS=0", "worker option 'commit.interval.ms': must be at least 1, was 0");
        cases.put("REPRISE_KAFKA_MAX_ATTEMPTS=0", "worker option 'max.attempts': must be from 1 to 2147483647, was 0");
        cases.put("REPRISE_KAFKA_MAX_ATTEMPTS=2147483648",
                "worker option 'max.attempts': must be from 1 to 2147483647, was 2147483648");
        cases.put("REPRISE_KAFKA_REPLAY_TIMEOUT_MS=-5", "worker option 'replay.timeout.ms': must be at least 1, was -5");
        cases.put("REPRISE_KAFKA_REPLAY_MAX_STEPS=x", "worker option 'replay.max.steps': not a whole number: 'x'");
        cases.put("REPRISE_KAFKA_PRODUCER_ACKS=maybe", "kafkaConfig: bad Kafka producer configuration: Invalid value"
                + " maybe for configuration acks");
        cases.put("REPRISE_KAFKA_CONSUMER_SESSION_TIMEOUT_MS=soon", "kafkaConfig: bad Kafka consumer configuration:"
                + " Invalid value soon for configuration session.timeout.ms");
        for (Map.Entry<String, String> c : cases.entrySet()) {
            String[] variable = c.getKey().split("=", 2);
            long start = System.nanoTime();
            Run run = start(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", broker, "REPRISE_KAFKA_START_TIMEOUT_MS", "20000",
                    variable[0], variable[1]));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(run.started().exitCode()).as("%s: %s", c.getKey(), run.err()).isEqualTo(2);
            assertThat(run.err()).as(c.getKey()).startsWith("worker: " + c.getValue());
            assertThat(run.err().lines()).as(c.getKey()).hasSize(1);
            assertThat(took).as("%s refused before the broker's 20 s start timeout", c.getKey())
                    .isLessThan(Duration.ofSeconds(10));
        }
    }

    @Test
    void startThatFails_closesTheHealthPortItBound() throws Exception {
        Run run = start(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", closedPort(), "REPRISE_KAFKA_START_TIMEOUT_MS", "2000",
                "REPRISE_KAFKA_HEALTH_PORT", "0"));
        assertThat(run.started().exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.out()).contains("health on 127.0.0.1 port ");
        int port = Integer.parseInt(run.out().replaceAll("(?s).*health on 127\\.0\\.0\\.1 port (\\d+) .*", "$1"));
        try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(again.getLocalPort()).as("the health port is free again").isEqualTo(port);
        }
    }

    @Test
    void verifier_hasADefaultTimeoutAndStepBudget_orTheConfiguredOnes() {
        ReplayVerifierProvider game = ReplayVerifierProvider.find(null);
        assertThat(WorkerMain.verifier(WorkerConfig.of(new Properties(), Map.of()), game).toString())
                .contains("timeout=PT1M", "maxSteps=1000000");
        assertThat(WorkerMain.verifier(WorkerConfig.of(new Properties(), Map.of("REPRISE_KAFKA_REPLAY_TIMEOUT_MS", "2500",
                "REPRISE_KAFKA_REPLAY_MAX_STEPS", "700", "REPRISE_KAFKA_PARALLELISM", "3")), game).toString())
                .contains("timeout=PT2.5S", "maxSteps=700", "parallelism=3");
    }

    @Test
    void builds_aFolderThatCannotServe_isRefusedAtOnceInOneLineNamingIt_exitTwo(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("file.jar"), "x");
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put(dir.resolve("nope").toString(), "the game builds folder " + dir.resolve("nope") + " is missing");
        cases.put(file.toString(), "the game builds folder " + file + " is not a folder");
        cases.put(empty.toString(), "no game jar is installed in " + empty);
        String broker = closedPort();
        for (Map.Entry<String, String> c : cases.entrySet()) {
            long start = System.nanoTime();
            Run run = start(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", broker, "REPRISE_KAFKA_START_TIMEOUT_MS", "20000"),
                    "--builds=" + c.getKey());
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertThat(run.started().exitCode()).as("%s: %s", c.getKey(), run.err()).isEqualTo(2);
            assertThat(run.err()).as(c.getKey()).isEqualTo("worker: worker option 'builds': " + c.getValue()
                    + System.lineSeparator());
            assertThat(took).as("%s refused before the broker's 20 s start timeout", c.getKey())
                    .isLessThan(Duration.ofSeconds(10));
        }
    }

    @Test
    void builds_anUnreadableFolder_isRefusedNamingIt(@TempDir Path dir) throws Exception {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        GameJars.install(locked, "1");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("-wx------"));
        try {
            Assumptions.assumeFalse(Files.isReadable(locked), "the user can read any folder (root)");
            Run run = start(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", closedPort()), "--builds", locked.toString());
            assertThat(run.started().exitCode()).isEqualTo(2);
            assertThat(run.err()).isEqualTo("worker: worker option 'builds': the game builds folder " + locked
                    + " is not readable" + System.lineSeparator());
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void builds_jarsThatCannotBeLoadedAreNamed_andAGameTheFolderLacksIsRefused(@TempDir Path dir) throws Exception {
        Path builds = Files.createDirectory(dir.resolve("builds"));
        Files.writeString(builds.resolve("broken.jar"), "not a jar");
        GameJars.install(builds, "1");

        Run run = start(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", closedPort(), "REPRISE_KAFKA_GAME", "chess"),
                "--builds", builds.toString());

        assertThat(run.started().exitCode()).isEqualTo(2);
        assertThat(run.err().lines()).hasSize(2);
        assertThat(run.err()).startsWith("worker: " + builds.resolve("broken.jar") + ": skipped, ")
                .contains("worker: worker option 'builds': game 'chess' is not installed in " + builds
                        + "; installed: " + GameJars.GAME_ID);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void builds_aJarWhoseStaticInitializerNeverReturns_isSkippedNamedAtTheReplayTimeout_andTheStartGoesOn(
            @TempDir Path dir) throws Exception {
        Path builds = Files.createDirectory(dir.resolve("builds"));
        GameJars.install(builds, "1");
        BadGameJars.provider(builds, "hangs.jar", BadGameJars.HANGS, null, null);

        Run run = start(Map.of("REPRISE_KAFKA_BOOTSTRAP_SERVERS", closedPort(), "REPRISE_KAFKA_START_TIMEOUT_MS", "1000",
                "REPRISE_KAFKA_REPLAY_TIMEOUT_MS", "500"), "--builds", builds.toString());

        // The start goes on to the broker (none here: exit 1), the bad jar named on the way.
        assertThat(run.started().exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.err()).startsWith("worker: " + builds.resolve("hangs.jar") + ": skipped, did not load within "
                + "500 ms");
    }

    @Test
    void builds_theFlagWinsOverTheEnvironment_whichWinsOverTheFile(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("worker.properties"), "kafka.bootstrap.servers=" + closedPort()
                + "\nbuilds=" + dir.resolve("from-file") + "\n");
        Map<String, String> env = Map.of("REPRISE_KAFKA_BUILDS", dir.resolve("from-env").toString());

        assertThat(start(Map.of(), "--config", config.toString()).err()).contains("from-file is missing");
        assertThat(start(env, "--config", config.toString()).err()).contains("from-env is missing");
        assertThat(start(env, "--builds", dir.resolve("from-flag").toString(), "--config", config.toString()).err())
                .contains("from-flag is missing");
    }

    @Test
    void verifier_ofTheClassPathsGame_playsOnlyTheBuildsItsProviderLists(@TempDir Path dir) throws Exception {
        Path folder = Files.createDirectory(dir.resolve("builds"));
        GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build();
             GameBuilds.Lease<ReplayVerifierProvider> one = builds.lease(GameJars.GAME_ID, "1").orElseThrow()) {
            ReplayVerifier verifier = WorkerMain.verifier(WorkerConfig.of(new Properties(), Map.of()), one.service());

            Verdict own = verifier.verify(ReplaySource.of("one", GameJars.record("1", 1, 0, 2).toBytes()))
                    .block(Duration.ofSeconds(30));
            Verdict other = verifier.verify(ReplaySource.of("two", GameJars.record("2", 1, 0, 2).toBytes()))
                    .block(Duration.ofSeconds(30));

            assertThat(own).extracting(Verdict::outcome).isEqualTo(Outcome.VALID);
            assertThat(other).isNotNull();
            assertThat(other.outcome()).as(other.reason()).isEqualTo(Outcome.UNKNOWN_BUILD);
            assertThat(other.reason()).contains("it plays build 1");
        }
    }
}
