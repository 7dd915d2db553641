package dev.reprise.samples.kafka;

import dev.reprise.kafka.ReplaySubmitter;
import dev.reprise.kafka.VerificationWorker;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.verify.Verdict;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import reactor.core.publisher.Flux;

/**
 * The whole Kafka pipeline on one machine, in one command and without Docker: a single-node KRaft broker
 * in this JVM ({@link LocalKafka}), two verification workers and a submitter verifying the tower's
 * replays (valid ones and ones broken on purpose). It prints each verdict and the throughput, then reads
 * the verdicts topic back as any {@code read_committed} reader would, and exits 0 only if every submission
 * has exactly one committed verdict, with the outcome it must have.
 *
 * <pre>
 * ./mvnw -q -DskipTests test-compile exec:java -Dexec.mainClass=dev.reprise.samples.kafka.LocalPipeline [-Dexec.args=COUNT]
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
     * @param args the number of submissions (default 40)
     * @throws Exception if the cluster cannot start
     */
    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 40;
        boolean exact = run(count, System.out);
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
        // The broker and the clients log every connection at INFO: only their warnings and errors.
        for (String name : List.of("org.apache.kafka", "kafka", "state.change.logger")) {
            Logger logger = Logger.getLogger(name);
            logger.setLevel(Level.SEVERE);
            QUIET.add(logger);
        }
        List<TowerCorpus.Entry> corpus = TowerCorpus.generate(7, count);
        try (LocalKafka kafka = LocalKafka.start()) {
            out.println("broker: " + kafka.bootstrapServers() + " (KRaft, one node, in this JVM)");
            kafka.createTopic("reprise.submissions", 6);
            kafka.createTopic("reprise.verdicts", 3);
            Map<String, Object> config = Map.of("bootstrap.servers", kafka.bootstrapServers());
            List<VerificationWorker> workers = new ArrayList<>();
            try {
                for (int i = 1; i <= 2; i++) {
                    workers.add(VerificationWorker.builder(config, TowerVerification.verifier().parallelism(1).build())
                            .workerId("local-" + i)
                            .games(Set.of(TowerCommands.GAME_ID))
                            .consumerConfig(Map.of("session.timeout.ms", 6000))
                            .stopTimeout(Duration.ofSeconds(10))
                            .build()
                            .start());
                }
                out.println("workers: local-1, local-2 (group reprise-verifiers, parallelism 1 each)");
                long start = System.nanoTime();
                Map<String, TowerCorpus.Entry> byId = new HashMap<>();
                corpus.forEach(entry -> byId.put(entry.id(), entry));
                try (ReplaySubmitter submitter = ReplaySubmitter.builder(config, TowerCommands.GAME_ID)
                        .timeout(Duration.ofSeconds(120)).build()) {
                    List<Verdict> verdicts = Flux.fromIterable(corpus)
                            .flatMap(entry -> submitter.submit(entry.id(), entry.bytes()), 16)
                            .doOnNext(v -> out.printf("%-40s %-12s %s%n", v.id(), v.outcome(), v.reason()))
                            .collectList()
                            .block(Duration.ofMinutes(5));
                    double seconds = (System.nanoTime() - start) / 1e9;
                    out.printf(Locale.ROOT, "%d verdicts in %.1f s: %.1f verdicts/s%n", verdicts == null ? 0
                            : verdicts.size(), seconds, (verdicts == null ? 0 : verdicts.size()) / seconds);
                }
                return check(kafka, byId, out);
            } finally {
                workers.forEach(VerificationWorker::close);
            }
        }
    }

    /** Reads the verdicts topic to its end as a read_committed reader and checks one right verdict each. */
    private static boolean check(LocalKafka kafka, Map<String, TowerCorpus.Entry> byId, PrintStream out) {
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
                            .add(dev.reprise.kafka.VerdictJson.read(record.value()).outcome().name());
                }
            }
        }
        long exact = byId.values().stream().filter(e -> List.of(e.expected().name()).equals(outcomes.get(e.id())))
                .count();
        boolean ok = exact == byId.size() && outcomes.size() == byId.size();
        out.printf("committed verdicts: %d submissions, %d with exactly one verdict of the expected outcome, "
                + "%d verdicts in all: %s%n", byId.size(), exact,
                outcomes.values().stream().mapToInt(List::size).sum(), ok ? "OK" : "NOT EXACT");
        return ok;
    }
}
