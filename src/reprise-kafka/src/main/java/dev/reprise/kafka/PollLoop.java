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
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.publisher.Operators;

/**
 * The polling thread of a {@link KafkaReceiver} and the subscription its subscriber holds.
 *
 * <p>Demand accounting: {@code requested} is the subscriber's outstanding demand; it is decremented
 * for every record delivered. The loop pauses all assigned partitions when there is no demand left
 * (records it could not deliver stay in {@code buffer}, at most one poll's worth) and resumes them when
 * demand returns. A request that arrives while paused wakes the poll up. The pause flag is written
 * before demand is re-read, and {@link #request} adds demand before reading the flag, so one of the two
 * always sees the other: no request is left waiting for a poll timeout.
 *
 * <p>A request of {@code n <= 0} (rule 3.9) fails the Flux with {@link IllegalArgumentException}: the
 * request wakes the loop, which stops delivering, closes the consumer (not gracefully) and signals the
 * error from the polling thread, so never concurrently with a record. After a cancel or the completion it
 * does nothing.
 */
final class PollLoop<K, V> implements Subscription, Runnable, ConsumerRebalanceListener {

    private final Supplier<? extends Consumer<K, V>> consumers;
    private final List<String> topics;
    private final Duration pollTimeout;
    private final Duration stopTimeout;
    private final ReceiverListener<K, V> listener;
    private final CoreSubscriber<? super ConsumerRecord<K, V>> actual;

    private final AtomicLong requested = new AtomicLong();
    final AtomicLong pauses = new AtomicLong();
    final AtomicLong resumes = new AtomicLong();
    final CountDownLatch terminated = new CountDownLatch(1);

    private volatile boolean cancelled;
    private volatile boolean stopping;
    /** The rule 3.9 error of a non-positive request, signalled by the polling thread. */
    private volatile @Nullable IllegalArgumentException badRequest;
    /** Written before demand is re-checked; read by {@link #request} after adding demand. */
    private volatile boolean paused;
    private volatile @Nullable Consumer<K, V> consumer;
    volatile @Nullable Throwable failure;

    /** Fetched records not yet delivered, in poll order; polling thread only. */
    private final ArrayDeque<ConsumerRecord<K, V>> buffer = new ArrayDeque<>();
    private boolean completed;

    PollLoop(Supplier<? extends Consumer<K, V>> consumers, List<String> topics, Duration pollTimeout,
            Duration stopTimeout, ReceiverListener<K, V> listener, CoreSubscriber<? super ConsumerRecord<K, V>> actual) {
        this.consumers = consumers;
        this.topics = topics;
        this.pollTimeout = pollTimeout;
        this.stopTimeout = stopTimeout;
        this.listener = listener;
        this.actual = actual;
    }

    @Override
    public void request(long n) {
        if (n <= 0) {
            if (!cancelled && badRequest == null) {
                badRequest = Exceptions.nullOrNegativeRequestException(n);
                wake();
            }
            return;
        }
        requested.getAndUpdate(r -> Operators.addCap(r, n));
        if (paused) {
            wake();
        }
    }

    @Override
    public void cancel() {
        cancelled = true;
        wake();
    }

    void stop() {
        stopping = true;
        wake();
    }

    void wake() {
        Consumer<K, V> current = consumer;
        if (current != null) {
            try {
                current.wakeup();
            } catch (RuntimeException alreadyClosed) {
                // The loop closed the consumer between the read and the call: nothing left to wake.
            }
        }
    }

    @Override
    public void run() {
        Consumer<K, V> c = null;
        boolean graceful = false;
        Throwable error = null;
        try {
            c = consumers.get();
            consumer = c;
            c.subscribe(topics, this);
            long stopDeadline = 0;
            while (!cancelled) {
                IllegalArgumentException bad = badRequest;
                if (bad != null && !completed) {
                    throw bad; // closes the consumer and errors the subscriber, as a failed poll does
                }
                if (stopping) {
                    if (!completed) {
                        completed = true;
                        buffer.clear();
                        pause(c, c.assignment());
                        stopDeadline = System.nanoTime() + stopTimeout.toNanos();
                        actual.onComplete();
                    }
                    if (listener.isIdle() || System.nanoTime() - stopDeadline > 0) {
                        graceful = true;
                        break;
                    }
                } else {
                    deliver();
                    adjustPause(c);
                }
                ConsumerRecords<K, V> records = poll(c);
                if (!stopping) {
                    records.forEach(buffer::add);
                    deliver();
                }
                listener.onPoll(c);
            }
        } catch (Throwable t) {
            error = t;
        } finally {
            if (c != null) {
                try {
                    listener.onClose(c, graceful && error == null);
                } catch (Throwable t) {
                    error = addSuppressed(error, t);
                }
                consumer = null;
                try {
                    c.close(CloseOptions.timeout(Duration.ofSeconds(5)));
                } catch (Throwable t) {
                    error = addSuppressed(error, t);
                }
            }
            failure = error;
            if (error != null) {
                if (cancelled || completed) {
                    Operators.onErrorDropped(error, actual.currentContext());
                } else {
                    actual.onError(error);
                }
            }
            terminated.countDown();
        }
    }

    private ConsumerRecords<K, V> poll(Consumer<K, V> c) {
        try {
            return c.poll(pollTimeout);
        } catch (WakeupException woken) {
            return ConsumerRecords.empty();
        }
    }

    private void deliver() {
        while (!buffer.isEmpty() && !cancelled && !stopping && badRequest == null) {
            long r = requested.get();
            if (r == 0) {
                return;
            }
            if (r != Long.MAX_VALUE) {
                requested.decrementAndGet();
            }
            actual.onNext(buffer.poll());
        }
    }

    private void adjustPause(Consumer<K, V> c) {
        if (requested.get() == 0 || !buffer.isEmpty()) {
            if (!paused) {
                paused = true;
                if (requested.get() > 0 && buffer.isEmpty()) {
                    // Demand arrived between the check and the flag: stay resumed.
                    paused = false;
                    return;
                }
                pause(c, c.assignment());
                pauses.incrementAndGet();
            }
        } else if (paused) {
            paused = false;
            Set<TopicPartition> toResume = new HashSet<>(c.paused());
            toResume.retainAll(c.assignment());
            if (!toResume.isEmpty()) {
                c.resume(toResume);
            }
            resumes.incrementAndGet();
        }
    }

    private static <K, V> void pause(Consumer<K, V> c, Collection<TopicPartition> partitions) {
        if (!partitions.isEmpty()) {
            c.pause(partitions);
        }
    }

    @Override
    public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
        Consumer<K, V> c = consumer;
        if (c == null) {
            return;
        }
        if (paused || stopping) {
            pause(c, partitions);
        }
        listener.onAssigned(c, partitions);
    }

    @Override
    public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
        Consumer<K, V> c = consumer;
        if (c == null || partitions.isEmpty()) {
            return;
        }
        dropBuffered(partitions);
        listener.onRevoked(c, partitions);
    }

    @Override
    public void onPartitionsLost(Collection<TopicPartition> partitions) {
        Consumer<K, V> c = consumer;
        if (c == null || partitions.isEmpty()) {
            return;
        }
        dropBuffered(partitions);
        listener.onLost(c, partitions);
    }

    private void dropBuffered(Collection<TopicPartition> partitions) {
        Set<TopicPartition> gone = new HashSet<>(partitions);
        buffer.removeIf(r -> gone.contains(new TopicPartition(r.topic(), r.partition())));
    }

    private static Throwable addSuppressed(@Nullable Throwable first, Throwable next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }
}
