package dev.reprise.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
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
        if (started.worker() != null) {
            started.worker().close();
        }
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
        assertThat(run.err()).startsWith("worker: usage: WorkerMain [--config worker.properties] [--help]");
    }
}
