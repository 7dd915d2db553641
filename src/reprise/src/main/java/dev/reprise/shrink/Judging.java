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

import dev.reprise.io.ReplayFile;
import dev.reprise.verify.VerifiableGame;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What a replay is judged by: how its game is built, what must hold, how the state is described, whether
 * state hashes are checked, and how long it may play. Taken from a {@link ReplayCheck} (or made for a
 * verifier) when the check runs; immutable.
 *
 * @param games             builds a fresh game for a replay file
 * @param invariants        what must hold at the start, between groups and at the end
 * @param finalState        the check of the final state, or {@code null}
 * @param describe          spells the game's state in a failure
 * @param ignoreStateHashes whether the route's state-hash steps are played without checking them
 * @param timeout           the longest one replay may play
 * @param <G>               the games' type
 */
record Judging<G extends VerifiableGame>(Function<? super ReplayFile, ? extends G> games,
                                         List<ReplayCheck.Invariant<G>> invariants,
                                         @Nullable Consumer<? super G> finalState,
                                         Function<? super G, String> describe, boolean ignoreStateHashes,
                                         Duration timeout) {

    Judging {
        invariants = List.copyOf(invariants);
    }

    /** @return the same judging, the state hashes checked or ignored */
    Judging<G> stateHashes(boolean ignored) {
        return new Judging<>(games, invariants, finalState, describe, ignored, timeout);
    }

    /** @return the same judging without invariants or a final-state check: plays only */
    Judging<G> playingOnly() {
        return new Judging<>(games, List.of(), null, describe, ignoreStateHashes, timeout);
    }
}
