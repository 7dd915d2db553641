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

import dev.reprise.io.ReplayFile;
import dev.reprise.samples.tower.replay.ReplayVerdict;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @Test
    void run_recordsSavesAndReplays_andReportsAMatch() throws IOException {
        DemoReport report = Demo.run(Demo.SEED, 8, dir, out, Duration.ZERO);

        assertThat(report.verdict().reproduced()).as(report.verdict().describe()).isTrue();
        assertThat(Demo.exitStatus(report)).isZero();
        Path file = dir.resolve("tower.reprise");
        assertThat(report.fileBytes()).isEqualTo(Files.size(file)).isPositive();
        assertThat(ReplayFile.read(file).save().length()).isEqualTo(report.steps());
        assertThat(report.bytesPerStep()).isEqualTo((double) report.fileBytes() / report.steps());
        String text = printed.toString(StandardCharsets.UTF_8);
        assertThat(text)
                .contains("\r[##############################] 100%")
                .contains("steps            " + String.format("%,d", report.steps()))
                .contains("bytes per step")
                .contains("recording")
                .contains("playback")
                .contains("full speed")
                .contains("final states     MATCH");
    }

    @Test
    void run_paced_redrawsTheBarWhileItPlays() throws IOException {
        Duration watch = Duration.ofMillis(800);

        DemoReport report = Demo.run(Demo.SEED, 4, dir, out, watch);

        assertThat(report.verdict().reproduced()).as(report.verdict().describe()).isTrue();
        // Paced by due times (lateness never adds up), so the watched replay lasts at least about `watch`:
        // with a redraw every 50 ms the bar is drawn several times before it is full.
        assertThat(report.playback()).isGreaterThanOrEqualTo(watch.minusMillis(20));
        String text = printed.toString(StandardCharsets.UTF_8);
        List<String> draws = Pattern.compile("\r\\[[#.]+\\]\\s+(\\d+)%").matcher(text).results()
                .map(match -> match.group(1)).toList();
        assertThat(draws).as(text).last().isEqualTo("100");
        assertThat(draws.stream().filter(percent -> !percent.equals("100")).count()).as(text).isGreaterThanOrEqualTo(3);
        assertThat(draws.stream().mapToInt(Integer::parseInt)).as("the bar never goes back").isSorted();
    }

    @Test
    void report_ofAMismatch_saysSo() throws IOException {
        DemoReport report = Demo.run(Demo.SEED, 4, dir, out, Duration.ZERO);
        DemoReport broken = new DemoReport(report.steps(), report.highestFloor(), report.fileBytes(),
                report.recording(), report.playback(), report.fullSpeed(), new ReplayVerdict(
                        report.steps(), 1L, 2L, 17, null));

        assertThat(broken.verdict().reproduced()).isFalse();
        assertThat(Demo.exitStatus(broken)).isEqualTo(1);
        broken.print(out);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("final states     MISMATCH: first differing step 17, recorded hash 1, replayed 2");
    }
}
