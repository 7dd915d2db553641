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

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

class KafkaReceiverTest {

    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final String TOPIC = "submissions";
    private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
    private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);

    /** A mock consumer whose poll yields the CPU a little: the real one blocks, the mock returns at once. */
    static final class PacedMockConsumer extends MockConsumer<String, String> {
        PacedMockConsumer() {
            super("earliest");
        }

        @Override
        public ConsumerRecords<String, String> poll(Duration timeout) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            return super.poll(timeout);
        }
    }

    private final PacedMockConsumer consumer = new PacedMockConsumer();
    private final PollProbe<String, String> probe = new PollProbe<>();
    private final KafkaReceiver<String, String> receiver = KafkaReceiver.<String, String>builder(() -> consumer)
            .topics(TOPIC)
            .pollTimeout(Duration.ofMillis(50))
            .listener(probe)
            .build();

    /** Assigns both partitions and puts {@code perPartition} records in each, on the polling thread. */
    private void assignWithRecords(int perPartition) {
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(P0, P1));
            consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
            for (int i = 0; i < perPartition; i++) {
                consumer.addRecord(record(P0, i));
                consumer.addRecord(record(P1, i));
            }
        });
    }

    private static ConsumerRecord<String, String> record(TopicPartition partition, long offset) {
        return new ConsumerRecord<>(partition.topic(), partition.partition(), offset, "k" + offset,
                partition.partition() + ":" + offset);
    }

    private void awaitPaused(Set<TopicPartition> expected) {
        probe.await("paused " + expected, c -> c.paused().equals(expected) && c.assignment().equals(expected), WAIT);
    }

    @Test
    void receive_withoutDemand_pausesEveryPartitionAndDeliversNothing() {
        assignWithRecords(3);
        StepVerifier.create(receiver.receive(), 0)
                .expectSubscription()
                .then(() -> awaitPaused(Set.of(P0, P1)))
                .then(() -> assertThat(receiver.pauses()).isEqualTo(1))
                .then(() -> assertThat(receiver.resumes()).isZero())
                .thenCancel()
                .verify(WAIT);
    }

    @Test
    void request_resumesDeliversExactlyTheDemandAndPausesAgain() {
        assignWithRecords(3);
        StepVerifier.create(receiver.receive().map(ConsumerRecord::value), 0)
                .then(() -> awaitPaused(Set.of(P0, P1)))
                .thenRequest(4)
                .expectNextCount(4)
                .then(() -> awaitPaused(Set.of(P0, P1)))
                .then(() -> assertThat(receiver.resumes()).isEqualTo(1))
                .then(() -> assertThat(receiver.pauses()).isEqualTo(2))
                .thenRequest(2)
                .expectNextCount(2)
                .then(() -> awaitPaused(Set.of(P0, P1)))
                .thenCancel()
                .verify(WAIT);
        // The last two came from the records held back: no resume was needed for them.
        assertThat(receiver.pauses()).isEqualTo(2);
        assertThat(receiver.resumes()).isEqualTo(1);
    }

    @Test
    void receive_keepsPartitionOrder() {
        consumer.setMaxPollRecords(2);
        assignWithRecords(5);
        List<String> values = receiver.receive().map(ConsumerRecord::value).take(10).collectList()
                .block(WAIT);
        assertThat(values).filteredOn(v -> v.startsWith("0:")).containsExactly("0:0", "0:1", "0:2", "0:3", "0:4");
        assertThat(values).filteredOn(v -> v.startsWith("1:")).containsExactly("1:0", "1:1", "1:2", "1:3", "1:4");
    }

    @Test
    void unboundedDemand_neverPauses() {
        assignWithRecords(5);
        StepVerifier.create(receiver.receive())
                .expectNextCount(10)
                .then(() -> probe.await("a quiet poll", c -> c.paused().isEmpty(), WAIT))
                .thenCancel()
                .verify(WAIT);
        assertThat(receiver.pauses()).isZero();
    }

    @Test
    void revokedPartition_dropsItsFetchedButUndeliveredRecords() {
        consumer.setMaxPollRecords(10);
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(P0, P1));
            consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
            for (int i = 0; i < 5; i++) {
                consumer.addRecord(record(P0, i));
            }
        });
        StepVerifier.create(receiver.receive().map(ConsumerRecord::value), 1)
                .expectNext("0:0")
                .then(() -> awaitPaused(Set.of(P0, P1)))
                .then(() -> consumer.schedulePollTask(() -> {
                    consumer.rebalance(List.of(P1));
                    consumer.addRecord(record(P1, 0));
                }))
                .then(() -> probe.await("P0 revoked", c -> c.assignment().equals(Set.of(P1)), WAIT))
                .thenRequest(1)
                .expectNext("1:0")
                .thenCancel()
                .verify(WAIT);
    }

    @Test
    void partitionAssignedWhilePaused_isPausedToo() {
        consumer.schedulePollTask(() -> {
            consumer.rebalance(List.of(P0));
            consumer.updateBeginningOffsets(Map.of(P0, 0L, P1, 0L));
        });
        StepVerifier.create(receiver.receive(), 0)
                .then(() -> awaitPaused(Set.of(P0)))
                .then(() -> consumer.schedulePollTask(() -> {
                    consumer.rebalance(List.of(P0, P1));
                    consumer.addRecord(record(P1, 0));
                }))
                .then(() -> awaitPaused(Set.of(P0, P1)))
                .thenRequest(1)
                .expectNextMatches(r -> r.partition() == 1)
                .thenCancel()
                .verify(WAIT);
    }

    @Test
    void cancel_closesTheConsumerNotGracefully() throws InterruptedException {
        assignWithRecords(1);
        StepVerifier.create(receiver.receive(), 1)
                .expectNextCount(1)
                .thenCancel()
                .verify(WAIT);
        assertThat(receiver.awaitTermination(WAIT)).isTrue();
        assertThat(consumer.closed()).isTrue();
        assertThat(probe.closedGracefully).isFalse();
    }

    @Test
    void stop_completesAndClosesGracefully() throws InterruptedException {
        assignWithRecords(3);
        StepVerifier.create(receiver.receive(), 2)
                .expectNextCount(2)
                .then(receiver::stop)
                .expectComplete()
                .verify(WAIT);
        assertThat(receiver.awaitTermination(WAIT)).isTrue();
        assertThat(consumer.closed()).isTrue();
        assertThat(probe.closedGracefully).isTrue();
    }

    @Test
    void pollFailure_errorsTheFluxAndClosesTheConsumer() throws InterruptedException {
        assignWithRecords(0);
        consumer.schedulePollTask(() -> consumer.setPollException(new KafkaException("broker on fire")));
        StepVerifier.create(receiver.receive())
                .expectErrorMessage("broker on fire")
                .verify(WAIT);
        assertThat(receiver.awaitTermination(WAIT)).isTrue();
        assertThat(consumer.closed()).isTrue();
        assertThat(receiver.failure()).hasMessage("broker on fire");
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1})
    void nonPositiveRequest_errorsTheFluxWithTheRule39Error_andClosesTheConsumer(long n) throws InterruptedException {
        assignWithRecords(3);
        AtomicReference<Subscription> held = new AtomicReference<>();
        StepVerifier.create(receiver.receive(), 1)
                .consumeSubscriptionWith(held::set)
                .expectNextCount(1)
                .then(() -> held.get().request(n))
                .expectErrorSatisfies(error -> assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class)
                        .hasMessage("Spec. Rule 3.9 - Cannot request a non strictly positive number: " + n))
                .verify(WAIT);
        assertThat(receiver.awaitTermination(WAIT)).isTrue();
        assertThat(consumer.closed()).isTrue();
        assertThat(probe.closedGracefully).isFalse();
    }

    @Test
    void secondSubscriber_getsIllegalState() {
        Flux<ConsumerRecord<String, String>> records = receiver.receive();
        StepVerifier.create(records, 0).expectSubscription()
                .then(() -> StepVerifier.create(records)
                        .expectErrorMatches(e -> e instanceof IllegalStateException
                                && e.getMessage().contains("subscribed to once"))
                        .verify(WAIT))
                .thenCancel()
                .verify(WAIT);
    }

    @Test
    void builder_rejectsBadOptionsAtOnce() {
        KafkaReceiver.Builder<String, String> builder = KafkaReceiver.builder(() -> consumer);
        assertThatThrownBy(builder::topics).hasMessageContaining("at least one topic");
        assertThatThrownBy(() -> builder.topics(" ")).hasMessageContaining("blank");
        assertThatThrownBy(() -> builder.pollTimeout(Duration.ZERO)).hasMessageContaining("pollTimeout");
        assertThatThrownBy(() -> builder.stopTimeout(Duration.ofSeconds(-1))).hasMessageContaining("stopTimeout");
        assertThatThrownBy(builder::build).hasMessageContaining("topics: not set");
    }
}
