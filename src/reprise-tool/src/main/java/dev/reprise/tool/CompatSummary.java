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
package dev.reprise.tool;

import dev.reprise.verify.Reproduction;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code compat} found: the count of each status, and per build that recorded the replays how many
 * reproduce (and how many of those only after an upgrade).
 *
 * <p>Not thread-safe: fed from the report's subscriber, which sees the rows one at a time.
 */
final class CompatSummary implements VerifyOptions.Tally {

    private final String installed;
    private final Map<Reproduction.Status, Integer> counts = new EnumMap<>(Reproduction.Status.class);
    /** Per recorded build: replays, reproducing, upgraded and reproducing. */
    private final Map<String, int[]> builds = new TreeMap<>();
    private int total;

    /**
     * Starts a summary.
     *
     * @param installed the build played on, e.g. {@code test.builds 2 (builds-2.jar)}
     */
    CompatSummary(String installed) {
        this.installed = installed;
        for (Reproduction.Status status : Reproduction.Status.values()) {
            counts.put(status, 0);
        }
    }

    /** Counts one row. */
    void add(CompatRow row) {
        total++;
        counts.merge(row.status(), 1, Integer::sum);
        row.recordedBuild().ifPresent(build -> {
            int[] n = builds.computeIfAbsent(build, b -> new int[3]);
            n[0]++;
            if (row.status() == Reproduction.Status.REPRODUCES) {
                n[1]++;
                if (row.upgraded()) {
                    n[2]++;
                }
            }
        });
    }

    /** Returns the number of rows. */
    @Override
    public int total() {
        return total;
    }

    /** Returns whether every row reproduces. */
    boolean allReproduce() {
        return counts.getOrDefault(Reproduction.Status.REPRODUCES, 0) == total;
    }

    /** The progress bar's label: how many do not reproduce so far. */
    @Override
    public String label() {
        int not = total - counts.getOrDefault(Reproduction.Status.REPRODUCES, 0);
        return not == 0 ? "all reproduce" : not + " do not reproduce";
    }

    /**
     * Prints the summary.
     *
     * @param out         where to print
     * @param elapsed     how long the report took
     * @param parallelism how many replays were played at once
     */
    void print(PrintWriter out, Duration elapsed, int parallelism) {
        double seconds = Math.max(elapsed.toNanos(), 1) / 1e9;
        out.println();
        out.printf(Locale.ROOT, "compat: %,d %s on %s in %.2f s (%,.1f replays/s, %d in parallel): %s%n", total,
                total == 1 ? "replay" : "replays", ToolText.escape(installed), seconds, total / seconds, parallelism,
                label());
        counts.forEach((status, count) -> out.printf(Locale.ROOT, "  %-12s %8d%n", status, count));
        builds.forEach((build, n) -> out.printf(Locale.ROOT, "  recorded by build %s: %,d %s, %,d reproduce%s%n",
                ToolText.escape(build.isEmpty() ? "\"\"" : build), n[0], n[0] == 1 ? "replay" : "replays", n[1],
                n[2] == 0 ? "" : " (" + n[2] + " after an upgrade)"));
        out.flush();
    }
}
