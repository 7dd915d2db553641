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
package dev.reprise.samples.viewer.tower;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.replay.TowerCommands;
import org.junit.jupiter.api.Test;

class TowerViewerTest {

    @Test
    void open_aReplayWithoutSeedMetadata_saysWhatIsMissing() {
        ReplayFile noSeed = ReplayFile.builder(new ReplayArray().saveState()).gameId(TowerCommands.GAME_ID)
                .dictionary(TowerCommands.dictionary()).build();

        assertThatThrownBy(() -> TowerViewer.replaysOnly().open(noSeed))
                .hasMessageContaining("the file has no \"seed\" metadata");
    }
}
