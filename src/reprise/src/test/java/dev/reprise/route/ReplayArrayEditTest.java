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

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * add / insert / delete / set with index maintenance and zeroed tails, as the engine edits a route, byte for
 * byte (docs/compatibility.md).
 */
class ReplayArrayEditTest {

    private final Warnings warnings = new Warnings();
    private final ReplayArray array = new ReplayArray(REFERENCE_TEST_CONFIG, warnings);

    @AfterEach
    void tailsStayZero() {
        assertZeroTails(array);
    }

    private void threeSteps(int a, int b, int c) {
        array.add(1, a);
        array.add(2, b);
        array.add(3, c);
    }

    @Test
    void add_oneStep_isReadBackAtIndexZero() {
        array.add(7, 1, true);
        assertThat(array.length()).isEqualTo(1);
        assertThat(array.get(0)).isEqualTo(step(0, 7, 1, true));
    }

    @Test
    void insert_inTheMiddle_shiftsTheRest() {
        array.add(1);
        array.add(3);
        array.insert(1, 2, 9);
        assertThat(steps(array)).containsExactly(step(0, 1), step(1, 2, 9), step(2, 3));
        assertThat(commandHex(array)).isEqualTo("00 01 01 02 00 03");
        assertThat(paramHex(array)).isEqualTo("01 09");
    }

    @Test
    void insert_atZero_shiftsEveryStep() {
        threeSteps(10, 20, 30);
        array.insert(0, 9, "ab");
        assertThat(steps(array)).containsExactly(step(0, 9, "ab"), step(1, 1, 10), step(2, 2, 20), step(3, 3, 30));
        assertThat(paramHex(array)).isEqualTo("22 61 62 01 0A 01 14 01 1E");
    }

    @Test
    void delete_first_shiftsTheRestDown() {
        threeSteps(10, 20, 30);
        array.delete(0);
        assertThat(steps(array)).containsExactly(step(0, 2, 20), step(1, 3, 30));
        assertThat(array.length()).isEqualTo(2);
        assertThat(commandHex(array)).isEqualTo("01 02 01 03");
        assertThat(paramHex(array)).isEqualTo("01 14 01 1E");
    }

    @Test
    void delete_middle_keepsTheOthersInOrder() {
        threeSteps(10, 20, 30);
        array.delete(1);
        assertThat(steps(array)).containsExactly(step(0, 1, 10), step(1, 3, 30));
    }

    @Test
    void delete_last_andEveryStep_leavesZeroedBuffers() {
        threeSteps(10, 300, 30);
        array.delete(2);
        assertThat(paramHex(array)).isEqualTo("01 0A 02 01 2C");
        array.delete(0);
        array.delete(0);
        assertThat(array.length()).isZero();
        assertThat(array.paramByteCount()).isZero();
        assertThat(array.commandBuffer()).containsOnly(0);
        assertThat(array.paramBuffer()).containsOnly(0);
    }

    @Test
    void set_middle_replacesOnlyThatStep() {
        array.add(1, 1);
        array.add(2, 2);
        array.add(3, 30);
        array.set(1, 5, true);
        assertThat(steps(array)).containsExactly(step(0, 1, 1), step(1, 5, true), step(2, 3, 30));
    }

    @Test
    void get_returnsZeroBasedIndex() {
        threeSteps(10, 20, 30);
        assertThat(array.get(2).index()).isEqualTo(2);
        assertThat(array.get(2).code()).isEqualTo(3);
    }

    @Test
    void set_largerStepInTheMiddle_shiftsTheParamsAfterIt() {
        threeSteps(10, 20, 30);
        array.set(1, 5, true, true, true);
        assertThat(steps(array)).containsExactly(step(0, 1, 10), step(1, 5, true, true, true), step(2, 3, 30));
        assertThat(paramHex(array)).isEqualTo("01 0A 00 01 00 01 00 01 01 1E");
    }

    @Test
    void set_stepWithoutParamsInTheMiddle_closesTheGap() {
        threeSteps(10, 20, 30);
        array.set(1, 5);
        assertThat(array.get(1)).isEqualTo(step(1, 5));
        assertThat(array.get(2)).isEqualTo(step(2, 3, 30));
        assertThat(paramHex(array)).isEqualTo("01 0A 01 1E");
    }

    @Test
    void set_lastToALargerStep_thenAdd_appendsAfterIt() {
        array.add(1, 1);
        array.add(2, 2);
        array.set(1, 5, true, true, true);
        array.add(3, 30);
        assertThat(array.get(2)).isEqualTo(step(2, 3, 30));
        assertThat(array.paramBuffer()[8]).isEqualTo((byte) 0x01);
        assertThat(array.paramBuffer()[9]).isEqualTo((byte) 0x1E);
        assertThat(paramHex(array)).isEqualTo("01 01 00 01 00 01 00 01 01 1E");
    }

