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

import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.GameCode;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.logging.LogManager;
import java.util.regex.Pattern;
import org.apache.kafka.common.config.ConfigException;
import org.jspecify.annotations.Nullable;

/**
 * Runs one verification worker as a process, for any game: {@code java -cp reprise-worker.jar:mygame.jar
 * dev.reprise.kafka.WorkerMain --config worker.properties}. The game is found through
 * {@link ReplayVerifierProvider} ({@code game} chooses when several are installed), playing the builds its
 * {@link ReplayVerifierProvider#gameBuilds()} lists; or, with {@code --builds=DIR} (the key {@code builds},
 * {@code REPRISE_KAFKA_BUILDS}), every game jar of a folder, each in its own class loader
 * ({@link GameBuilds}): each replay is played by the jar of its game and build, a replay of a build no jar
 * plays is {@code UNKNOWN_BUILD}, and jars added to or removed from the folder are seen while it runs. The
 * options come from the properties file, {@code REPRISE_KAFKA_*} environment variables and the command line
 * (see {@link WorkerConfig}'s keys, listed by {@code --help} and in {@code docs/verification.md}).
 *
 * <p>It logs through {@code java.util.logging} (the worker jar binds Kafka's SLF4J logging to it too): one
 * line per record on standard error, Kafka's clients at {@code WARNING}, the worker at {@code INFO}, unless
 * {@code -Djava.util.logging.config.file} names a configuration of your own.
 *
 * <p>On SIGTERM (or Ctrl-C) it stops gracefully: the replays in work finish or their transaction is
 * aborted, the verdicts that are ready are committed, it prints {@code worker ID: stopped after N committed
 * verdicts} and exits 0. Exit codes: 0 after a clean stop (and for {@code --help}), 1 if the worker failed
 * or could not start, 2 for a bad option or configuration file or a health port that cannot be bound.
 *
 * <p>Every replay has a timeout and a step budget ({@code replay.timeout.ms}, 60 s, and
 * {@code replay.max.steps}, the default reader's step cap, unless set), so that a hostile submission cannot
 * hold a work slot for good; a submission that was in work when its worker died twice gets a {@code FAILED}
 * verdict ({@code max.attempts}) instead of killing worker after worker.
 */
public final class WorkerMain {

