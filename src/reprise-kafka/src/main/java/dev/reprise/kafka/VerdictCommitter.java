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
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.logging.Level;
import java.util.logging.Logger;
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
import org.apache.kafka.common.errors.WakeupException;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;

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
 *
 * <p>It is also the keeper of the {@link SubmissionGate} between the receiver and the verifier
 * ({@link #gated}): a submission starts only once its attempt is recorded in the committed offsets'
 * metadata ({@link AttemptLedger}), a suspect of a worker's death only alone in the worker, a resubmission
 * only once its id is known to have no verdict ({@link ResubmissionChecks}). The transactions that record
 * attempts are the ones that commit verdicts; one is committed at once, without waiting for the commit
 * interval, when a submission waits for it.
 */
final class VerdictCommitter implements ReceiverListener<String, byte[]>, SubmissionGate.Keeper {

    private static final Logger LOG = Logger.getLogger(VerificationWorker.class.getName());
    /** How long one turn waits for the committed metadata of newly assigned partitions. */
    private static final Duration LOAD_WAIT = Duration.ofSeconds(5);

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
    private final AttemptLedger ledger;
    private final int maxAttempts;
    private final @Nullable ResubmissionChecks checks;
    private volatile boolean crash;
    private long nextSequence;
    private long lastCommit = System.nanoTime();
    /** A batch whose transaction was aborted: committed first on the next turn. */
    private SubmissionTracker.@Nullable Ready<Done> retry;
    private @Nullable SubmissionGate gate;
    /** The sequences released to the verifier whose verdicts have not come back; polling thread only. */
    private final Set<Long> inWork = new HashSet<>();
    /** The sequence of the suspect verified alone now, or -1; written on the polling thread. */
    private volatile long alone = -1;

    VerdictCommitter(Producer<String, String> producer, String verdictsTopic, Duration commitInterval, Runnable wakeup) {
        this(producer, verdictsTopic, commitInterval, wakeup, new WorkerMeters(), VerificationWorker.randomWorkerId(),
                WorkerSettings.DEFAULT_MAX_ATTEMPTS, 100, null);
    }

    /**
     * Creates the committer of one run.
     *
     * @param incarnation the worker's id for this process's life (its attempts records name it)
     * @param maxAttempts the deaths after which a suspect gets a {@code FAILED} verdict
     * @param lookahead how far past what was delivered a recorded window reaches (a poll's worth)
     * @param checks looks up resubmissions' ids; {@code null} to verify resubmissions as any submission
     */
    VerdictCommitter(Producer<String, String> producer, String verdictsTopic, Duration commitInterval, Runnable wakeup,
            WorkerMeters meters, String incarnation, int maxAttempts, int lookahead,
            @Nullable ResubmissionChecks checks) {
        this.meters = meters;
        this.producer = producer;
        this.verdictsTopic = verdictsTopic;
        this.commitIntervalNanos = commitInterval.toNanos();
        this.wakeup = wakeup;
        this.ledger = new AttemptLedger(incarnation, lookahead);
        this.maxAttempts = maxAttempts;
        this.checks = checks;
    }

    /**
     * Puts the gate between the delivered submissions and the verifier; call once, before subscribing.
     *
     * @param submissions the submissions tracked by {@link #track}, poison taken out
     * @return the submissions as they may start
     */
    Flux<Submission> gated(Flux<Submission> submissions) {
        SubmissionGate created = new SubmissionGate(submissions, this);
        gate = created;
        return created;
    }

    /** Turns a delivered record into a submission and starts tracking it; polling thread only. */
    Submission track(ConsumerRecord<String, byte[]> record) {
        Submission submission = Submissions.of(nextSequence++, record);
        tracker.track(submission.sequence(), submission.partition(), submission.offset());
        ledger.delivered(submission.partition(), submission.offset());
        return submission;
    }

    @Override
    public SubmissionGate.Decision decide(Submission submission) {
        TopicPartition partition = submission.partition();
        long offset = submission.offset();
        if (tracker.partitionOf(submission.sequence()) == null) {
            forgetCheck(submission);
            return SubmissionGate.Decision.ANSWERED; // its partition was taken away: its next owner verifies it
        }
        if (!ledger.known(partition)) {
            return SubmissionGate.Decision.HOLD; // read on the next turn
        }
        ResubmissionChecks resubmissions = checks;
        if (submission.resubmission() && resubmissions != null) {
            Optional<VerdictLookup.Result> looked = resubmissions.result(submission);
            if (looked == null) {
                // Everything before it in its partition must be committed first, so that a verdict of the same
                // id still in work in this run is on the topic when the lookup reads it.
                if (ledger.committedOffset(partition) == offset) {
                    resubmissions.start(submission);
                }
                return SubmissionGate.Decision.HOLD;
            }
            if (looked.isEmpty()) {
                return SubmissionGate.Decision.HOLD;
            }
            if (looked.get() instanceof VerdictLookup.Found) {
                resubmissions.forget(submission);
                answer(VerifiedSubmission.alreadyAnswered(submission.sequence(), Submissions.key(submission.id())));
                return SubmissionGate.Decision.ANSWERED;
            }
        }
        int deaths = ledger.deaths(partition, offset);
        if (deaths >= maxAttempts) {
            forgetCheck(submission);
            answer(VerifiedSubmission.failed(submission.sequence(), Submissions.key(submission.id()),
                    "not verified again: it was in work when its worker died, " + deaths + " times (the most "
                    + maxAttempts + "; verified alone since the first): an allocation the JVM could not survive,"
                    + " a crash or a kill of the worker's process"));
            return SubmissionGate.Decision.ANSWERED;
        }
        if (alone >= 0) {
            return SubmissionGate.Decision.BLOCK; // a suspect is alone in work: nothing else starts
        }
        if (deaths > 0) {
            if (!inWork.isEmpty()) {
                return SubmissionGate.Decision.BLOCK;
            }
            if (ledger.aloneRecorded(partition, offset)) {
                return SubmissionGate.Decision.RELEASE;
            }
            ledger.wantAlone(partition, offset);
            return SubmissionGate.Decision.BLOCK;
        }
        if (ledger.covered(partition, offset)) {
            return SubmissionGate.Decision.RELEASE;
        }
        ledger.wantWindow(partition);
        return SubmissionGate.Decision.HOLD;
    }

    @Override
    public void released(Submission submission) {
        forgetCheck(submission);
        inWork.add(submission.sequence());
        if (ledger.deaths(submission.partition(), submission.offset()) > 0) {
            alone = submission.sequence();
        }
    }

    @Override
    public void abandoned(Submission submission) {
        forgetCheck(submission);
        tracker.abandon(submission.sequence());
    }

    private void forgetCheck(Submission submission) {
        ResubmissionChecks resubmissions = checks;
        if (submission.resubmission() && resubmissions != null) {
            resubmissions.forget(submission);
        }
    }

    /** A verdict the worker gives without verifying: committed like any other. */
    private void answer(VerifiedSubmission verdict) {
        meters.verdict(verdict);
        finished.offer(verdict);
    }

    /**
     * Hands over a finished verdict; any thread. It is committed on the first polling turn after the
     * commit interval: one transaction per interval, not per verdict, keeps the polling thread free to
     * deliver submissions (a commit takes several round trips to the broker).
     */
    void offer(VerifiedSubmission verdict) {
        finished.offer(verdict);
        if (alone == verdict.sequence()) {
            wakeup.run(); // the next suspect may start alone now, without waiting for a poll to time out
        }
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
        takeFinished();
        load(consumer);
        SubmissionGate current = gate;
        if (current != null) {
            current.drain();
        }
        if (System.nanoTime() - lastCommit >= commitIntervalNanos || ledger.wantsCommit()) {
            if (commit(consumer, Set.of()) && current != null) {
                current.drain(); // release what the commit recorded
            }
        }
    }

    /** Reads the committed metadata of partitions whose submissions wait for it. */
    private void load(Consumer<String, byte[]> consumer) {
        Set<TopicPartition> unknown = ledger.unknown();
        if (unknown.isEmpty()) {
            return;
        }
        try {
            Map<TopicPartition, OffsetAndMetadata> committed = consumer.committed(unknown, LOAD_WAIT);
            unknown.forEach(partition -> ledger.load(partition, committed.get(partition)));
        } catch (TimeoutException | WakeupException e) {
            // Not yet (or woken to run this turn sooner): the submissions wait, and the next turn asks again.
            LOG.log(Level.FINE, "no committed offsets of " + unknown + " yet; asking again", e);
        }
    }

    @Override
    public void onRevoked(Consumer<String, byte[]> consumer, Collection<TopicPartition> partitions) {
        commit(consumer, partitions);
        forget(partitions);
    }

    @Override
    public void onLost(Consumer<String, byte[]> consumer, Collection<TopicPartition> partitions) {
        forget(partitions);
    }

    @Override
    public void onAssigned(Consumer<String, byte[]> consumer, Collection<TopicPartition> partitions) {
        // A partition assigned again (cooperative rebalancing) is read afresh: another owner may have had it.
        ledger.forget(partitions);
    }

    @Override
    public boolean isIdle() {
        return tracker.tracked() == 0 && finished.isEmpty() && retry == null;
    }

    @Override
    public void onClose(Consumer<String, byte[]> consumer, boolean graceful) {
        if (graceful && !crash) {
            try {
                takeFinished();
                commit(consumer, ledger.partitions()); // an orderly end: no death to count
            } finally {
                producer.close(Duration.ofSeconds(10));
            }
        } else {
            // Abandon the work: whatever is open is aborted by the transaction coordinator, and the
            // partitions' next owners verify the uncommitted submissions again.
            producer.close(Duration.ZERO);
        }
    }

    /**
     * Commits the verdicts that are ready and the attempts that wait to be recorded, in one transaction.
     *
     * @param cleaning partitions given up in order: their records of work in progress are left out
     * @return whether a transaction was committed
     */
    private boolean commit(Consumer<String, byte[]> consumer, Collection<TopicPartition> cleaning) {
        lastCommit = System.nanoTime();
        SubmissionTracker.Ready<Done> ready = collect();
        Map<TopicPartition, OffsetAndMetadata> offsets = ledger.offsets(ready.offsets(), cleaning);
        if (offsets.isEmpty()) {
            return false;
        }
        long start = System.nanoTime();
        // Per verdict, the refusal the producer gave it at once (null if none): a record too large is refused
        // synchronously, while records still pending when the transaction fails are later failed with the same
        // exception, which must not make their verdicts look unpublishable.
        List<@Nullable Throwable> refused = new ArrayList<>();
        try {
            producer.beginTransaction();
            List<VerifiedSubmission> published = new ArrayList<>();
            for (Done done : ready.results()) {
                VerifiedSubmission verdict = done.verdict();
                if (!verdict.publish()) {
                    refused.add(null);
                    continue;
                }
                Future<RecordMetadata> send = producer.send(new ProducerRecord<>(verdictsTopic, verdict.id(), verdict.json()));
                refused.add(refusal(send));
                published.add(verdict);
            }
            producer.sendOffsetsToTransaction(offsets, consumer.groupMetadata());
            producer.commitTransaction();
            transactions.incrementAndGet();
            committedVerdicts.addAndGet(published.size());
            meters.committed(published, System.nanoTime() - start);
            ledger.committed(offsets);
            retry = null;
            return true;
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
            retry = ready.isEmpty() ? null : withoutUnsendable(ready, refused);
            return false;
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
                results.set(i, new Done(done.partition(), VerifiedSubmission.failed(verdict.sequence(), verdict.id(),
                        "its " + verdict.outcome() + " verdict (" + verdict.json().length()
                                + " characters) could not be published: " + refused.getMessage())));
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

    /** Moves finished verdicts into the tracker: their submissions are no longer in work. */
    private void takeFinished() {
        VerifiedSubmission verdict;
        while ((verdict = finished.poll()) != null) {
            inWork.remove(verdict.sequence());
            if (alone == verdict.sequence()) {
                alone = -1;
            }
            TopicPartition partition = tracker.partitionOf(verdict.sequence());
            if (partition != null) {
                tracker.complete(verdict.sequence(), new Done(partition, verdict));
            }
        }
    }

    /** Takes the finished verdicts and what is ready, after any batch to retry. */
    private SubmissionTracker.Ready<Done> collect() {
        takeFinished();
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
        ledger.forget(partitions);
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
                if (done.verdict().publish()) {
                    producer.send(new ProducerRecord<>(verdictsTopic, done.verdict().id(), done.verdict().json()));
                }
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
