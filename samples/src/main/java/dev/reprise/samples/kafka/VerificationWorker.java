package dev.reprise.samples.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;

/**
 * One member of a group of workers that verify replays from Kafka: it reads submissions from the
 * submissions topic, verifies them, and publishes one verdict per submission (JSON, keyed by submission
 * id) to the verdicts topic, exactly once.
 *
 * <p>Exactly once: every commit interval, the worker publishes the verdicts that are ready and commits
 * their submissions' offsets in one transaction ({@code sendOffsetsToTransaction}). A worker that dies
 * loses nothing: its open transaction is aborted, its partitions move to the other workers of the
 * group, and the submissions it had not committed are verified again. Readers of the verdicts topic
 * must set {@code isolation.level=read_committed}, or they also see verdicts of aborted transactions.
 * Scaling: start more workers with the same group id; the submissions topic's partition count is the
 * most workers that get work.
 *
 * <p>A poison submission (no id, no bytes, a missing or unknown game, bytes that are not a replay or
 * exceed the reader's limits) gets an {@code INVALID_FILE} verdict like any other and never blocks its
 * partition.
 *
 * <p>Run it with {@link WorkerCommand} (command line or environment). Thread-safety: {@link #start},
 * {@link #close} and the accessors may be called from any thread.
 */
public final class VerificationWorker implements AutoCloseable {

    private final WorkerSettings settings;
    private final SubmissionVerifier verifier;
    private final KafkaReceiver<String, byte[]> receiver;
    private final VerdictCommitter committer;
    private volatile @Nullable Disposable pipeline;
    private volatile @Nullable Throwable verifierFailure;

    private VerificationWorker(WorkerSettings settings, SubmissionVerifier verifier) {
        this.settings = settings;
        this.verifier = verifier;
        KafkaProducer<String, String> producer = new KafkaProducer<>(producerProperties(settings),
                new StringSerializer(), new StringSerializer());
        this.committer = new VerdictCommitter(producer, settings.verdictsTopic(), settings.commitInterval(),
                this::wakeReceiver);
        this.receiver = KafkaReceiver.<String, byte[]>builder(() -> new KafkaConsumer<>(consumerProperties(settings),
                        new StringDeserializer(), new ByteArrayDeserializer()))
                .topics(settings.submissionsTopic())
                .threadName("reprise-verification-worker-" + settings.workerId())
                .stopTimeout(settings.stopTimeout())
                // Polls return at least this often, so ready verdicts wait at most about one interval.
                .pollTimeout(settings.commitInterval())
                .listener(committer)
                .build();
        try {
            producer.initTransactions();
        } catch (RuntimeException e) {
            producer.close(Duration.ZERO);
            throw e;
        }
    }

    /**
     * Runs one worker from the command line or the environment until SIGTERM; see {@link WorkerCommand}
     * ({@code --help} lists the options). Run it with {@code mvn -q -DskipTests test-compile exec:java
     * -Dexec.mainClass=dev.reprise.samples.kafka.VerificationWorker -Dexec.args="--bootstrap-servers host:9092"}.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(WorkerCommand.commandLine().execute(args));
    }

    /** Called by the committer once the receiver exists. */
    private void wakeReceiver() {
        receiver.wakeup();
    }

    /**
     * Creates a worker and readies its transactional producer (which fences an earlier producer with the
     * same transactional id, aborting what that one left open). Blocks until the transaction coordinator
     * answers, at most {@code max.block.ms}.
     *
     * @param settings the worker's settings
     * @param verifier the verifier to use
     * @return a worker, not yet consuming
     * @throws org.apache.kafka.common.KafkaException if the producer cannot be readied
     */
    public static VerificationWorker create(WorkerSettings settings, SubmissionVerifier verifier) {
        return new VerificationWorker(Objects.requireNonNull(settings, "settings"),
                Objects.requireNonNull(verifier, "verifier"));
    }

    /**
     * Joins the group and starts verifying, on the worker's own polling thread; returns at once.
     *
     * @return this worker
     * @throws IllegalStateException if already started
     */
    public synchronized VerificationWorker start() {
        if (pipeline != null) {
            throw new IllegalStateException("worker " + settings.workerId() + " is already started");
        }
        pipeline = verifier.verify(receiver.receive()
                        .map(committer::track)
                        .handle((submission, sink) -> {
                            String problem = Submissions.poison(submission, verifier);
                            if (problem == null) {
                                sink.next(submission);
                            } else {
                                committer.offer(verifier.invalid(submission, problem));
                            }
                        }))
                .subscribe(committer::offer, error -> verifierFailure = error);
        return this;
    }

    /**
     * Stops gracefully: stops taking submissions, lets the ones being verified finish (at most the stop
     * timeout), commits their verdicts, leaves the group and closes the clients. What did not finish in
     * time is verified again by another worker. Blocks until done or the stop timeout (plus ten seconds)
     * has passed; safe to call more than once and from a shutdown hook.
     */
    @Override
    public void close() {
        receiver.stop();
        awaitQuietly(settings.stopTimeout().plusSeconds(10));
        Disposable current = pipeline;
        if (current != null) {
            current.dispose();
        }
    }

    /**
     * Simulates a crash, for tests: the verdicts that are ready are sent in a transaction that is never
     * committed, the producer is closed without aborting it, and the unfinished submissions are abandoned.
     */
    void kill() {
        committer.crashOnNextTurn();
        awaitQuietly(Duration.ofSeconds(30));
    }

    /**
     * Waits until the worker's polling thread has ended (after {@link #close()} or a failure).
     *
     * @param timeout how long to wait at most
     * @return whether it has ended
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return receiver.awaitTermination(timeout);
    }

    /**
     * Returns what ended the worker abnormally, or {@code null} if it runs or ended cleanly.
     *
     * @return the failure, or {@code null}
     */
    public @Nullable Throwable failure() {
        Throwable polling = receiver.failure();
        return polling != null ? polling : verifierFailure;
    }

    /**
     * Returns how many verdicts this worker has committed.
     *
     * @return the count so far
     */
    public long committedVerdicts() {
        return committer.committedVerdicts();
    }

    /** Returns the worker's settings. */
    WorkerSettings settings() {
        return settings;
    }

    /** Returns the receiver, for tests of its pause accounting. */
    KafkaReceiver<String, byte[]> receiver() {
        return receiver;
    }

    private void awaitQuietly(Duration timeout) {
        try {
            receiver.awaitTermination(timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Map<String, Object> consumerProperties(WorkerSettings settings) {
        Map<String, Object> p = new HashMap<>();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.put(ConsumerConfig.GROUP_ID_CONFIG, settings.groupId());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "reprise-verifier-" + settings.workerId());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // Submissions may themselves be written in transactions: never verify an aborted one.
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, settings.maxPollRecords());
        p.putAll(settings.consumerOverrides());
        return p;
    }

    static Map<String, Object> producerProperties(WorkerSettings settings) {
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "reprise-verifier-" + settings.workerId());
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, settings.transactionalIdPrefix() + "-" + settings.workerId());
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        p.putAll(settings.producerOverrides());
        return p;
    }

    /** Returns a fresh worker id, for workers that were given none. */
    static String randomWorkerId() {
        return UUID.randomUUID().toString().substring(0, 8);
    }
}
