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

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * A receiver listener that lets a test wait, bounded, until the polling thread sees a condition on its
 * consumer; it also records how the receiver closed.
 */
final class PollProbe<K, V> implements ReceiverListener<K, V> {

    private volatile @Nullable Predicate<Consumer<K, V>> condition;
    private volatile CountDownLatch met = new CountDownLatch(0);
    final CountDownLatch closed = new CountDownLatch(1);
    final AtomicBoolean closedGracefully = new AtomicBoolean();

    /** Waits until a turn of the polling loop sees {@code until} hold, failing after {@code timeout}. */
    void await(String what, Predicate<Consumer<K, V>> until, Duration timeout) {
        CountDownLatch latch = new CountDownLatch(1);
        met = latch;
        condition = until;
        try {
            assertThat(latch.await(timeout.toMillis(), TimeUnit.MILLISECONDS)).as("waiting for: " + what).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + what, e);
        }
    }

    @Override
    public void onPoll(Consumer<K, V> consumer) {
        Predicate<Consumer<K, V>> c = condition;
        if (c != null && c.test(consumer)) {
            condition = null;
            met.countDown();
        }
    }

    @Override
    public void onClose(Consumer<K, V> consumer, boolean graceful) {
        closedGracefully.set(graceful);
        closed.countDown();
    }
}