    /** The logging configuration used when none is given. */
    private static final String LOGGING = "worker-logging.properties";
    /** A {@code \\u} escape that is not one: an odd run of backslashes, {@code u}, then not four hex digits. */
    /** The largest configuration file read, in bytes: a properties file of a few dozen keys is a few kilobytes. */
    static final int MAX_CONFIG_BYTES = 1 << 20;
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
        Started running = started;
        String workerId = worker.settings().workerId();
        AtomicBoolean reported = new AtomicBoolean();
        // A shutdown hook alone ends the JVM with 143 after SIGTERM; halting from the hook, once the worker
        // is closed and the line printed, makes a clean stop exit 0 as promised. The line is printed even if
        // the close fails, and before the halt, whatever else the JVM is doing.
        Thread hook = new Thread(() -> {
            int code = 1;
            try {
                running.close();
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
        started.close(); // the worker has ended: this retires the game jars
        System.exit(report(worker, workerId, out, reported));
    }

    /**
     * What {@link #start} did: a running worker and the game jars it plays, or the exit code to end with now.
     *
     * @param worker   the running worker, or null
     * @param exitCode the exit code to end with if there is no worker
     * @param builds   the folder's game jars the worker plays, or null for the class path's game
     */
    record Started(@Nullable VerificationWorker worker, int exitCode, @Nullable GameBuilds<?> builds) {

        Started(@Nullable VerificationWorker worker, int exitCode) {
            this(worker, exitCode, null);
        }

        /** Stops the worker gracefully, then retires its game jars (each unloaded once its replays ended). */
        void close() {
            closeAll(null, worker, builds);
        }
    }

    /**
     * Reads the options, builds the worker, binds its health endpoint and starts the worker, printing what
     * it does. Every option is checked, and the health port bound, before anything connects to Kafka. Errors
     * are printed as one line on {@code err}: a bad option or file, or a health port that cannot be bound
     * (exit 2), a start that failed (exit 1); whatever was opened by then is closed.
     *
     * @return the started worker, or no worker and the exit code
     */
    static Started start(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            out.print(usage());
            out.flush();
            return new Started(null, 0);
        }
        VerificationWorker worker = null;
        WorkerHealth health = null;
        GameBuilds<ReplayVerifierProvider> builds = null;
        try {
            WorkerArguments arguments = WorkerArguments.parse(args);
            WorkerConfig config = WorkerConfig.of(properties(arguments.config()), env, arguments.options());
            String game = config.game();
            ReplayVerifier verifier;
            String playing;
            Path folder = config.builds().orElse(null);
            if (folder == null) {
                String named = game;
                ReplayVerifierProvider provider = gameSetup("the class path's game", config.replayTimeout(),
                        () -> ReplayVerifierProvider.find(named));
                verifier = gameSetup(provider.gameId() + "'s verifier()", config.replayTimeout(),
                        () -> verifier(config, provider));
                game = provider.gameId();
                playing = game;
            } else {
                builds = builds(folder, game, config.replayTimeout(), err);
                verifier = ReplayVerifier.forBuilds(builds, b -> budgets(config, b));
                playing = GameBuilds.describe(builds.installed()) + " from " + folder;
            }
            // With a folder and no game named, any game is tried: the folder's jars may change while it runs.
            worker = config.apply(VerificationWorker.builder(config.kafkaConfig(), verifier)
                    .games(game == null ? Set.of() : Set.of(game))).build();
            WorkerSettings s = worker.settings();
            int healthPort = config.healthPort();
            InetAddress host = healthHost(config.healthAddress()); // checked even with the endpoint off
            if (healthPort >= 0) {
                InetSocketAddress address = new InetSocketAddress(host, healthPort);
                try {
                    // Left open until the process ends: orchestrators probe it until then.
                    health = WorkerHealth.start(worker, address, skipped(builds));
                } catch (IOException e) {
                    err.println("worker: health port: cannot listen on " + host.getHostAddress()
                            + " port " + healthPort + ": " + e.getMessage());
                    closeAll(null, worker, builds);
                    return new Started(null, 2);
                }
                out.printf("worker %s: health on %s port %d (/health/live, /health/ready)%n", s.workerId(),
                        host.getHostAddress(), health.port());
            }
            worker.start();
            out.printf("worker %s: verifying %s (%s -> %s) in group %s (parallelism %d)%n", s.workerId(),
                    playing, s.submissionsTopic(), s.verdictsTopic(), s.groupId(), s.parallelism());
            out.flush();
        } catch (IllegalArgumentException | IOException e) {
            closeAll(health, worker, builds);
            err.println("worker: " + e.getMessage());
            return new Started(null, 2);
        } catch (RuntimeException e) {
            closeAll(health, worker, builds);
            if (causedBy(e, ConfigException.class)) {
                err.println("worker: bad Kafka client configuration: " + ClusterCheck.rootMessage(e));
                return new Started(null, 2);
            }
            err.println("worker: could not start: " + describe(e));
            return new Started(null, 1);
        }
        return new Started(worker, 0, builds);
    }

    /**
     * The class path game's verifier with the worker's budgets: every replay has a timeout and a step budget,
     * the configured ones or the defaults, so that no submission can hold a work slot for good; a replay of a
     * build the provider does not list ({@link ReplayVerifierProvider#gameBuilds()}) is {@code UNKNOWN_BUILD}.
     */
    static ReplayVerifier verifier(WorkerConfig config, ReplayVerifierProvider provider) {
        return budgets(config, provider.verifier().gameBuilds(provider.gameBuilds())).build();
    }

    /** The worker's parallelism and budgets, set on a verifier builder (of each build's, with a folder). */
    private static ReplayVerifier.Builder budgets(WorkerConfig config, ReplayVerifier.Builder builder) {
        return builder.parallelism(config.parallelism()).timeout(config.replayTimeout()).maxSteps(config.maxSteps());
    }

    /**
     * Loads the game jars of the {@code builds} folder, naming on {@code err} each jar that cannot be loaded.
     *
     * @throws IllegalArgumentException naming the option, if the folder is missing, not a folder, not
     *     readable, or holds no jar (of {@code game}, when named)
     */
    private static GameBuilds<ReplayVerifierProvider> builds(Path folder, @Nullable String game, Duration loadTimeout,
                                                             PrintStream err) {
        try {
            // A jar's code runs bounded as a replay is: one that never loads is skipped, named, at the timeout.
            GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).loadTimeout(loadTimeout).build();
            builds.skipped().forEach(problem -> err.println("worker: " + problem.path() + ": skipped, "
                    + problem.reason()));
            return builds.requireGame(game);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("worker option 'builds': " + e.getMessage(), e);
        }
    }

