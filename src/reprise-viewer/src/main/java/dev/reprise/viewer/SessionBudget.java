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
package dev.reprise.viewer;

import dev.reprise.route.ReplaySave;
import java.util.Optional;

/**
 * The one account of what the viewer's sessions hold: each playback reserves its estimated bytes before it
 * is made, and gives them back when it closes, so all of them together never pass
 * {@link ViewerOptions#sessionBudget()}; one that does not fit is refused. Thread-safe (one lock, no I/O
 * under it).
 */
final class SessionBudget {

    /**
     * Bytes a replay session holds per step of its route beyond the route's own bytes: the step offsets of
     * the session's copy of the route and its growth room, measured at 8 per step (12.4 MB for a session
     * of 999,000 moves without params), counted as 10.
     */
    static final long BYTES_PER_STEP = 10;
    /**
     * How many times a session holds its route's bytes: the file's and the session's copy, measured at 2.2
     * (25.9 MB for 800,000 steps of 9-byte params), counted as 3.
     */
    static final long ROUTE_COPIES = 3;
    /** What every session holds besides its route and checkpoints: its game, sandbox, outbox and socket. */
    static final long SESSION_BYTES = 256 << 10;

    private final long budget;
    /** Guarded by this. */
    private long used;

    SessionBudget(long budget) {
        this.budget = budget;
    }

    /**
     * Estimates what a replay session holds at most: its route (a few copies and per-step offsets), its
     * checkpoints at their budget, and the rest of a session. The game's own state is not counted.
     *
     * @param save the file's route
     * @param checkpointBudget the most checkpoint bytes the session's sandbox keeps
     * @return estimated bytes
     */
    static long replayBytes(ReplaySave save, long checkpointBudget) {
        long routeBytes = (long) save.commandArray().capacity() + save.paramArray().capacity();
        return BYTES_PER_STEP * save.length() + ROUTE_COPIES * routeBytes + checkpointBudget + SESSION_BYTES;
    }

    /**
     * Estimates what a live spectator holds: the route copied for its catch-up, its live buffer at its
     * bound and the rest of a session.
     *
     * @param spectator the spectator
     * @return estimated bytes
     */
    static long liveBytes(LiveGame.Spectator spectator) {
        return spectator.catchUpBytes() + spectator.bufferBytes() + SESSION_BYTES;
    }

    /**
     * Reserves bytes for a session's playback.
     *
     * @param bytes the estimate
     * @return the reservation, which gives them back when closed; empty (nothing reserved) if they do not fit
     */
    synchronized Optional<Reservation> reserve(long bytes) {
        if (bytes > budget - used) {
            return Optional.empty();
        }
        used += bytes;
        return Optional.of(new Reservation(bytes));
    }

    /**
     * Reserves bytes, or says why not.
     *
     * @param what what needs them, for the message: e.g. the replay's name
     * @param bytes the estimate
     * @return the reservation
     * @throws IllegalArgumentException saying that the session memory budget is full: how much it needs,
     *     how much the sessions hold, the budget
     */
    Reservation reserveOrRefuse(String what, long bytes) {
        return reserve(bytes).orElseThrow(() -> new IllegalArgumentException(what + " needs about " + mib(bytes)
                + " of the viewer's session memory, and its sessions hold " + mib(heldBytes()) + " of their "
                + mib(budget) + " budget: close a session, or try again later"));
    }

    private static String mib(long bytes) {
        return String.format(java.util.Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }

    /** @return the most bytes all sessions may hold */
    long budget() {
        return budget;
    }

    /** @return the bytes reserved now */
    synchronized long heldBytes() {
        return used;
    }

    private synchronized void release(long bytes) {
        used -= bytes;
    }

    /** One playback's bytes, given back once by {@link #close()}. Thread-safe. */
    final class Reservation implements AutoCloseable {
        private final long bytes;
        private boolean released;

        private Reservation(long bytes) {
            this.bytes = bytes;
        }

        /** @return the bytes reserved */
        long bytes() {
            return bytes;
        }

        /** Gives the bytes back; a second call does nothing. */
        @Override
        public void close() {
            synchronized (SessionBudget.this) {
                if (released) {
                    return;
                }
                released = true;
                release(bytes);
            }
        }
    }
}
