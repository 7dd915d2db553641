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

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ConcurrentModificationException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The cursor's allocation-free string accessors agree with {@link ReplayCursor#stringParam}: property-style
 * over seeded random strings (the failing seed is in the message), plus errors and allocation.
 */
class ReplayCursorStringTest {

    private static final long SEED = 0x5781_0002L;

    /** A cursor from the start of {@code array}, moved onto its first step. */
    private static ReplayCursor atFirstStep(ReplayArray array) {
        ReplayCursor cursor = array.cursor(0);
        cursor.next();
        return cursor;
    }

    @Test
    void randomStrings_appendEqualsAndBytes_agreeWithStringParam() {
        for (int c = 0; c < 200; c++) {
            long seed = SEED + c;
            try {
                checkStrings(seed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
            }
        }
    }

    private static void checkStrings(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ReplayArray array = new ReplayArray();
        String[] texts = new String[20];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = RandomValues.aString(random);
            array.add(i, 7, texts[i]);
        }
        ReplayCursor cursor = array.cursor(0);
        StringBuilder sb = new StringBuilder("prefix:");
        byte[] buffer = new byte[2000];
        for (int i = 0; cursor.next(); i++) {
            String stored = cursor.stringParam(1);
            byte[] utf8 = stored.getBytes(StandardCharsets.UTF_8);
            sb.setLength(7);
            assertThat(cursor.appendStringParam(1, sb)).isSameAs(sb);
            assertThat(sb.substring(7)).isEqualTo(stored);
            assertThat(cursor.stringParamEquals(1, texts[i])).as("equals the recorded text").isTrue();
            assertThat(cursor.stringParamEquals(1, stored)).isTrue();
            assertThat(cursor.stringParamEquals(1, texts[i] + "x")).isFalse();
            if (!texts[i].isEmpty()) {
                assertThat(cursor.stringParamEquals(1, texts[i].substring(1))).isFalse();
            }
            assertThat(cursor.stringParamUtf8Length(1)).isEqualTo(utf8.length);
            assertThat(cursor.copyStringParamUtf8(1, buffer, 3)).isEqualTo(utf8.length);
            assertThat(java.util.Arrays.copyOfRange(buffer, 3, 3 + utf8.length)).isEqualTo(utf8);
        }
    }

    @Test
    void stringParamEquals_matchesALoneSurrogateAsTheReplacementItIsStoredAs() {
        ReplayArray array = new ReplayArray();
        array.add(1, "a\uD800b");
        ReplayCursor cursor = atFirstStep(array);
        assertThat(cursor.stringParam(0)).isEqualTo("a\uFFFDb");
        assertThat(cursor.stringParamEquals(0, "a\uD800b")).isTrue();
        assertThat(cursor.stringParamEquals(0, "a\uFFFDb")).isTrue();
        assertThat(cursor.stringParamEquals(0, new StringBuilder("a\uFFFDb"))).isTrue();
        assertThat(cursor.stringParamEquals(0, "a\uFFFDc")).isFalse();
    }

    @Test
    void appendStringParam_ofMalformedUtf8FromALoadedSave_decodesAsStringParamDoes() {
        // A save from elsewhere may hold bytes that are not UTF-8: C3 28, ED A0 80 (a surrogate), F8, C0 AF.
        byte[] params = {(byte) 38, (byte) 0xC3, 0x28, (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xF8,
                (byte) 0xC0, (byte) 0xAF};
        ReplayArray array = new ReplayArray();
        array.loadState(ReplaySave.of(1, 1, ByteBuffer.wrap(new byte[] {1, 4}), ByteBuffer.wrap(params)));
        ReplayCursor cursor = atFirstStep(array);
        StringBuilder sb = new StringBuilder("keep");
        cursor.appendStringParam(0, sb);
        assertThat(sb.toString()).isEqualTo("keep" + cursor.stringParam(0));
        assertThat(cursor.stringParamUtf8Length(0)).isEqualTo(6);
    }

    @Test
    void stringAccessors_onANonString_throwNamingTheType() {
        ReplayArray array = new ReplayArray();
        array.add(3, 42);
        ReplayCursor cursor = atFirstStep(array);
        StringBuilder sb = new StringBuilder();
        assertThatThrownBy(() -> cursor.appendStringParam(0, sb)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("INT8, not a string");
        assertThatThrownBy(() -> cursor.stringParamEquals(0, "42")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cursor.stringParamUtf8Length(0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cursor.copyStringParamUtf8(0, new byte[8], 0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cursor.stringParamEquals(1, "x")).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(sb).isEmpty();
    }

    @Test
    void copyStringParamUtf8_intoTooSmallABuffer_throws_andCopiesNothing() {
        ReplayArray array = new ReplayArray();
        array.add(3, "hello");
        ReplayCursor cursor = atFirstStep(array);
        byte[] small = new byte[6];
        assertThatThrownBy(() -> cursor.copyStringParamUtf8(0, small, 2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(small).containsOnly(0);
        assertThat(cursor.copyStringParamUtf8(0, small, 1)).isEqualTo(5);
    }

    @Test
    void stringAccessors_afterAWrite_throwConcurrentModification() {
        ReplayArray array = new ReplayArray();
        array.add(3, "hello");
        ReplayCursor cursor = atFirstStep(array);
        array.add(4);
        assertThatThrownBy(() -> cursor.appendStringParam(0, new StringBuilder()))
                .isInstanceOf(ConcurrentModificationException.class);
        assertThatThrownBy(() -> cursor.stringParamEquals(0, "hello")).isInstanceOf(ConcurrentModificationException.class);
    }

    @Test
    void stringScan_andTypedAppends_allocateNothing() {
        ReplayArray route = new ReplayArray();
        route.ensureCapacity(40_000, 400_000);
        StringBuilder sb = new StringBuilder(64);
        byte[] buffer = new byte[64];
        long sum = appendAndScan(route, sb, buffer); // warm up: class loading and first calls allocate
        long before = allocatedBytes();
        for (int i = 0; i < 5; i++) {
            sum += appendAndScan(route, sb, buffer);
        }
        long allocated = allocatedBytes() - before;
        assertThat(sum).isNotZero();
        assertThat(allocated).as("bytes allocated by 200,000 typed appends and cursor steps").isLessThan(16 * 1024);
    }

    private static long appendAndScan(ReplayArray route, StringBuilder sb, byte[] buffer) {
        route.clear();
        for (int i = 0; i < 10_000; i++) {
            route.add(9, "MT12");
            route.add(8, i, -i, i * 1000);
            route.add(7, (i & 1) == 0);
            route.add(6, i * 0.5);
        }
        long sum = 0;
        ReplayCursor cursor = route.cursor(0);
        while (cursor.next()) {
            if (cursor.code() == 9) {
                sb.setLength(0);
                sum += cursor.appendStringParam(0, sb).length();
                sum += cursor.stringParamEquals(0, "MT12") ? 1 : 0;
                sum += cursor.copyStringParamUtf8(0, buffer, 0);
            } else if (cursor.code() == 8) {
                sum += cursor.intParam(0) + cursor.intParam(1) + cursor.intParam(2);
            } else if (cursor.code() == 7) {
                sum += cursor.booleanParam(0) ? 1 : 0;
            } else {
                sum += (long) cursor.doubleParam(0);
            }
        }
        return sum;
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
