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

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import dev.reprise.verify.ReplayVerifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
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
 * partition. One that kills its worker outright gets a {@code FAILED} verdict once it was in work when
 * {@linkplain Builder#maxAttempts max attempts} workers died: each submission starts only once its attempt is
 * recorded in the group's committed offsets, and the suspects of a worker's death are verified again one at
 * a time, alone. A resubmission ({@link Submissions#RESUBMISSION_HEADER}) is verified only if its id has no
 * committed verdict yet, so that one id gets one verdict.
 *
 * <p>Build it with {@link #builder(Map, ReplayVerifier)}, or run it as a process with {@link WorkerMain}.
 * Thread-safety: {@link #start},
 * {@link #close} and the accessors may be called from any thread.
 */
public final class VerificationWorker implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(VerificationWorker.class.getName());
    /** How long the worker waits before its first attempt to start again after a failed run. */
    static final Duration FIRST_RESTART_BACKOFF = Duration.ofSeconds(1);
    /** The longest wait between two attempts to start again: the wait doubles while starting fails. */
    static final Duration MAX_RESTART_BACKOFF = Duration.ofSeconds(30);

    private final WorkerSettings settings;
    private final WorkerMeters meters;
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
        this(settings, starter, firstBackoff, maxBackoff, new WorkerMeters());
    }

    private VerificationWorker(WorkerSettings settings, RunStarter starter, Duration firstBackoff, Duration maxBackoff,
            WorkerMeters meters) {
        this.meters = meters;
        this.settings = settings;
        this.starter = starter;
        this.firstBackoff = firstBackoff;
        this.maxBackoff = maxBackoff;
    }

    /**
     * Starts building a worker that verifies submissions with {@code verifier}; options are checked at
     * {@link Builder#build()}.
     *
     * @param kafkaConfig the Kafka client properties both the consumer and the producer get
     *     ({@code bootstrap.servers} is required; security settings go here too); the worker's own
     *     properties ({@code group.id}, {@code transactional.id}, {@code enable.auto.commit},
     *     {@code isolation.level}) are set through the builder and may not appear here
     * @param verifier verifies each submission; its {@linkplain ReplayVerifier#parallelism() parallelism}
     *     is how many replays the worker verifies at once
     * @return a builder with the defaults of {@link Builder}
     * @throws NullPointerException if an argument is null
     */
    public static Builder builder(Map<String, Object> kafkaConfig, ReplayVerifier verifier) {
        return new Builder(kafkaConfig, verifier);
    }

    /** Creates a worker; it connects to nothing until {@link #start()}. */
    static VerificationWorker create(WorkerSettings settings, SubmissionVerifier verifier) {
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(verifier, "verifier");
        WorkerMeters meters = new WorkerMeters();
        // Names this worker's records of attempts: a run of the same process that reads them back knows
        // that their writer did not die.
        String incarnation = randomWorkerId() + randomWorkerId();
        return new VerificationWorker(settings, onEnd -> new WorkerRun(settings, verifier, meters, incarnation, onEnd),
                FIRST_RESTART_BACKOFF, MAX_RESTART_BACKOFF, meters);
    }

    /**
     * Reaches the cluster and finds both topics (up to the {@linkplain Builder#startTimeout start timeout},
     * logging every few seconds while the broker does not answer; a missing topic fails at once, named),
     * readies the transactional producer (which fences an earlier producer with the same transactional
     * id, aborting what that one left open; this blocks until the transaction coordinator answers, at
     * most {@code max.block.ms}), joins the group and starts verifying on the worker's own polling thread.
     *
     * <p>If a run fails with a Kafka error (the producer fenced after a transaction timed out during a
     * broker outage, a commit that timed out, a commit refused after the group moved on), the worker
     * closes both clients and starts again after a second: the partitions go back through the group,
     * and whatever was not committed is verified again. While starting again fails with a Kafka error
     * (the broker is still away), it keeps trying, waiting twice as long each time, at most 30 s. Only
     * authorisation and version errors, a missing topic, and a failure of this first start, end the worker.
     *
     * @return this worker
     * @throws IllegalStateException if already started
     * @throws org.apache.kafka.common.KafkaException if the broker does not answer within the start timeout
     *     or the producer cannot be readied; the worker has then ended, with that failure
     * @throws IllegalStateException if a topic does not exist (the message names it); the worker has ended
     * @throws IllegalArgumentException if no bootstrap server resolves; the worker has ended
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
     * Returns what ended the worker abnormally.
     *
     * @return the failure, or empty while the worker runs or once it ended cleanly
     */
    public Optional<Throwable> failure() {
        return Optional.ofNullable(failure);
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

    /**
     * Takes a snapshot of the worker's counters and timings, over all its runs. Cheap (no call to Kafka);
     * any thread.
     *
     * @return the snapshot
     */
    public WorkerStats stats() {
        return meters.snapshot(abortedTransactions(), restarts());
    }

    /**
     * Tells whether the worker is running a run now: started, not between two runs, not ended. An
     * orchestrator's readiness check.
     *
     * @return whether it is consuming
     */
    public boolean running() {
        synchronized (this) {
            return run != null && !closing && terminated.getCount() > 0;
        }
    }

    /**
     * Tells whether the worker has not ended: it runs, or waits to start again. An orchestrator's liveness
     * check: {@code false} after {@link #close()} or a failure it does not recover from.
     *
     * @return whether it is alive
     */
    public boolean alive() {
        return terminated.getCount() > 0;
    }

    /** Returns the worker's live counters (tests feed them). */
    WorkerMeters meters() {
        return meters;
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

    /**
     * Checks the clients' properties as the clients will (types, ranges, required keys, classes that must
     * load), without connecting: a bad value is refused before the worker starts, not by its first run.
     *
     * @throws IllegalArgumentException naming the client and Kafka's message
     */
    static void checkClients(WorkerSettings settings) {
        Map<String, Object> consumer = new HashMap<>(consumerProperties(settings));
        consumer.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        consumer.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
        Map<String, Object> producer = new HashMap<>(producerProperties(settings));
        producer.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        producer.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        try {
            ConsumerConfig.configDef().parse(consumer);
        } catch (ConfigException e) {
            throw new IllegalArgumentException("kafkaConfig: bad Kafka consumer configuration: " + e.getMessage(), e);
        }
        try {
            ProducerConfig.configDef().parse(producer);
        } catch (ConfigException e) {
            throw new IllegalArgumentException("kafkaConfig: bad Kafka producer configuration: " + e.getMessage(), e);
        }
    }

    /** Returns a fresh worker id, for workers that were given none. */
    static String randomWorkerId() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    /**
     * Builds a {@link VerificationWorker}. Setters only record; {@link #build()} checks every option and
     * throws {@link IllegalArgumentException} naming the first bad one. Not thread-safe.
     *
     * <p>Defaults: topics {@value WorkerSettings#DEFAULT_SUBMISSIONS_TOPIC} and
     * {@value WorkerSettings#DEFAULT_VERDICTS_TOPIC}, group {@value WorkerSettings#DEFAULT_GROUP_ID},
     * transactional id prefix {@value WorkerSettings#DEFAULT_TRANSACTIONAL_ID_PREFIX}, a random worker id,
     * 100 records per poll, a 30 s stop timeout, a 100 ms commit interval, a 60 s start timeout, any game.
     */
    public static final class Builder {
        /** Properties the worker sets itself: a user value would break exactly-once or the group. */
        private static final Map<String, String> OWNED = Map.of(
                ConsumerConfig.GROUP_ID_CONFIG, "groupId(..)",
                ProducerConfig.TRANSACTIONAL_ID_CONFIG, "transactionalIdPrefix(..) and workerId(..)",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "nothing: offsets are committed in the verdicts' transaction",
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "nothing: the worker always reads read_committed",
                ProducerConfig.PARTITIONER_CLASS_CONFIG,
                "nothing: a verdict goes to its submission id's partition, where a resubmission looks for it");

        private final Map<String, Object> kafkaConfig;
        private final ReplayVerifier verifier;
        private String submissionsTopic = WorkerSettings.DEFAULT_SUBMISSIONS_TOPIC;
        private String verdictsTopic = WorkerSettings.DEFAULT_VERDICTS_TOPIC;
        private String groupId = WorkerSettings.DEFAULT_GROUP_ID;
        private String transactionalIdPrefix = WorkerSettings.DEFAULT_TRANSACTIONAL_ID_PREFIX;
        private @Nullable String workerId;
        private int maxPollRecords = 100;
        private Duration stopTimeout = Duration.ofSeconds(30);
        private Duration commitInterval = Duration.ofMillis(100);
        private Duration startTimeout = WorkerSettings.DEFAULT_START_TIMEOUT;
        private int maxAttempts = WorkerSettings.DEFAULT_MAX_ATTEMPTS;
        private Map<String, Object> consumerConfig = Map.of();
        private Map<String, Object> producerConfig = Map.of();
        private Set<String> games = Set.of();

        private Builder(Map<String, Object> kafkaConfig, ReplayVerifier verifier) {
            this.kafkaConfig = new LinkedHashMap<>(Objects.requireNonNull(kafkaConfig, "kafkaConfig"));
            this.verifier = Objects.requireNonNull(verifier, "verifier");
        }

        /**
         * Sets the topic submissions are read from.
         *
         * @param topic a non-blank topic name
         * @return this builder
         */
        public Builder submissionsTopic(String topic) {
            this.submissionsTopic = topic;
            return this;
        }

        /**
         * Sets the topic verdicts are published to.
         *
         * @param topic a non-blank topic name, not the submissions topic
         * @return this builder
         */
        public Builder verdictsTopic(String topic) {
            this.verdictsTopic = topic;
            return this;
        }

        /**
         * Sets the consumer group all the workers share; partitions are spread over its members.
         *
         * @param groupId a non-blank group id
         * @return this builder
         */
        public Builder groupId(String groupId) {
            this.groupId = groupId;
            return this;
        }

        /**
         * Sets the prefix of the transactional id ({@code prefix-workerId}).
         *
         * @param prefix a non-blank prefix
         * @return this builder
         */
        public Builder transactionalIdPrefix(String prefix) {
            this.transactionalIdPrefix = prefix;
            return this;
        }

        /**
         * Sets this worker's id: unique in the group and stable across restarts (a pod name), so that a
         * restarted worker fences its predecessor at once. By default a random id.
         *
         * @param workerId a non-blank id
         * @return this builder
         */
        public Builder workerId(String workerId) {
            this.workerId = workerId;
            return this;
        }

        /**
         * Sets the most submissions one poll fetches.
         *
         * @param maxPollRecords at least 1
         * @return this builder
         */
        public Builder maxPollRecords(int maxPollRecords) {
            this.maxPollRecords = maxPollRecords;
            return this;
        }

        /**
         * Sets how long a graceful stop waits for the replays being verified before it aborts them.
         *
         * @param stopTimeout a positive duration
         * @return this builder
         */
        public Builder stopTimeout(Duration stopTimeout) {
            this.stopTimeout = stopTimeout;
            return this;
        }

        /**
         * Sets how often ready verdicts are committed, one transaction each time.
         *
         * @param commitInterval a positive duration
         * @return this builder
         */
        public Builder commitInterval(Duration commitInterval) {
            this.commitInterval = commitInterval;
            return this;
        }

        /**
         * Sets how long {@link VerificationWorker#start()} (and each start after a failed run) waits for the
         * cluster: the broker to answer, the two topics to be found, the transactional producer to be
         * readied. While the broker does not answer, the worker logs so every few seconds, naming the
         * address; past the timeout the start fails with a message that names the address and what to check.
         *
         * @param startTimeout a positive duration; 60 s by default
         * @return this builder
         */
        public Builder startTimeout(Duration startTimeout) {
            this.startTimeout = startTimeout;
            return this;
        }

        /**
         * Sets how many worker deaths a submission may be in work for before it gets a {@code FAILED} verdict
         * instead of another attempt: a submission that kills its worker (an allocation the JVM cannot
         * survive, a crash in native code) would otherwise kill every worker of the group in turn. Each
         * submission that was in work when a worker died is verified again alone, its attempt recorded in
         * the group's committed offsets first; a submission in work for {@code maxAttempts} deaths gets a
         * {@code FAILED} verdict saying so.
         *
         * @param maxAttempts at least 1; {@value WorkerSettings#DEFAULT_MAX_ATTEMPTS} by default
         * @return this builder
         */
        public Builder maxAttempts(int maxAttempts) {
            this.maxAttempts = maxAttempts;
            return this;
        }

        /**
         * Sets consumer-only properties, applied after {@code kafkaConfig} (e.g. {@code session.timeout.ms},
         * {@code max.partition.fetch.bytes}).
         *
         * @param config property names and non-null values
         * @return this builder
         */
        public Builder consumerConfig(Map<String, Object> config) {
            this.consumerConfig = Map.copyOf(config);
            return this;
        }

        /**
         * Sets producer-only properties, applied after {@code kafkaConfig} (e.g. {@code transaction.timeout.ms}).
         *
         * @param config property names and non-null values
         * @return this builder
         */
        public Builder producerConfig(Map<String, Object> config) {
            this.producerConfig = Map.copyOf(config);
            return this;
        }

        /**
         * Limits the submissions verified to those whose {@value Submissions#GAME_HEADER} header names one of
         * these games; the others get an {@code INVALID_FILE} verdict unread. By default any game is tried
         * (the verifier then judges the file's own game id).
         *
         * @param games game ids
         * @return this builder
         */
        public Builder games(Set<String> games) {
            this.games = Set.copyOf(games);
            return this;
        }

        /**
         * Checks every option and builds the worker; it connects to nothing until {@link #start()}.
         *
         * @return the worker
         * @throws IllegalArgumentException naming the first bad option and why
         */
        public VerificationWorker build() {
            Object servers = kafkaConfig.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG);
            if (servers == null || servers.toString().isBlank()) {
                throw new IllegalArgumentException("kafkaConfig: 'bootstrap.servers' is required (host:port[,host:port])");
            }
            for (Map<String, Object> config : List.of(kafkaConfig, consumerConfig, producerConfig)) {
                for (Map.Entry<String, Object> entry : config.entrySet()) {
                    String owner = OWNED.get(entry.getKey());
                    if (owner != null) {
                        throw new IllegalArgumentException("kafkaConfig: '" + entry.getKey()
                                + "' is set by the worker; use " + owner);
                    }
                    if (entry.getValue() == null) {
                        throw new IllegalArgumentException("kafkaConfig: '" + entry.getKey() + "' has no value");
                    }
                }
            }
            if (Objects.equals(submissionsTopic, verdictsTopic)) {
                throw new IllegalArgumentException("verdictsTopic: must differ from submissionsTopic, both were '"
                        + verdictsTopic + "'");
            }
            Map<String, Object> common = new LinkedHashMap<>(kafkaConfig);
            common.remove(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG);
            Map<String, Object> consumer = new HashMap<>(common);
            consumer.putAll(consumerConfig);
            Map<String, Object> producer = new HashMap<>(common);
            producer.putAll(producerConfig);
            WorkerSettings.Builder settings = WorkerSettings.builder(servers.toString())
                    .submissionsTopic(submissionsTopic)
                    .verdictsTopic(verdictsTopic)
                    .groupId(groupId)
                    .transactionalIdPrefix(transactionalIdPrefix)
                    .parallelism(verifier.parallelism())
                    .maxPollRecords(maxPollRecords)
                    .stopTimeout(stopTimeout)
                    .commitInterval(commitInterval)
                    .startTimeout(startTimeout)
                    .maxAttempts(maxAttempts)
                    .consumerOverrides(consumer)
                    .producerOverrides(producer);
            if (workerId != null) {
                settings.workerId(workerId);
            }
            WorkerSettings checked = settings.build();
            checkClients(checked);
            return create(checked, new ReplayVerifierAdapter(verifier, games));
        }
    }
}
