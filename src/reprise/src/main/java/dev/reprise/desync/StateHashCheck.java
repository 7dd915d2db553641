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

import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplayStep;
import java.util.Objects;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.function.LongSupplier;
import reactor.core.publisher.Mono;

/**
 * The playback side of desync detection: the command of the state-hash code. It compares the hash a
 * {@link StateHashRecorder} recorded with the hash of the replayed state and, on a mismatch, fails the
 * step with a {@link ReplayDesyncException}.
 *
 * <p>Register it under the code the recorder used. A hash step is an active step of its own code, so
 * the finalize window before it has been finalized when it runs: the state compared is the committed
 * state, the same the recorder hashed. It also checks while seeking (it costs one hash). It remembers
 * the indexes that matched, to name the last one in the exception; one instance serves one playback at
 * a time. Thread-safe.
 */
public final class StateHashCheck implements ReplayCommand {

    private final LongSupplier stateHash;
    private final ConcurrentSkipListSet<Integer> matched = new ConcurrentSkipListSet<>();

    /**
     * Creates the check.
     *
     * @param stateHash the game's hash of its current state, the same function the recorder used
     */
    public StateHashCheck(LongSupplier stateHash) {
        this.stateHash = Objects.requireNonNull(stateHash, "stateHash");
    }

    /**
     * Compares the step's recorded hash (param 0, an integer) with the current state's hash.
     *
     * @return {@code SUCCESS} if they are equal; an error {@link ReplayDesyncException} if not, or
     *         {@link IllegalArgumentException} if the step carries no integer hash
     */
    @Override
    public Mono<ReplayCommandResult> execute(ReplayStep step, PlaybackContext context) {
        if (step.paramCount() != 1 || !(step.param(0) instanceof Number recorded)) {
            return Mono.error(new IllegalArgumentException("state-hash step " + step.index()
                    + " must carry one integer param (the hash), has " + step.params()));
        }
        long expected = recorded.longValue();
        long actual = stateHash.getAsLong();
        if (expected == actual) {
            matched.add(step.index());
            return Mono.empty();
        }
        Integer last = matched.lower(step.index());
        return Mono.error(new ReplayDesyncException(step.index(), expected, actual, last == null ? -1 : last));
    }

    /**
     * Returns the hash of the game's current state by this check's function: the value a state-hash step
     * run now would have to carry to match. An editor writes it into a hash step its edits made stale
     * (see {@code ReplayEditor}). Call it where the check runs, on the game's thread.
     *
     * @return the current state's 64-bit hash
     */
    public long currentHash() {
        return stateHash.getAsLong();
    }

    @Override
    public String toString() {
        return "StateHashCheck[" + matched.size() + " matched]";
    }
}
