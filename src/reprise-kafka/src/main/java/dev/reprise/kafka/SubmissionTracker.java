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

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

/**
 * Which delivered submissions are still being verified, and which verdicts may be committed.
 *
 * <p>A verdict may be committed only together with its submission's offset, and an offset commit
 * acknowledges every earlier offset of the partition too. So verdicts are released per partition in
 * offset order, as a contiguous prefix of finished submissions: a verdict that finishes early waits for
 * the ones before it. Each delivery gets its own sequence number, so a verdict that arrives after its
 * partition was revoked (and perhaps assigned back and delivered again) is recognised as stale.
 *
 * <p>Not thread-safe: used on the receiver's polling thread only.
 *
 * @param <T> what a finished submission carries (the verdict record to produce)
 */
final class SubmissionTracker<T> {

    private final Map<TopicPartition, ArrayDeque<Entry<T>>> partitions = new HashMap<>();
    private final Map<Long, Entry<T>> bySequence = new HashMap<>();

    /**
     * Records that a submission was delivered for verification.
     *
     * @param sequence the delivery's unique sequence number
     * @param partition the submission's partition
     * @param offset the submission's offset; offsets of one partition are tracked in increasing order
     * @throws IllegalArgumentException if the sequence is taken or the offset is not after the last one tracked
     */
    void track(long sequence, TopicPartition partition, long offset) {
        ArrayDeque<Entry<T>> queue = partitions.computeIfAbsent(partition, p -> new ArrayDeque<>());
        Entry<T> last = queue.peekLast();
        if (last != null && last.offset >= offset) {
            throw new IllegalArgumentException("offset " + offset + " of " + partition
                    + " is not after the last tracked offset " + last.offset);
        }
        Entry<T> entry = new Entry<>(partition, offset);
        if (bySequence.putIfAbsent(sequence, entry) != null) {
            throw new IllegalArgumentException("sequence " + sequence + " is already tracked");
        }
        queue.addLast(entry);
    }

    /**
     * Records that a submission's verification finished.
     *
     * @param sequence the delivery's sequence number
     * @param result what to commit for it
     * @return {@code false} if the sequence is not tracked (its partition was revoked since): the result must be dropped
     */
    boolean complete(long sequence, T result) {
        Entry<T> entry = bySequence.remove(sequence);
        if (entry == null) {
            return false;
        }
        entry.result = result;
        return true;
    }

    /**
     * Removes and returns the finished prefix of every partition: the results in offset order and, per
     * partition, the offset to commit (the one after the last released submission).
     *
     * @return what to commit; empty if nothing is ready
     */
    Ready<T> drainReady() {
        List<T> results = new ArrayList<>();
        Map<TopicPartition, OffsetAndMetadata> offsets = new LinkedHashMap<>();
        for (Map.Entry<TopicPartition, ArrayDeque<Entry<T>>> e : partitions.entrySet()) {
            ArrayDeque<Entry<T>> queue = e.getValue();
            long next = -1;
            for (Entry<T> done = queue.peekFirst(); done != null && done.result != null; done = queue.peekFirst()) {
                queue.pollFirst();
                results.add(done.result);
                next = done.offset + 1;
            }
            if (next >= 0) {
                offsets.put(e.getKey(), new OffsetAndMetadata(next));
            }
        }
        return new Ready<>(List.copyOf(results), Map.copyOf(offsets));
    }

    /**
     * Forgets the given partitions: their unfinished submissions will be verified by their next owner.
     *
     * @param revoked the partitions taken away
     */
    void forget(Collection<TopicPartition> revoked) {
        for (TopicPartition partition : revoked) {
            ArrayDeque<Entry<T>> queue = partitions.remove(partition);
            if (queue != null) {
                bySequence.values().removeIf(entry -> entry.partition.equals(partition));
            }
        }
    }

    /**
     * Forgets a submission that will not be verified by this run, and every later one of its partition
     * (finished or not): their offsets may not be committed past it. The partition's next owner verifies
     * them again.
     *
     * @param sequence the abandoned delivery's sequence number; nothing happens if it is not tracked
     */
    void abandon(long sequence) {
        Entry<T> abandoned = bySequence.get(sequence);
        if (abandoned == null) {
            return;
        }
        ArrayDeque<Entry<T>> queue = partitions.get(abandoned.partition);
        if (queue == null) {
            return;
        }
        for (Entry<T> last = queue.peekLast(); last != null && last.offset >= abandoned.offset; last = queue.peekLast()) {
            queue.pollLast();
            bySequence.values().remove(last);
        }
        if (queue.isEmpty()) {
            partitions.remove(abandoned.partition);
        }
    }

    /**
     * Returns the partition of a tracked, unfinished submission.
     *
     * @param sequence the delivery's sequence number
     * @return its partition, or {@code null} if it is not tracked (finished, or its partition was revoked)
     */
    @Nullable TopicPartition partitionOf(long sequence) {
        Entry<T> entry = bySequence.get(sequence);
        return entry == null ? null : entry.partition;
    }

    /** Returns how many tracked submissions have no result yet. */
    int unfinished() {
        return bySequence.size();
    }

    /** Returns how many submissions are tracked (finished or not) and not yet drained. */
    int tracked() {
        int n = 0;
        for (ArrayDeque<Entry<T>> queue : partitions.values()) {
            n += queue.size();
        }
        return n;
    }

    /**
     * What may be committed in one transaction.
     *
     * @param results the results to produce, per partition in offset order
     * @param offsets the offset to commit per partition
     * @param <T> the result type
     */
    record Ready<T>(List<T> results, Map<TopicPartition, OffsetAndMetadata> offsets) {
        boolean isEmpty() {
            return offsets.isEmpty();
        }
    }

    private static final class Entry<T> {
        final TopicPartition partition;
        final long offset;
        @Nullable T result;

        Entry(TopicPartition partition, long offset) {
            this.partition = partition;
            this.offset = offset;
        }
    }
}
