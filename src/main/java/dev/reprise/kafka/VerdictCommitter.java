package dev.reprise.kafka;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import dev.reprise.internal.support.VerdictJsonFormat;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.OutOfOrderSequenceException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.jspecify.annotations.Nullable;

/**
 * Publishes verdicts and commits submission offsets in one Kafka transaction per commit interval
 * (read-process-write): a verdict becomes visible to {@code read_committed} readers exactly when its
 * submission's offset is committed, so every submission gets exactly one committed verdict.
 *
 * <p>Verdicts arrive from the verifier's threads ({@link #offer}); everything else runs on the
 * receiver's polling thread, as its {@link ReceiverListener}. Verdicts are released per partition in
 * offset order (see {@link SubmissionTracker}). Revoked partitions get their finished verdicts committed
 * first, then their unfinished submissions are forgotten: the next owner verifies them again. A
 * transaction that fails with an abortable error is aborted and its batch retried on the next turn;
 * a fatal producer error (fenced, unauthorised) or a timeout, which leaves the transaction's outcome
 * unknown, ends the run, and closing aborts what is open.
 */
final class VerdictCommitter implements ReceiverListener<String, byte[]> {

    private final Producer<String, String> producer;
    private final String verdictsTopic;
    private final long commitIntervalNanos;
    private final Runnable wakeup;
    private final SubmissionTracker<Done> tracker = new SubmissionTracker<>();
    private final ConcurrentLinkedQueue<VerifiedSubmission> finished = new ConcurrentLinkedQueue<>();
    private final AtomicLong committedVerdicts = new AtomicLong();
    private final AtomicLong transactions = new AtomicLong();
    private final AtomicLong abortedTransactions = new AtomicLong();
    private final WorkerMeters meters;
    private volatile boolean crash;
    private long nextSequence;
    private long lastCommit = System.nanoTime();
    /** A batch whose transaction was aborted: committed first on the next turn. */
    private SubmissionTracker.@Nullable Ready<Done> retry;

    VerdictCommitter(Producer<String, String> producer, String verdictsTopic, Duration commitInterval, Runnable wakeup) {
        this(producer, verdictsTopic, commitInterval, wakeup, new WorkerMeters());
    }

    VerdictCommitter(Producer<String, String> producer, String verdictsTopic, Duration commitInterval, Runnable wakeup,
            WorkerMeters meters) {
        this.meters = meters;
        this.producer = producer;
        this.verdictsTopic = verdictsTopic;
        this.commitIntervalNanos = commitInterval.toNanos();
        this.wakeup = wakeup;
    }

    /** Turns a delivered record into a submission and starts tracking it; polling thread only. */
    Submission track(ConsumerRecord<String, byte[]> record) {
        Submission submission = Submissions.of(nextSequence++, record);
        tracker.track(submission.sequence(), submission.partition(), submission.offset());
        return submission;
    }

    /**
     * Hands over a finished verdict; any thread. It is committed on the first polling turn after the
     * commit interval: one transaction per interval, not per verdict, keeps the polling thread free to
     * deliver submissions (a commit takes several round trips to the broker).
     */
    void offer(VerifiedSubmission verdict) {
        finished.offer(verdict);
    }

    /** Makes the next turn behave like a crash: verdicts sent in a transaction that is never committed. */
    void crashOnNextTurn() {
        crash = true;
        wakeup.run();
    }

    long committedVerdicts() {
        return committedVerdicts.get();
    }

    long transactions() {
        return transactions.get();
    }

    long abortedTransactions() {
        return abortedTransactions.get();
    }

    @Override
    public void onPoll(Consumer<String, byte[]> consumer) {
        meters.lag(lag(consumer));
        if (crash) {
            crash(consumer);
        }
        if (System.nanoTime() - lastCommit >= commitIntervalNanos) {
            commit(consumer);
        }
    }

    @Override
    public void onRevoked(Consumer<String, byte[]> consumer, Collection<TopicPartition> partitions) {
        commit(consumer);
        forget(partitions);
    }

    @Override
    public void onLost(Consumer<String, byte[]> consumer, Collection<TopicPartition> partitions) {
        forget(partitions);
    }

    @Override
    public boolean isIdle() {
        return tracker.tracked() == 0 && finished.isEmpty() && retry == null;
    }

    @Override
    public void onClose(Consumer<String, byte[]> consumer, boolean graceful) {
        if (graceful && !crash) {
            try {
                commit(consumer);
            } finally {
                producer.close(Duration.ofSeconds(10));
            }
        } else {
            // Abandon the work: whatever is open is aborted by the transaction coordinator, and the
            // partitions' next owners verify the uncommitted submissions again.
            producer.close(Duration.ZERO);
        }
    }

    private void commit(Consumer<String, byte[]> consumer) {
        lastCommit = System.nanoTime();
        SubmissionTracker.Ready<Done> ready = collect();
        if (ready.isEmpty()) {
            return;
        }
        long start = System.nanoTime();
        // Per verdict, the refusal the producer gave it at once (null if none): a record too large is refused
        // synchronously, while records still pending when the transaction fails are later failed with the same
        // exception, which must not make their verdicts look unpublishable.
        List<@Nullable Throwable> refused = new ArrayList<>();
        try {
            producer.beginTransaction();
            for (Done done : ready.results()) {
                VerifiedSubmission verdict = done.verdict();
                Future<RecordMetadata> send = producer.send(new ProducerRecord<>(verdictsTopic, verdict.id(), verdict.json()));
                refused.add(refusal(send));
            }
            producer.sendOffsetsToTransaction(ready.offsets(), consumer.groupMetadata());
            producer.commitTransaction();
            transactions.incrementAndGet();
            committedVerdicts.addAndGet(ready.results().size());
            meters.committed(() -> ready.results().stream().map(Done::verdict).iterator(), System.nanoTime() - start);
            retry = null;
        } catch (ProducerFencedException | OutOfOrderSequenceException | AuthorizationException
                | UnsupportedVersionException fatal) {
            throw fatal;
        } catch (TimeoutException timedOut) {
            // The transaction's outcome is unknown and the producer now accepts only the same call again
            // (an abort would throw IllegalStateException). End the run: the next run's producer settles
            // the transaction when it starts, and its consumer starts from whatever offsets it committed.
            throw timedOut;
        } catch (KafkaException abortable) {
            producer.abortTransaction();
            abortedTransactions.incrementAndGet();
            retry = withoutUnsendable(ready, refused);
        }
    }

