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

import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.samples.tower.replay.TowerCommands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DesyncAndSeekSampleTest {

    @ParameterizedTest
    @ValueSource(longs = {7, 11, 2026})
    void run_seeksMatchAStraightPlaythrough_andTheDesyncWindowHoldsTheChangedMove(long seed) {
        DesyncAndSeekSample.Outcome outcome = DesyncAndSeekSample.run(seed);

        assertThat(outcome.seeksMatched()).isTrue();
        assertThat(outcome.desync()).isPresent();
        ReplayDesyncException desync = outcome.desync().orElseThrow();
        assertThat(desync.lastMatchedIndex()).isLessThan(outcome.changedStep());
        assertThat(desync.stepIndex()).isGreaterThan(outcome.changedStep());
        assertThat(desync.stepIndex() - desync.lastMatchedIndex())
                .isLessThanOrEqualTo(DesyncAndSeekSample.HASH_INTERVAL + 2); // two hash steps and one window
        assertThat(desync.replayedHash()).isNotEqualTo(desync.recordedHash());
    }

    @Test
    void dictionary_namesTheStateHashStep() {
        assertThat(TowerCommands.dictionary().name(TowerCommands.STATE_HASH)).contains(TowerCommands.STATE_HASH_NAME);
    }
}
