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

import static dev.reprise.route.RouteTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link ReplaySave}'s equality: content equality at the time of the call, stable only for a detached save. */
class ReplaySaveTest {

    private static ReplayArray route() {
        ReplayArray array = new ReplayArray();
        array.add(1, 10);
        array.add(2, 20);
        return array;
    }

    @Test
    void equals_viewAfterTheRouteIsWritten_followsTheNewBytes_detachedCopyStaysPut() {
        ReplayArray array = route();
        ReplaySave view = array.saveState();
        ReplaySave detached = view.detach();
        int viewHashBefore = view.hashCode();
        int detachedHash = detached.hashCode();
        assertThat(view).isEqualTo(detached).hasSameHashCodeAs(detached);

        array.set(0, 9, 99); // in place: same length, same sizes, another param byte

        assertThat(hex(view.paramArray())).as("the view sees the write").isEqualTo("01 63 01 14");
        assertThat(view).as("a view compares what it holds now").isNotEqualTo(detached);
        assertThat(view.hashCode()).as("and its hash code follows").isNotEqualTo(viewHashBefore);
        assertThat(view).isEqualTo(array.saveState()).hasSameHashCodeAs(array.saveState());
        assertThat(detached.hashCode()).as("a detached save is stable").isEqualTo(detachedHash);
        assertThat(detached).isEqualTo(route().saveState());
    }

    @Test
    void hashSet_ofAView_losesItAfterAWrite_ofADetachedSave_keepsIt() {
        ReplayArray array = route();
        ReplaySave view = array.saveState();
        ReplaySave detached = view.detach();
        Set<ReplaySave> views = new HashSet<>(Set.of(view));
        Set<ReplaySave> detachedSaves = new HashSet<>(Set.of(detached));

        array.set(0, 9, 99);

        assertThat(views.contains(view)).as("why the class comment says: detach() before keeping").isFalse();
        assertThat(detachedSaves.contains(detached)).isTrue();
        assertThat(detachedSaves.contains(route().saveState())).isTrue();
    }

    @Test
    void new_keepsTheRegionItWasMadeOver_whenTheCallerMovesItsBuffer() {
        ByteBuffer commands = ByteBuffer.wrap(new byte[] {1, 3, 1, 4});
        ByteBuffer params = ByteBuffer.allocate(0);
        ReplaySave save = new ReplaySave(2, CommandWidth.UINT8, commands, params);
        ReplaySave copy = save.detach();

        commands.position(2).limit(3);
        assertThat(hex(save.commandArray())).as("its own position and limit").isEqualTo("01 03 01 04");
        assertThat(save).isEqualTo(copy);

        commands.put(0, (byte) 7);
        assertThat(hex(save.commandArray())).as("but the bytes are shared, not copied").isEqualTo("07 03 01 04");
        assertThat(save).isNotEqualTo(copy);
    }

    @Test
    void equals_comparesLengthWidthAndBothAreas() {
        ReplaySave save = new ReplaySave(1, CommandWidth.UINT8, buffer(1, 3), buffer(1, 1));
        assertThat(save).isEqualTo(new ReplaySave(1, CommandWidth.UINT8, buffer(1, 3), buffer(1, 1)))
                .isNotEqualTo(new ReplaySave(2, CommandWidth.UINT8, buffer(1, 3), buffer(1, 1)))
                .isNotEqualTo(new ReplaySave(1, CommandWidth.UINT16, buffer(1, 3), buffer(1, 1)))
                .isNotEqualTo(new ReplaySave(1, CommandWidth.UINT8, buffer(1, 4), buffer(1, 1)))
                .isNotEqualTo(new ReplaySave(1, CommandWidth.UINT8, buffer(1, 3), buffer(1, 0)))
                .isNotEqualTo(null);
        assertThat(new ReplaySave(save.length(), save.commandWidth(), save.commandArray(), save.paramArray()))
                .as("a copy made of the accessors").isEqualTo(save);
    }

    @Test
    void toString_givesSizesNotBytes() {
        assertThat(new ReplaySave(1, CommandWidth.UINT8, buffer(1, 3), buffer(1, 1, 0)))
                .hasToString("ReplaySave[length=1, commandWidth=UINT8, commandBytes=2, paramBytes=3]");
    }

    private static ByteBuffer buffer(int... bytes) {
        byte[] array = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            array[i] = (byte) bytes[i];
        }
        return ByteBuffer.wrap(array);
    }
}
