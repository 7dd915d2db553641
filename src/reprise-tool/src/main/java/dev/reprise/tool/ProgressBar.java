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

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * A one-line terminal progress bar: units done (replays), units per second and a free label (the failures
 * so far), redrawn in place with a carriage return at most once per throttle period (the first time one
 * period after the start). {@code verify} draws it on a terminal.
 *
 * <p>Not thread-safe: call it from the thread that makes the progress.
 */
final class ProgressBar {

    private static final int WIDTH = 30;

    private final PrintWriter out;
    private final String unit;
    private final LongSupplier nanoClock;
    private final long throttleNanos;
    private final int total;
    private final long startNanos;
    private long lastDrawNanos;
    private int draws;
    private int lastLineLength;

    /**
     * Creates a bar and starts its clock.
     *
     * @param out where the bar is drawn (flushed after each redraw)
     * @param total the number of units at 100 %, at least 1
     * @param unit what is counted, plural: {@code "replays"}
     * @param throttle the least time between two redraws
     * @param nanoClock a monotonic clock in nanoseconds, e.g. {@code System::nanoTime}
     */
    ProgressBar(PrintWriter out, int total, String unit, Duration throttle, LongSupplier nanoClock) {
        if (total < 1) {
            throw new IllegalArgumentException("total must be at least 1, got " + total);
        }
        this.out = Objects.requireNonNull(out, "out");
        this.unit = Objects.requireNonNull(unit, "unit");
        this.total = total;
        this.throttleNanos = throttle.toNanos();
        this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
        this.startNanos = nanoClock.getAsLong();
        this.lastDrawNanos = startNanos; // first drawn after one period, once a rate means something
    }

    /**
     * Reports progress; redraws the bar if the throttle period has passed since the last redraw.
     *
     * @param done units done so far
     * @param label what to show after the numbers
     */
    void update(int done, String label) {
        long now = nanoClock.getAsLong();
        if (now - lastDrawNanos >= throttleNanos) {
            draw(done, label, now);
        }
    }

    /**
     * Redraws the bar one last time and ends its line.
     *
     * @param done units done
     * @param label what to show after the numbers
     */
    void finish(int done, String label) {
        draw(done, label, nanoClock.getAsLong());
        out.println();
        out.flush();
    }

    /**
     * Returns how many times the bar was drawn.
     *
     * @return the number of redraws
     */
    int draws() {
        return draws;
    }

    private void draw(int done, String label, long now) {
        int filled = (int) ((long) WIDTH * Math.min(done, total) / total);
        double seconds = Math.max(now - startNanos, 1) / 1e9;
        double rate = done / seconds;
        String line = String.format(Locale.ROOT, "\r[%s%s] %3d%%  %,d/%,d %s  " + (rate < 10 ? "%,.1f" : "%,.0f")
                + " %s/s  %s", "#".repeat(filled), ".".repeat(WIDTH - filled), 100L * done / total, done, total, unit,
                rate, unit, label);
        // Pad with spaces so a shorter line fully covers the previous one.
        int visible = line.length();
        out.print(line + " ".repeat(Math.max(0, lastLineLength - visible)));
        out.flush();
        lastLineLength = visible;
        lastDrawNanos = now;
        draws++;
    }
}
