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

import java.lang.management.ManagementFactory;
import java.math.BigInteger;
import java.util.ConcurrentModificationException;
import org.junit.jupiter.api.Test;

/** The allocation-free cursor: positions, typed accessors, errors and expiry. */
class ReplayCursorTest {

    private final Warnings warnings = new Warnings();
    private final ReplayArray array = new ReplayArray(REFERENCE_TEST_CONFIG, warnings);

    @Test
    void next_visitsEveryStepInOrder() {
        mixedRoute(array);
        assertThat(cursored(array)).isEqualTo(mixedSteps());
    }

    @Test
    void startIndex_skipsEarlierSteps() {
        mixedRoute(array);
        ReplayCursor cursor = array.cursor(4);
        assertThat(cursor.index()).isEqualTo(-1);
        assertThat(cursor.next()).isTrue();
        assertThat(cursor.index()).isEqualTo(4);
        assertThat(cursor.code()).isEqualTo(5);
        assertThat(cursor.step()).isEqualTo(mixedSteps().get(4));
        assertThat(cursor.next()).isTrue();
        assertThat(cursor.next()).isFalse();
        assertThat(cursor.index()).isEqualTo(-1);
    }

    @Test
    void typedAccessors_readEveryType() {
        BigInteger big = BigInteger.TWO.pow(70).negate();
        array.add(9, true, -5, 300, 70000, 2147483648L, -2147483649L, 2.5, big, "hi", "a".repeat(230));
        ReplayCursor cursor = array.cursor(0);
        assertThat(cursor.next()).isTrue();
        assertThat(cursor.code()).isEqualTo(9);
        assertThat(cursor.paramCount()).isEqualTo(10);
        assertThat(cursor.booleanParam(0)).isTrue();
        assertThat(cursor.intParam(1)).isEqualTo(-5);
        assertThat(cursor.intParam(2)).isEqualTo(300);
        assertThat(cursor.intParam(3)).isEqualTo(70000);
        assertThat(cursor.longParam(3)).isEqualTo(70000L);
        assertThat(cursor.longParam(4)).isEqualTo(2147483648L);
        assertThat(cursor.longParam(5)).isEqualTo(-2147483649L);
        assertThat(cursor.doubleParam(1)).isEqualTo(-5.0);
        assertThat(cursor.doubleParam(4)).isEqualTo(2147483648.0);
        assertThat(cursor.doubleParam(6)).isEqualTo(2.5);
        assertThat(cursor.bigIntegerParam(7)).isEqualTo(big);
        assertThat(cursor.bigIntegerParam(5)).isEqualTo(BigInteger.valueOf(-2147483649L));
        assertThat(cursor.bigIntegerParam(2)).isEqualTo(BigInteger.valueOf(300));
        assertThat(cursor.stringParam(8)).isEqualTo("hi");
        assertThat(cursor.stringParam(9)).isEqualTo("a".repeat(230));
        assertThat(cursor.paramType(0)).isEqualTo(ParamType.BOOLEAN);
        assertThat(cursor.paramType(1)).isEqualTo(ParamType.INT8);
        assertThat(cursor.paramType(2)).isEqualTo(ParamType.INT16);
        assertThat(cursor.paramType(3)).isEqualTo(ParamType.INT32);
        assertThat(cursor.paramType(4)).isEqualTo(ParamType.INT64_POSITIVE);
        assertThat(cursor.paramType(5)).isEqualTo(ParamType.INT64_NEGATIVE);
        assertThat(cursor.paramType(6)).isEqualTo(ParamType.FLOAT64);
        assertThat(cursor.paramType(7)).isEqualTo(ParamType.BIGINT_NEGATIVE);
        assertThat(cursor.paramType(8)).isEqualTo(ParamType.SHORT_STRING);
        assertThat(cursor.paramType(9)).isEqualTo(ParamType.LONG_STRING);
        assertThat(cursor.param(7)).isEqualTo(big);
    }

