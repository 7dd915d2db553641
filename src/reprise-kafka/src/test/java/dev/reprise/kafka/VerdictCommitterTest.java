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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.json.VerdictJson;
import dev.reprise.verify.Outcome;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class VerdictCommitterTest {

    private static final TopicPartition P0 = new TopicPartition("subs", 0);
    private static final TopicPartition P1 = new TopicPartition("subs", 1);

    private final MockProducer<String, String> producer =
            new MockProducer<>(true, null, new StringSerializer(), new StringSerializer());
    private final MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest");
    /** Commits on every turn: the interval has always passed. */
    private final VerdictCommitter committer = new VerdictCommitter(producer, "verdicts", Duration.ofNanos(1), () -> { });

    @BeforeEach
    void initTransactions() {
        producer.initTransactions();
    }

    private Submission deliver(TopicPartition partition, long offset) {
        return committer.track(new ConsumerRecord<>(partition.topic(), partition.partition(), offset,
                "id-" + partition.partition() + "-" + offset, new byte[] {1}));
    }

    private void finish(Submission submission) {
        committer.offer(new VerifiedSubmission(submission.sequence(), submission.id(), "VALID",
                "{\"id\":\"" + submission.id() + "\"}"));
    }

    private List<String> committedKeys() {
        return producer.history().stream().map(ProducerRecord::key).toList();
    }

    /** The offsets the last committed transaction committed (their metadata is the attempts ledger's). */
    private Map<TopicPartition, Long> lastCommittedOffsets() {
        List<Map<String, Map<TopicPartition, OffsetAndMetadata>>> history = producer.consumerGroupOffsetsHistory();
        Map<TopicPartition, Long> offsets = new HashMap<>();
        history.get(history.size() - 1).values().iterator().next().forEach((p, o) -> offsets.put(p, o.offset()));
        return offsets;
    }

    @Test
    void onPoll_commitsReadyVerdictsInOffsetOrderWithTheNextOffsets() {
        Submission a = deliver(P0, 0);
        Submission b = deliver(P0, 1);
        Submission c = deliver(P0, 2);
        Submission d = deliver(P1, 7);
        finish(c);
        finish(a);
        finish(d);
        committer.onPoll(consumer);
        assertThat(committedKeys()).containsExactlyInAnyOrder("id-0-0", "id-1-7");
        assertThat(lastCommittedOffsets()).containsOnly(Map.entry(P0, 1L),
                Map.entry(P1, 8L));

        finish(b);
        committer.onPoll(consumer);
        assertThat(committedKeys()).containsExactlyInAnyOrder("id-0-0", "id-1-7", "id-0-1", "id-0-2");
        assertThat(lastCommittedOffsets()).containsOnly(Map.entry(P0, 3L));
        assertThat(committer.committedVerdicts()).isEqualTo(4);
        assertThat(committer.transactions()).isEqualTo(2);
        assertThat(committer.isIdle()).isTrue();
    }

    @Test
    void nothingReady_beginsNoTransaction() {
        deliver(P0, 0);
        committer.onPoll(consumer);
        assertThat(producer.transactionInFlight()).isFalse();
        assertThat(producer.consumerGroupOffsetsHistory()).isEmpty();
        assertThat(committer.isIdle()).isFalse();
    }

    @Test
    void abortableFailure_abortsAndCommitsTheSameVerdictsNextTurn() {
        finishAll(deliver(P0, 0), deliver(P0, 1));
        producer.commitTransactionException = new KafkaException("coordinator moved");
        committer.onPoll(consumer);
        assertThat(producer.transactionAborted()).isTrue();
        assertThat(committedKeys()).isEmpty();
        assertThat(committer.abortedTransactions()).isEqualTo(1);
        assertThat(committer.isIdle()).isFalse();

        producer.commitTransactionException = null;
        committer.onPoll(consumer);
        assertThat(committedKeys()).containsExactly("id-0-0", "id-0-1");
        assertThat(lastCommittedOffsets()).containsOnly(Map.entry(P0, 2L));
        assertThat(committer.isIdle()).isTrue();
    }

    @Test
    void fencedProducer_endsTheRun() {
        finishAll(deliver(P0, 0));
        producer.commitTransactionException = new ProducerFencedException("a newer producer took the id");
        assertThatThrownBy(() -> committer.onPoll(consumer)).isInstanceOf(ProducerFencedException.class);
        assertThat(committedKeys()).isEmpty();
    }

    @Test
    void commitTimeout_endsTheRunWithoutAborting() {
        finishAll(deliver(P0, 0));
        producer.commitTransactionException = new TimeoutException("no answer from the coordinator");
        // An abort after a timed-out commit throws IllegalStateException in the real producer: the run
        // must end instead, with an error the worker starts again after.
        assertThatThrownBy(() -> committer.onPoll(consumer)).isInstanceOf(TimeoutException.class)
                .isInstanceOf(KafkaException.class);
        assertThat(producer.transactionAborted()).isFalse();
        assertThat(committer.abortedTransactions()).isZero();
        assertThat(committedKeys()).isEmpty();
    }

    @Test
    void gracefulClose_closesTheProducerAlsoWhenTheLastCommitFails() {
        finishAll(deliver(P0, 0));
        producer.commitTransactionException = new ProducerFencedException("a newer producer took the id");
        assertThatThrownBy(() -> committer.onClose(consumer, true)).isInstanceOf(ProducerFencedException.class);
        assertThat(producer.closed()).isTrue();
    }

    @Test
    void revoked_commitsWhatIsReadyAndForgetsTheRest() {
        Submission a = deliver(P0, 0);
        Submission b = deliver(P0, 1);
        finish(a);
        committer.onRevoked(consumer, List.of(P0));
        assertThat(committedKeys()).containsExactly("id-0-0");
        assertThat(lastCommittedOffsets()).containsOnly(Map.entry(P0, 1L));

        finish(b); // too late: the partition's next owner verifies it again
        committer.onPoll(consumer);
        assertThat(committedKeys()).containsExactly("id-0-0");
        assertThat(committer.isIdle()).isTrue();
    }

    @Test
    void lost_commitsNothingForThePartition() {
        Submission a = deliver(P0, 0);
        Submission b = deliver(P1, 0);
        finishAll(a, b);
        committer.onLost(consumer, List.of(P0));
        committer.onPoll(consumer);
        assertThat(committedKeys()).containsExactly("id-1-0");
    }

    @Test
    void revokedAfterAnAbort_dropsThePartitionFromTheRetry() {
        finishAll(deliver(P0, 0), deliver(P1, 0));
        producer.commitTransactionException = new KafkaException("coordinator moved");
        committer.onPoll(consumer);
        producer.commitTransactionException = null;
        committer.onLost(consumer, List.of(P0));
        committer.onPoll(consumer);
        assertThat(committedKeys()).containsExactly("id-1-0");
        assertThat(lastCommittedOffsets()).containsOnly(Map.entry(P1, 1L));
    }

    @Test
    void crash_leavesItsTransactionOpenAndClosesWithoutCommitting() {
        finishAll(deliver(P0, 0));
        committer.crashOnNextTurn();
        assertThatThrownBy(() -> committer.onPoll(consumer)).isInstanceOf(VerdictCommitter.SimulatedCrash.class);
        assertThat(producer.transactionInFlight()).isTrue();
        committer.onClose(consumer, false);
        assertThat(producer.closed()).isTrue();
        assertThat(committedKeys()).isEmpty();
    }

    @Test
    void gracefulClose_commitsWhatIsReady() {
        finishAll(deliver(P0, 0));
        committer.onClose(consumer, true);
        assertThat(committedKeys()).containsExactly("id-0-0");
        assertThat(producer.closed()).isTrue();
    }

    /**
     * A verdict the producer refuses at once (too large) is replaced by a small FAILED one; a verdict still
     * pending when the transaction fails, and failed with that same exception, is not: it is retried as is.
     */
    @Test
    void tooLargeVerdict_failsAlone_evenWhenPendingOnesFailWithItsException() {
        RecordTooLargeException tooLarge = new RecordTooLargeException("The message is 16659 bytes when serialized");
        MockProducer<String, String> refusing = new MockProducer<>(false, null, new StringSerializer(),
                new StringSerializer()) {
            @Override
            public synchronized Future<RecordMetadata> send(ProducerRecord<String, String> record) {
                if (record.value().contains("x".repeat(200))) {
                    return CompletableFuture.failedFuture(tooLarge);
                }
                return super.send(record);
            }

            @Override
            public synchronized void abortTransaction() {
                while (errorNext(tooLarge)) {
                    // what the accumulator does to the batches of a failed transaction
                }
                super.abortTransaction();
            }
        };
        refusing.initTransactions();
        VerdictCommitter committing = new VerdictCommitter(refusing, "verdicts", Duration.ofNanos(1), () -> { });
        Submission small = committing.track(new ConsumerRecord<>("subs", 0, 0, "small", new byte[] {1}));
        Submission big = committing.track(new ConsumerRecord<>("subs", 0, 1, "big", new byte[] {1}));
        committing.offer(new VerifiedSubmission(small.sequence(), "small", "VALID", "{\"id\":\"small\"}"));
        committing.offer(new VerifiedSubmission(big.sequence(), "big", "VALID", "{\"reason\":\"" + "x".repeat(200) + "\"}"));
        refusing.commitTransactionException = new KafkaException("the transaction failed");

        committing.onPoll(consumer);
        assertThat(committing.abortedTransactions()).isEqualTo(1);

        refusing.commitTransactionException = null;
        committing.onPoll(consumer);
        refusing.completeNext();
        refusing.completeNext();
        Map<String, String> values = new HashMap<>();
        refusing.history().forEach(record -> values.put(record.key(), record.value()));
        assertThat(values.get("small")).isEqualTo("{\"id\":\"small\"}");
        assertThat(VerdictJson.read(values.get("big")).outcome()).isEqualTo(Outcome.FAILED);
        assertThat(VerdictJson.read(values.get("big")).reason()).contains("could not be published");
    }

    private void finishAll(Submission... submissions) {
        for (Submission submission : submissions) {
            finish(submission);
        }
    }
}
