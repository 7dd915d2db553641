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
package dev.reprise.shrink;

import dev.reprise.playback.ActiveStep;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.ReplayArray;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The checkpoints of a shrink: snapshots of the game, by the game's own {@link SnapshotProvider} (the one
 * its sandboxes seek with), taken while the smallest failing route so far played, so that the next try
 * starts from the last checkpoint before its first change instead of from the start.
 *
 * <p>A sandbox keeps its own checkpoints for one route; a shrink changes the route at every try, so it
 * keeps these itself. As a sandbox does, it captures only at closed group boundaries — before an active
 * step that opened a new finalize window, the previous one finalized — where the game holds no work of
 * an open window. A checkpoint at step {@code c} stays valid for every route that keeps the steps before
 * {@code c} and the step at {@code c}: those routes play the same up to {@code c} and close the same
 * window there.
 *
 * <p>Captures run on the playing thread (the game's {@code runOn} worker), one try at a time; the
 * shrinking thread reads them after the try ended.
 *
 * @param <T> the type of a snapshot
 */
final class ShrinkCheckpoints<T> {

    /** The most checkpoints one pass over a route takes. */
    static final int PER_ROUTE = 64;

    private final SnapshotProvider<T> provider;
    private final int interval;
    private final long budget;
    private final TreeMap<Integer, Checkpoint<T>> kept = new TreeMap<>();
    private long keptBytes;
    private final TreeMap<Integer, Checkpoint<T>> taken = new TreeMap<>();

    private record Checkpoint<T>(T snapshot, long bytes) {
    }

    private ShrinkCheckpoints(SnapshotProvider<T> provider, int interval, long budget) {
        this.provider = provider;
        this.interval = interval;
        this.budget = budget;
    }

    /**
     * Returns the checkpoints of a game whose config has a snapshot provider.
     *
     * @param config the game's config
     * @param steps  the length of the route shrunk
     * @return the checkpoints, none taken yet
     * @throws java.util.NoSuchElementException if the config has no snapshot provider
     */
    static ShrinkCheckpoints<?> of(SandboxConfig<?> config, int steps) {
        SnapshotProvider<?> provider = config.snapshots().orElseThrow();
        int interval = Math.max(1, Math.min(config.checkpointInterval(), steps / PER_ROUTE));
        return create(provider, interval, config.checkpointBudget());
    }

    private static <T> ShrinkCheckpoints<T> create(SnapshotProvider<T> provider, int interval, long budget) {
        return new ShrinkCheckpoints<>(provider, interval, budget);
    }

    /**
     * Returns where a try starts: the last checkpoint before the try's first change.
     *
     * @param firstChange the index of the first step in which the try's route differs from the current one
     * @return the checkpoint's step index, or 0 to start from the start
     */
    int startBefore(int firstChange) {
        Integer start = kept.lowerKey(firstChange);
        return start == null ? 0 : start;
    }

    /**
     * Returns the config of a try from a checkpoint: the game's own, restoring the checkpoint instead of
     * resetting the game, and starting at its step.
     *
     * @param config the game's config for the try's route
     * @param route  the try's route
     * @param start  a checkpoint's step index, from {@link #startBefore}
     * @return the config
     */
    SandboxConfig<?> from(SandboxConfig<?> config, ReplayArray route, int start) {
        T snapshot = Objects.requireNonNull(kept.get(start), "a checkpoint is kept at the start").snapshot();
        return config.toBuilder(route, save -> provider.restore(snapshot)).startIndex(start).build();
    }

    /**
     * Starts taking checkpoints for a try that starts at {@code start}; those of an earlier try are dropped.
     *
     * @param start where the try starts
     * @return told of every step the try plays, on the playing thread
     */
    Consumer<PlaybackStep> taking(int start) {
        taken.clear();
        return new Consumer<>() {
            private long window = Long.MIN_VALUE;
            private int last = start;
            private long bytes = keptBytes;

            @Override
            public void accept(PlaybackStep step) {
                boolean opened = step.window() != window;
                window = step.window();
                int index = step.step().index();
                if (step instanceof ActiveStep && opened && index - last >= interval && bytes < budget) {
                    T snapshot = provider.capture();
                    long size = Math.max(0, provider.estimateBytes(snapshot));
                    taken.put(index, new Checkpoint<>(snapshot, size));
                    bytes += size;
                    last = index;
                }
            }
        };
    }

    /**
     * Ends a try: the checkpoints it took before its first change are kept, since the current route plays
     * the same up to there; if the try's route becomes the current one, the checkpoints from its first
     * change on are replaced by those it took.
     *
     * @param adopted     whether the try's route is now the current one
     * @param firstChange the index of the first step in which its route differed from the current one
     */
    void settle(boolean adopted, int firstChange) {
        if (adopted) {
            Map<Integer, Checkpoint<T>> stale = kept.tailMap(firstChange, true);
            stale.values().forEach(checkpoint -> keptBytes -= checkpoint.bytes());
            stale.clear();
        }
        taken.forEach((index, checkpoint) -> {
            if (adopted || index < firstChange) {
                Checkpoint<T> replaced = kept.put(index, checkpoint);
                keptBytes += checkpoint.bytes() - (replaced == null ? 0 : replaced.bytes());
            }
        });
        taken.clear();
    }

    /** @return the step indexes of the checkpoints kept, ascending */
    int[] indexes() {
        return kept.keySet().stream().mapToInt(Integer::intValue).toArray();
    }
}
