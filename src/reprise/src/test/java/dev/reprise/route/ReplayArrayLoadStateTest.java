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

import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ReplayArray#loadState}: accepts whatever the original engine saves (full-capacity buffers with a
 * zero tail, command width 1 or 2; the engine's buffer, width, save and load cases),
 * and rejects every malformed save with a {@link ReplayFormatException} naming the step and byte, the
 * current route and its open streams left exactly as they were (the engine validates nothing: defect
 * Q-22 of docs/compatibility.md).
 */
class ReplayArrayLoadStateTest {

    private final Warnings warnings = new Warnings();
    private final ReplayArray array = new ReplayArray(REFERENCE_TEST_CONFIG, warnings);

    @BeforeEach
    void recordMixedRoute() {
        mixedRoute(array);
    }

    // ------------------------------------------------------------------------------------ accepted

    @Test
    void load_roundTripsASave() {
        ReplaySave save = array.saveState().detach();
        ReplayArray other = new ReplayArray(REFERENCE_TEST_CONFIG);
        other.loadState(save);
        assertThat(other.saveState()).isEqualTo(save);
        assertThat(steps(other)).isEqualTo(mixedSteps());
        assertZeroTails(other);
    }

    @Test
    void load_fullCapacityBuffersWithZeroTail_likeTheReferenceSaves() {
        // The reference saves whole buffers: 2000 command bytes and 10000 param bytes by default.
        ByteBuffer commands = ByteBuffer.allocate(2000).put(bytes("01 03 02 04"));
        ByteBuffer params = ByteBuffer.allocate(10000).put(bytes("01 01 00 01 22 68 69"));
        ReplayArray fresh = new ReplayArray();
        fresh.loadState(ReplaySave.of(2, 1, commands.clear(), params.clear()));
        assertThat(steps(fresh)).containsExactly(step(0, 3, 1), step(1, 4, true, "hi"));
        assertThat(commandHex(fresh)).isEqualTo("01 03 02 04");
        assertThat(paramHex(fresh)).isEqualTo("01 01 00 01 22 68 69");
        assertThat(fresh.commandWidth()).isEqualTo(CommandWidth.UINT8);
        fresh.add(5, 6);
        assertThat(fresh.get(2)).isEqualTo(step(2, 5, 6));
    }

    @Test
    void load_emptyFullCapacitySave_leavesAnEmptyRouteWithZeroedTails() {
        ReplayArray fresh = new ReplayArray();
        fresh.loadState(ReplaySave.of(0, 1, ByteBuffer.allocate(2000), ByteBuffer.allocate(10000)));
        assertThat(fresh.length()).isZero();
        assertThat(fresh.paramByteCount()).isZero();
        assertZeroTails(fresh);
    }

    @Test
    void load_width2_asTheReferenceEnumValue() {
        ReplayArray fresh = new ReplayArray();
        fresh.loadState(ReplaySave.of(2, 2, buffer("00 01 2C 01 00 C8"), buffer("01 07")));
        assertThat(fresh.commandWidth()).isEqualTo(CommandWidth.UINT16);
        assertThat(steps(fresh)).containsExactly(step(0, 300), step(1, 200, 7));
        fresh.add(65535);
        assertThat(commandHex(fresh)).isEqualTo("00 01 2C 01 00 C8 00 FF FF");
    }

    @Test
    void load_buffersCutToTheUsedBytes_readsEveryStep() {
        ReplayArray source = new ReplayArray(REFERENCE_TEST_CONFIG);
        source.add(1, 10);
        source.add(2, 20);
        byte[] commands = java.util.Arrays.copyOf(source.commandBuffer(), 4);
        byte[] params = java.util.Arrays.copyOf(source.paramBuffer(), 4);
        array.loadState(ReplaySave.of(2, 1, ByteBuffer.wrap(commands), ByteBuffer.wrap(params)));
        assertThat(array.length()).isEqualTo(2);
        assertThat(steps(array)).containsExactly(step(0, 1, 10), step(1, 2, 20));
    }

    @Test
    void load_twice_rebuildsTheSameIndex() {
        ReplayArray source = new ReplayArray(REFERENCE_TEST_CONFIG);
        source.add(5, "a", 7);
        source.add(6);
        ReplaySave save = source.saveState().detach();
        array.loadState(save);
        array.loadState(save);
        assertThat(array.get(1)).isEqualTo(step(1, 6));
        assertThat(array.get(0)).isEqualTo(step(0, 5, "a", 7));
        assertThat(array.paramOffset(1)).isEqualTo(4);
    }

