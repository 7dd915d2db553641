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
import dev.reprise.verify.ReplaySource;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Function;

/**
 * How far a shrink takes a strict game's long bug report, and at what cost: the kit's farm
 * ({@code FarmGame}: watering an empty plot or harvesting an unripe crop throws) with a player's seeded
 * report, shrunk by the barn's invariant three ways, one after the other in one run: behind a lenient
 * adapter that skips impossible inputs (the size to reach), strictly without the repair of impossible
 * inputs (the shrink before it, the baseline) and strictly with it. Each line gives the steps before and
 * after, the tries and the wall-clock time; the baseline stops at the time budget.
 *
 * <pre>
 * java -cp target/benchmarks.jar dev.reprise.shrink.StrictShrinkHarness [steps] [budget seconds] [seed]
 * </pre>
 */
public final class StrictShrinkHarness {

    private StrictShrinkHarness() {
    }

    /**
     * Records the report and prints the three shrinks.
     *
     * @param args optional: the report's length (default 12,000 steps), each shrink's time budget (default
     *             300 s), the player's seed (default 41)
     */
    public static void main(String[] args) {
        int steps = args.length > 0 ? Integer.parseInt(args[0]) : 12_000;
        Duration budget = Duration.ofSeconds(args.length > 1 ? Long.parseLong(args[1]) : 300);
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 41;
        ReplayFile report = FarmGame.report(steps, seed);
        System.out.printf(Locale.ROOT, "farm report: %d steps, seed %d, budget %s%n", report.save().length(), seed,
                budget);
        print("lenient adapter", shrink(report, FarmGame::lenient, true, budget));
        print("strict, no repair (baseline)", shrink(report, FarmGame::buggy, false, budget));
        print("strict, repair", shrink(report, FarmGame::buggy, true, budget));
    }

    private static ShrunkReplay shrink(ReplayFile report, Function<ReplayFile, FarmGame> build, boolean repair,
                                       Duration budget) {
        return ReplayCheck.of(ReplaySource.of("farm", report), build)
                .ignoringStateHashes()
                .invariant(FarmGame.BARN_HOLDS, FarmGame::barnHolds)
                .shrink()
                .repairing(repair)
                .timeBudget(budget)
                .progress(Duration.ofDays(1), line -> { })
                .run();
    }

    private static void print(String how, ShrunkReplay shrunk) {
        System.out.printf(Locale.ROOT, "%-30s %6d -> %5d steps, %7d tries, %6.1f s%s%n", how, shrunk.stepsBefore(),
                shrunk.stepsAfter(), shrunk.tries(), shrunk.elapsed().toNanos() / 1e9,
                shrunk.stoppedEarly() ? " (stopped early: budget spent)" : "");
    }
}
