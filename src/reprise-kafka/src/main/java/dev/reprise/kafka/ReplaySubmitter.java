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

import dev.reprise.json.VerdictJson;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Schedulers;

/**
 * The game server's side of Kafka verification: sends replays to the submissions topic and hands back
 * each one's verdict once a {@link VerificationWorker} has committed it.
 *
 * <p>{@link #submit(String, byte[])} completes with the verdict read from the verdicts topic with
 * {@code isolation.level=read_committed}, so a verdict of an aborted transaction is never seen; it fails
 * with a {@link TimeoutException} when none comes within the timeout (no worker runs, or it is behind).
 * {@link #send(String, byte[])} is the fire-and-forget form: it completes once the broker has the
 * submission. The submitter reads every partition of the verdicts topic from its end as it was when the
 * submitter was built (no consumer group), and ignores the verdicts of submissions it is not waiting for,
 * so many submitters may share one verdicts topic; each reads all of it.
 *
 * <p>Lost verdicts cannot go unnoticed: the submitter remembers every submission it sent until its
 * committed verdict comes. Past the {@linkplain Builder#verdictDeadline verdict deadline} it logs each that
 * has none (once, a warning naming them) and lists them in {@link #unanswered()};
 * {@link #resubmit(String, byte[])} sends one again, idempotently: it gives the verdict the id already has
 * if it has one, and a worker never gives an id a second verdict.
 *
 * <p>Thread-safe: one submitter serves any number of threads. Nothing is sent before a returned
 * {@code Mono} is subscribed; each subscription sends once more. Close it to release its two clients.
 */
