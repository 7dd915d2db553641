package dev.reprise.kafka;

import dev.reprise.verify.ReplayVerifierProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.LogManager;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.ConfigException;
import org.jspecify.annotations.Nullable;

/**
 * Runs one verification worker as a process, for any game: {@code java -cp reprise-worker.jar:mygame.jar
 * dev.reprise.kafka.WorkerMain --config worker.properties}. The game is found through
 * {@link ReplayVerifierProvider} ({@code game} chooses when several are installed); the options come from
 * the properties file and {@code REPRISE_KAFKA_*} environment variables (see {@link WorkerConfig}'s keys,
 * listed by {@code --help} and in {@code docs/verification.md}).
 *
 * <p>It logs through {@code java.util.logging} (the worker jar binds Kafka's SLF4J logging to it too): one
 * line per record on standard error, Kafka's clients at {@code WARNING}, the worker at {@code INFO}, unless
 * {@code -Djava.util.logging.config.file} names a configuration of your own.
 *
 * <p>On SIGTERM (or Ctrl-C) it stops gracefully: the replays in work finish or their transaction is
 * aborted, the verdicts that are ready are committed, it prints {@code worker ID: stopped after N committed
 * verdicts} and exits 0. Exit codes: 0 after a clean stop (and for {@code --help}), 1 if the worker failed
 * or could not start, 2 for a bad option or configuration file.
 */
public final class WorkerMain {

    /** The logging configuration used when none is given. */
    private static final String LOGGING = "worker-logging.properties";
    /** A {@code \\u} escape that is not one: an odd run of backslashes, {@code u}, then not four hex digits. */
    private static final Pattern BAD_UNICODE_ESCAPE = Pattern.compile("(?<!\\\\)(\\\\\\\\)*\\\\u(?![0-9a-fA-F]{4})");

    private WorkerMain() {
    }

    /**
     * Runs the worker until SIGTERM.
     *
     * @param args {@code --config FILE} (optional: the environment alone may configure it), or {@code --help}
     */
    public static void main(String[] args) {
        configureLogging();
        PrintStream out = System.out;
        Started started = start(args, System.getenv(), out, System.err);
        if (started.worker() == null) {
            out.flush();
            System.exit(started.exitCode());
            return;
        }
        VerificationWorker worker = started.worker();
        String workerId = worker.settings().workerId();
        AtomicBoolean reported = new AtomicBoolean();
        // A shutdown hook alone ends the JVM with 143 after SIGTERM; halting from the hook, once the worker
        // is closed and the line printed, makes a clean stop exit 0 as promised. The line is printed even if
        // the close fails, and before the halt, whatever else the JVM is doing.
        Thread hook = new Thread(() -> {
            int code = 1;
            try {
                worker.close();
            } finally {
                code = report(worker, workerId, out, reported);
                Runtime.getRuntime().halt(code);
            }
        }, "reprise-worker-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            while (!worker.awaitTermination(Duration.ofSeconds(1))) {
                // The worker runs on its own threads; this thread waits for its end (a failure) or the hook.
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // SIGTERM came first: the hook reports and halts. Wait for it rather than return: a main thread
            // that returns while the JVM shuts down adds nothing, and this one must not print first.
            try {
                hook.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return;
        }
        System.exit(report(worker, workerId, out, reported));
    }

    /** What {@link #start} did: a running worker, or the exit code to end with now. */
    record Started(@Nullable VerificationWorker worker, int exitCode) {
    }

    /**
     * Reads the options, builds and starts the worker and its health endpoint, printing what it does. Errors
     * are printed as one line on {@code err}: a bad option or file (exit 2), a start that failed (exit 1).
     *
     * @return the started worker, or no worker and the exit code
     */
    static Started start(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            out.print(usage());
            out.flush();
            return new Started(null, 0);
        }
        VerificationWorker worker;
        try {
            WorkerConfig config = WorkerConfig.of(properties(args), env);
            ReplayVerifierProvider provider = ReplayVerifierProvider.find(config.game());
            VerificationWorker.Builder builder = config.apply(VerificationWorker.builder(config.kafkaConfig(),
                    provider.verifier().parallelism(config.parallelism()).build()).games(Set.of(provider.gameId())));
            worker = builder.build();
            WorkerSettings s = worker.settings();
            worker.start();
            int healthPort = config.healthPort();
            if (healthPort >= 0) {
                // Left open until the process ends: orchestrators probe it until then.
                InetAddress address = InetAddress.getByName(config.healthAddress());
                WorkerHealth health = WorkerHealth.start(worker, new InetSocketAddress(address, healthPort));
                out.printf("worker %s: health on %s port %d (/health/live, /health/ready)%n", s.workerId(),
                        address.getHostAddress(), health.port());
            }
            out.printf("worker %s: verifying %s (%s -> %s) in group %s (parallelism %d)%n", s.workerId(),
                    provider.gameId(), s.submissionsTopic(), s.verdictsTopic(), s.groupId(), s.parallelism());
            out.flush();
        } catch (IllegalArgumentException | IOException e) {
            err.println("worker: " + e.getMessage());
            return new Started(null, 2);
        } catch (RuntimeException e) {
            if (causedBy(e, ConfigException.class)) {
                err.println("worker: bad Kafka client configuration: " + ClusterCheck.rootMessage(e));
                return new Started(null, 2);
            }
            err.println("worker: could not start: " + describe(e));
            return new Started(null, 1);
        }
        return new Started(worker, 0);
    }

