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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DemoBarTest {

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @Test
    void update_drawsTheShareDoneInPlace_andFinishEndsTheLine() {
        DemoBar bar = new DemoBar(out, 40, Duration.ZERO);

        bar.update(10, "floor 12");
        bar.finish(40, "floor 2");

        String text = printed.toString(StandardCharsets.UTF_8);
        assertThat(text).startsWith("\r[#######.......................]  25%  10/40 steps  ")
                .contains("\r[##############################] 100%  40/40 steps  ")
                .matches("(?s).* steps/s  floor 2 *\\R"); // spaces cover what is left of a longer line
    }

    @Test
    void update_withinTheRedrawPeriod_drawsNothing() {
        DemoBar bar = new DemoBar(out, 40, Duration.ofHours(1));

        bar.update(10, "floor 1");

        assertThat(printed.size()).isZero();
    }
}