    /**
     * Runs a game's setup code bounded ({@link GameCode}): one that never returns or throws fails the start
     * in one line, exit 2.
     *
     * @throws IllegalArgumentException naming what failed, or as {@code setup} throws it
     */
    private static <T> T gameSetup(String what, Duration timeout, Supplier<T> setup) {
        try {
            return GameCode.call(what, timeout, setup);
        } catch (GameCode.Failure e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The health endpoint's notes: each jar of the folder that is skipped, and why. */
    private static Supplier<List<String>> skipped(@Nullable GameBuilds<?> builds) {
        if (builds == null) {
            return List::of;
        }
        return () -> builds.skipped().stream().map(p -> "skipped " + p.path() + ": " + p.reason()).toList();
    }

    /** Resolves the health endpoint's address, naming the option if it does not resolve. */
    private static InetAddress healthHost(String host) {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("worker option 'health.address': cannot resolve '" + host + "'", e);
        }
    }

    /**
     * Closes what a start opened: the health endpoint frees its port, the worker stops and closes its
     * clients, then the game jars are retired.
     */
    private static void closeAll(@Nullable WorkerHealth health, @Nullable VerificationWorker worker,
                                 @Nullable GameBuilds<?> builds) {
        try {
            if (health != null) {
                health.close();
            }
            if (worker != null) {
                worker.close();
            }
        } finally {
            if (builds != null) {
                builds.close();
            }
        }
    }

    /** The usage and every configuration key, for {@code --help}. */
    static String usage() {
        String n = System.lineSeparator();
        StringBuilder text = new StringBuilder()
                .append("usage: java -cp reprise-worker.jar:mygame.jar dev.reprise.kafka.WorkerMain"
                        + " [--config worker.properties] [--builds=DIR] [--help]").append(n).append(n)
                .append("Verifies the replays submitted to a Kafka topic, one verdict per submission, exactly once,")
                .append(n).append("for the game whose ReplayVerifierProvider is on the class path, or with --builds=DIR")
                .append(n).append("for every game jar in DIR, each replay played by the jar of its game and build")
                .append(n).append("(UNKNOWN_BUILD when none is). Runs until SIGTERM.")
                .append(n).append(n)
                .append("Configuration: keys of the --config file, or environment variables REPRISE_KAFKA_<KEY>")
                .append(n).append("(upper case, '_' for '.'; the environment wins, and --builds wins over both).")
                .append(" Unknown keys are an error.").append(n).append(n);
        for (WorkerConfig.Key key : WorkerConfig.Key.values()) {
            text.append(String.format("  %-26s %s%n", key.key(), key.help()));
        }
        text.append(String.format("  %-26s %s%n", "kafka.<property>",
                "a Kafka client property for both clients (security.protocol, sasl.*, ...)"));
        text.append(String.format("  %-26s %s%n", "kafka.consumer.<property>", "a property of the consumer only"));
        text.append(String.format("  %-26s %s%n", "kafka.producer.<property>", "a property of the producer only"));
        text.append(n).append("Logging: java.util.logging, configured with -Djava.util.logging.config.file=FILE.")
                .append(n).append("Exit codes: 0 after a clean stop or --help, 1 if the worker failed or could not")
                .append(" start, 2 for a bad option or configuration file or a health port in use.").append(n);
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
    static void configureLogging() {
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

    static Properties properties(Optional<Path> config) throws IOException {
        Properties properties = new Properties();
        if (config.isEmpty()) {
            return properties;
        }
        Path file = config.get();
        byte[] bytes = readConfig(file);
        try {
            properties.load(new ByteArrayInputStream(bytes));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--config " + file + ": " + where(bytes) + e.getMessage()
                    + " (a backslash followed by 'u' must start four hex digits; write '\\\\' for a backslash)", e);
        }
        return properties;
    }

    /**
     * Reads a configuration file whole, refusing what is not a regular file before opening it (a FIFO
     * would block the open, {@code /dev/zero} never ends) and anything over {@link #MAX_CONFIG_BYTES}, even
     * a file that grows while it is read.
     */
    static byte[] readConfig(Path file) throws IOException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--config: no such file: " + file, e);
        }
        if (!attributes.isRegularFile()) {
            throw new IllegalArgumentException("--config " + file + ": not a regular file ("
                    + (attributes.isDirectory() ? "a directory" : "a device, pipe or socket") + ")");
        }
        if (attributes.size() > MAX_CONFIG_BYTES) {
            throw tooLarge(file);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_CONFIG_BYTES + 1);
        }
        if (bytes.length > MAX_CONFIG_BYTES) {
            throw tooLarge(file);
        }
        return bytes;
    }

    private static IllegalArgumentException tooLarge(Path file) {
        return new IllegalArgumentException("--config " + file + ": larger than the " + MAX_CONFIG_BYTES
                + " bytes a configuration file may have");
    }

    /** The line of the first malformed {@code \\u} escape in a properties file, as "line N: ", or "". */
    private static String where(byte[] file) {
        String[] lines = new String(file, StandardCharsets.ISO_8859_1).split("\\r\\n|\\r|\\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (BAD_UNICODE_ESCAPE.matcher(lines[i]).find()) {
                return "line " + (i + 1) + ": ";
            }
        }
        return "";
    }
}
