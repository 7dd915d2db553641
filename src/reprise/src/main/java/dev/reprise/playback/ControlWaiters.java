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
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Sinks;

/**
 * Who waits on a control: the queued {@code step()} permits (each answered with its group), the permit
 * of the group in flight, and the {@code pause()} and {@code stop()} callers. Drain-owned.
 */
final class ControlWaiters {

    private final ArrayDeque<Sinks.One<PlaybackStep>> permits = new ArrayDeque<>();
    private Sinks.@Nullable One<PlaybackStep> groupPermit;
    private final List<Sinks.Empty<Void>> pauses = new ArrayList<>(2);
    private final List<Sinks.Empty<Void>> stops = new ArrayList<>(2);

    void addPermit(Sinks.One<PlaybackStep> permit) {
        permits.add(permit);
    }

    /** @return whether a {@code step()} waits for a group */
    boolean hasPermits() {
        return !permits.isEmpty();
    }

    /** Gives the next permit, if any, to the group being dispatched. */
    void takePermitForGroup() {
        groupPermit = permits.poll();
    }

    /** Answers the permit of the group that just settled, if any, with its first step. */
    void completePermit(PlaybackStep step) {
        Sinks.One<PlaybackStep> permit = groupPermit;
        if (permit != null) {
            groupPermit = null;
            permit.tryEmitValue(step);
        }
    }

    void addPause(Sinks.Empty<Void> sink) {
        pauses.add(sink);
    }

    /** Answers every pause: nothing is in flight any more. */
    void completePauses() {
        if (!pauses.isEmpty()) {
            pauses.forEach(Sinks.Empty::tryEmitEmpty);
            pauses.clear();
        }
    }

    void addStop(Sinks.Empty<Void> sink) {
        stops.add(sink);
    }

    /** Answers everybody: playback terminated, with {@code error} if it failed. */
    void terminate(@Nullable Throwable error) {
        if (groupPermit != null) {
            permits.addFirst(groupPermit);
            groupPermit = null;
        }
        for (Sinks.One<PlaybackStep> permit; (permit = permits.poll()) != null; ) {
            if (error != null) {
                permit.tryEmitError(error);
            } else {
                permit.tryEmitEmpty();
            }
        }
        completePauses();
        stops.forEach(Sinks.Empty::tryEmitEmpty);
        stops.clear();
    }
}