    @Test
    void typeMismatch_throwsNamingStepAndParam() {
        array.add(1);
        array.add(3, "x", 4L << 40, 1.5, true);
        ReplayCursor cursor = array.cursor(1);
        cursor.next();
        assertThatThrownBy(() -> cursor.intParam(0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Param 0 of step 1").hasMessageContaining("SHORT_STRING");
        assertThatThrownBy(() -> cursor.intParam(1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("INT64_POSITIVE");
        assertThatThrownBy(() -> cursor.longParam(2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cursor.doubleParam(3)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cursor.booleanParam(2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cursor.stringParam(3)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> cursor.bigIntegerParam(2)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void paramOutOfRange_throws() {
        array.add(1, 5);
        ReplayCursor cursor = array.cursor(0);
        cursor.next();
        assertThatThrownBy(() -> cursor.intParam(1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> cursor.paramType(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void accessorsBeforeNextOrAtEnd_throw() {
        array.add(1, 5);
        ReplayCursor cursor = array.cursor(0);
        assertThatThrownBy(cursor::code).isInstanceOf(IllegalStateException.class).hasMessageContaining("next()");
        assertThatThrownBy(cursor::step).isInstanceOf(IllegalStateException.class);
        cursor.next();
        cursor.next();
        assertThatThrownBy(() -> cursor.intParam(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void expiry_throwsWithWarning155_andResetRearms() {
        array.add(1, 5);
        ReplayCursor cursor = array.cursor(0);
        cursor.next();
        array.add(2, 6);
        assertThat(cursor.expired()).isTrue();
        assertThatThrownBy(cursor::next).isInstanceOf(ConcurrentModificationException.class);
        assertThatThrownBy(() -> cursor.intParam(0)).isInstanceOf(ConcurrentModificationException.class);
        assertThat(warnings.codes()).containsExactly(155, 155);
        assertThat(cursor.reset(1)).isSameAs(cursor);
        assertThat(cursor.expired()).isFalse();
        assertThat(cursor.next()).isTrue();
        assertThat(cursor.intParam(0)).isEqualTo(6);
    }

    @Test
    void startOutOfRange_throws() {
        array.add(1);
        assertThatThrownBy(() -> array.cursor(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> array.cursor(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThat(array.cursor(1).next()).isFalse();
    }

    /** Room for the JMX bookkeeping itself; one object per step would be megabytes. */
    private static final long ALLOCATION_SLACK = 16 * 1024;

    @Test
    void scanOfNumericRoute_allocatesNothing() {
        ReplayArray route = new ReplayArray();
        for (int i = 0; i < 10_000; i++) {
            route.add(i & 3, i, -i * 1000);
            route.add(5);
        }
        ReplayCursor cursor = route.cursor(0);
        long sum = scan(cursor.reset(0)); // warm up: class loading and first calls allocate
        long before = allocatedBytes();
        for (int i = 0; i < 5; i++) {
            sum += scan(cursor.reset(0));
        }
        long allocated = allocatedBytes() - before;
        assertThat(sum).isNotZero();
        assertThat(allocated).as("bytes allocated by 100,000 cursor steps").isLessThan(ALLOCATION_SLACK);
    }

    @Test
    void primitiveAppends_allocateNothing() {
        ReplayArray route = new ReplayArray();
        appendBatch(route); // warm up and grow the buffers once
        long before = allocatedBytes();
        for (int i = 0; i < 5; i++) {
            route.clear();
            appendBatch(route);
        }
        assertThat(allocatedBytes() - before).as("bytes allocated by 150,000 primitive appends").isLessThan(ALLOCATION_SLACK);
    }

    private static void appendBatch(ReplayArray route) {
        for (int i = 0; i < 10_000; i++) {
            route.add(1);
            route.add(2, i);
            route.add(3, i, -i);
        }
    }

    private static long scan(ReplayCursor cursor) {
        long sum = 0;
        while (cursor.next()) {
            sum += cursor.code();
            for (int p = 0; p < cursor.paramCount(); p++) {
                sum += cursor.intParam(p);
            }
        }
        return sum;
    }

    private static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean()).getCurrentThreadAllocatedBytes();
    }
}
