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

import dev.reprise.ReplaySystem;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayCursor;
import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The state-hash steps of a route that edits made stale: steps whose code's command is a
 * {@link StateHashCheck}, after the first step an edit changed, not refreshed since. An immutable sorted
 * set of step indexes, so the history and the branches share it without copying.
 */
final class StaleHashes {

    static final StaleHashes NONE = new StaleHashes(new int[0]);

    private final int[] steps;

    private StaleHashes(int[] steps) {
        this.steps = steps;
    }

    /**
     * Returns the stale hash steps after an edit: those of this set before {@code changed} (the first step
     * the edit changed; their state is as it was), and every hash step of the edited route from
     * {@code staleFrom} on (the state each checks may differ now). The step a user wrote is left out of
     * {@code staleFrom..}: a hash the user set is theirs.
     */
    StaleHashes edited(int changed, int staleFrom, ReplaySystem system) {
        int below = firstAtOrAfter(changed);
        Set<Integer> codes = hashCodes(system);
        ReplayArray route = system.array();
        IntStream.Builder after = IntStream.builder();
        if (!codes.isEmpty() && staleFrom < route.length()) {
            ReplayCursor cursor = route.cursor(staleFrom);
            while (cursor.next()) {
                if (codes.contains(cursor.code())) {
                    after.add(cursor.index());
                }
            }
        }
        int[] merged = IntStream.concat(Arrays.stream(steps, 0, below), after.build()).toArray();
        return merged.length == 0 ? NONE : new StaleHashes(merged);
    }

    /** @return the first stale step in {@code from..to - 1}, or -1 if none */
    int firstIn(int from, int to) {
        int i = firstAtOrAfter(from);
        return i < steps.length && steps[i] < to ? steps[i] : -1;
    }

    /** @return this set without {@code step} */
    StaleHashes without(int step) {
        int i = Arrays.binarySearch(steps, step);
        if (i < 0) {
            return this;
        }
        int[] rest = new int[steps.length - 1];
        System.arraycopy(steps, 0, rest, 0, i);
        System.arraycopy(steps, i + 1, rest, i, rest.length - i);
        return new StaleHashes(rest);
    }

    /** @return the stale steps, ascending (a copy) */
    int[] steps() {
        return steps.clone();
    }

    /** @return the state-hash check registered for {@code code}, if its command is one */
    static Optional<StateHashCheck> check(ReplaySystem system, int code) {
        return system.command(code).filter(StateHashCheck.class::isInstance).map(StateHashCheck.class::cast);
    }

    private static Set<Integer> hashCodes(ReplaySystem system) {
        return system.commandDictionary().asMap().keySet().stream()
                .filter(code -> check(system, code).isPresent())
                .collect(Collectors.toUnmodifiableSet());
    }

    /** @return the index of the first stale step at or after {@code step} */
    private int firstAtOrAfter(int step) {
        int i = Arrays.binarySearch(steps, step);
        return i >= 0 ? i : -i - 1;
    }

    @Override
    public String toString() {
        return "StaleHashes" + Arrays.toString(steps);
    }
}