    @Test
    void set_lastSmaller_thenAdd_zeroesTheFreedBytes() {
        array.add(1, 1);
        array.add(2, 300, 400, 500);
        array.set(1, 5, 7);
        assertThat(paramHex(array)).isEqualTo("01 01 01 07");
        array.add(3, 30);
        assertThat(paramHex(array)).isEqualTo("01 01 01 07 01 1E");
        assertThat(commandHex(array)).isEqualTo("01 01 01 05 01 03");
    }

    @Test
    void set_middleWithMixedParams_streamsBackEveryStep() {
        threeSteps(10, 20, 30);
        array.set(1, 5, true, "ab", 300);
        assertThat(streamed(array, 0)).containsExactly(step(0, 1, 10), step(1, 5, true, "ab", 300), step(2, 3, 30));
    }

    @Test
    void set_lastOfTwoWithFiveBooleans_streamsBackEveryStep() {
        array.add(1, 10);
        array.add(2, 20);
        array.set(1, 5, true, true, true, true, true);
        assertThat(streamed(array, 0)).containsExactly(step(0, 1, 10), step(1, 5, true, true, true, true, true));
    }

    @Test
    void insert_atLength_appends() {
        array.add(1, 10);
        array.add(2, 20);
        array.insert(2, 3, 30);
        assertThat(array.length()).isEqualTo(3);
        assertThat(array.get(2)).isEqualTo(step(2, 3, 30));
        assertThat(streamed(array, 0)).extracting(ReplayStep::index).containsExactly(0, 1, 2);
    }