    /** The usage and every configuration key, for {@code --help}. */
    static String usage() {
        String n = System.lineSeparator();
        StringBuilder text = new StringBuilder()
                .append("usage: java -cp reprise-worker.jar:mygame.jar dev.reprise.kafka.WorkerMain"
                        + " [--config worker.properties] [--help]").append(n).append(n)
                .append("Verifies the replays submitted to a Kafka topic, one verdict per submission, exactly once,")
                .append(n).append("for the game whose ReplayVerifierProvider is on the class path. Runs until SIGTERM.")
                .append(n).append(n)
                .append("Configuration: keys of the --config file, or environment variables REPRISE_KAFKA_<KEY>")
                .append(n).append("(upper case, '_' for '.'; the environment wins). Unknown keys are an error.")
                .append(n).append(n);
        for (WorkerConfig.Key key : WorkerConfig.Key.values()) {
            text.append(String.format("  %-26s %s%n", key.key(), key.help()));
        }
        text.append(String.format("  %-26s %s%n", "kafka.<property>",
                "a Kafka client property for both clients (security.protocol, sasl.*, ...)"));
        text.append(String.format("  %-26s %s%n", "kafka.consumer.<property>", "a property of the consumer only"));
        text.append(String.format("  %-26s %s%n", "kafka.producer.<property>", "a property of the producer only"));
        text.append(n).append("Logging: java.util.logging, configured with -Djava.util.logging.config.file=FILE.")
                .append(n).append("Exit codes: 0 after a clean stop or --help, 1 if the worker failed or could not")
                .append(" start, 2 for a bad option or configuration file.").append(n);
        return text.toString();
    }

    /** Prints the final line once and returns the exit code. */
    private static int report(VerificationWorker worker, String workerId, PrintStream out, AtomicBoolean reported) {
        Throwable failure = worker.failure().orElse(null);
        if (reported.compareAndSet(false, true)) {
            out.printf("worker %s: stopped after %d committed verdicts%s%n", workerId, worker.committedVerdicts(),
                    failure == null ? "" : ", failed: " + describe(failure));
            out.flush();
        }
        return failure == null ? 0 : 1;
    }

    /** An error and its causes' messages, each once: Kafka wraps the useful one ("Failed to construct ..."). */
    static String describe(Throwable e) {
        StringBuilder text = new StringBuilder(String.valueOf(e.getMessage() == null ? e : e.getMessage()));
        for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            String message = cause.getMessage() == null ? cause.toString() : cause.getMessage();
            if (!text.toString().contains(message)) {
                text.append(": ").append(message);
            }
        }
        return text.toString();
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /** Uses the bundled one-line logging configuration unless the user gave one. */
    private static void configureLogging() {
        if (System.getProperty("java.util.logging.config.file") != null
                || System.getProperty("java.util.logging.config.class") != null) {
            return;
        }
        try (InputStream in = WorkerMain.class.getResourceAsStream(LOGGING)) {
            if (in != null) {
                LogManager.getLogManager().readConfiguration(in);
            }
        } catch (IOException e) {
            System.err.println("worker: could not read the bundled logging configuration: " + e);
        }
    }

    private static Properties properties(String[] args) throws IOException {
        Properties properties = new Properties();
        if (args.length == 0) {
            return properties;
        }
        if (args.length != 2 || !args[0].equals("--config")) {
            throw new IllegalArgumentException("usage: WorkerMain [--config worker.properties] [--help] (was: "
                    + String.join(" ", args) + ")");
        }
        Path file = Path.of(args[1]);
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--config: no such file: " + file, e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--config " + file + ": " + where(file) + e.getMessage()
                    + " (a backslash followed by 'u' must start four hex digits; write '\\\\' for a backslash)", e);
        }
        return properties;
    }

    /** The line of the first malformed {@code \\u} escape in a properties file, as "line N: ", or "". */
    private static String where(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
        for (int i = 0; i < lines.size(); i++) {
            if (BAD_UNICODE_ESCAPE.matcher(lines.get(i)).find()) {
                return "line " + (i + 1) + ": ";
            }
        }
        return "";
    }
}
