package dev.reprise.samples.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.jspecify.annotations.Nullable;

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

    private static final Logger LOG = Logger.getLogger(VerificationWorker.class.getName());
    /** How long the worker waits before starting again after a failed run. */
    private static final Duration RESTART_BACKOFF = Duration.ofSeconds(1);

    private final WorkerSettings settings;
    private final SubmissionVerifier verifier;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final AtomicLong committedBefore = new AtomicLong();
    private final AtomicInteger restarts = new AtomicInteger();
    private @Nullable WorkerRun run;
    private boolean started;
    private volatile boolean closing;
    private volatile @Nullable Throwable failure;

    private VerificationWorker(WorkerSettings settings, SubmissionVerifier verifier) {
        this.settings = settings;
        this.verifier = verifier;
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

    /**
     * Creates a worker; it connects to nothing until {@link #start()}.
     *
     * @param settings the worker's settings
     * @param verifier the verifier to use
     * @return a worker, not yet consuming
     */
    public static VerificationWorker create(WorkerSettings settings, SubmissionVerifier verifier) {
        return new VerificationWorker(Objects.requireNonNull(settings, "settings"),
                Objects.requireNonNull(verifier, "verifier"));
    }

    /**
     * Readies the transactional producer (which fences an earlier producer with the same transactional
     * id, aborting what that one left open; this blocks until the transaction coordinator answers, at
     * most {@code max.block.ms}), joins the group and starts verifying on the worker's own polling thread.
     *
     * <p>If a run fails with a Kafka error (the producer fenced after a transaction timed out during a
     * broker outage, a commit refused after the group moved on), the worker closes both clients and
     * starts again after a second: the partitions go back through the group, and whatever was not
     * committed is verified again. Only authorisation and version errors, and a failure to start at
     * all, end the worker.
     *
     * @return this worker
     * @throws IllegalStateException if already started
     * @throws org.apache.kafka.common.KafkaException if the producer cannot be readied
     */
    public synchronized VerificationWorker start() {
        if (started) {
            throw new IllegalStateException("worker " + settings.workerId() + " is already started");
        }
        started = true;
        run = new WorkerRun(settings, verifier, this::runEnded);
        return this;
    }

    /** Called once per run, after its clients are closed: starts the next run or ends the worker. */
    private void runEnded(@Nullable Throwable error) {
        synchronized (this) {
            WorkerRun ended = run;
            if (ended != null) {
                committedBefore.addAndGet(ended.committedVerdicts());
            }
            run = null;
            if (error == null || closing || !restartable(error)) {
                failure = error;
                terminated.countDown();
                return;
            }
            restarts.incrementAndGet();
        }
        LOG.log(Level.WARNING, "worker " + settings.workerId() + ": run failed, starting again", error);
        try {
            Thread.sleep(RESTART_BACKOFF.toMillis());
            WorkerRun next = new WorkerRun(settings, verifier, this::runEnded);
            boolean stopNow;
            synchronized (this) {
                run = next;
                stopNow = closing;
            }
            if (stopNow) {
                next.stop();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = error;
            terminated.countDown();
        } catch (RuntimeException e) {
            e.addSuppressed(error);
            failure = e;
            terminated.countDown();
        }
    }

    private static boolean restartable(Throwable error) {
        return error instanceof KafkaException
                && !(error instanceof AuthenticationException)
                && !(error instanceof AuthorizationException)
                && !(error instanceof UnsupportedVersionException);
    }

    /**
     * Stops gracefully: stops taking submissions, lets the ones being verified finish (at most the stop
     * timeout), commits their verdicts, leaves the group and closes the clients. What did not finish in
     * time is verified again by another worker. Blocks until done or the stop timeout (plus ten seconds)
     * has passed; safe to call more than once and from a shutdown hook.
     */
    @Override
    public void close() {
        WorkerRun current;
        synchronized (this) {
            closing = true;
            current = run;
            if (!started) {
                started = true;
                terminated.countDown();
            }
        }
        if (current != null) {
            current.stop();
        }
        awaitQuietly(settings.stopTimeout().plusSeconds(10));
        if (current != null) {
            current.dispose();
        }
    }

    /**
     * Simulates a crash, for tests: the verdicts that are ready are sent in a transaction that is never
     * committed, the producer is closed without aborting it, the unfinished submissions are abandoned,
     * and the worker does not start again.
     */
    void kill() {
        WorkerRun current;
        synchronized (this) {
            closing = true;
            current = run;
        }
        if (current != null) {
            current.crash();
        }
        awaitQuietly(Duration.ofSeconds(30));
    }

    /**
     * Waits until the worker has ended (after {@link #close()} or a failure it does not recover from).
     *
     * @param timeout how long to wait at most
     * @return whether it has ended
     * @throws InterruptedException if interrupted while waiting
     */
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Returns what ended the worker abnormally, or {@code null} if it runs or ended cleanly.
     *
     * @return the failure, or {@code null}
     */
    public @Nullable Throwable failure() {
        return failure;
    }

    /**
     * Returns how many verdicts this worker has committed, over all its runs.
     *
     * @return the count so far
     */
    public long committedVerdicts() {
        WorkerRun current;
        synchronized (this) {
            current = run;
        }
        return committedBefore.get() + (current == null ? 0 : current.committedVerdicts());
    }

    /**
     * Returns how often the worker started again after a failed run.
     *
     * @return the restart count
     */
    public int restarts() {
        return restarts.get();
    }

    /** Returns the worker's settings. */
    WorkerSettings settings() {
        return settings;
    }

    private void awaitQuietly(Duration timeout) {
        try {
            terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
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
