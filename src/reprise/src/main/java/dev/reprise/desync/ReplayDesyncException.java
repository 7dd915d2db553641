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
package dev.reprise.desync;

import dev.reprise.diagnostic.ReplayException;

import dev.reprise.playback.ReplayPlaybackException;
import java.util.Optional;

/**
 * Signals that a replay no longer matches the game: at a state-hash step the replayed state hashed to
 * another value than the one recorded. It names that step, both hashes and the last hash step before it
 * whose hash still matched, so the input that broke the replay lies between the two.
 *
 * <p>Raised by {@link StateHashCheck}; playback fails with a {@link ReplayPlaybackException} (phase
 * {@code "execute"}, the hash step's index and code) whose {@linkplain Throwable#getCause() cause} is
 * this exception, like any other failing command. {@link #in(Throwable)} finds it in the cause chain.
 */
public final class ReplayDesyncException extends ReplayException {

    private static final long serialVersionUID = 1L;

    private final int stepIndex;
    private final long recordedHash;
    private final long replayedHash;
    private final int lastMatchedIndex;

    /**
     * Creates the exception.
     *
     * @param stepIndex        the 0-based index of the hash step that did not match
     * @param recordedHash     the hash recorded in the route
     * @param replayedHash     the hash of the replayed state
     * @param lastMatchedIndex the index of the last earlier hash step that matched, or -1 if none did in
     *                         this playback
     */
    public ReplayDesyncException(int stepIndex, long recordedHash, long replayedHash, int lastMatchedIndex) {
        super("Replay desync at step " + stepIndex + ": recorded state hash " + hex(recordedHash)
                + ", replayed " + hex(replayedHash) + "; "
                + (lastMatchedIndex < 0 ? "no earlier hash step matched in this playback"
                        : "the last matching hash step was " + lastMatchedIndex)
                + ", so the replay diverged in steps " + (lastMatchedIndex + 1) + ".." + (stepIndex - 1));
        this.stepIndex = stepIndex;
        this.recordedHash = recordedHash;
        this.replayedHash = replayedHash;
        this.lastMatchedIndex = lastMatchedIndex;
    }

    /**
     * Finds a desync in an error's cause chain, e.g. in the error of {@code ReplaySandbox.steps()}.
     *
     * @param error an error, may be {@code null}
     * @return the first {@code ReplayDesyncException} in the chain, or empty
     */
    public static Optional<ReplayDesyncException> in(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ReplayDesyncException desync) {
                return Optional.of(desync);
            }
        }
        return Optional.empty();
    }

    /** @return the 0-based index of the hash step that did not match */
    public int stepIndex() {
        return stepIndex;
    }

    /** @return the state hash recorded in the route */
    public long recordedHash() {
        return recordedHash;
    }

    /** @return the hash of the replayed state at the hash step */
    public long replayedHash() {
        return replayedHash;
    }

    /** @return the index of the last earlier hash step that matched in this playback, or -1 if none */
    public int lastMatchedIndex() {
        return lastMatchedIndex;
    }

    private static String hex(long hash) {
        return String.format("%016x", hash);
    }
}