public final class ReplaySubmitter implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(ReplaySubmitter.class.getName());
    /** The longest timeout a scheduler can count down in nanoseconds; a longer one never fires. */
    private static final Duration LONGEST_TIMEOUT = Duration.ofNanos(Long.MAX_VALUE);
    /** How long the polling thread waits for the verdicts topic to appear in the broker's metadata. */
    private static final Duration TOPIC_WAIT = Duration.ofSeconds(30);
    private static final Duration TOPIC_RETRY = Duration.ofMillis(100);
    /** How often the polling thread looks for submissions past the deadline. */
    private static final long OVERDUE_CHECK_NANOS = Duration.ofSeconds(1).toNanos();
    /** How long a resubmission's lookup of an existing verdict waits for open transactions. */
    private static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(30);

    private final KafkaProducer<String, byte[]> producer;
    private final KafkaConsumer<String, String> consumer;
    private final String submissionsTopic;
    private final String game;
    private final String build;
    /** How long a submission waits for its verdict; {@code null} for as long as it takes. */
    private final @Nullable Duration timeout;
    private final Duration verdictDeadline;
    private final Map<String, Sinks.One<Verdict>> waiting = new ConcurrentHashMap<>();
    private final SentSubmissions sent;
    private final String verdictsTopic;
    private final Map<String, Object> lookupConfig;
    private final CountDownLatch positioned = new CountDownLatch(1);
    private final Thread poller;
    private volatile boolean closed;
    private volatile @Nullable RuntimeException pollFailure;

    private ReplaySubmitter(Builder b, Map<String, Object> producerConfig, Map<String, Object> consumerConfig) {
        this.submissionsTopic = b.submissionsTopic;
        this.game = b.game;
        this.build = b.build;
        // A timeout too long to schedule (its nanoseconds overflow a long: about 292 years) means "never".
        this.timeout = b.timeout.compareTo(LONGEST_TIMEOUT) > 0 ? null : b.timeout;
        this.sent = new SentSubmissions(b.verdictDeadline);
        this.verdictDeadline = b.verdictDeadline;
        this.verdictsTopic = b.verdictsTopic;
        this.lookupConfig = Map.copyOf(consumerConfig);
        this.producer = new KafkaProducer<>(producerConfig, new StringSerializer(), new ByteArraySerializer());
        this.consumer = new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new StringDeserializer());
        String verdictsTopic = b.verdictsTopic;
        this.poller = new Thread(() -> poll(verdictsTopic), "reprise-submitter-verdicts");
        poller.setDaemon(true);
    }

    /**
     * Starts building a submitter.
     *
     * @param kafkaConfig Kafka client properties for its producer and consumer ({@code bootstrap.servers}
     *     is required)
     * @param game the game id every submission names (its {@value Submissions#GAME_HEADER} header)
     * @return a builder
     */
    public static Builder builder(Map<String, Object> kafkaConfig, String game) {
        return new Builder(kafkaConfig, game);
    }

    /**
     * Submits a replay and waits for its committed verdict.
     *
     * @param id the submission id, unique among the submissions this submitter waits for at once, at most
     *     {@value Submissions#MAX_ID_LENGTH} characters
     * @param replay the replay file's bytes
     * @return a {@code Mono} of the verdict; it fails with {@link TimeoutException} after the timeout, with
     *     {@link IllegalStateException} if a submission with this id is already waited for or the
     *     submitter is closed, or with the producer's error if the submission cannot be sent
     * @throws IllegalArgumentException if the id is longer than {@value Submissions#MAX_ID_LENGTH} characters
     */
    public Mono<Verdict> submit(String id, byte[] replay) {
        checkId(id);
        Objects.requireNonNull(replay, "replay");
        return awaitVerdict(id, verdict -> send(id, replay).then(verdict.asMono()));
    }

    /**
     * Sends a submission again and waits for its committed verdict, whatever became of the first send: if
     * the id already has a committed verdict, that verdict, and nothing is sent; otherwise the replay is
     * sent as a resubmission ({@link Submissions#resubmission}), which a worker verifies only if the id
     * still has no verdict then. So one id gets one verdict, however often it is resubmitted. Use it for
     * the submissions {@link #unanswered()} lists.
     *
     * <p>The lookup reads the id's partition of the verdicts topic from shortly before the first send this
     * submitter made of it (from its beginning for an id this submitter never sent), on a
     * {@linkplain Schedulers#boundedElastic() bounded elastic} thread.
     *
     * @param id the submission id, as first sent
     * @param replay the replay file's bytes
     * @return a {@code Mono} of the verdict, failing as {@link #submit(String, byte[])} does
     * @throws IllegalArgumentException if the id is longer than {@value Submissions#MAX_ID_LENGTH} characters
     */
    public Mono<Verdict> resubmit(String id, byte[] replay) {
        checkId(id);
        Objects.requireNonNull(replay, "replay");
        return awaitVerdict(id, verdict -> {
            long sentAt = sent.sentAt(id).orElse(0);
            // A verdict read from the topic while the lookup runs waits in the sink: the resubmission sent
            // then is let pass by the worker, and the sink already holds the verdict.
            return Mono.fromCallable(() -> lookUp(id, sentAt))
                    .subscribeOn(Schedulers.boundedElastic())
                    .flatMap(found -> found.map(Mono::just).orElseGet(() -> sendRecord(id,
                            Submissions.resubmission(submissionsTopic, id, replay, game, build,
                                    Instant.ofEpochMilli(sentAt))).then(verdict.asMono())))
                    .doOnNext(v -> sent.answered(id));
        });
    }

    /** The committed verdict the id has already, if any; a lookup that fails or cannot decide finds none. */
    private Optional<Verdict> lookUp(String id, long sentAt) {
        try (VerdictLookup lookup = new VerdictLookup(verdictsTopic, lookupConfig)) {
            VerdictLookup.Result result = lookup.find(id, sentAt, LOOKUP_TIMEOUT);
            if (result instanceof VerdictLookup.Found found) {
                return Optional.of(VerdictJson.read(found.record().value()));
            }
            if (result instanceof VerdictLookup.Undecided undecided) {
                LOG.warning(() -> "submitter: cannot tell whether '" + id + "' has a verdict (" + undecided.why()
                        + "); resubmitting: the worker verifies it once it can tell");
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "submitter: could not look up the verdict of '" + id + "'; resubmitting", e);
        }
        return Optional.empty();
    }

    /**
     * Waits for the verdict of {@code id}: registers it as awaited (one waiter per id), runs what sends it
     * and bounds the wait by the timeout.
     */
    private Mono<Verdict> awaitVerdict(String id, Function<Sinks.One<Verdict>, Mono<Verdict>> sending) {
        return Mono.defer(() -> {
            checkOpen();
            Sinks.One<Verdict> verdict = Sinks.one();
            if (waiting.putIfAbsent(id, verdict) != null) {
                return Mono.error(new IllegalStateException("a verdict for submission '" + id
                        + "' is already awaited; submission ids must be unique"));
            }
            Mono<Verdict> awaited = sending.apply(verdict);
            if (timeout != null) {
                awaited = awaited.timeout(timeout, Mono.error(() -> new TimeoutException(
                        "no committed verdict for submission '" + id + "' within " + timeout)));
            }
            return awaited
                    // Before the outcome reaches the subscriber, so waiting() already counts it out then.
                    .doOnTerminate(() -> waiting.remove(id, verdict))
                    .doOnCancel(() -> waiting.remove(id, verdict));
        });
    }

    /**
     * Submits a replay file and waits for its committed verdict; the file is read on a
     * {@linkplain Schedulers#boundedElastic() bounded elastic} thread.
     *
     * @param id the submission id
     * @param replay the replay file
     * @return a {@code Mono} of the verdict, as {@link #submit(String, byte[])}; it fails with an
     *     {@link UncheckedIOException} if the file cannot be read
     * @throws IllegalArgumentException if the id is longer than {@value Submissions#MAX_ID_LENGTH} characters
     */
    public Mono<Verdict> submit(String id, Path replay) {
        checkId(id);
        Objects.requireNonNull(replay, "replay");
        return read(replay).flatMap(bytes -> submit(id, bytes));
    }

    /**
     * Sends a replay for verification without waiting for its verdict (fire and forget).
     *
     * @param id the submission id (the verdict's key)
     * @param replay the replay file's bytes
     * @return a {@code Mono} that completes once the broker has acknowledged the submission
     * @throws IllegalArgumentException if the id is longer than {@value Submissions#MAX_ID_LENGTH} characters
     */
    public Mono<Void> send(String id, byte[] replay) {
        checkId(id);
        Objects.requireNonNull(replay, "replay");
        return sendRecord(id, Submissions.record(submissionsTopic, id, replay, game, build));
    }

    /**
     * Sends a submission record; it is remembered from the start of the send (a verdict may be read before
     * the acknowledgement) until its verdict comes, and forgotten if the broker refuses it.
     */
    private Mono<Void> sendRecord(String id, ProducerRecord<String, byte[]> record) {
        return Mono.create(sink -> {
            checkOpen();
            sent.sending(id, System.currentTimeMillis(), System.nanoTime());
            try {
                producer.send(record, (metadata, error) -> {
                    if (error == null) {
                        sent.acknowledged(id, metadata.timestamp());
                        sink.success();
                    } else {
                        sent.failed(id);
                        sink.error(error);
                    }
                });
            } catch (RuntimeException refused) {
                sent.failed(id);
                throw refused;
            }
        });
    }

    /**
     * Sends a replay file without waiting for its verdict.
     *
     * @param id the submission id
     * @param replay the replay file
     * @return a {@code Mono} that completes once the broker has acknowledged the submission
     * @throws IllegalArgumentException if the id is longer than {@value Submissions#MAX_ID_LENGTH} characters
     */
    public Mono<Void> send(String id, Path replay) {
        checkId(id);
        Objects.requireNonNull(replay, "replay");
        return read(replay).flatMap(bytes -> send(id, bytes));
    }

    /**
     * Returns how many submissions wait for their verdict now.
     *
     * @return the count, 0 when idle
     */
    public int waiting() {
        return waiting.size();
    }

    /**
     * Lists the submissions this submitter sent ({@code submit}, {@code send} or {@code resubmit}) that
     * have had no committed verdict for longer than the {@linkplain Builder#verdictDeadline verdict
     * deadline} since their last send, oldest first. A submission leaves the list when its verdict comes;
     * {@link #resubmit(String, byte[])} sends one again. Only this submitter's sends are known: a
     * submitter started again knows nothing of what the one before it sent.
     *
     * @return the unanswered submissions, a snapshot
     */
    public List<UnansweredSubmission> unanswered() {
        return sent.unanswered(System.nanoTime());
    }

    /** Returns how many sent submissions have no committed verdict yet, overdue or not (tests). */
    int sentWithoutVerdict() {
        return sent.pending();
    }

    /** Refuses an id no verdict could carry back whole, before anything is sent or awaited. */
    private static void checkId(String id) {
        Objects.requireNonNull(id, "id");
        if (id.length() > Submissions.MAX_ID_LENGTH) {
            throw new IllegalArgumentException("id: " + id.length() + " characters, more than the "
                    + Submissions.MAX_ID_LENGTH + " a verdict carries back");
        }
    }

    private static Mono<byte[]> read(Path replay) {
        return Mono.fromCallable(() -> {
            try {
                return Files.readAllBytes(replay);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read replay " + replay + ": " + e, e);
            }
        }).subscribeOn(Schedulers.boundedElastic());
    }

    private void checkOpen() {
        RuntimeException failure = pollFailure;
        if (failure != null) {
            throw new IllegalStateException("the submitter stopped reading verdicts: " + failure, failure);
        }
        if (closed) {
            throw new IllegalStateException("the submitter is closed");
        }
    }

    /**
     * The verdicts topic's partitions, waiting up to {@link #TOPIC_WAIT} for them: a topic created just
     * before the submitter may not be in the broker's metadata yet. Empty only if the submitter closed.
     */
    private List<PartitionInfo> partitionsOf(String verdictsTopic) {
        long deadline = System.nanoTime() + TOPIC_WAIT.toNanos();
        while (!closed) {
            List<PartitionInfo> partitions = consumer.partitionsFor(verdictsTopic);
            if (partitions != null && !partitions.isEmpty()) {
                return partitions;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("verdicts topic '" + verdictsTopic + "' has no partitions after "
                        + TOPIC_WAIT.toSeconds() + " s (does it exist?)");
            }
            LockSupport.parkNanos(TOPIC_RETRY.toNanos());
        }
        return List.of();
    }

    /** The polling thread: positions at the end of every verdicts partition, then hands out verdicts. */
    private void poll(String verdictsTopic) {
        try {
            List<PartitionInfo> partitions = partitionsOf(verdictsTopic);
            if (partitions.isEmpty()) {
                return; // closed while waiting
            }
            List<TopicPartition> assigned = new ArrayList<>();
            partitions.forEach(p -> assigned.add(new TopicPartition(p.topic(), p.partition())));
            consumer.assign(assigned);
            consumer.seekToEnd(assigned);
            // position() resolves the lazy seek now, so no verdict of a later submission can be skipped.
            assigned.forEach(consumer::position);
            positioned.countDown();
            long nextOverdueCheck = System.nanoTime() + OVERDUE_CHECK_NANOS;
            while (!closed) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    deliver(record);
                }
                if (System.nanoTime() - nextOverdueCheck >= 0) {
                    nextOverdueCheck = System.nanoTime() + OVERDUE_CHECK_NANOS;
                    reportOverdue();
                }
            }
        } catch (WakeupException e) {
            if (!closed) {
                fail(new IllegalStateException("woken up while open", e));
            }
        } catch (RuntimeException e) {
            fail(e);
        } finally {
            positioned.countDown();
            consumer.close(Duration.ofSeconds(5));
        }
    }

    private void deliver(ConsumerRecord<String, String> record) {
        if (record.key() == null || record.value() == null) {
            return;
        }
        sent.answered(record.key());
        Sinks.One<Verdict> sink = waiting.remove(record.key());
        if (sink == null) {
            return;
        }
        try {
            sink.tryEmitValue(VerdictJson.read(record.value()));
        } catch (IllegalArgumentException e) {
            sink.tryEmitError(new IllegalStateException("the verdict of submission '" + record.key() + "' at "
                    + record.topic() + "-" + record.partition() + "@" + record.offset() + " is unreadable: "
                    + e.getMessage(), e));
        }
    }

    /** Logs, once each, the submissions that just passed the deadline without a verdict. */
    private void reportOverdue() {
        List<String> overdue = sent.overdue(System.nanoTime());
        if (!overdue.isEmpty()) {
            LOG.warning(() -> "submitter: " + overdue.size() + " submission(s) without a committed verdict "
                    + verdictDeadline + " after they were sent: " + String.join(", ", overdue.subList(0,
                            Math.min(20, overdue.size()))) + (overdue.size() > 20 ? ", ..." : "")
                    + "; unanswered() lists them, resubmit(id, replay) sends one again");
        }
    }

    private void fail(RuntimeException e) {
        pollFailure = e;
        LOG.log(Level.WARNING, "submitter: reading verdicts failed", e);
        waiting.forEach((id, sink) -> sink.tryEmitError(new IllegalStateException(
                "the submitter stopped reading verdicts: " + e, e)));
        waiting.clear();
    }

    /** Starts the polling thread and waits until it reads the verdicts topic from its end. */
    private ReplaySubmitter startPolling(Duration wait) {
        poller.start();
        try {
            if (!positioned.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                close();
                throw new IllegalStateException("could not reach the verdicts topic within " + wait);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            throw new IllegalStateException("interrupted while reaching the verdicts topic", e);
        }
        RuntimeException failure = pollFailure;
        if (failure != null) {
            close();
            throw failure;
        }
        return this;
    }

    /**
     * Closes the producer (sending what it holds, at most 5 s) and the verdicts reader; submissions still
     * waiting fail with {@link IllegalStateException}. Idempotent.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        consumer.wakeup();
        producer.close(Duration.ofSeconds(5));
        try {
            poller.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        waiting.forEach((id, sink) -> sink.tryEmitError(new IllegalStateException("the submitter is closed")));
        waiting.clear();
    }

    /**
     * Builds a {@link ReplaySubmitter}; {@link #build()} checks the options and connects. Not thread-safe.
     * Defaults: the workers' default topics, build {@code "unknown"}, a 60 s timeout, a 60 s verdict deadline.
     */
    public static final class Builder {
        private final Map<String, Object> kafkaConfig;
        private final String game;
        private String submissionsTopic = WorkerSettings.DEFAULT_SUBMISSIONS_TOPIC;
        private String verdictsTopic = WorkerSettings.DEFAULT_VERDICTS_TOPIC;
        private String build = "unknown";
        private Duration timeout = Duration.ofSeconds(60);
        private Duration verdictDeadline = Duration.ofSeconds(60);

        private Builder(Map<String, Object> kafkaConfig, String game) {
            this.kafkaConfig = new LinkedHashMap<>(Objects.requireNonNull(kafkaConfig, "kafkaConfig"));
            this.game = Objects.requireNonNull(game, "game");
        }

        /**
         * Sets the topic submissions are sent to.
         *
         * @param topic a non-blank topic name
         * @return this builder
         */
        public Builder submissionsTopic(String topic) {
            this.submissionsTopic = topic;
            return this;
        }

        /**
         * Sets the topic verdicts are read from.
         *
         * @param topic a non-blank topic name
         * @return this builder
         */
        public Builder verdictsTopic(String topic) {
            this.verdictsTopic = topic;
            return this;
        }

        /**
         * Sets the game build every submission names (its {@value Submissions#BUILD_HEADER} header).
         *
         * @param build a non-blank build name
         * @return this builder
         */
        public Builder gameBuild(String build) {
            this.build = build;
            return this;
        }

        /**
         * Sets how long {@link ReplaySubmitter#submit(String, byte[])} waits for a verdict, from its
         * subscription. A timeout longer than about 292 years ({@code Long.MAX_VALUE} nanoseconds, e.g.
         * {@code ChronoUnit.FOREVER.getDuration()}) means no timeout: the submission waits until its verdict
         * comes or its subscriber cancels.
         *
         * @param timeout a positive duration
         * @return this builder
         */
        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        /**
         * Sets how long after its last send a submission may wait for its committed verdict before the
         * submitter reports it ({@link ReplaySubmitter#unanswered()} and a warning), whether it was sent by
         * {@code submit}, {@code send} or {@code resubmit}. A deadline longer than about 292 years means never.
         *
         * @param deadline a positive duration; 60 s by default
         * @return this builder
         */
        public Builder verdictDeadline(Duration deadline) {
            this.verdictDeadline = deadline;
            return this;
        }

        /**
         * Checks the options, connects, and returns once the submitter reads the verdicts topic (at most
         * {@code max.block.ms}, by default 60 s).
         *
         * @return the submitter
         * @throws IllegalArgumentException naming the first bad option
         * @throws IllegalStateException if the verdicts topic cannot be read
         */
        public ReplaySubmitter build() {
            Object servers = kafkaConfig.get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG);
            if (servers == null || servers.toString().isBlank()) {
                throw new IllegalArgumentException("kafkaConfig: 'bootstrap.servers' is required (host:port[,host:port])");
            }
            text(game, "game");
            text(submissionsTopic, "submissionsTopic");
            text(verdictsTopic, "verdictsTopic");
            text(build, "gameBuild");
            if (submissionsTopic.equals(verdictsTopic)) {
                throw new IllegalArgumentException("verdictsTopic: must differ from submissionsTopic, both were '"
                        + verdictsTopic + "'");
            }
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeout: must be positive, was " + timeout);
            }
            if (verdictDeadline == null || verdictDeadline.isNegative() || verdictDeadline.isZero()) {
                throw new IllegalArgumentException("verdictDeadline: must be positive, was " + verdictDeadline);
            }
            Map<String, Object> producer = new LinkedHashMap<>(kafkaConfig);
            producer.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
            producer.put(ProducerConfig.ACKS_CONFIG, "all");
            Map<String, Object> consumer = new LinkedHashMap<>(kafkaConfig);
            consumer.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            consumer.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
            consumer.remove(ConsumerConfig.GROUP_ID_CONFIG);
            Object maxBlock = kafkaConfig.getOrDefault(ProducerConfig.MAX_BLOCK_MS_CONFIG, 60_000);
            return new ReplaySubmitter(this, producer, consumer)
                    .startPolling(Duration.ofMillis(Long.parseLong(maxBlock.toString())));
        }

        private static void text(@Nullable String value, String name) {
            if (value == null || value.isBlank()) {
                throw new IllegalArgumentException(name + ": must not be blank");
            }
        }
    }
}