    /**
     * The batch to retry after an abort: a verdict the producer refused for itself (over
     * {@code max.request.size} or the topic's message size) is replaced by a small {@code FAILED} verdict
     * saying so, so that one submission cannot keep every other verdict of the batch from being committed.
     */
    private static SubmissionTracker.Ready<Done> withoutUnsendable(SubmissionTracker.Ready<Done> ready,
            List<@Nullable Throwable> refusals) {
        List<Done> results = new ArrayList<>(ready.results());
        for (int i = 0; i < refusals.size(); i++) {
            Throwable refused = refusals.get(i);
            if (refused != null) {
                Done done = results.get(i);
                VerifiedSubmission verdict = done.verdict();
                // Small whatever the limits: a short id and reason, so that the replacement is never refused.
                Verdict failed = Verdict.of(VerdictJsonFormat.bounded(verdict.id(), 300), verdict.sequence(),
                        Outcome.FAILED, 0, 0, OptionalLong.empty(), OptionalLong.empty(), VerdictJsonFormat.bounded("its "
                                + verdict.outcome() + " verdict (" + verdict.json().length()
                                + " characters) could not be published: " + refused.getMessage(), 400), Duration.ZERO);
                results.set(i, new Done(done.partition(), new VerifiedSubmission(verdict.sequence(), verdict.id(),
                        Outcome.FAILED.name(), VerdictJson.write(failed))));
            }
        }
        return new SubmissionTracker.Ready<>(results, ready.offsets());
    }

    /** The error a send has already failed with that no retry can cure (the record itself is refused), or null. */
    private static @Nullable Throwable refusal(Future<RecordMetadata> send) {
        if (!send.isDone()) {
            return null;
        }
        try {
            send.get();
            return null;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return cause instanceof RecordTooLargeException || cause instanceof InvalidRecordException
                    || cause instanceof SerializationException ? cause : null;
        } catch (InterruptedException | java.util.concurrent.CancellationException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return null;
        }
    }

    /** The records waiting in the assigned partitions, from the consumer's last fetch; -1 if unknown. */
    private static long lag(Consumer<String, byte[]> consumer) {
        long sum = 0;
        for (TopicPartition partition : consumer.assignment()) {
            OptionalLong lag = consumer.currentLag(partition);
            if (lag.isEmpty()) {
                return -1;
            }
            sum += lag.getAsLong();
        }
        return sum;
    }

    /** Moves finished verdicts into the tracker and takes what is ready, after any batch to retry. */
    private SubmissionTracker.Ready<Done> collect() {
        VerifiedSubmission verdict;
        while ((verdict = finished.poll()) != null) {
            TopicPartition partition = tracker.partitionOf(verdict.sequence());
            if (partition != null) {
                tracker.complete(verdict.sequence(), new Done(partition, verdict));
            }
        }
        SubmissionTracker.Ready<Done> fresh = tracker.drainReady();
        SubmissionTracker.Ready<Done> pending = retry;
        if (pending == null) {
            return fresh;
        }
        List<Done> results = new ArrayList<>(pending.results());
        results.addAll(fresh.results());
        Map<TopicPartition, OffsetAndMetadata> offsets = new LinkedHashMap<>(pending.offsets());
        offsets.putAll(fresh.offsets());
        return new SubmissionTracker.Ready<>(results, offsets);
    }

    private void forget(Collection<TopicPartition> partitions) {
        tracker.forget(partitions);
        SubmissionTracker.Ready<Done> pending = retry;
        if (pending != null) {
            Set<TopicPartition> gone = new HashSet<>(partitions);
            List<Done> results = pending.results().stream().filter(d -> !gone.contains(d.partition())).toList();
            Map<TopicPartition, OffsetAndMetadata> offsets = new LinkedHashMap<>(pending.offsets());
            offsets.keySet().removeAll(gone);
            retry = offsets.isEmpty() ? null : new SubmissionTracker.Ready<>(results, offsets);
        }
    }

    private void crash(Consumer<String, byte[]> consumer) {
        SubmissionTracker.Ready<Done> ready = collect();
        if (!ready.isEmpty()) {
            producer.beginTransaction();
            for (Done done : ready.results()) {
                producer.send(new ProducerRecord<>(verdictsTopic, done.verdict().id(), done.verdict().json()));
            }
            producer.sendOffsetsToTransaction(ready.offsets(), consumer.groupMetadata());
            producer.flush();
        }
        throw new SimulatedCrash();
    }

    /** A finished verdict with the partition of its submission. */
    private record Done(TopicPartition partition, VerifiedSubmission verdict) {
    }

    /** Ends the polling thread as a crash would, leaving a transaction open (tests only). */
    static final class SimulatedCrash extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SimulatedCrash() {
            super("simulated worker crash", null, false, false);
        }
    }
}