    @Test
    void set_sameSize_rewritesInPlace() {
        threeSteps(10, 20, 30);
        array.set(1, 9, 21);
        assertThat(paramHex(array)).isEqualTo("01 0A 01 15 01 1E");
        assertThat(commandHex(array)).isEqualTo("01 01 01 09 01 03");
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 7, Integer.MIN_VALUE, Integer.MAX_VALUE})
    void insert_outOfRange_warns179_andChangesNothing(int index) {
        mixedRoute(array);
        assertUnchangedAfter(() -> array.insert(index, 9, 1), "insert", index);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 6, Integer.MAX_VALUE})
    void delete_outOfRange_warns179_andChangesNothing(int index) {
        mixedRoute(array);
        assertUnchangedAfter(() -> array.delete(index), "delete", index);
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 6, Integer.MIN_VALUE})
    void set_outOfRange_warns179_andChangesNothing(int index) {
        mixedRoute(array);
        assertUnchangedAfter(() -> array.set(index, 9, 1), "set", index);
    }

    @Test
    void emptyArray_everyIndexIsOutOfRange() {
        array.delete(0);
        array.delete(-1);
        array.set(0, 1, 10);
        assertThat(warnings.codes()).containsExactly(179, 179, 179);
        assertThat(array.length()).isZero();
    }

    private void assertUnchangedAfter(Runnable edit, String op, int index) {
        ReplaySave before = array.saveState().detach();
        List<ReplayStep> steps = steps(array);
        ReplayReadStream stream = array.createReadStream();
        edit.run();
        assertThat(warnings.codes()).containsExactly(179);
        assertThat(warnings.list.get(0).message()).contains(op, String.valueOf(index), "6");
        assertThat(array.saveState()).isEqualTo(before);
        assertThat(steps(array)).isEqualTo(steps);
        assertThat(stream.expired()).as("a rejected edit expires nothing").isFalse();
    }

    @Test
    void disable_makesEditsSilentNoOps_andNests() {
        array.add(1, 10);
        array.disable();
        array.add(2, 20);
        assertThat(array.length()).isEqualTo(1);
        array.enable();
        array.add(3, 30);
        assertThat(array.length()).isEqualTo(2);
        assertThat(array.get(1)).isEqualTo(step(1, 3, 30));
    }

    @Test
    void disable_coversEveryWrite_withoutWarningsOrExpiry() {
        mixedRoute(array);
        ReplaySave before = array.saveState().detach();
        ReplayReadStream stream = array.createReadStream();
        array.disable();
        array.disable();
        array.enable();
        assertThat(array.isDisabled()).isTrue();
        array.add(1);
        array.add(1, 2);
        array.add(1, 2, 3);
        array.add(1, 2L);
        array.add(1, "x");
        array.insert(0, 1, 2);
        array.insert(99, 1, 2); // out of range: no 179 while disabled, like the reference
        array.delete(0);
        array.set(0, 1);
        assertThat(array.saveState()).isEqualTo(before);
        assertThat(warnings.list).isEmpty();
        assertThat(stream.expired()).isFalse();
        array.enable();
        array.enable(); // never below zero
        assertThat(array.isDisabled()).isFalse();
        array.add(9);
        assertThat(array.length()).isEqualTo(7);
        array.disable();
        assertThat(array.isDisabled()).isTrue();
    }

    @Test
    void everySuccessfulEdit_expiresStreams() {
        mixedRoute(array);
        List<Runnable> edits = List.of(() -> array.add(1), () -> array.add(1, 2), () -> array.add(1, 2, 3),
                () -> array.add(1, 5L), () -> array.add(1, "x"), () -> array.insert(0, 1), () -> array.insert(1, 2, 3),
                () -> array.delete(0), () -> array.set(0, 4), () -> array.setCommandWidth(CommandWidth.UINT8),
                array::clear);
        for (Runnable edit : edits) {
            ReplayReadStream stream = array.createReadStream();
            ReplayCursor cursor = array.cursor(0);
            edit.run();
            assertThat(stream.expired()).isTrue();
            assertThat(cursor.expired()).isTrue();
        }
    }

    @Test
    void readsAndDisable_doNotExpireStreams() {
        mixedRoute(array);
        ReplayReadStream stream = array.createReadStream();
        array.get(0);
        array.createReadStream(2).read();
        array.cursor(0).next();
        array.saveState();
        array.disable();
        array.enable();
        assertThat(stream.expired()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 256, 65535, Integer.MIN_VALUE})
    void codeOutsideUint8_throws_andWritesNothing(int code) {
        mixedRoute(array);
        ReplaySave before = array.saveState().detach();
        ReplayReadStream stream = array.createReadStream();
        List<Runnable> writes = List.of(() -> array.add(code), () -> array.add(code, 1), () -> array.add(code, 1, 2),
                () -> array.add(code, 1L), () -> array.add(code, "x"), () -> array.insert(0, code, 1),
                () -> array.insert(6, code), () -> array.set(0, code, 1));
        for (Runnable write : writes) {
            assertThatThrownBy(write::run).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(String.valueOf(code)).hasMessageContaining("UINT8");
        }
        assertThat(array.saveState()).isEqualTo(before);
        assertThat(stream.expired()).isFalse();
        assertThat(warnings.list).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 65536, Integer.MAX_VALUE})
    void codeOutsideUint16_throws_andWritesNothing(int code) {
        ReplayArray wide = new ReplayArray(REFERENCE_TEST_CONFIG.toBuilder().commandWidth(CommandWidth.UINT16).build());
        wide.add(65535, 1);
        ReplaySave before = wide.saveState().detach();
        assertThatThrownBy(() -> wide.add(code)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("UINT16");
        assertThatThrownBy(() -> wide.set(0, code)).isInstanceOf(IllegalArgumentException.class);
        assertThat(wide.saveState()).isEqualTo(before);
        assertThat(commandHex(wide)).isEqualTo("01 FF FF");
    }

    @Test
    void clear_removesEveryStep_keepsWidthAndCapacity() {
        mixedRoute(array);
        array.setCommandWidth(CommandWidth.UINT16);
        int capacity = array.capacity();
        array.clear();
        assertThat(array.length()).isZero();
        assertThat(array.paramByteCount()).isZero();
        assertThat(array.commandWidth()).isEqualTo(CommandWidth.UINT16);
        assertThat(array.capacity()).isEqualTo(capacity);
        assertThat(array.commandBuffer()).containsOnly(0);
        assertThat(array.paramBuffer()).containsOnly(0);
        array.add(300, 1);
        assertThat(commandHex(array)).isEqualTo("01 01 2C");
        assertThat(paramHex(array)).isEqualTo("01 01");
    }

    @Test
    void growth_fromTinyBuffers_keepsEveryStep() {
        ReplayArray tiny = new ReplayArray(REFERENCE_TEST_CONFIG.toBuilder().initCommandLength(2).initParamLength(8)
                .build(), warnings);
        for (int i = 0; i < 15; i++) {
            tiny.add(i, i);
        }
        assertThat(tiny.length()).isEqualTo(15);
        List<ReplayStep> read = streamed(tiny, 0);
        for (int i = 0; i < 15; i++) {
            assertThat(read.get(i)).isEqualTo(step(i, i, i));
        }
        assertThat(warnings.list).isEmpty();
        assertZeroTails(tiny);
    }
}
