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

import static dev.reprise.route.RouteTestSupport.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ReadOnlyBufferException;
import org.junit.jupiter.api.Test;

/** {@link ReplayArray#saveState()}: zero-copy read-only views of the used bytes (the engine's save). */
class ReplayArraySaveStateTest {

    private final ReplayArray array = new ReplayArray(REFERENCE_TEST_CONFIG);

    @Test
    void save_exposesTheUsedCommandAndParamBytes() {
        array.add(3, 1);
        ReplaySave save = array.saveState();
        assertThat(save.length()).isEqualTo(1);
        assertThat(save.commandWidth()).isEqualTo(CommandWidth.UINT8);
        assertThat(hex(save.commandArray())).isEqualTo("01 03");
        assertThat(hex(save.paramArray())).isEqualTo("01 01");
        assertThat(save.commandBytes()).containsExactly(1, 3);
        assertThat(save.paramBytes()).containsExactly(1, 1);
    }

    @Test
    void save_ofEmptyRoute_hasNoBytes() {
        ReplaySave save = array.saveState();
        assertThat(save.length()).isZero();
        assertThat(save.commandArray().remaining()).isZero();
        assertThat(save.paramArray().remaining()).isZero();
    }

    @Test
    void save_buffersAreReadOnlyViewsAtPositionZero() {
        mixedRoute(array);
        ReplaySave save = array.saveState();
        assertThat(save.commandArray().isReadOnly()).isTrue();
        assertThat(save.paramArray().isReadOnly()).isTrue();
        assertThat(save.commandArray().position()).isZero();
        assertThat(save.commandArray().limit()).isEqualTo(12);
        assertThat(save.paramArray().limit()).isEqualTo(array.paramByteCount());
        assertThatThrownBy(() -> save.commandArray().put(0, (byte) 1)).isInstanceOf(ReadOnlyBufferException.class);
    }

    @Test
    void save_isAView_detachIsACopy() {
        array.add(1, 10);
        array.add(2, 20);
        ReplaySave view = array.saveState();
        ReplaySave copy = view.detach();
        array.set(0, 9, 99);
        assertThat(hex(view.paramArray())).as("the view sees the write").isEqualTo("01 63 01 14");
        assertThat(hex(copy.paramArray())).as("the copy does not").isEqualTo("01 0A 01 14");
        assertThat(hex(copy.commandArray())).isEqualTo("01 01 01 02");
        assertThat(copy.length()).isEqualTo(2);
    }

    @Test
    void save_withWideCommands_usesThreeByteEntries() {
        ReplayArray wide = new ReplayArray(REFERENCE_TEST_CONFIG.toBuilder().commandWidth(CommandWidth.UINT16).build());
        wide.add(300);
        wide.add(7, 1);
        ReplaySave save = wide.saveState();
        assertThat(save.commandWidth().saveValue()).isEqualTo(2);
        assertThat(hex(save.commandArray())).isEqualTo("00 01 2C 01 00 07");
    }

    @Test
    void saves_compareByContent() {
        mixedRoute(array);
        ReplayArray other = mixedRoute(new ReplayArray());
        assertThat(other.saveState()).isEqualTo(array.saveState()).hasSameHashCodeAs(array.saveState());
        other.add(1);
        assertThat(other.saveState()).isNotEqualTo(array.saveState());
        assertThat(array.saveState().toString()).isEqualTo(
                "ReplaySave[length=6, commandWidth=UINT8, commandBytes=12, paramBytes=" + array.paramByteCount() + "]");
    }

    @Test
    void save_rejectsNullParts() {
        assertThatThrownBy(() -> new ReplaySave(0, null, buffer(""), buffer(""))).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new ReplaySave(0, CommandWidth.UINT8, null, buffer("")))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new ReplaySave(0, CommandWidth.UINT8, buffer(""), null))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void saveLoadSave_isIdentical() {
        mixedRoute(array);
        array.setCommandWidth(CommandWidth.UINT16);
        ReplaySave first = array.saveState().detach();
        ReplayArray other = new ReplayArray();
        other.loadState(first);
        assertThat(other.saveState()).isEqualTo(first);
    }

    @Test
    void save_ofAWritableBuffer_handsOutReadOnlyViewsWithTheirOwnPosition() {
        java.nio.ByteBuffer commands = java.nio.ByteBuffer.wrap(new byte[] {1, 3});
        ReplaySave save = new ReplaySave(2, CommandWidth.UINT8, commands, java.nio.ByteBuffer.allocate(0));
        assertThat(save.commandArray().isReadOnly()).isTrue();
        assertThatThrownBy(() -> save.commandArray().put(0, (byte) 9)).isInstanceOf(ReadOnlyBufferException.class);
        save.commandArray().position(1);
        assertThat(save.commandArray().position()).as("each call is a fresh view").isZero();
        assertThat(save.paramArray().isReadOnly()).isTrue();
    }
}
