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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

    private final StringWriter printed = new StringWriter();
    private final PrintWriter out = new PrintWriter(printed);
    private final AtomicLong clock = new AtomicLong();
    private final ProgressBar bar = new ProgressBar(out, 1_000, "steps", Duration.ofMillis(100), clock::get);

    @Test
    void update_redrawsAtMostOncePerThrottlePeriod() {
        bar.update(1, "floor 1");
        clock.addAndGet(Duration.ofMillis(50).toNanos());
        bar.update(2, "floor 1");
        clock.addAndGet(Duration.ofMillis(50).toNanos());
        bar.update(500, "floor 2");

        assertThat(bar.draws()).isEqualTo(1);
        assertThat(printed.toString())
                .isEqualTo("\r[###############...............]  50%  500/1,000 steps  5,000 steps/s  floor 2");
    }

    @Test
    void finish_drawsTheLastStateAndEndsTheLine() {
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        bar.update(100, "floor 12");
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        bar.finish(1_000, "floor 1");

        assertThat(printed.toString())
                .endsWith("\r[##############################] 100%  1,000/1,000 steps  500 steps/s  floor 1"
                        + System.lineSeparator());
    }

    @Test
    void aShorterLine_isPaddedToCoverTheLongerOneBefore() {
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        bar.update(100, "floor 12");
        clock.addAndGet(Duration.ofSeconds(1).toNanos());
        bar.update(200, "floor 2");

        assertThat(printed.toString()).endsWith("steps/s  floor 2 ");
    }

    @Test
    void aBarOfReplays_countsReplays_withADecimalForSlowRates() {
        StringWriter text = new StringWriter();
        ProgressBar replays = new ProgressBar(new PrintWriter(text), 20, "replays", Duration.ofMillis(100), clock::get);
        clock.addAndGet(Duration.ofSeconds(2).toNanos());

        replays.update(5, "1 not valid");

        assertThat(text.toString())
                .isEqualTo("\r[#######.......................]  25%  5/20 replays  2.5 replays/s  1 not valid");
    }

    @Test
    void total_mustBePositive() {
        assertThatThrownBy(() -> new ProgressBar(out, 0, "steps", Duration.ZERO, clock::get))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("total");
    }
}
