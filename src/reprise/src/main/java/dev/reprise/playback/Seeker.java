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

import java.util.ArrayDeque;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Sinks;

/**
 * The seeking side of a sandbox: queued {@code seek} requests, the one being carried out and the
 * checkpoints. The engine's drain calls it at a few hooks and does the moving itself; everything here
 * is drain-owned except {@link #active()}, which commands read through their context.
 */
final class Seeker {

    private final SandboxConfig<?> config;
    @Nullable
    private final CheckpointStore<?> checkpoints;
    private final ArrayDeque<Request> queued = new ArrayDeque<>();
    @Nullable
    private Request current;
    private volatile boolean active;

    Seeker(SandboxConfig<?> config) {
        this.config = config;
        this.checkpoints = config.snapshots().map(provider -> store(provider, config)).orElse(null);
    }

    private static <T> CheckpointStore<T> store(SnapshotProvider<T> provider, SandboxConfig<?> config) {
        return new CheckpointStore<>(provider, config.checkpointInterval(), config.checkpointBudget());
    }

    /** A seek request: the target step index and the sink answering it. */
    record Request(int target, Sinks.Empty<Void> sink) {
    }

    void add(Request request) {
        queued.add(request);
    }

    /** @return whether a queued seek waits to start */
    boolean startable() {
        return current == null && !queued.isEmpty();
    }

    /** @return whether a seek is being carried out (fast-forward); safe from any thread */
    boolean active() {
        return active;
    }

    /**
     * Starts the next queued seek from {@code position} (the number of steps played, at a group
     * boundary): restores the game to the best starting point and answers where playback now stands.
     *
     * @return the index to continue from after a restore, or -1 to go on from {@code position}
     */
    int start(int position) {
        Request request = Objects.requireNonNull(queued.poll(), "a seek is started only when one is queued");
        current = request;
        active = true;
        int target = request.target();
        boolean backward = position > target;
        int restored = checkpoints == null ? -1
                : checkpoints.restoreBelow(target, backward ? Integer.MIN_VALUE : position);
        if (restored < 0 && backward) {
            config.reset();
            restored = config.startIndex();
        }
        return restored;
    }

    /** @return the target of the seek in progress */
    int target() {
        return Objects.requireNonNull(current, "a seek is in progress").target();
    }

    /** Ends the seek in progress: playback stands at its target. */
    void land() {
        Request done = Objects.requireNonNull(current, "a seek is in progress");
        current = null;
        active = false;
        done.sink().tryEmitEmpty();
    }

    /** Stops fast-forwarding for good: playback is stopping; {@link #terminate} answers the seek. */
    void abandon() {
        active = false;
    }

    /** Captures a checkpoint if one is due; see {@link CheckpointStore#atClosedBoundary}. */
    void atClosedBoundary(int index) {
        if (checkpoints != null) {
            checkpoints.atClosedBoundary(index, config.startIndex());
        }
    }

    /** Answers every seek not landed yet: playback terminated first. */
    void terminate(PlaybackState terminal, @Nullable Throwable failure) {
        active = false;
        if (current != null) {
            queued.addFirst(current);
            current = null;
        }
        for (Request request; (request = queued.poll()) != null; ) {
            request.sink().tryEmitError(failure != null ? failure : notLanded(request.target(), terminal));
        }
    }

    static IllegalStateException notLanded(int target, PlaybackState terminal) {
        return new IllegalStateException("Cannot seek to step " + target + ": playback is " + terminal);
    }

    @Nullable
    CheckpointStore<?> checkpoints() {
        return checkpoints;
    }
}
