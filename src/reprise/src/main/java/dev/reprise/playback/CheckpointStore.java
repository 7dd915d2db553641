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
package dev.reprise.playback;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import java.util.Objects;
import java.util.concurrent.ConcurrentSkipListSet;
import org.jspecify.annotations.Nullable;

/**
 * The checkpoints of one sandbox: game snapshots keyed by the step index of the closed group boundary
 * they were captured at, in a Caffeine cache bounded by the sum of their estimated sizes.
 *
 * <p>Caffeine answers "is index i cached" but not "which cached index is nearest below i", so an
 * ordered set of the cached indexes is kept beside it. The cache's removal listener keeps the set in
 * step; it runs on the calling thread (the cache's executor is {@code Runnable::run}), so eviction
 * happens inside {@link #capture} and tests see it deterministically. Used by the drain thread only.
 *
 * @param <T> the type of a snapshot
 */
final class CheckpointStore<T> {

    private final SnapshotProvider<T> provider;
    private final int interval;
    private final Cache<Integer, T> cache;
    private final ConcurrentSkipListSet<Integer> indexes = new ConcurrentSkipListSet<>();
    private int lastCapture = Integer.MIN_VALUE;
    /** Boundaries in {@code [quietFrom, quietUntil)} are known not to be due; empty at first. */
    private int quietFrom;
    private int quietUntil;

    CheckpointStore(SnapshotProvider<T> provider, int interval, long budgetBytes) {
        this.provider = provider;
        this.interval = interval;
        this.cache = Caffeine.newBuilder()
                .executor(Runnable::run)
                .maximumWeight(budgetBytes)
                .weigher((Integer index, T snapshot) -> weigh(provider.estimateBytes(snapshot)))
                .removalListener((@Nullable Integer index, @Nullable T snapshot, RemovalCause cause) -> {
                    if (cause != RemovalCause.REPLACED && index != null) {
                        indexes.remove(index);
                    }
                })
                .build();
    }

    /**
     * Called at a closed group boundary (no finalize window open) before the group at {@code index} is
     * dispatched: captures a checkpoint if the nearest one below is at least an interval away.
     *
     * @param index  the index of the next step, the number of steps played
     * @param origin where playback started; the reset state counts as the checkpoint there
     */
    void atClosedBoundary(int index, int origin) {
        if (index >= quietFrom && index < quietUntil) {
            return; // the common case: no lookup, no boxing
        }
        Integer below = indexes.floor(index);
        int previous = below == null ? origin : below;
        // Measured from the last capture too: Caffeine may evict (or refuse) a fresh checkpoint at once,
        // and capturing again at every boundary after that would only thrash.
        if (lastCapture <= index) {
            previous = Math.max(previous, lastCapture);
        }
        if (index - previous >= interval) {
            T snapshot = Objects.requireNonNull(provider.capture(), "SnapshotProvider.capture() returned null");
            lastCapture = index;
            previous = index;
            indexes.add(index); // before the put: the put may evict this very entry, and the listener drops it
            try {
                cache.put(index, snapshot);
            } catch (RuntimeException weighing) {
                indexes.remove(index);
                throw weighing;
            }
        }
        // No boundary in [previous, previous + interval) can be due: the nearest checkpoint below any of
        // them is previous or later. (If previous is evicted meanwhile, the next capture waits for the
        // end of this range instead of coming sooner: density, not correctness.)
        quietFrom = previous;
        quietUntil = (int) Math.min((long) previous + interval, Integer.MAX_VALUE);
    }

    /**
     * Restores the nearest checkpoint below {@code target} and above {@code floorExclusive}, if any.
     * A checkpoint exactly at the target is not used: it holds the state after the window that closed
     * there was finalized, while playing up to the target leaves that window open.
     *
     * @return the restored checkpoint's index, or -1 if there is none in range
     */
    int restoreBelow(int target, int floorExclusive) {
        for (Integer index = indexes.lower(target); index != null && index > floorExclusive;
             index = indexes.lower(index)) {
            T snapshot = cache.getIfPresent(index);
            if (snapshot != null) {
                provider.restore(snapshot);
                return index;
            }
            indexes.remove(index); // evicted between the lookup and now
        }
        return -1;
    }

    /** @return the number of checkpoints kept */
    int size() {
        return indexes.size();
    }

    /** @return the summed estimated size of the checkpoints kept, in bytes */
    long weightedBytes() {
        cache.cleanUp();
        return cache.policy().eviction().orElseThrow().weightedSize().orElse(0);
    }

    /** @return the indexes of the checkpoints kept, ascending (a copy) */
    int[] indexes() {
        return indexes.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int weigh(long bytes) {
        if (bytes < 0) {
            throw new IllegalStateException("SnapshotProvider.estimateBytes returned " + bytes + ", must be >= 0");
        }
        return (int) Math.min(bytes, Integer.MAX_VALUE);
    }
}
