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
import java.util.function.ToLongFunction;
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
    /** How long the worker waits before its first attempt to start again after a failed run. */
    static final Duration FIRST_RESTART_BACKOFF = Duration.ofSeconds(1);
    /** The longest wait between two attempts to start again: the wait doubles while starting fails. */
    static final Duration MAX_RESTART_BACKOFF = Duration.ofSeconds(30);

    private final WorkerSettings settings;
    private final RunStarter starter;
    private final Duration firstBackoff;
    private final Duration maxBackoff;
    private final CountDownLatch terminated = new CountDownLatch(1);
    /** Counted down by {@link #close}: cuts short a wait before starting again. */
    private final CountDownLatch closeRequested = new CountDownLatch(1);
    /** Counts of the runs that ended, so that the worker's counts survive its restarts. */
    private final AtomicLong committedBefore = new AtomicLong();
    private final AtomicLong abortedBefore = new AtomicLong();
    private final AtomicInteger restarts = new AtomicInteger();
    private RunStarter.@Nullable Run run;
    private boolean started;
    private volatile boolean closing;
    private volatile @Nullable Throwable failure;

    /**
     * Creates a worker whose runs {@code starter} starts (tests give one without Kafka).
     *
     * @param firstBackoff the wait before the first attempt to start again after a failed run
     * @param maxBackoff the longest wait between attempts
     */
    VerificationWorker(WorkerSettings settings, RunStarter starter, Duration firstBackoff, Duration maxBackoff) {
        this.settings = settings;
        this.starter = starter;
        this.firstBackoff = firstBackoff;
        this.maxBackoff = maxBackoff;
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
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(verifier, "verifier");
        return new VerificationWorker(settings, onEnd -> new WorkerRun(settings, verifier, onEnd),
                FIRST_RESTART_BACKOFF, MAX_RESTART_BACKOFF);
    }

    /**
     * Readies the transactional producer (which fences an earlier producer with the same transactional
     * id, aborting what that one left open; this blocks until the transaction coordinator answers, at
     * most {@code max.block.ms}), joins the group and starts verifying on the worker's own polling thread.
     *
     * <p>If a run fails with a Kafka error (the producer fenced after a transaction timed out during a
     * broker outage, a commit that timed out, a commit refused after the group moved on), the worker
     * closes both clients and starts again after a second: the partitions go back through the group,
     * and whatever was not committed is verified again. While starting again fails with a Kafka error
     * (the broker is still away), it keeps trying, waiting twice as long each time, at most 30 s. Only
     * authorisation and version errors, and a failure of this first start, end the worker.
     *
     * @return this worker
     * @throws IllegalStateException if already started
     * @throws org.apache.kafka.common.KafkaException if the producer cannot be readied; the worker has
     *     then ended, with that failure
     */
    public synchronized VerificationWorker start() {
        if (started) {
            throw new IllegalStateException("worker " + settings.workerId() + " is already started");
        }
        started = true;
        try {
            run = starter.start(this::runEnded);
        } catch (RuntimeException e) {
            end(e);
            throw e;
        }
        return this;
    }

    /** Called once per run, after its clients are closed: starts the next run or ends the worker. */
    private void runEnded(@Nullable Throwable error) {
        synchronized (this) {
            RunStarter.Run ended = run;
            if (ended != null) {
                committedBefore.addAndGet(ended.committedVerdicts());
                abortedBefore.addAndGet(ended.abortedTransactions());
            }
            run = null;
            if (error == null || closing || !restartable(error)) {
                end(error);
                return;
            }
            restarts.incrementAndGet();
        }
        LOG.log(Level.WARNING, "worker " + settings.workerId() + ": run failed, starting again", error);
        startAgain(error);
    }

    /**
     * Starts the next run after a backoff; while that fails with an error worth trying again, tries
     * again after twice the wait (at most the maximum). A close during a wait ends the worker at once.
     */
    private void startAgain(Throwable cause) {
        Duration backoff = firstBackoff;
        Throwable last = cause;
        for (;;) {
            try {
                if (closeRequested.await(backoff.toNanos(), TimeUnit.NANOSECONDS)) {
                    end(null);
                    return;
                }
                RunStarter.Run next = starter.start(this::runEnded);
                boolean stopNow;
                synchronized (this) {
                    run = next;
                    stopNow = closing;
                }
                if (stopNow) {
                    next.stop();
                }
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                end(last);
                return;
            } catch (RuntimeException e) {
                if (closing || !restartable(e)) {
                    e.addSuppressed(last);
                    end(e);
                    return;
                }
                backoff = nextBackoff(backoff, maxBackoff);
                LOG.log(Level.WARNING, "worker " + settings.workerId() + ": could not start again, trying again in "
                        + backoff, e);
                last = e;
            }
        }
    }

    /** Returns the wait after {@code backoff}: twice as long, at most {@code max}. */
    static Duration nextBackoff(Duration backoff, Duration max) {
        Duration doubled = backoff.multipliedBy(2);
        return doubled.compareTo(max) > 0 ? max : doubled;
    }

    private void end(@Nullable Throwable error) {
        failure = error;
        terminated.countDown();
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
        RunStarter.Run current;
        synchronized (this) {
            closing = true;
            current = run;
            if (!started) {
                started = true;
                terminated.countDown();
            }
        }
        closeRequested.countDown();
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
        RunStarter.Run current;
        synchronized (this) {
            closing = true;
            current = run;
        }
        closeRequested.countDown();
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
        return overAllRuns(committedBefore, RunStarter.Run::committedVerdicts);
    }

    /**
     * Returns how many of this worker's transactions were aborted after an abortable error, over all its
     * runs; their verdicts were sent again in a later transaction. Each is a round trip to the broker
     * lost, so a count that keeps growing points at a broker or network in trouble.
     *
     * @return the count so far
     */
    public long abortedTransactions() {
        return overAllRuns(abortedBefore, RunStarter.Run::abortedTransactions);
    }

    private long overAllRuns(AtomicLong ended, ToLongFunction<RunStarter.Run> count) {
        RunStarter.Run current;
        synchronized (this) {
            current = run;
        }
        return ended.get() + (current == null ? 0 : count.applyAsLong(current));
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
