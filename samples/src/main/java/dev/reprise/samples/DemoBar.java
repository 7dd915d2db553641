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
package dev.reprise.samples;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * The demo's one-line progress bar: {@code [#####.....]  50%  120/240 steps  60 steps/s  floor 7}, redrawn in place
 * with a carriage return at most once per redraw period (the first time one period after the start), so
 * that it can be watched climbing the floors. Not thread-safe: call it from the thread that plays.
 */
final class DemoBar {

    private static final int WIDTH = 30;

    private final PrintStream out;
    private final int total;
    private final long redrawNanos;
    private final long startNanos;
    private long lastDrawNanos;
    private int lastLineLength;

    /**
     * Creates a bar and starts its redraw clock.
     *
     * @param out    where the bar is drawn
     * @param total  the number of steps at 100 %, at least 1
     * @param redraw the least time between two redraws
     */
    DemoBar(PrintStream out, int total, Duration redraw) {
        this.out = out;
        this.total = Math.max(1, total);
        this.redrawNanos = redraw.toNanos();
        this.startNanos = System.nanoTime();
        this.lastDrawNanos = startNanos;
    }

    /** Redraws the bar if the redraw period has passed since the last redraw. */
    void update(int done, String label) {
        long now = System.nanoTime();
        if (now - lastDrawNanos >= redrawNanos) {
            draw(done, label, now);
            lastDrawNanos = now;
        }
    }

    /** Draws the bar one last time and ends its line. */
    void finish(int done, String label) {
        draw(done, label, System.nanoTime());
        out.println();
    }

    private void draw(int done, String label, long now) {
        int filled = (int) ((long) WIDTH * Math.min(done, total) / total);
        double perSecond = done / (Math.max(now - startNanos, 1) / 1e9);
        String line = String.format(Locale.ROOT, "\r[%s%s] %3d%%  %,d/%,d steps  %,.0f steps/s  %s",
                "#".repeat(filled), ".".repeat(WIDTH - filled), 100L * done / total, done, total, perSecond, label);
        // Spaces cover what is left of a longer line before.
        out.print(line + " ".repeat(Math.max(0, lastLineLength - line.length())));
        out.flush();
        lastLineLength = line.length();
    }
}
