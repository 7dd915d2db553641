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
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jspecify.annotations.Nullable;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;

/**
 * A bridge from a Kafka {@link Consumer} to a Reactor {@link Flux}, driven by demand: records are
 * fetched only while the subscriber has asked for them.
 *
 * <p>One receiver owns one consumer and one polling thread, which it starts when {@link #receive()} is
 * subscribed to. While the subscriber has no outstanding demand the receiver pauses every assigned
 * partition (the consumer keeps polling, so it stays in its group, but fetches nothing) and resumes
 * them as soon as demand arrives. At most one poll's worth of records ({@code max.poll.records}) is held
 * back, in order, between polls. Records of partitions revoked in a rebalance that were fetched but not
 * yet delivered are dropped: their next owner reads them again.
 *
 * <p>The consumer is used only on the polling thread; {@link ReceiverListener} callbacks run there too,
 * which is where work is committed. Build one with {@link #builder(Supplier)}. Thread-safety: every
 * public method may be called from any thread.
 *
 * @param <K> the record key type
 * @param <V> the record value type
 */
final class KafkaReceiver<K, V> {

    private final Supplier<? extends Consumer<K, V>> consumers;
    private final List<String> topics;
    private final Duration pollTimeout;
    private final Duration stopTimeout;
    private final String threadName;
    private final ReceiverListener<K, V> listener;
    private final AtomicReference<@Nullable PollLoop<K, V>> loop = new AtomicReference<>();

    private KafkaReceiver(Builder<K, V> builder) {
        this.consumers = builder.consumers;
        this.topics = List.copyOf(builder.topics);
        this.pollTimeout = builder.pollTimeout;
        this.stopTimeout = builder.stopTimeout;
        this.threadName = builder.threadName;
        this.listener = builder.listener;
    }

    /**
     * Starts a builder for a receiver whose consumer the given supplier makes (on the polling thread,
     * when the receiver is subscribed to). The consumer must not commit on its own
     * ({@code enable.auto.commit=false}) if a listener commits.
     *
     * @param consumers makes the receiver's consumer; called once
     * @param <K> the record key type
     * @param <V> the record value type
     * @return a new builder
     */
    static <K, V> Builder<K, V> builder(Supplier<? extends Consumer<K, V>> consumers) {
        return new Builder<>(Objects.requireNonNull(consumers, "consumers"));
    }

    /**
     * Returns the records of the subscribed topics as a {@code Flux}, in partition order, delivered on
     * the polling thread.
     *
     * <p>The {@code Flux} may be subscribed to once: a second subscriber gets an
     * {@link IllegalStateException}. It never completes on its own; it completes after {@link #stop()},
     * errors if the consumer or a listener fails, and cancelling it closes the consumer. A request of
     * {@code n <= 0} errors it with {@link IllegalArgumentException} (Reactive Streams rule 3.9) and
     * closes the consumer, as a failure does.
     *
     * @return the records, fetched as they are requested
     */
    public Flux<ConsumerRecord<K, V>> receive() {
        return new ReceiverFlux();
    }

    /**
     * Asks the polling thread to run its turn now (for example because work finished and can be
     * committed) instead of waiting for the current poll to time out. Does nothing before subscription
     * or after the end.
     */
    public void wakeup() {
        PollLoop<K, V> current = loop.get();
        if (current != null) {
            current.wake();
        }
    }

    /**
     * Stops the receiver gracefully: no more records are delivered and the {@code Flux} completes at
     * once; the polling thread keeps the group membership and calls {@link ReceiverListener#onPoll}
     * until the listener {@linkplain ReceiverListener#isIdle() is idle} or the stop timeout passes, then
     * calls {@link ReceiverListener#onClose} with {@code graceful = true} and closes the consumer.
     * Returns at once; see {@link #awaitTermination(Duration)}.
     */
    public void stop() {
        PollLoop<K, V> current = loop.get();
        if (current != null) {
            current.stop();
        }
    }

    /**
     * Waits until the polling thread has closed the consumer (or was never started).
     *
     * @param timeout how long to wait at most
     * @return {@code true} if the polling thread has ended (or never started), {@code false} on timeout
     * @throws InterruptedException if the waiting thread is interrupted
     */
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        PollLoop<K, V> current = loop.get();
        return current == null || current.terminated.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Returns the failure that ended the polling thread, if any; {@code null} while running or after a clean end. */
    @Nullable Throwable failure() {
        PollLoop<K, V> current = loop.get();
        return current == null ? null : current.failure;
    }

