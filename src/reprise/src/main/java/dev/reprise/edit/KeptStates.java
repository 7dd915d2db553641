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
package dev.reprise.edit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.ToLongFunction;
import org.jspecify.annotations.Nullable;

/**
 * The kept states of an editor (its greenzone): game snapshots in one Caffeine cache bounded by the sum of
 * their estimated sizes, and views that say which snapshot holds the state before which step of a route.
 *
 * <p>The current route has a view; a branch and each undo or redo entry keeps a copy of one. Copies share
 * the {@link Key}s, so a state that several routes have in common (the steps before the first place they
 * part) is kept once and weighed once, whichever views name it. The cache evicts by its own policy; a view
 * keeps naming an evicted key until a lookup finds it gone and drops it. Not thread-safe: the editor calls
 * it under its lock.
 */
final class KeptStates {

    /** Names one kept snapshot; equal only to itself, so views can share it. */
    static final class Key {
    }

    /** A kept snapshot found for a step. */
    record Found(int step, Object snapshot) {
    }

    private final Cache<Key, Object> cache;
    private TreeMap<Integer, Key> view = new TreeMap<>();

    KeptStates(ToLongFunction<Object> estimateBytes, long budgetBytes) {
        this.cache = Caffeine.newBuilder()
                .executor(Runnable::run) // evict inside put, on the caller's thread: deterministic for tests
                .maximumWeight(budgetBytes)
                .weigher((Key key, Object snapshot) -> weigh(estimateBytes.applyAsLong(snapshot)))
                .build();
    }

    /** Keeps {@code snapshot} as the state before step {@code step} of the current route. */
    void put(int step, Object snapshot) {
        Key key = new Key();
        view.put(step, key);
        cache.put(key, snapshot);
    }

    /** @return whether the current route has a state kept before {@code step} */
    boolean has(int step) {
        Key key = view.get(step);
        return key != null && cache.getIfPresent(key) != null;
    }

    /**
     * Finds the kept state nearest before {@code step} (at {@code step} too when {@code inclusive}),
     * dropping the evicted ones it meets.
     *
     * @return the state, or {@code null} if none is kept in range
     */
    @Nullable
    Found nearest(int step, boolean inclusive) {
        for (Map.Entry<Integer, Key> entry = inclusive ? view.floorEntry(step) : view.lowerEntry(step);
             entry != null; entry = view.lowerEntry(entry.getKey())) {
            Object snapshot = cache.getIfPresent(entry.getValue());
            if (snapshot != null) {
                return new Found(entry.getKey(), snapshot);
            }
            view.remove(entry.getKey());
        }
        return null;
    }

    /** Drops the states after {@code step}, and the one at {@code step} unless {@code keepAt}. */
    void dropAfter(int step, boolean keepAt) {
        view.tailMap(step, !keepAt).clear();
    }

    /** @return a copy of the current route's view, sharing its keys */
    TreeMap<Integer, Key> view() {
        return new TreeMap<>(view);
    }

    /** Replaces the current route's view with a copy of {@code other}. */
    void setView(NavigableMap<Integer, Key> other) {
        view = new TreeMap<>(other);
    }

    /**
     * Makes the view the current one's states before {@code step} and {@code other}'s from {@code step} on:
     * what an undone or redone change at {@code step} gives back.
     */
    void merge(int step, NavigableMap<Integer, Key> other) {
        TreeMap<Integer, Key> merged = new TreeMap<>(view.headMap(step, false));
        merged.putAll(other.tailMap(step, true));
        view = merged;
    }

    /** @return the steps of the current route that have a state kept, ascending */
    int[] steps() {
        return view.entrySet().stream()
                .filter(entry -> cache.getIfPresent(entry.getValue()) != null)
                .mapToInt(Map.Entry::getKey)
                .toArray();
    }

    /** @return the summed estimated size of every snapshot kept, for any route, in bytes */
    long weightedBytes() {
        cache.cleanUp();
        return cache.policy().eviction().orElseThrow().weightedSize().orElse(0);
    }

    private static int weigh(long bytes) {
        if (bytes < 0) {
            throw new IllegalStateException("SnapshotProvider.estimateBytes returned " + bytes + ", must be >= 0");
        }
        return (int) Math.min(bytes, Integer.MAX_VALUE);
    }
}
