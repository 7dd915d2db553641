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

import dev.reprise.io.Compression;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplaySave;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.testing.SeededCases;
import org.junit.jupiter.api.Test;

/** Every bot game of the tower, saved as a replay file, reads back to exactly the recorded route. */
class TowerReplayFileProperties {

    @Test
    void anyBotGame_savedAndRead_isTheSameRoute() {
        SeededCases.check(40, gen -> savedAndReadIsTheSameRoute(gen.longs(), gen.between(1, 8),
                gen.pick(Compression.class)));
    }

    private static void savedAndReadIsTheSameRoute(long seed, int floors, Compression compression) {
        SampleRecording recording = SampleRecording.record(seed, floors, 5_000);
        ReplaySave recorded = recording.recorder().saveState();

        byte[] bytes = ReplayFile.builder(recorded).gameId(TowerCommands.GAME_ID)
                .dictionary(TowerCommands.dictionary()).compression(compression).build().toBytes();
        ReplaySave read = ReplayFile.read(bytes).save();

        assertThat(read.length()).isEqualTo(recorded.length());
        assertThat(read.commandArray()).isEqualTo(recorded.commandArray());
        assertThat(read.paramArray()).isEqualTo(recorded.paramArray());
    }
}
