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
package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PairPredictorTest {

    @Test
    void predicted_isTheLastPairOfTheKey_movedByTheDirectionsSince() {
        // Steps: teleport (key 4) to 3,11; RIGHT; RIGHT; DOWN; teleport; UP.
        int[] keys = {4, 1, 1, 2, 4, 0};
        PairPredictor positions = new PairPredictor(keys, 5);
        positions.seen(4, 0, 0x3B);

        assertThat(positions.predicted(4, 4)).isEqualTo(0x5C);
    }

    @Test
    void predicted_beforeTheKeysFirstPair_startsAtTheOrigin_andWrapsModulo16() {
        int[] keys = {0, 3, 4};
        PairPredictor positions = new PairPredictor(keys, 5);

        assertThat(positions.predicted(4, 2)).isEqualTo(0xFF);
    }

    @Test
    void otherKeysPairs_doNotMoveThePosition() {
        int[] keys = {4, 5, 1, 4};
        PairPredictor positions = new PairPredictor(keys, 6);
        positions.seen(4, 0, 0x22);
        positions.seen(5, 1, 0x99);

        assertThat(positions.predicted(4, 3)).isEqualTo(0x32);
    }

    @Test
    void addAndSubtract_areInversesPerNibble() {
        for (int a = 0; a < 256; a++) {
            for (int b = 0; b < 256; b += 7) {
                assertThat(PairPredictor.add(PairPredictor.subtract(a, b), b)).isEqualTo(a);
            }
        }
    }
}