    @Test
    void load_restoresAnEarlierSave() {
        ReplayArray route = new ReplayArray();
        route.add(3, 1, true, "param");
        ReplaySave snapshot = route.saveState().detach();
        route.add(4, 2);
        route.loadState(snapshot);
        assertThat(route.length()).isEqualTo(1);
        assertThat(route.commandWidth()).isEqualTo(snapshot.commandWidth());
        assertThat(route.get(0)).isEqualTo(step(0, 3, 1, true, "param"));
    }

    @Test
    void load_ignoresDirtyBytesPastTheUsedRegion_andZeroesThem() {
        // the reference leaves bytes written after a snapshot in its tail.
        array.loadState(ReplaySave.of(1, 1, buffer("01 03 01 07 00 09"), buffer("01 01 01 09 22 68 69")));
        assertThat(steps(array)).containsExactly(step(0, 3, 1));
        assertThat(commandHex(array)).isEqualTo("01 03");
        assertThat(paramHex(array)).isEqualTo("01 01");
        assertZeroTails(array);
        array.add(4);
        assertThat(array.get(1)).isEqualTo(step(1, 4));
    }

    @Test
    void load_readsBuffersFromTheirPosition_andLeavesThemUnchanged() {
        ByteBuffer commands = buffer("FF FF 01 03");
        ByteBuffer params = buffer("EE 01 05");
        commands.position(2);
        params.position(1);
        array.loadState(new ReplaySave(1, CommandWidth.UINT8, commands, params));
        assertThat(steps(array)).containsExactly(step(0, 3, 5));
        assertThat(commands.position()).isEqualTo(2);
        assertThat(params.position()).isEqualTo(1);
        assertThat(commands.limit()).isEqualTo(4);
    }

    @Test
    void load_copiesTheBytes_neverAdoptsThem() {
        byte[] commands = bytes("01 03");
        byte[] params = bytes("01 05");
        array.loadState(ReplaySave.of(1, 1, ByteBuffer.wrap(commands), ByteBuffer.wrap(params)));
        commands[1] = 9;
        params[1] = 9;
        assertThat(array.get(0)).isEqualTo(step(0, 3, 5));
        array.add(4, 4);
        assertThat(params).containsExactly(bytes("01 09"));
    }

    @Test
    void load_expiresStreamsAndCursors() {
        ReplayReadStream stream = array.createReadStream();
        ReplayCursor cursor = array.cursor(0);
        array.loadState(array.saveState().detach());
        assertThat(stream.expired()).isTrue();
        assertThat(cursor.expired()).isTrue();
    }

    @Test
    void load_whileDisabled_stillLoads() {
        array.disable();
        array.loadState(ReplaySave.of(1, 1, buffer("00 07"), buffer("")));
        assertThat(steps(array)).containsExactly(step(0, 7));
        assertThat(array.isDisabled()).isTrue();
    }

    @Test
    void load_takesTheSavesWidth_notTheConfigs() {
        ReplayArray wide = new ReplayArray(REFERENCE_TEST_CONFIG.toBuilder().commandWidth(CommandWidth.UINT16).build());
        wide.loadState(array.saveState());
        assertThat(wide.commandWidth()).isEqualTo(CommandWidth.UINT8);
        assertThat(steps(wide)).isEqualTo(mixedSteps());
    }

    @Test
    void load_exactlyAtTheStepCap_thenAddHitsTheCap() {
        byte[] commands = new byte[64 * 2];
        array.loadState(new ReplaySave(64, CommandWidth.UINT8, ByteBuffer.wrap(commands), buffer("")));
        assertThat(array.length()).isEqualTo(64);
        assertThatThrownBy(() -> array.add(1)).isInstanceOf(ReplayCapacityException.class);
        assertThat(array.length()).isEqualTo(64);
    }

    @Test
    void load_paramBufferLongerThanTheCap_isFineIfTheUsedBytesFit() {
        ByteBuffer params = ByteBuffer.allocate(4096).put(bytes("01 05")).clear();
        array.loadState(ReplaySave.of(1, 1, buffer("01 03"), params));
        assertThat(steps(array)).containsExactly(step(0, 3, 5));
        assertThat(array.paramBuffer().length).isLessThanOrEqualTo(512);
    }

