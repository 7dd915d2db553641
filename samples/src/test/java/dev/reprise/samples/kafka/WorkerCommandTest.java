package dev.reprise.samples.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class WorkerCommandTest {

    @Test
    void options_becomeTheWorkerSettings() {
        WorkerCommand command = new WorkerCommand();
        new CommandLine(command).parseArgs("--bootstrap-servers", "k1:9092,k2:9092", "--submissions-topic", "subs",
                "--verdicts-topic", "verdicts", "--group-id", "g", "--transactional-id-prefix", "tx",
                "--worker-id", "pod-3", "--parallelism", "4", "--max-poll-records", "20", "--commit-interval-ms", "250",
                "--stop-timeout-s", "5", "--consumer-property", "session.timeout.ms=9000",
                "--producer-property", "transaction.timeout.ms=20000");
        WorkerSettings settings = command.settings();
        assertThat(settings.bootstrapServers()).isEqualTo("k1:9092,k2:9092");
        assertThat(settings.submissionsTopic()).isEqualTo("subs");
        assertThat(settings.verdictsTopic()).isEqualTo("verdicts");
        assertThat(settings.groupId()).isEqualTo("g");
        assertThat(settings.transactionalIdPrefix()).isEqualTo("tx");
        assertThat(settings.workerId()).isEqualTo("pod-3");
        assertThat(settings.parallelism()).isEqualTo(4);
        assertThat(settings.maxPollRecords()).isEqualTo(20);
        assertThat(settings.commitInterval()).isEqualTo(Duration.ofMillis(250));
        assertThat(settings.stopTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(settings.consumerOverrides()).isEqualTo(Map.of("session.timeout.ms", "9000"));
        assertThat(settings.producerOverrides()).isEqualTo(Map.of("transaction.timeout.ms", "20000"));
        assertThat(VerificationWorker.producerProperties(settings))
                .containsEntry("transactional.id", "tx-pod-3")
                .containsEntry("transaction.timeout.ms", "20000");
        assertThat(VerificationWorker.consumerProperties(settings))
                .containsEntry("isolation.level", "read_committed")
                .containsEntry("enable.auto.commit", false)
                .containsEntry("group.id", "g");
    }

    @Test
    void noOptions_takeTheDefaults() {
        WorkerCommand command = new WorkerCommand();
        new CommandLine(command).parseArgs();
        WorkerSettings settings = command.settings();
        // The environment may set them; without it these are the defaults.
        if (System.getenv("REPRISE_KAFKA_BOOTSTRAP_SERVERS") == null) {
            assertThat(settings.bootstrapServers()).isEqualTo("localhost:9092");
        }
        if (System.getenv("REPRISE_KAFKA_SUBMISSIONS_TOPIC") == null) {
            assertThat(settings.submissionsTopic()).isEqualTo(WorkerSettings.DEFAULT_SUBMISSIONS_TOPIC);
        }
        if (System.getenv("REPRISE_KAFKA_PARALLELISM") == null) {
            assertThat(settings.parallelism()).isEqualTo(Runtime.getRuntime().availableProcessors());
        }
        assertThat(settings.workerId()).isNotBlank();
    }

    @Test
    void badValue_isAUsageErrorNamingTheOption() {
        StringWriter err = new StringWriter();
        CommandLine line = WorkerCommand.commandLine();
        line.setErr(new PrintWriter(err));
        int exit = line.execute("--bootstrap-servers", "127.0.0.1:1", "--max-poll-records", "0");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("maxPollRecords: must be at least 1, was 0");
    }

    @Test
    void help_namesTheEnvironmentVariables() {
        StringWriter out = new StringWriter();
        CommandLine line = WorkerCommand.commandLine();
        line.setOut(new PrintWriter(out));
        assertThat(line.execute("--help")).isZero();
        assertThat(out.toString()).contains("REPRISE_KAFKA_BOOTSTRAP_SERVERS", "REPRISE_KAFKA_GROUP_ID",
                "REPRISE_KAFKA_TRANSACTIONAL_ID_PREFIX", "REPRISE_KAFKA_PARALLELISM", "--consumer-property");
    }
}
