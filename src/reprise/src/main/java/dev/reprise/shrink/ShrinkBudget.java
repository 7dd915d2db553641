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

import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * What one shrink may spend — tries and wall-clock time — and the progress lines it writes while it runs
 * long. Used by the shrinking thread only.
 */
final class ShrinkBudget {

    /** Ends the search: the budget is spent. */
    static final class Spent extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Spent(String why) {
            super(why, null, false, false);
        }
    }

    /** Between two progress lines. */
    private static final long LINE_EVERY = Duration.ofSeconds(1).toNanos();

    private final String id;
    private final int maxTries;
    private final long budgetNanos;
    private final Duration timeBudget;
    private final long progressAfter;
    private final Consumer<? super String> progress;
    private final LongSupplier clock;
    private final long started;
    /** The tries of the search (the smaller replays played), which the budget bounds. */
    private int tries;
    private long lastLine;
    /** The steps of the replay shrunk and of the smallest failing one so far, as last told. */
    private int before = -1;
    private int now = -1;
    @Nullable
    private String spent;

    ShrinkBudget(String id, int maxTries, Duration timeBudget, Duration progressAfter,
                 Consumer<? super String> progress, LongSupplier clock) {
        this.id = id;
        this.maxTries = maxTries;
        this.timeBudget = timeBudget;
        this.budgetNanos = nanos(timeBudget);
        this.progressAfter = nanos(progressAfter);
        this.progress = progress;
        this.clock = clock;
        this.started = clock.getAsLong();
        this.lastLine = started - LINE_EVERY;
    }

    /**
     * Counts a try that is about to start.
     *
     * @throws Spent if the tries or the time are spent: the try must not start
     */
    void beforeTry() {
        if (tries >= maxTries) {
            spent = "the budget of " + maxTries + " tries is spent";
        } else if (clock.getAsLong() - started >= budgetNanos) {
            spent = "the time budget of " + timeBudget + " is spent";
        }
        if (spent != null) {
            throw new Spent(spent);
        }
        tries++;
    }

    /**
     * Writes a progress line if the shrink has run long and no line was written in the last second.
     *
     * @param before the steps of the replay shrunk
     * @param now    the steps of the smallest failing replay so far
     */
    void progress(int before, int now) {
        this.before = before;
        this.now = now;
        progress();
    }

    /** Writes a progress line as {@link #progress(int, int)} does, with the steps last told; none before. */
    void progress() {
        if (before < 0) {
            return;
        }
        long at = clock.getAsLong();
        if (at - started >= progressAfter && at - lastLine >= LINE_EVERY) {
            lastLine = at;
            progress.accept(String.format(Locale.ROOT, "shrinking %s: %d -> %d steps after %d tries (%.1f s)", id,
                    before, now, tries, (at - started) / 1e9));
        }
    }

    /** @return the tries of the search made so far: at most the budget's */
    int tries() {
        return tries;
    }

    /** @return why the search stopped early, or {@code null} if it did not */
    @Nullable
    String spent() {
        return spent;
    }

    /** @return the wall-clock time since the shrink started */
    Duration elapsed() {
        return Duration.ofNanos(clock.getAsLong() - started);
    }

    private static long nanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }
}
