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
package dev.reprise.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.command.ReplayCode;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** The examples quoted in docs/route-format.md, written against the public API only. */
class FormatExamplesTest {

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    @Test
    void recordSaveAndLoad() {
        ReplayArray route = new ReplayArray();
        route.add(ReplayCode.USE_ITEM, 1);            // primitive overload: no boxing
        route.add(ReplayCode.TELEPORT, 3, 4);
        route.add(9, "MT12", true, 2147483648L);

        ReplaySave save = route.saveState().detach(); // a copy that outlives later writes
        assertThat(HEX.formatHex(save.commandBytes())).isEqualTo("01 05 02 04 03 09");
        assertThat(HEX.formatHex(save.paramBytes()))
                .isEqualTo("01 01 01 03 01 04 24 4D 54 31 32 00 01 04 00 00 00 00 00 00 00 01");

        ReplayArray copy = new ReplayArray();
        copy.loadState(save);
        assertThat(copy.get(2).params()).containsExactly("MT12", true, 2147483648L);
    }

    @Test
    void loadWhatTheOriginalEngineSaved() {
        // The engine saves whole buffers (2000 and 10000 bytes by default) and the width as 1 or 2.
        ByteBuffer commands = ByteBuffer.allocate(2000).put(new byte[] {0x01, 0x03});
        ByteBuffer params = ByteBuffer.allocate(10000).put(new byte[] {0x01, 0x01});
        ReplayArray route = new ReplayArray();
        route.loadState(ReplaySave.of(1, 1, commands.clear(), params.clear()));
        assertThat(route.get(0)).isEqualTo(new ReplayStep(0, 3, java.util.List.of(1)));
    }

    @Test
    void malformedSaveIsRefused() {
        ReplayArray route = new ReplayArray();
        route.add(7);
        ReplaySave bad = ReplaySave.of(1, 1, ByteBuffer.wrap(new byte[] {0x01, 0x05}),
                ByteBuffer.wrap(new byte[] {0x00, 0x02}));
        assertThatThrownBy(() -> route.loadState(bad))
                .isInstanceOf(ReplayFormatException.class)
                .hasMessage("Step 0, param 0 at param byte 1: boolean byte must be 0 or 1, was 2");
        assertThat(route.get(0).code()).isEqualTo(7); // the route is untouched
    }

    @Test
    void scanWithoutAllocating() {
        ReplayArray route = new ReplayArray();
        route.add(ReplayCode.TELEPORT, 3, 4);
        route.add(ReplayCode.UP);

        long sum = 0;
        ReplayCursor cursor = route.cursor(0);
        while (cursor.next()) {
            for (int p = 0; p < cursor.paramCount(); p++) {
                sum += cursor.intParam(p);
            }
        }
        assertThat(sum).isEqualTo(7);
    }
}
