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
import dev.reprise.samples.tower.replay.TowerCommands;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordAndReplaySampleTest {

    @TempDir
    Path dir;

    @Test
    void recordSaveAndReplay_reproducesTheGame_andLeavesAValidFile() throws IOException {
        Path file = dir.resolve("tower.reprise");

        ReplayVerdict verdict = RecordAndReplaySample.recordSaveAndReplay(7L, 6, file);

        assertThat(verdict.reproduced()).as(verdict.describe()).isTrue();
        assertThat(verdict.steps()).isGreaterThan(500);
        assertThat(verdict.replayedHash()).isEqualTo(verdict.recordedHash());
        ReplayFile saved = ReplayFile.read(file);
        assertThat(saved.gameId()).isEqualTo(TowerCommands.GAME_ID);
        assertThat(saved.metadata()).containsEntry("seed", "7");
        assertThat(saved.save().length()).isEqualTo(verdict.steps());
    }

    @Test
    void main_printsTheVerdict() throws IOException {
        PrintStream out = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            RecordAndReplaySample.main(new String[0]);
        } finally {
            System.setOut(out);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains(" steps, ").contains("MATCH: final state hash");
    }
}