    /** Returns how often the receiver paused its partitions for lack of demand. */
    long pauses() {
        PollLoop<K, V> current = loop.get();
        return current == null ? 0 : current.pauses.get();
    }

    /** Returns how often the receiver resumed its partitions when demand came back. */
    long resumes() {
        PollLoop<K, V> current = loop.get();
        return current == null ? 0 : current.resumes.get();
    }

    /** Subscribing starts the polling thread; only one subscription is allowed. */
    private final class ReceiverFlux extends Flux<ConsumerRecord<K, V>> {
        @Override
        public void subscribe(CoreSubscriber<? super ConsumerRecord<K, V>> actual) {
            PollLoop<K, V> created = new PollLoop<>(consumers, topics, pollTimeout, stopTimeout, listener, actual);
            if (!loop.compareAndSet(null, created)) {
                Operators.error(actual, new IllegalStateException(
                        "KafkaReceiver.receive() may be subscribed to once; it is already subscribed"));
                return;
            }
            actual.onSubscribe(created);
            Thread thread = new Thread(created, threadName);
            thread.setDaemon(true);
            thread.start();
        }
    }

    /**
     * Builds a {@link KafkaReceiver}, checking each option as it is set.
     *
     * @param <K> the record key type
     * @param <V> the record value type
     */
    static final class Builder<K, V> {
        private final Supplier<? extends Consumer<K, V>> consumers;
        private List<String> topics = List.of();
        private Duration pollTimeout = Duration.ofMillis(500);
        private Duration stopTimeout = Duration.ofSeconds(30);
        private String threadName = "reprise-kafka-receiver";
        private ReceiverListener<K, V> listener = new ReceiverListener<>() { };

        private Builder(Supplier<? extends Consumer<K, V>> consumers) {
            this.consumers = consumers;
        }

        /**
         * Sets the topics to subscribe to (required).
         *
         * @param topics one or more topic names, none blank
         * @return this builder
         * @throws IllegalArgumentException if there is no topic or a blank one
         */
        Builder<K, V> topics(String... topics) {
            if (topics.length == 0) {
                throw new IllegalArgumentException("topics: at least one topic is required");
            }
            for (String topic : topics) {
                if (topic == null || topic.isBlank()) {
                    throw new IllegalArgumentException("topics: a topic name is null or blank");
                }
            }
            this.topics = List.of(topics);
            return this;
        }

        /**
         * Sets how long one poll waits for records (default 500 ms). It bounds how long a paused
         * receiver takes to notice demand only if a wakeup is missed; demand and
         * {@link KafkaReceiver#wakeup()} interrupt the poll.
         *
         * @param pollTimeout a positive duration
         * @return this builder
         * @throws IllegalArgumentException if not positive
         */
        Builder<K, V> pollTimeout(Duration pollTimeout) {
            this.pollTimeout = positive(pollTimeout, "pollTimeout");
            return this;
        }

        /**
         * Sets how long {@link KafkaReceiver#stop()} waits for the listener to become idle (default 30 s).
         *
         * @param stopTimeout a positive duration
         * @return this builder
         * @throws IllegalArgumentException if not positive
         */
        Builder<K, V> stopTimeout(Duration stopTimeout) {
            this.stopTimeout = positive(stopTimeout, "stopTimeout");
            return this;
        }

        /**
         * Names the polling thread (default {@code reprise-kafka-receiver}).
         *
         * @param threadName a non-blank name
         * @return this builder
         * @throws IllegalArgumentException if blank
         */
        Builder<K, V> threadName(String threadName) {
            if (threadName == null || threadName.isBlank()) {
                throw new IllegalArgumentException("threadName: must not be blank");
            }
            this.threadName = threadName;
            return this;
        }

        /**
         * Sets the listener called on the polling thread (default: one that does nothing).
         *
         * @param listener the listener
         * @return this builder
         */
        Builder<K, V> listener(ReceiverListener<K, V> listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Builds the receiver.
         *
         * @return a new receiver, not yet polling
         * @throws IllegalStateException if no topic was set
         */
        KafkaReceiver<K, V> build() {
            if (topics.isEmpty()) {
                throw new IllegalStateException("topics: not set");
            }
            return new KafkaReceiver<>(this);
        }

        private static Duration positive(Duration duration, String name) {
            Objects.requireNonNull(duration, name);
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException(name + ": must be positive, was " + duration);
            }
            return duration;
        }
    }
}
