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
package dev.reprise.samples.kafka;

import dev.reprise.io.ReplayFile;
import dev.reprise.kafka.ReplaySubmitter;
import dev.reprise.kafka.VerificationWorker;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;

/**
 * The whole Kafka pipeline on one machine, in one command and without Docker: a single-node KRaft broker
 * in this JVM ({@link LocalKafka}), two verification workers and a submitter verifying the tower's
 * replays (valid ones and ones broken on purpose), or a folder of replays of any installed game. It prints
 * each verdict and the throughput, then reads the verdicts topic back as any {@code read_committed} reader
 * would, and exits 0 only if every submission has exactly one committed verdict (for the tower's, with the
 * outcome it must have).
 *
 * <pre>
 * ./mvnw -q -DskipTests test-compile exec:java -Dexec.mainClass=dev.reprise.samples.kafka.LocalPipeline [-Dexec.args=COUNT]
 * ... -Dexec.args="[--game=ID | --builds=DIR] REPLAYS"   # every *.reprise of REPLAYS, with the game on the class
 *                                                      # path, or with every game jar of DIR
 * </pre>
 */
public final class LocalPipeline {

    /** Kept so that their levels hold: java.util.logging holds its loggers weakly. */
    private static final List<Logger> QUIET = new ArrayList<>();

    private LocalPipeline() {
    }

    /**
     * Runs the pipeline.
     *
     * @param args the number of tower submissions (default 40); or a folder of replays, after
     *     {@code --game=ID} or {@code --builds=DIR} if need be
     * @throws Exception if the cluster cannot start
     */
    public static void main(String[] args) throws Exception {
        String game = null;
        Path builds = null;
        List<String> rest = new ArrayList<>();
        for (String arg : args) {
            if (arg.startsWith("--game=")) {
                game = arg.substring("--game=".length());
            } else if (arg.startsWith("--builds=")) {
                builds = Path.of(arg.substring("--builds=".length()));
            } else {
                rest.add(arg);
            }
        }
        boolean towers = rest.isEmpty() || rest.get(0).chars().allMatch(Character::isDigit);
        boolean exact = towers && game == null && builds == null
                ? run(rest.isEmpty() ? 40 : Integer.parseInt(rest.get(0)), System.out)
                : run(Path.of(rest.get(0)), game, builds, System.out);
        System.exit(exact ? 0 : 1);
    }

    /**
     * Starts a broker, two workers and a submitter, verifies {@code count} tower replays and checks the
     * verdicts topic.
     *
     * @param count how many replays to submit
     * @param out where to print the verdicts and the summary
     * @return whether every submission got exactly one committed verdict, with the expected outcome
     * @throws Exception if the cluster cannot start
     */
    public static boolean run(int count, PrintStream out) throws Exception {
        List<Submission> corpus = TowerCorpus.generate(7, count).stream()
                .map(e -> new Submission(e.id(), e.bytes(), TowerCommands.GAME_ID, e.expected())).toList();
        return run(corpus, () -> TowerVerification.verifier().parallelism(1).build(), Set.of(TowerCommands.GAME_ID),
                out);
    }

