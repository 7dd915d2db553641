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

import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What {@code verify} found, as a table: the count per outcome, the builds that played the replays (each
 * with its jar, and how many of its replays were upgraded), the slowest replays and the first failures (in
 * the order the replays were given, so the same batch always shows the same ones) with their step, reason
 * and the build that judged them.
 *
 * <p>Not thread-safe: fed from the verdicts' subscriber, which sees them one at a time.
 */
final class VerifySummary implements VerifyOptions.Tally {

    /** How many of the slowest replays are shown. */
    static final int SLOWEST = 5;
    /** How many failures are shown. */
    static final int FAILURES = 10;

    private final Map<Outcome, Integer> counts = new EnumMap<>(Outcome.class);
    private final List<Verdict> verdicts = new ArrayList<>();
    /** Per build played on (with its jar): replays, of which upgraded. */
    private final Map<String, int[]> playedOn = new TreeMap<>();

    VerifySummary() {
        for (Outcome outcome : Outcome.values()) {
            counts.put(outcome, 0);
        }
    }

    /** Counts one verdict. */
    void add(Verdict verdict) {
        counts.merge(verdict.outcome(), 1, Integer::sum);
        verdicts.add(verdict);
        if (!verdict.playedBuild().isEmpty()) {
            int[] n = playedOn.computeIfAbsent("build " + verdict.playedBuild()
                    + (verdict.jar().isEmpty() ? "" : " (" + verdict.jar() + ")"), k -> new int[2]);
            n[0]++;
            n[1] += verdict.upgraded() ? 1 : 0;
        }
    }

    /** Returns the number of verdicts. */
    @Override
    public int total() {
        return verdicts.size();
    }

    /** Returns the number of verdicts that are not {@link Outcome#VALID}. */
    int failures() {
        return total() - counts.getOrDefault(Outcome.VALID, 0);
    }

    /** The progress bar's label: the failures so far. */
    @Override
    public String label() {
        return failures() == 0 ? "no failures" : failures() + " not valid";
    }

    /** Returns the count of an outcome. */
    int count(Outcome outcome) {
        return counts.getOrDefault(outcome, 0);
    }

    /**
     * Prints the table.
     *
     * @param out         where to print
     * @param elapsed     how long the whole batch took
     * @param parallelism how many replays were verified at once
     */
    void print(PrintWriter out, Duration elapsed, int parallelism) {
        double seconds = Math.max(elapsed.toNanos(), 1) / 1e9;
        out.printf(Locale.ROOT, "verified %,d %s in %.2f s (%,.1f replays/s, %d in parallel): %s%n",
                total(), total() == 1 ? "replay" : "replays", seconds, total() / seconds, parallelism,
                failures() == 0 ? "all valid" : failures() + " not valid");
        out.println();
        out.println("outcome         replays");
        counts.forEach((outcome, count) -> out.printf(Locale.ROOT, "%-14s %8d%n", outcome, count));
        if (!playedOn.isEmpty()) {
            out.println();
            out.println("played on");
            playedOn.forEach((build, n) -> out.printf(Locale.ROOT, "  %s: %,d %s%s%n", ToolText.escape(build), n[0],
                    n[0] == 1 ? "replay" : "replays", n[1] == 0 ? "" : String.format(Locale.ROOT,
                            " (%,d upgraded from an older build)", n[1])));
        }

        List<Verdict> slowest = verdicts.stream()
                .sorted(Comparator.comparing(Verdict::elapsed).reversed().thenComparing(Verdict::position))
                .limit(SLOWEST).toList();
        out.println();
        out.println("slowest replays");
        for (Verdict v : slowest) {
            out.printf(Locale.ROOT, "  %,10.1f ms  %,9d steps  %-12s  %s%n", v.elapsed().toNanos() / 1e6,
                    v.stepCount(), v.outcome(), ToolText.escape(v.id()));
        }

        List<Verdict> failed = verdicts.stream().filter(v -> !v.valid())
                .sorted(Comparator.comparing(Verdict::position)).toList();
        if (!failed.isEmpty()) {
            out.println();
            out.printf(Locale.ROOT, "first failures (%d of %d)%n", Math.min(FAILURES, failed.size()), failed.size());
            for (Verdict v : failed.subList(0, Math.min(FAILURES, failed.size()))) {
                out.printf(Locale.ROOT, "  %s: %s%s: %s%s%n", ToolText.escape(v.id()), v.outcome(), where(v),
                        ToolText.escape(v.reason()), ToolText.escape(playedOn(v)));
            }
        }
        out.flush();
    }

    /**
     * The build that judged a replay, for its line: e.g. {@code  [build 2, caravan-2.jar, upgraded]}, or nothing
     * if no build took it.
     */
    static String playedOn(Verdict v) {
        if (v.playedBuild().isEmpty()) {
            return "";
        }
        return " [build " + v.playedBuild() + (v.jar().isEmpty() ? "" : ", " + v.jar())
                + (v.upgraded() ? ", upgraded]" : "]");
    }

    /** Where a failed replay stopped: nothing for a file that was never played. */
    private static String where(Verdict v) {
        return switch (v.outcome()) {
            case DESYNC, FAILED, TIMED_OUT -> String.format(Locale.ROOT, " at step %,d of %,d", v.stepReached(),
                    v.stepCount());
            case REJECTED -> String.format(Locale.ROOT, " after %,d steps", v.stepReached());
            case VALID, INVALID_FILE, UNKNOWN_BUILD -> "";
        };
    }
}
