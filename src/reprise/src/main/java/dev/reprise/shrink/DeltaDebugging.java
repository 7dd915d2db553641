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

import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;
import org.jspecify.annotations.Nullable;

/**
 * The search of a shrink, over group numbers: the shortest failing prefix by bisection, then Zeller's
 * ddmin down to a 1-minimal selection (removing any one group left makes the failure go away).
 * Deterministic: the same oracle gives the same tries in the same order. Every failing selection tried
 * (or the failing part of it the oracle found) becomes the current one at once; each selection is tried
 * at most once.
 *
 * <p>Zeller and Hildebrandt, "Simplifying and Isolating Failure-Inducing Input", IEEE TSE 28(2), 2002.
 */
final class DeltaDebugging {

    /** Tries a selection of groups. */
    @FunctionalInterface
    interface Oracle {

        /**
         * Plays a selection and tells whether it, or a part of it, still fails the same way: an oracle may
         * try the selection without more groups when it failed another way (the repair of a strict game's
         * impossible inputs).
         *
         * @param selection ascending group numbers
         * @return the selection, or the part of it, that fails the same way; {@code null} if none does
         */
        int @Nullable [] fails(int[] selection);
    }

    private final Oracle oracle;
    private final ShrinkBudget budget;
    private final Map<BitSet, Boolean> tried = new HashMap<>();
    private int[] current;

    /**
     * @param groups all groups of the replay, which fails
     * @param oracle tries selections
     * @param budget counts tries; its {@link ShrinkBudget.Spent} ends the search and leaves {@link #current()}
     */
    DeltaDebugging(int groups, Oracle oracle, ShrinkBudget budget) {
        this.oracle = oracle;
        this.budget = budget;
        this.current = RouteGroups.first(groups);
        tried.put(key(current), Boolean.TRUE);
    }

    /** @return the smallest failing selection found so far */
    int[] current() {
        return current.clone();
    }

    /**
     * Cuts the current selection (all groups, in order) to its shortest failing prefix by bisection: the
     * empty prefix is taken to pass unless {@code failingGroups} is 0.
     *
     * @param failingGroups the length of a prefix expected to fail (where the failure showed); tried
     *                      first, the whole selection is the bound if it passes
     */
    void shortestPrefix(int failingGroups) {
        int high = current.length;
        if (failingGroups < high && fails(RouteGroups.first(failingGroups))) {
            high = failingGroups;
        }
        int low = 0;
        while (high - low > 1) {
            int middle = low + (high - low) / 2;
            if (fails(RouteGroups.first(middle))) {
                high = middle;
            } else {
                low = middle;
            }
        }
    }

    /** Tries the current selection without every group {@code which} names, all at once. */
    void removeAll(IntPredicate which) {
        int[] kept = Arrays.stream(current).filter(which.negate()).toArray();
        if (kept.length < current.length) {
            fails(kept);
        }
    }

    /** Reduces the current selection to a 1-minimal one (ddmin), the empty selection included. */
    void ddmin() {
        int n = 2;
        while (current.length >= 2) {
            int[][] chunks = split(current, n);
            boolean reduced = false;
            for (int i = 0; i < chunks.length && !reduced; i++) {
                reduced = fails(chunks[i]);
                if (reduced) {
                    n = 2;
                }
            }
            for (int i = 0; i < chunks.length && !reduced && chunks.length > 2; i++) {
                reduced = fails(without(current, chunks[i]));
                if (reduced) {
                    n = Math.max(n - 1, 2);
                }
            }
            if (!reduced) {
                if (n >= current.length) {
                    break;
                }
                n = Math.min(current.length, 2 * n);
            }
        }
        if (current.length == 1) {
            fails(new int[0]);
        }
    }

    /** Tries a selection once; a failing one (or the failing part of it) becomes the current one. */
    private boolean fails(int[] selection) {
        BitSet key = key(selection);
        Boolean known = tried.get(key);
        if (known != null) {
            return known;
        }
        budget.beforeTry();
        int[] failing = oracle.fails(selection);
        tried.put(key, failing != null);
        if (failing != null) {
            tried.put(key(failing), Boolean.TRUE);
            current = failing;
        }
        return failing != null;
    }

    /** Splits into {@code n} chunks of sizes differing by one at most, the larger first. */
    static int[][] split(int[] selection, int n) {
        int[][] chunks = new int[n][];
        int from = 0;
        for (int i = 0; i < n; i++) {
            int size = selection.length / n + (i < selection.length % n ? 1 : 0);
            chunks[i] = Arrays.copyOfRange(selection, from, from + size);
            from += size;
        }
        return chunks;
    }

    private static int[] without(int[] selection, int[] chunk) {
        int[] rest = new int[selection.length - chunk.length];
        int r = 0;
        int c = 0;
        for (int g : selection) {
            if (c < chunk.length && chunk[c] == g) {
                c++;
            } else {
                rest[r++] = g;
            }
        }
        return rest;
    }

    private static BitSet key(int[] selection) {
        BitSet key = new BitSet();
        for (int g : selection) {
            key.set(g);
        }
        return key;
    }
}