    /**
     * Starts a broker, two workers and a submitter, verifies every replay of a folder with the installed game
     * and checks the verdicts topic.
     *
     * @param replays the folder; its {@code *.reprise} files, sorted, are submitted, each under its game id
     * @param game    the game on the class path to verify with when several are, or {@code null}
     * @param builds  a folder of game jars to verify with instead (each replay by the jar of its game and
     *                build), or {@code null}
     * @param out     where to print the verdicts and the summary
     * @return whether every submission got exactly one committed verdict
     * @throws Exception if the folder cannot be read or the cluster cannot start
     */
    public static boolean run(Path replays, @Nullable String game, @Nullable Path builds, PrintStream out)
            throws Exception {
        List<Submission> corpus = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(replays)) {
            files = walk.filter(p -> p.toString().endsWith(".reprise")).sorted().toList();
        }
        if (builds == null) {
            ReplayVerifierProvider provider = ReplayVerifierProvider.find(game);
            files.forEach(file -> corpus.add(Submission.of(replays, file, provider.gameId())));
            return run(corpus, () -> provider.verifier().gameBuilds(provider.gameBuilds()).parallelism(1).build(),
                    Set.of(provider.gameId()), out);
        }
        try (GameBuilds<ReplayVerifierProvider> installed = GameBuilds.verifiers(builds).build()) {
            Set<String> games = new TreeSet<>();
            installed.installed().forEach(b -> games.add(b.gameId()));
            String fallback = games.isEmpty() ? "" : games.iterator().next();
            files.forEach(file -> corpus.add(Submission.of(replays, file, fallback)));
            out.println("builds: " + installed.installed().stream().map(b -> b.gameId() + " " + b.describe()).toList());
            return run(corpus, () -> ReplayVerifier.forBuilds(installed, b -> b.parallelism(1)), games, out);
        }
    }

    /** One replay to submit, under its game id, and the outcome it must get if that is known. */
    private record Submission(String id, byte[] bytes, String game, @Nullable Outcome expected) {
        /** A replay file of a folder, under the game id of its header (or {@code fallback} if unreadable). */
        static Submission of(Path folder, Path file, String fallback) {
            try {
                byte[] bytes = Files.readAllBytes(file);
                String game;
                try {
                    game = ReplayFile.read(bytes).gameId();
                } catch (RuntimeException e) {
                    game = fallback; // the worker says why it is not a replay
                }
                return new Submission(folder.relativize(file).toString(), bytes, game, null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private static boolean run(List<Submission> corpus, Supplier<ReplayVerifier> verifier, Set<String> games,
                               PrintStream out) throws Exception {
        // The broker and the clients log every connection at INFO: only their warnings and errors.
        for (String name : List.of("org.apache.kafka", "kafka", "state.change.logger")) {
            Logger logger = Logger.getLogger(name);
            logger.setLevel(Level.SEVERE);
            QUIET.add(logger);
        }
        try (LocalKafka kafka = LocalKafka.start()) {
            out.println("broker: " + kafka.bootstrapServers() + " (KRaft, one node, in this JVM)");
            kafka.createTopic("reprise.submissions", 6);
            kafka.createTopic("reprise.verdicts", 3);
            Map<String, Object> config = Map.of("bootstrap.servers", kafka.bootstrapServers());
            List<VerificationWorker> workers = new ArrayList<>();
            try {
                for (int i = 1; i <= 2; i++) {
                    workers.add(VerificationWorker.builder(config, verifier.get())
                            .workerId("local-" + i)
                            .games(games)
                            .consumerConfig(Map.of("session.timeout.ms", 6000))
                            .stopTimeout(Duration.ofSeconds(10))
                            .build()
                            .start());
                }
                out.println("workers: local-1, local-2 (group reprise-verifiers, parallelism 1 each)");
                long start = System.nanoTime();
                Map<String, Submission> byId = new HashMap<>();
                corpus.forEach(entry -> byId.put(entry.id(), entry));
                Map<String, ReplaySubmitter> submitters = new HashMap<>();
                try {
                    for (Submission entry : corpus) {
                        submitters.computeIfAbsent(entry.game(), g -> ReplaySubmitter.builder(config, g)
                                .timeout(Duration.ofSeconds(120)).build());
                    }
                    List<Verdict> verdicts = Flux.fromIterable(corpus)
                            .flatMap(entry -> Objects.requireNonNull(submitters.get(entry.game()),
                                    "a submitter per game").submit(entry.id(), entry.bytes()), 16)
                            .doOnNext(v -> out.printf("%-40s %-12s %s%n", v.id(), v.outcome(), v.reason()))
                            .collectList()
                            .block(Duration.ofMinutes(5));
                    double seconds = (System.nanoTime() - start) / 1e9;
                    out.printf(Locale.ROOT, "%d verdicts in %.1f s: %.1f verdicts/s%n", verdicts == null ? 0
                            : verdicts.size(), seconds, (verdicts == null ? 0 : verdicts.size()) / seconds);
                } finally {
                    submitters.values().forEach(ReplaySubmitter::close);
                }
                return check(kafka, byId, out);
            } finally {
                workers.forEach(VerificationWorker::close);
            }
        }
    }

    /** Reads the verdicts topic to its end as a read_committed reader and checks one right verdict each. */
    private static boolean check(LocalKafka kafka, Map<String, Submission> byId, PrintStream out) {
        Map<String, Object> p = new HashMap<>();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        Map<String, List<String>> outcomes = new HashMap<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p, new StringDeserializer(),
                new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor("reprise.verdicts", LocalKafka.TIMEOUT).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, LocalKafka.TIMEOUT);
            long deadline = System.nanoTime() + LocalKafka.TIMEOUT.toNanos();
            while (partitions.stream().anyMatch(tp -> consumer.position(tp) < end.getOrDefault(tp, 0L))
                    && System.nanoTime() - deadline < 0) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    outcomes.computeIfAbsent(record.key(), k -> new ArrayList<>())
                            .add(dev.reprise.json.VerdictJson.read(record.value()).outcome().name());
                }
            }
        }
        boolean known = byId.values().stream().allMatch(e -> e.expected() != null);
        long exact = byId.values().stream().filter(e -> {
            List<String> got = outcomes.getOrDefault(e.id(), List.of());
            Outcome expected = e.expected();
            return got.size() == 1 && (expected == null || got.get(0).equals(expected.name()));
        }).count();
        boolean ok = exact == byId.size() && outcomes.size() == byId.size();
        out.printf("committed verdicts: %d submissions, %d with exactly one verdict%s, "
                + "%d verdicts in all: %s%n", byId.size(), exact, known ? " of the expected outcome" : "",
                outcomes.values().stream().mapToInt(List::size).sum(), ok ? "OK" : "NOT EXACT");
        return ok;
    }
}
