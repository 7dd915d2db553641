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

import java.util.Collection;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;

/**
 * Callbacks from a {@link KafkaReceiver}'s polling thread: the place to commit work, because a
 * Kafka consumer may only be touched from that thread.
 *
 * <p>Every method is called on the receiver's polling thread, never concurrently, and may use the
 * consumer it is given (without calling {@code poll}, {@code close} or {@code wakeup}). An exception
 * thrown by a callback ends the receiver: its {@code Flux} errors with it and the consumer is closed.
 * Every method does nothing by default.
 *
 * @param <K> the record key type
 * @param <V> the record value type
 */
interface ReceiverListener<K, V> {

    /**
     * Called after partitions are assigned to this receiver, before records of them are delivered.
     *
     * @param consumer the receiver's consumer
     * @param partitions the newly assigned partitions
     */
    default void onAssigned(Consumer<K, V> consumer, Collection<TopicPartition> partitions) {
    }

    /**
     * Called before partitions are taken away in an orderly rebalance: the last moment to commit
     * work done on them. Records of them that were fetched but not yet delivered are dropped.
     *
     * @param consumer the receiver's consumer
     * @param partitions the partitions being revoked
     */
    default void onRevoked(Consumer<K, V> consumer, Collection<TopicPartition> partitions) {
    }

    /**
     * Called when partitions were lost (this member was dropped from the group): another member may
     * own them already, so work on them must be discarded, not committed. By default it calls
     * {@link #onRevoked}, as Kafka's own rebalance listener does; a listener that commits in
     * {@code onRevoked} must override it.
     *
     * @param consumer the receiver's consumer
     * @param partitions the partitions lost
     */
    default void onLost(Consumer<K, V> consumer, Collection<TopicPartition> partitions) {
        onRevoked(consumer, partitions);
    }

    /**
     * Called once per turn of the polling loop, after the poll and the delivery of records, and as
     * soon as possible after {@link KafkaReceiver#wakeup()}.
     *
     * @param consumer the receiver's consumer
     */
    default void onPoll(Consumer<K, V> consumer) {
    }

    /**
     * Tells whether a receiver that was asked to {@linkplain KafkaReceiver#stop stop} may close now;
     * it keeps polling (paused, calling {@link #onPoll}) until this returns {@code true} or its stop
     * timeout passes.
     *
     * @return whether no delivered record is still being worked on
     */
    default boolean isIdle() {
        return true;
    }

    /**
     * Called once before the consumer is closed, whether the receiver stopped, was cancelled or failed.
     *
     * @param consumer the receiver's consumer
     * @param graceful {@code true} after {@link KafkaReceiver#stop}; {@code false} after a cancellation or
     *     an error, when uncommitted work must be abandoned
     */
    default void onClose(Consumer<K, V> consumer, boolean graceful) {
    }
}