    @Test
    void load_int64WithTheHighBitOfTheHighHalf_readsBackExactly() {
        // The reference writes 2^62 with these bytes and reads them back as -2^62; Reprise reads 2^62.
        array.loadState(ReplaySave.of(1, 1, buffer("01 00"), buffer("04 00 00 00 00 80 00 00 00")));
        assertThat(array.get(0).params()).containsExactly(1L << 62);
    }

    // ------------------------------------------------------------------------------------ rejected

    @ParameterizedTest
    @ValueSource(ints = {0, 3, -1, 8, 16})
    void unknownWidth_isRejected(int width) {
        assertThatThrownBy(() -> ReplaySave.of(1, width, buffer("00 01"), buffer("")))
                .isInstanceOfSatisfying(ReplayFormatException.class, e -> {
                    assertThat(e.stepIndex()).isEqualTo(-1);
                    assertThat(e.byteOffset()).isEqualTo(-1);
                    assertThat(e).hasMessageContaining("width " + width).hasCauseInstanceOf(IllegalArgumentException.class);
                });
        assertThat(steps(array)).isEqualTo(mixedSteps());
    }

    @Test
    void negativeLength_isRejected() {
        assertRejected(new ReplaySave(-1, CommandWidth.UINT8, buffer(""), buffer("")), -1, -1)
                .hasMessageContaining("-1").hasMessageContaining("negative");
    }

    @ParameterizedTest
    @ValueSource(ints = {65, Integer.MAX_VALUE})
    void lengthBeyondTheStepCap_isRejected(int length) {
        assertRejected(new ReplaySave(length, CommandWidth.UINT8, ByteBuffer.allocate(200), buffer("")), -1, -1)
                .hasMessageContaining(String.valueOf(length)).hasMessageContaining("cap of 64");
    }

    @Test
    void commandAreaShorterThanLengthTimesEntrySize_isRejected() {
        assertRejected(ReplaySave.of(3, 1, buffer("00 01 00 02 00"), buffer("")), 2, 4)
                .hasMessageContaining("holds 5 bytes").hasMessageContaining("need 6");
        assertRejected(ReplaySave.of(2, 2, buffer("00 00 01 00 00"), buffer("")), 1, 3)
                .hasMessageContaining("UINT16");
        assertRejected(ReplaySave.of(1, 1, buffer(""), buffer("")), 0, 0);
    }

    @Test
    void paramsRunningPastTheParamArea_areRejected() {
        // step 0 claims two params, only one is there: the second's tag is missing
        assertRejected(ReplaySave.of(1, 1, buffer("02 01"), buffer("01 05")), 0, 2).hasMessageContaining("param 1");
        // step 1's int16 has only one payload byte
        assertRejected(ReplaySave.of(2, 1, buffer("01 01 01 02"), buffer("01 05 02 01")), 1, 2)
                .hasMessageContaining("INT16");
        // a float64 cut short
        assertRejected(oneParam("06 3F F8"), 0, 0);
        // an int64 cut short
        assertRejected(oneParam("04 00 00"), 0, 0);
    }

    @ParameterizedTest
    @ValueSource(ints = {10, 11, 15, 20, 25, 31})
    void reservedTags_areRejected(int tag) {
        String tagHex = String.format("%02X", tag);
        assertRejected(ReplaySave.of(2, 1, buffer("01 01 01 02"), buffer("01 05 " + tagHex + " 00 00 00")), 1, 2)
                .hasMessageContaining("tag " + tag).hasMessageContaining("reserved");
    }

    @Test
    void everyReservedTag_isRejected() {
        for (int tag = 10; tag < 32; tag++) {
            ReplaySave bad = ReplaySave.of(1, 1, buffer("01 01"), ByteBuffer.wrap(new byte[] {(byte) tag, 0, 0, 0, 0}));
            assertThatThrownBy(() -> array.loadState(bad)).isInstanceOf(ReplayFormatException.class);
        }
        assertThat(steps(array)).isEqualTo(mixedSteps());
    }

