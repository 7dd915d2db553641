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

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The search of a shrink over seeded random cases (each failure names its seed): the result still fails,
 * is 1-minimal (removing any one group makes it pass), is the same every time, and each selection is
 * tried once. Failures that need a set of groups are found exactly; so are prefixes.
 */
class DeltaDebuggingProperties {

    private static final long SEED = 0x5_4821_4B_2026L;
    private static final int CASES = 300;

    /** One search: the oracle's tries recorded. */
    private static final class Run {
        final List<String> tries = new ArrayList<>();
        final int[] result;

        Run(int groups, Predicate<int[]> fails, boolean prefixFirst, int failingPrefix) {
            ShrinkBudget budget = new ShrinkBudget("case", Integer.MAX_VALUE, Duration.ofMinutes(1), Duration.ofDays(1),
                    line -> { }, System::nanoTime);
            DeltaDebugging search = new DeltaDebugging(groups, selection -> {
                tries.add(Arrays.toString(selection));
                return fails.test(selection) ? selection : null;
            }, budget);
            if (prefixFirst) {
                search.shortestPrefix(failingPrefix);
            }
            search.ddmin();
            result = search.current();
        }
    }

    private static boolean containsAll(int[] selection, int[] needed) {
        return Arrays.stream(needed).allMatch(g -> Arrays.stream(selection).anyMatch(s -> s == g));
    }

    @Test
    void aFailureThatNeedsSomeGroups_shrinksToExactlyThem_triedOnceEach() {
        SplittableRandom seeds = new SplittableRandom(SEED);
        for (int c = 0; c < CASES; c++) {
            long seed = seeds.nextLong();
            SplittableRandom random = new SplittableRandom(seed);
            int groups = 1 + random.nextInt(300);
            int[] needed = random.ints(1 + random.nextInt(Math.min(groups, 5)), 0, groups).distinct().sorted()
                    .toArray();
            int last = needed[needed.length - 1];
            Run run = new Run(groups, selection -> containsAll(selection, needed), random.nextBoolean(), last + 1);

            assertThat(run.result).as("seed %x, %d groups, needed %s", seed, groups, Arrays.toString(needed))
                    .containsExactly(needed);
            assertThat(run.tries).as("seed %x: each selection tried once", seed).doesNotHaveDuplicates();
        }
    }

    @Test
    void anyFailure_givesAOneMinimalResult_theSameEveryTime() {
        SplittableRandom seeds = new SplittableRandom(SEED + 1);
        for (int c = 0; c < CASES; c++) {
            long seed = seeds.nextLong();
            SplittableRandom random = new SplittableRandom(seed);
            int groups = 1 + random.nextInt(120);
            // Not monotone: fails when the kept groups' weights sum into a window, and group 0 is there.
            int[] weights = random.ints(groups, 1, 10).toArray();
            int low = random.nextInt(20);
            Predicate<int[]> fails = selection -> {
                int sum = Arrays.stream(selection).map(g -> weights[g]).sum();
                return selection.length > 0 && selection[0] == 0 && sum >= low && sum <= low + 12;
            };
            int[] all = IntStream.range(0, groups).toArray();
            if (!fails.test(all)) {
                continue;
            }
            Run first = new Run(groups, fails, true, groups);
            Run second = new Run(groups, fails, true, groups);

            assertThat(fails.test(first.result)).as("seed %x: the result fails", seed).isTrue();
            for (int i = 0; i < first.result.length; i++) {
                int removed = i;
                int[] less = IntStream.range(0, first.result.length).filter(j -> j != removed)
                        .map(j -> first.result[j]).toArray();
                assertThat(fails.test(less)).as("seed %x: %s without %d", seed, Arrays.toString(first.result),
                        first.result[i]).isFalse();
            }
            assertThat(second.tries).as("seed %x: deterministic", seed).isEqualTo(first.tries);
        }
    }

    @Test
    void shortestPrefix_bisectsToTheShortestFailingPrefix() {
        for (int groups = 1; groups <= 64; groups++) {
            for (int shortest = 0; shortest <= groups; shortest++) {
                int bound = shortest;
                ShrinkBudget budget = new ShrinkBudget("case", Integer.MAX_VALUE, Duration.ofMinutes(1),
                        Duration.ofDays(1), line -> { }, System::nanoTime);
                DeltaDebugging search = new DeltaDebugging(groups,
                        selection -> selection.length >= bound ? selection : null, budget);

                search.shortestPrefix(groups);

                // The empty prefix is taken to pass: a failure at the start keeps one group.
                assertThat(search.current()).as("%d groups", groups).hasSize(Math.max(shortest, 1));
            }
        }
    }

    @Test
    void aSpentBudget_leavesTheSmallestFailingSelectionSoFar() {
        ShrinkBudget budget = new ShrinkBudget("case", 3, Duration.ofMinutes(1), Duration.ofDays(1), line -> { },
                System::nanoTime);
        DeltaDebugging search = new DeltaDebugging(100,
                selection -> containsAll(selection, new int[] {7}) ? selection : null, budget);

        try {
            search.shortestPrefix(100);
            search.ddmin();
        } catch (ShrinkBudget.Spent e) {
            assertThat(e.getMessage()).isEqualTo("the budget of 3 tries is spent");
        }

        // Three halvings of the prefix: 50, 25, 12 groups, each failing.
        assertThat(search.current()).hasSize(12);
        assertThat(budget.tries()).isEqualTo(3);
    }
}
