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
package dev.reprise.samples.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.ReplayFile;
import dev.reprise.test.ReplayAssertions;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.VerifiableGame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tower plays its corpus the same way every time, and describes its state field by field. */
class TowerDeterminismTest {

    private static final long SEED = 20_261_207L;

    @TempDir
    Path folder;

    @Test
    void assertDeterministic_everyValidReplayOfTheCorpus_isDeterministic() throws IOException {
        int written = 0;
        for (TowerCorpus.Entry entry : TowerCorpus.generate(SEED, 20)) {
            if (entry.expected() == Outcome.VALID) {
                Files.write(folder.resolve(entry.id() + ".reprise"), entry.bytes());
                written++;
            }
        }
        assertThat(written).isEqualTo(10);

        ReplayAssertions.assertDeterministic(folder, TowerVerification::game);
    }

    @Test
    void describeState_namesTheHeroFieldsAndTheFloors() {
        ReplayFile file = TowerVerification.record(SEED, 2, 30);
        VerifiableGame game = TowerVerification.game(file);

        Map<String, ?> state = game.describeState();

        assertThat(Map.copyOf(state).keySet()).contains("hero", "keys", "items", "bag", "slots", "floors");
        assertThat(state.get("hero")).asInstanceOf(InstanceOfAssertFactories.MAP).containsEntry("hp", 1000)
                .containsKeys("gold", "floor", "x", "y");
    }
}
