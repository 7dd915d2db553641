package dev.reprise.samples.kafka;

import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerVerification;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The command line of {@link VerificationWorker#main}: runs one verification worker for tower replays
 * until the JVM is asked to stop (SIGTERM, Ctrl-C), then stops it gracefully.
 *
 * <p>Every option can also come from the environment ({@code REPRISE_KAFKA_...}, see {@code --help});
 * an option on the command line wins. Exit codes: 0 after a clean stop, 1 if the worker failed, 2 for
 * a usage error.
 */
@Command(name = "verification-worker", mixinStandardHelpOptions = true,
        description = "Verifies replay submissions from a Kafka topic and publishes one verdict each, exactly once.")
public final class WorkerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--bootstrap-servers", defaultValue = "${env:REPRISE_KAFKA_BOOTSTRAP_SERVERS:-localhost:9092}",
            description = "Kafka bootstrap servers (env REPRISE_KAFKA_BOOTSTRAP_SERVERS; default ${DEFAULT-VALUE}).")
    String bootstrapServers;

    @Option(names = "--submissions-topic",
            defaultValue = "${env:REPRISE_KAFKA_SUBMISSIONS_TOPIC:-" + WorkerSettings.DEFAULT_SUBMISSIONS_TOPIC + "}",
            description = "Topic of the submissions (env REPRISE_KAFKA_SUBMISSIONS_TOPIC; default ${DEFAULT-VALUE}).")
    String submissionsTopic;

    @Option(names = "--verdicts-topic",
            defaultValue = "${env:REPRISE_KAFKA_VERDICTS_TOPIC:-" + WorkerSettings.DEFAULT_VERDICTS_TOPIC + "}",
            description = "Topic of the verdicts (env REPRISE_KAFKA_VERDICTS_TOPIC; default ${DEFAULT-VALUE}).")
    String verdictsTopic;

    @Option(names = "--group-id", defaultValue = "${env:REPRISE_KAFKA_GROUP_ID:-" + WorkerSettings.DEFAULT_GROUP_ID + "}",
            description = "Consumer group of all the workers (env REPRISE_KAFKA_GROUP_ID; default ${DEFAULT-VALUE}).")
    String groupId;

    @Option(names = "--transactional-id-prefix",
            defaultValue = "${env:REPRISE_KAFKA_TRANSACTIONAL_ID_PREFIX:-"
                    + WorkerSettings.DEFAULT_TRANSACTIONAL_ID_PREFIX + "}",
            description = "Prefix of the worker's transactional id (env REPRISE_KAFKA_TRANSACTIONAL_ID_PREFIX; "
                    + "default ${DEFAULT-VALUE}).")
    String transactionalIdPrefix;

    @Option(names = "--worker-id", defaultValue = "${env:REPRISE_KAFKA_WORKER_ID}",
            description = "This worker's id, unique in the group and stable across restarts, e.g. a pod name "
                    + "(env REPRISE_KAFKA_WORKER_ID; default: random).")
    String workerId;

    @Option(names = "--parallelism", defaultValue = "${env:REPRISE_KAFKA_PARALLELISM:-0}",
            description = "Replays verified at once (env REPRISE_KAFKA_PARALLELISM; default: the processor count).")
    int parallelism;

    @Option(names = "--max-poll-records", defaultValue = "${env:REPRISE_KAFKA_MAX_POLL_RECORDS:-100}",
            description = "Most submissions fetched per poll (env REPRISE_KAFKA_MAX_POLL_RECORDS; default ${DEFAULT-VALUE}).")
    int maxPollRecords;

    @Option(names = "--commit-interval-ms", defaultValue = "${env:REPRISE_KAFKA_COMMIT_INTERVAL_MS:-100}",
            description = "How often verdicts are committed, in ms (env REPRISE_KAFKA_COMMIT_INTERVAL_MS; "
                    + "default ${DEFAULT-VALUE}).")
    long commitIntervalMillis;

    @Option(names = "--stop-timeout-s", defaultValue = "${env:REPRISE_KAFKA_STOP_TIMEOUT_S:-30}",
            description = "How long a graceful stop waits for replays in work, in s (env REPRISE_KAFKA_STOP_TIMEOUT_S; "
                    + "default ${DEFAULT-VALUE}).")
    long stopTimeoutSeconds;

    @Option(names = "--consumer-property", paramLabel = "KEY=VALUE",
            description = "An extra Kafka consumer property (repeatable), e.g. security settings.")
    Map<String, String> consumerProperties = new LinkedHashMap<>();

    @Option(names = "--producer-property", paramLabel = "KEY=VALUE",
            description = "An extra Kafka producer property (repeatable).")
    Map<String, String> producerProperties = new LinkedHashMap<>();

    /** Where the shutdown hook goes; tests replace it to run the hook themselves. */
    Consumer<Thread> shutdownHooks = Runtime.getRuntime()::addShutdownHook;

    /**
     * Returns the command line, ready to {@code execute}.
     *
     * @return a new command line
     */
    public static CommandLine commandLine() {
        return commandLine(new WorkerCommand());
    }

    static CommandLine commandLine(WorkerCommand command) {
        return new CommandLine(command);
    }

    /** Turns the options into worker settings; checks each value. */
    WorkerSettings settings() {
        WorkerSettings.Builder builder = WorkerSettings.builder(bootstrapServers)
                .submissionsTopic(submissionsTopic)
                .verdictsTopic(verdictsTopic)
                .groupId(groupId)
                .transactionalIdPrefix(transactionalIdPrefix)
                .maxPollRecords(maxPollRecords)
                .commitInterval(Duration.ofMillis(commitIntervalMillis))
                .stopTimeout(Duration.ofSeconds(stopTimeoutSeconds))
                .consumerOverrides(Map.copyOf(consumerProperties))
                .producerOverrides(Map.copyOf(producerProperties));
        if (workerId != null && !workerId.isBlank()) {
            builder.workerId(workerId);
        }
        if (parallelism != 0) {
            builder.parallelism(parallelism);
        }
        return builder.build();
    }

    @Override
    public Integer call() throws InterruptedException {
        WorkerSettings settings;
        try {
            settings = settings();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        PrintWriter out = spec.commandLine().getOut();
        SubmissionVerifier verifier = new ReplayVerifierAdapter(
                TowerVerification.verifier().parallelism(settings.parallelism()).build(), Set.of(TowerCommands.GAME_ID));
        VerificationWorker worker = VerificationWorker.create(settings, verifier);
        shutdownHooks.accept(new Thread(worker::close, "reprise-verification-worker-shutdown"));
        worker.start();
        out.printf("worker %s: verifying %s -> %s in group %s (parallelism %d)%n", settings.workerId(),
                settings.submissionsTopic(), settings.verdictsTopic(), settings.groupId(), settings.parallelism());
        out.flush();
        while (!worker.awaitTermination(Duration.ofSeconds(1))) {
            // Waits for the shutdown hook (or a failure) to end the worker.
        }
        Throwable failure = worker.failure();
        out.printf("worker %s: stopped after %d committed verdicts%s%n", settings.workerId(), worker.committedVerdicts(),
                failure == null ? "" : ", failed: " + failure);
        out.flush();
        return failure == null ? 0 : 1;
    }
}
