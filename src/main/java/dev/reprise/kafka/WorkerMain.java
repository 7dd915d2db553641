package dev.reprise.kafka;

import dev.reprise.verify.ReplayVerifierProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one verification worker as a process, for any game: {@code java -cp reprise-worker.jar:mygame.jar
 * dev.reprise.kafka.WorkerMain --config worker.properties}. The game is found through
 * {@link ReplayVerifierProvider} ({@code game} chooses when several are installed); the options come from
 * the properties file and {@code REPRISE_KAFKA_*} environment variables (see {@link WorkerConfig}'s keys in
 * {@code docs/verification.md}).
 *
 * <p>On SIGTERM (or Ctrl-C) it stops gracefully: the replays in work finish or their transaction is
 * aborted, the verdicts that are ready are committed, it prints {@code worker ID: stopped after N committed
 * verdicts} and exits 0. Exit codes: 0 after a clean stop, 1 if the worker failed, 2 for a bad option or
 * configuration file.
 */
public final class WorkerMain {

    private WorkerMain() {
    }

    /**
     * Runs the worker until SIGTERM.
     *
     * @param args {@code --config FILE} (optional: the environment alone may configure it)
     */
    public static void main(String[] args) {
        PrintStream out = System.out;
        VerificationWorker worker;
        String workerId;
        try {
            WorkerConfig config = WorkerConfig.of(properties(args), System.getenv());
            ReplayVerifierProvider provider = ReplayVerifierProvider.find(config.game());
            VerificationWorker.Builder builder = config.apply(VerificationWorker.builder(config.kafkaConfig(),
                    provider.verifier().parallelism(config.parallelism()).build()).games(java.util.Set.of(provider.gameId())));
            worker = builder.build();
            workerId = worker.settings().workerId();
            WorkerSettings s = worker.settings();
            worker.start();
            int healthPort = config.healthPort();
            if (healthPort >= 0) {
                // Left open until the process ends: orchestrators probe it until then.
                WorkerHealth health = WorkerHealth.start(worker, new InetSocketAddress(healthPort));
                out.printf("worker %s: health on port %d (/health/live, /health/ready)%n", worker.settings().workerId(),
                        health.port());
            }
            out.printf("worker %s: verifying %s (%s -> %s) in group %s (parallelism %d)%n", workerId,
                    provider.gameId(), s.submissionsTopic(), s.verdictsTopic(), s.groupId(), s.parallelism());
            out.flush();
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("worker: " + e.getMessage());
            System.exit(2);
            return;
        } catch (RuntimeException e) {
            System.err.println("worker: could not start: " + e);
            System.exit(1);
            return;
        }
        AtomicBoolean reported = new AtomicBoolean();
        // A shutdown hook alone ends the JVM with 143 after SIGTERM; halting from the hook, once the worker
        // is closed and the line printed, makes a clean stop exit 0 as promised.
        Thread hook = new Thread(() -> {
            worker.close();
            int code = report(worker, workerId, out, reported);
            Runtime.getRuntime().halt(code);
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
            // SIGTERM came first: the hook reports and halts.
            return;
        }
        System.exit(report(worker, workerId, out, reported));
    }

    /** Prints the final line once and returns the exit code. */
    private static int report(VerificationWorker worker, String workerId, PrintStream out, AtomicBoolean reported) {
        Throwable failure = worker.failure();
        if (reported.compareAndSet(false, true)) {
            out.printf("worker %s: stopped after %d committed verdicts%s%n", workerId, worker.committedVerdicts(),
                    failure == null ? "" : ", failed: " + failure);
            out.flush();
        }
        return failure == null ? 0 : 1;
    }

    private static Properties properties(String[] args) throws IOException {
        Properties properties = new Properties();
        if (args.length == 0) {
            return properties;
        }
        if (args.length != 2 || !args[0].equals("--config")) {
            throw new IllegalArgumentException("usage: WorkerMain [--config worker.properties] (was: "
                    + String.join(" ", args) + ")");
        }
        Path file = Path.of(args[1]);
        try (InputStream in = Files.newInputStream(file)) {
            properties.load(in);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--config: no such file: " + file, e);
        }
        return properties;
    }
}
