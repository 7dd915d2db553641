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

import dev.reprise.io.ReplayFile;
import dev.reprise.json.VerdictJson;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Submits replay files to the workers and prints their verdicts, from the worker jar alone:
 * {@code java -cp reprise-worker.jar dev.reprise.kafka.SubmitMain --bootstrap-servers=localhost:9092 FILE|DIR...}.
 * No game jar is needed: each replay is sent under the game id and build of its own header, as its file's
 * path (a folder is walked for {@code *.reprise} files, sorted), and waits for its committed verdict
 * ({@link ReplaySubmitter}) at most {@code --timeout} seconds (60 unless set) from its send; at most
 * {@value #IN_FLIGHT} replays wait at once.
 *
 * <p>The broker and the topics come from the worker's own settings ({@link WorkerConfig}): the keys
 * {@code kafka.*} (for both clients), {@code submissions.topic}, {@code verdicts.topic} and
 * {@code start.timeout.ms} (how long to wait for the broker and the topics), of a {@code --config} file, of
 * {@code REPRISE_KAFKA_*} environment variables, or of the options {@code --bootstrap-servers},
 * {@code --submissions-topic} and {@code --verdicts-topic}; the worker's other keys are accepted and unused.
 * Every option, the Kafka clients' properties and every path are checked before anything connects; a file
 * that is not a replay (its game cannot be read) is not sent: it gets an {@code INVALID_FILE} line at once.
 *
 * <p>Prints one line per replay on standard output as its verdict comes: its id, outcome and reason, or with
 * {@code --json} the verdict as {@link VerdictJson} writes it; then a summary (on standard error with
 * {@code --json}). A replay without a verdict in time, or one that could not be sent, is one line on standard
 * error. Exit codes: {@value #ALL_VALID} if every replay got a {@code VALID} verdict (and for
 * {@code --help}), {@value #NOT_VALID} if any is not {@code VALID}, {@value #USAGE} for a bad option, path or
 * configuration, {@value #NO_VERDICT} if a verdict did not come in time, {@value #KAFKA_FAILED} if the broker
 * or a topic could not be reached or a replay could not be sent.
 */
public final class SubmitMain {

    /** Every replay got a {@code VALID} verdict. */
    static final int ALL_VALID = 0;
    /** Every replay got a verdict, and one at least is not {@code VALID}. */
    static final int NOT_VALID = 1;
    /** A bad option, path or configuration: nothing was sent. */
    static final int USAGE = 2;
    /** A replay got no verdict within the timeout. */
    static final int NO_VERDICT = 3;
    /** The broker or a topic could not be reached, or a replay could not be sent. */
    static final int KAFKA_FAILED = 4;
    /** How many replays wait for their verdict at once: each one's timeout then counts little queueing. */
    static final int IN_FLIGHT = 16;
    private static final String EXTENSION = ".reprise";

    private SubmitMain() {
    }

    /**
     * Submits the replays, prints their verdicts and exits with the code that sums them up.
     *
     * @param args the options and the replay files and folders, or {@code --help}
     */
    public static void main(String[] args) {
        WorkerMain.configureLogging();
        int code = run(args, System.getenv(), System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /** A replay found on the command line: its id and path, and what its header says or why it cannot be read. */
    private record Replay(String id, Path path, String game, String build, @Nullable String problem) {
    }

    /** The game and build a submitter names on each of its submissions. */
    private record Sender(String game, String build) {
    }

    /**
     * Runs the command.
     *
     * @return the exit code
     */
    static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            out.print(usage());
            out.flush();
            return ALL_VALID;
        }
        SubmitArguments arguments;
        WorkerConfig config;
        WorkerSettings settings;
        List<Replay> replays;
        try {
            arguments = SubmitArguments.parse(args);
            config = WorkerConfig.of(WorkerMain.properties(arguments.config()), env, arguments.options());
            settings = settings(config);
            replays = find(arguments.paths());
        } catch (IllegalArgumentException | IOException e) {
            err.println("submit: " + e.getMessage());
            return USAGE;
        }
        Tally tally = new Tally(arguments, out, err);
        List<Replay> sendable = new ArrayList<>();
        for (Replay replay : replays) {
            String problem = replay.problem();
            if (problem == null) {
                sendable.add(replay);
            } else {
                tally.verdict(Verdict.builder(replay.id(), Outcome.INVALID_FILE).reason("not submitted: " + problem)
                        .build());
            }
        }
        if (!sendable.isEmpty()) {
            tally.kafkaFailed = !submit(sendable, config, settings, tally);
        }
        return tally.finish(replays.size());
    }

    /** Sends the replays and prints their verdicts as they come; false if Kafka could not be reached. */
    private static boolean submit(List<Replay> replays, WorkerConfig config, WorkerSettings settings, Tally tally) {
        int handledBefore = tally.handled;
        try {
            ClusterCheck.awaitTopics(settings);
        } catch (RuntimeException e) {
            tally.err.println("submit: " + WorkerMain.describe(e));
            tally.notSent += replays.size();
            return false;
        }
        Map<Sender, ReplaySubmitter> submitters = new LinkedHashMap<>();
        try {
            for (Replay replay : replays) {
                Sender sender = new Sender(replay.game(), replay.build());
                if (!submitters.containsKey(sender)) {
                    submitters.put(sender, ReplaySubmitter.builder(config.kafkaConfig(), sender.game())
                            .gameBuild(sender.build()).submissionsTopic(settings.submissionsTopic())
                            .verdictsTopic(settings.verdictsTopic()).timeout(tally.timeout)
                            // This command reports each replay without a verdict itself, at its timeout.
                            .verdictDeadline(ChronoUnit.FOREVER.getDuration()).build());
                }
            }
            Flux.fromIterable(replays)
                    .flatMap(replay -> Objects.requireNonNull(submitters.get(new Sender(replay.game(), replay.build())))
                            .submit(replay.id(), replay.path())
                            .doOnNext(tally::verdict)
                            .onErrorResume(e -> {
                                tally.failed(replay, e, settings);
                                return Mono.empty();
                            }), IN_FLIGHT)
                    // Each replay's wait is bounded by its timeout; this bounds the whole in case one is not.
                    .blockLast(tally.timeout.multipliedBy(replays.size() / IN_FLIGHT + 1).plusMinutes(2));
            return true;
        } catch (RuntimeException e) {
            tally.err.println("submit: " + WorkerMain.describe(e));
            // The replays that had neither a verdict nor a line of their own when the run broke off.
            tally.notSent += replays.size() - (tally.handled - handledBefore);
            return false;
        } finally {
            submitters.values().forEach(ReplaySubmitter::close);
        }
    }

    /**
     * The settings a submitter needs of the worker's configuration, its Kafka clients' properties parsed as
     * the clients will parse them.
     *
     * @throws IllegalArgumentException naming what is missing or bad
     */
    private static WorkerSettings settings(WorkerConfig config) {
        Map<String, Object> clients = new LinkedHashMap<>(config.kafkaConfig());
        Object servers = clients.remove("bootstrap.servers");
        if (servers == null) {
            throw new IllegalArgumentException("no Kafka broker given: --bootstrap-servers=HOST:PORT, the variable "
                    + WorkerConfig.ENV_PREFIX + "BOOTSTRAP_SERVERS or kafka.bootstrap.servers in --config");
        }
        if (config.submissionsTopic().equals(config.verdictsTopic())) {
            throw new IllegalArgumentException("the submissions and verdicts topics must differ, both were '"
                    + config.verdictsTopic() + "'");
        }
        WorkerSettings settings = WorkerSettings.builder(servers.toString()).workerId("submit")
                .submissionsTopic(config.submissionsTopic()).verdictsTopic(config.verdictsTopic())
                .startTimeout(config.startTimeout()).consumerOverrides(clients).producerOverrides(clients).build();
        VerificationWorker.checkClients(settings);
        return settings;
    }

    /**
     * The replays of the arguments, in their order, each folder's sorted, each file once; each read to find
     * its game and build.
     *
     * @throws IllegalArgumentException for a path that does not exist, is neither a file nor a folder or cannot
     *     be listed, an id too long to submit, or no replay at all
     */
    private static List<Replay> find(List<Path> arguments) {
        List<Replay> replays = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (Path argument : arguments) {
            List<Path> files;
            if (Files.isDirectory(argument)) {
                try (Stream<Path> walk = Files.walk(argument)) {
                    files = walk.filter(p -> p.toString().endsWith(EXTENSION))
                            .filter(Files::isRegularFile).sorted().toList();
                } catch (IOException | UncheckedIOException e) {
                    throw new IllegalArgumentException("cannot list the folder " + argument + ": " + e.getMessage(), e);
                }
            } else if (Files.isRegularFile(argument)) {
                files = List.of(argument);
            } else {
                throw new IllegalArgumentException(Files.exists(argument) ? argument + ": not a file or folder"
                        : "no such file or folder: " + argument);
            }
            for (Path file : files) {
                if (seen.add(file.toAbsolutePath().normalize())) {
                    replays.add(read(file));
                }
            }
        }
        if (replays.isEmpty()) {
            throw new IllegalArgumentException("no replay to submit: no *" + EXTENSION + " file in " + arguments);
        }
        return replays;
    }

    /** Reads a replay's header: its game and build, or why it is not a replay. */
    private static Replay read(Path file) {
        String id = file.toString();
        if (id.length() > Submissions.MAX_ID_LENGTH) {
            throw new IllegalArgumentException(file + ": its path, the submission id, has " + id.length()
                    + " characters, more than the " + Submissions.MAX_ID_LENGTH + " a verdict carries back");
        }
        try {
            ReplayFile replay = ReplayFile.read(file);
            if (replay.gameId().isBlank()) {
                return new Replay(id, file, "", "", "the replay names no game");
            }
            return new Replay(id, file, replay.gameId(), replay.gameBuild().isBlank() ? "unknown" : replay.gameBuild(),
                    null);
        } catch (IOException | RuntimeException e) {
            return new Replay(id, file, "", "", String.valueOf(e.getMessage()));
        }
    }

    /**
     * What came back: prints each verdict or missing one as it comes (from one thread at a time: a
     * {@code Flux}'s signals are serial) and counts them for the summary and the exit code.
     */
    private static final class Tally {
        private final Duration timeout;
        private final boolean json;
        private final PrintStream out;
        private final PrintStream err;
        private final Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
        /** How many replays have had their line: a verdict, or why they have none. */
        private int handled;
        private int noVerdict;
        private int notSent;
        private boolean kafkaFailed;

        Tally(SubmitArguments arguments, PrintStream out, PrintStream err) {
            this.timeout = arguments.timeout();
            this.json = arguments.json();
            this.out = out;
            this.err = err;
        }

        void verdict(Verdict verdict) {
            handled++;
            outcomes.merge(verdict.outcome(), 1, Integer::sum);
            out.println(json ? VerdictJson.write(verdict)
                    : printable(String.format("%-40s %-12s %s", verdict.id(), verdict.outcome(), verdict.reason())));
            out.flush();
        }

        void failed(Replay replay, Throwable e, WorkerSettings settings) {
            handled++;
            if (e instanceof TimeoutException) {
                noVerdict++;
                err.println(printable("submit: " + replay.id() + ": no verdict within " + timeout.toSeconds()
                        + " s; is a worker of game " + replay.game() + " reading " + settings.submissionsTopic()
                        + " and writing " + settings.verdictsTopic() + "?"));
            } else {
                notSent++;
                err.println(printable("submit: " + replay.id() + ": not submitted: " + WorkerMain.describe(e)));
            }
            err.flush();
        }

        /** Prints the summary and returns the exit code. */
        int finish(int replays) {
            StringBuilder summary = new StringBuilder().append(replays).append(replays == 1 ? " replay" : " replays");
            String separator = ": ";
            for (Map.Entry<Outcome, Integer> outcome : outcomes.entrySet()) {
                summary.append(separator).append(outcome.getValue()).append(' ').append(outcome.getKey());
                separator = ", ";
            }
            if (noVerdict > 0) {
                summary.append("; ").append(noVerdict).append(" without a verdict within ").append(timeout.toSeconds())
                        .append(" s");
            }
            if (notSent > 0) {
                summary.append("; ").append(notSent).append(" not submitted");
            }
            (json ? err : out).println(summary);
            out.flush();
            err.flush();
            if (kafkaFailed || notSent > 0) {
                return KAFKA_FAILED;
            }
            if (noVerdict > 0) {
                return NO_VERDICT;
            }
            return outcomes.keySet().stream().allMatch(o -> o == Outcome.VALID) ? ALL_VALID : NOT_VALID;
        }
    }

    /** A line with its control characters escaped, so that nothing a replay names can break it or the terminal. */
    private static String printable(String line) {
        StringBuilder text = new StringBuilder(line.length());
        line.codePoints().forEach(c -> {
            if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                text.append(String.format("\\u%04x", c));
            } else {
                text.appendCodePoint(c);
            }
        });
        return text.toString();
    }

    /** The usage, for {@code --help}. */
    static String usage() {
        String n = System.lineSeparator();
        return "usage: java -cp reprise-worker.jar dev.reprise.kafka.SubmitMain [--bootstrap-servers=HOST:PORT]" + n
                + "           [--submissions-topic=TOPIC] [--verdicts-topic=TOPIC] [--config=worker.properties]" + n
                + "           [--timeout=SECONDS] [--json] FILE|DIR..." + n + n
                + "Submits replay files to the verification workers and prints each one's verdict: id, outcome," + n
                + "reason (with --json, one JSON verdict per line). Each replay is sent under the game id and" + n
                + "build of its header, its path as its id; folders are walked for *" + EXTENSION + " files." + n + n
                + "  --bootstrap-servers  the Kafka broker (or " + WorkerConfig.ENV_PREFIX + "BOOTSTRAP_SERVERS, or"
                + " kafka.bootstrap.servers" + n
                + "                       in --config)" + n
                + "  --submissions-topic  default " + WorkerSettings.DEFAULT_SUBMISSIONS_TOPIC
                + " (or submissions.topic)" + n
                + "  --verdicts-topic     default " + WorkerSettings.DEFAULT_VERDICTS_TOPIC + " (or verdicts.topic)" + n
                + "  --config             a worker's properties file: its kafka.*, topics and start.timeout.ms"
                + " apply" + n
                + "  --timeout            how long each replay waits for its verdict, 1 to " + SubmitArguments
                        .MAX_TIMEOUT_SECONDS + " seconds (default " + SubmitArguments.DEFAULT_TIMEOUT.toSeconds() + ")"
                + n
                + "  --json               print each verdict as JSON; the summary goes to standard error" + n + n
                + "Settings also come from " + WorkerConfig.ENV_PREFIX + "<KEY> environment variables, as for"
                + " WorkerMain; options win." + n
                + "Exit codes: " + ALL_VALID + " every replay VALID, " + NOT_VALID + " one at least not VALID, " + USAGE
                + " a bad option, path or" + n + "configuration, " + NO_VERDICT + " a verdict did not come in time, "
                + KAFKA_FAILED + " Kafka could not be reached or a replay not sent." + n;
    }
}
