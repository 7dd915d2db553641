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

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import dev.reprise.testing.SeededCases;
import org.junit.jupiter.api.Test;

class ColumnCodecProperties {

    @Test
    void decode_ofEncode_givesTheRouteBytesBack() {
        SeededCases.check(500, gen -> assertRoundTrip(RandomRoutes.route(gen, 300)));
    }

    @Test
    void nibblePairs_onlyInsideOneStep() {
        ReplayArray array = new ReplayArray();
        array.add(8, 3);        // one nibble: no pair with the next step's param
        array.add(8, 4, 5);     // a pair
        array.add(8, 4, 16);    // 16 is not a nibble
        array.add(8, 1, 2, 3);  // a pair, then a single
        array.add(9, -1, 2);    // negative: no pair
        assertRoundTrip(array.saveState().detach());
    }

    @Test
    void longRunsAndEscapedRanks_roundTrip() {
        ReplayArray array = new ReplayArray(dev.reprise.route.ReplayArrayConfig.builder()
                .commandWidth(CommandWidth.UINT16).build());
        for (int i = 0; i < 40; i++) {
            array.add(0);
        }
        for (int code = 0; code < 300; code++) {
            array.add(code * 200);  // ranks past 14 use the escape token
            array.add(code * 200);
        }
        assertRoundTrip(array.saveState().detach());
    }

    @Test
    void teleportOntoThePredictedTile_storesAZeroPair() {
        ReplayArray array = new ReplayArray();
        array.add(4, 3, 11);    // teleport to 3,11
        array.add(1);           // RIGHT: 4,11
        array.add(2);           // DOWN: 4,12
        array.add(4, 4, 12);    // teleport onto the predicted tile
        array.add(4, 5, 12, 7); // a pair that opens its step, then a single param
        ReplaySave save = array.saveState().detach();
        ColumnCodec.Encoded encoded = ColumnCodec.encode(save.commandBytes(), save.paramBytes(), save.length(),
                save.commandWidth());

        int pairs = encoded.boundaries()[FileLayout.STREAM_PAIRS];
        // First pair from the origin 0,0; the second exactly predicted; the third one tile right.
        assertThat(java.util.Arrays.copyOfRange(encoded.bytes(), pairs, pairs + 3))
                .containsExactly(0x3B, 0x00, 0x10);
        assertRoundTrip(save);
    }

    @Test
    void emptyRoute_roundTrips() {
        assertRoundTrip(new ReplayArray().saveState().detach());
    }

    private static void assertRoundTrip(ReplaySave save) {
        byte[] commands = save.commandBytes();
        byte[] params = save.paramBytes();
        ColumnCodec.Encoded encoded = ColumnCodec.encode(commands, params, save.length(), save.commandWidth());
        assertThat(encoded.boundaries()[encoded.boundaries().length - 1]).isEqualTo(encoded.bytes().length);
        assertThat((long) encoded.bytes().length).isLessThanOrEqualTo(FileCodec.inflatedBound(save.length(), params.length));
        ColumnCodec.Areas areas = ColumnCodec.decode(new BoundedInput(encoded.bytes(), 0, encoded.bytes().length, 0,
                "inflated body"), save.length(), save.commandWidth(), params.length);
        assertThat(areas.commands()).isEqualTo(commands);
        assertThat(areas.params()).isEqualTo(params);
    }
}