    @ParameterizedTest
    @ValueSource(strings = {"02", "FF", "80"})
    void booleanByteOtherThan0or1_isRejected(String payload) {
        // The reference warns 151 and reads false; Reprise refuses the save.
        assertRejected(ReplaySave.of(2, 1, buffer("01 01 01 05"), buffer("00 01 00 " + payload)), 1, 3)
                .hasMessageContaining("boolean");
        assertRejected(ReplaySave.of(1, 1, buffer("01 05"), buffer("00 02")), 0, 1);
    }

    @Test
    void longStringLengthPastTheEnd_isRejected() {
        assertRejected(oneParam("09 00 00 01 2C 61 61"), 0, 0)
                .hasMessageContaining("LONG_STRING");
        assertRejected(oneParam("09 7F FF FF FF 61"), 0, 0);
        assertRejected(oneParam("09 00 00"), 0, 0)
                .hasMessageContaining("string length");
    }

    @Test
    void longStringOfNegativeLength_isRejected() {
        assertRejected(oneParam("09 FF FF FF FF 61"), 0, 1)
                .hasMessageContaining("negative");
    }

    @Test
    void shortStringPastTheEnd_isRejected() {
        assertRejected(oneParam("25 61 61"), 0, 0)
                .hasMessageContaining("SHORT_STRING");
        assertRejected(oneParam("FF"), 0, 0);
    }

    @Test
    void bigIntegerLengthPastTheEnd_isRejected() {
        assertRejected(oneParam("07 05 01 02"), 0, 0)
                .hasMessageContaining("BIGINT_POSITIVE");
        assertRejected(oneParam("08"), 0, 0)
                .hasMessageContaining("BigInteger length");
    }

    @Test
    void int64LowHalfOf2pow31OrMore_isRejected() {
        assertRejected(oneParam("04 80 00 00 00 00 00 00 01"), 0, 1)
                .hasMessageContaining("low half");
    }

    @Test
    void paramBytesBeyondTheCap_areRejected() {
        // Three steps of 200 param bytes each: the third runs past the cap of 512.
        ReplayArray big = new ReplayArray(REFERENCE_TEST_CONFIG.toBuilder().paramMaxLength(4096).build());
        String text = "s".repeat(199);
        big.add(1, text);
        big.add(2, text);
        big.add(3, text);
        assertRejected(big.saveState(), 2, 400).hasMessageContaining("cap of 512");
    }

    @Test
    void firstProblem_isReported_laterOnesNotReached() {
        assertRejected(ReplaySave.of(3, 1, buffer("01 01 01 01 01 01"), buffer("01 05 0A 00 00 02")), 1, 2);
    }

    /** A save of one step (code 1) with one param of the given bytes. */
    private static ReplaySave oneParam(String paramHex) {
        return ReplaySave.of(1, 1, buffer("01 01"), buffer(paramHex));
    }

    /**
     * Loads {@code bad} into the mixed route with a stream and a cursor open, and checks the exception
     * and that nothing changed.
     */
    private org.assertj.core.api.AbstractThrowableAssert<?, ? extends Throwable> assertRejected(
            ReplaySave bad, int step, long offset) {
        ReplaySave before = array.saveState().detach();
        ReplayReadStream stream = array.createReadStream();
        assertThat(stream.read()).isEqualTo(mixedSteps().get(0));
        ReplayCursor cursor = array.cursor(0);
        assertThat(cursor.next()).isTrue();

        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> array.loadState(bad));

        assertThat(thrown).isInstanceOf(ReplayFormatException.class);
        ReplayFormatException e = (ReplayFormatException) thrown;
        assertThat(e.stepIndex()).as("step index").isEqualTo(step);
        assertThat(e.byteOffset()).as("byte offset").isEqualTo(offset);
        if (step >= 0) {
            assertThat(e.getMessage()).containsIgnoringCase("step " + step).contains("byte " + offset);
        }
        assertThat(array.saveState()).as("the route is kept byte for byte").isEqualTo(before);
        assertThat(steps(array)).isEqualTo(mixedSteps());
        assertZeroTails(array);
        assertThat(stream.expired()).isFalse();
        assertThat(cursor.expired()).isFalse();
        assertThat(cursor.intParam(0)).isEqualTo(10);
        List<ReplayStep> rest = new java.util.ArrayList<>();
        for (ReplayStep s = stream.read(); s != null; s = stream.read()) {
            rest.add(s);
        }
        assertThat(rest).isEqualTo(mixedSteps().subList(1, 6));
        assertThat(warnings.list).isEmpty();
        return assertThat(thrown);
    }
}
