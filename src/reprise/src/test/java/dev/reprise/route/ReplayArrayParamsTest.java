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

import java.math.BigInteger;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How {@link ReplayArray} stores params: the engine's codec, byte for byte, and Reprise's Java value rules
 * (docs/route-format.md).
 */
class ReplayArrayParamsTest {

    private final Warnings warnings = new Warnings();
    private final ReplayArray array = new ReplayArray(REFERENCE_TEST_CONFIG, warnings);

    private static final BigInteger TWO = BigInteger.TWO;

    @Test
    void add_booleans_takeTagZero() {
        array.add(0, true, false);
        assertThat(array.get(0).params()).containsExactly(true, false);
        assertThat(array.paramBuffer()[0]).isEqualTo((byte) 0);
        assertThat(paramHex(array)).isEqualTo("00 01 00 00");
    }

    @Test
    void add_numbers_takeTheSmallestTagOfTheirRange() {
        Object[] values = {-128, 127, 128, -129, -32768, 32767, 32768, -32769, -2147483648, 2147483647,
            1.5, -1.5, 2147483648L, 9007199254740991L, -1, -2147483649L, -4294967297L};
        int[] tags = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 6, 6, 4, 4, 1, 5, 5};
        for (int i = 0; i < values.length; i++) {
            array.add(0, values[i]);
            assertThat(array.paramBuffer()[array.paramOffset(i)]).as("tag of %s", values[i]).isEqualTo((byte) tags[i]);
            assertThat(array.get(i).params()).containsExactly(values[i]);
        }
        assertThat(warnings.list).isEmpty();
    }

    @Test
    void add_bigIntegers_takeTag7or8BySign() {
        List<BigInteger> values = List.of(BigInteger.valueOf(100), new BigInteger("0102030405060708", 16),
                BigInteger.valueOf(-1), BigInteger.valueOf(-128), BigInteger.valueOf(-129),
                BigInteger.valueOf(-256), BigInteger.valueOf(-65537));
        for (int i = 0; i < values.size(); i++) {
            array.add(0, values.get(i));
            assertThat(array.paramBuffer()[array.paramOffset(i)]).isEqualTo((byte) (values.get(i).signum() < 0 ? 8 : 7));
            assertThat(array.get(i).params()).containsExactly(values.get(i));
        }
    }

    @Test
    void add_mixedStep_readsBackEveryType() {
        BigInteger big = new BigInteger("0102030405060708", 16);
        array.add(0, true, big, 2147483648L, "x");
        array.add(9, true, 42, "x", BigInteger.valueOf(100));
        assertThat(array.get(0)).isEqualTo(step(0, 0, true, big, 2147483648L, "x"));
        assertThat(array.get(1)).isEqualTo(step(1, 9, true, 42, "x", BigInteger.valueOf(100)));
    }

    @Test
    void add_strings_takeAShortTagOrTag9ByLength() {
        array.add(0, "hi");
        array.add(0, "a".repeat(300));
        array.add(0, "");
        assertThat(array.paramBuffer()[array.paramOffset(0)]).isEqualTo((byte) 34);
        assertThat(array.paramBuffer()[array.paramOffset(1)]).isEqualTo((byte) 9);
        assertThat(array.paramBuffer()[array.paramOffset(2)]).isEqualTo((byte) 32);
        assertThat(steps(array)).containsExactly(step(0, 0, "hi"), step(1, 0, "a".repeat(300)), step(2, 0, ""));
    }

    @Test
    void add_largestBigInteger_keepsTypes() {
        ReplayArray wide = new ReplayArray(REFERENCE_TEST_CONFIG.toBuilder().initParamLength(512)
                .paramMaxLength(4096).build(), warnings);
        BigInteger max = TWO.pow(2040).subtract(BigInteger.ONE);
        wide.add(0, max, 7);
        assertThat(wide.get(0).params()).containsExactly(max, 7);
        assertThat(wide.paramBuffer()[0]).isEqualTo((byte) 7);
        assertThat(wide.paramBuffer()[1]).isEqualTo((byte) 255);
        assertThat(warnings.list).isEmpty();
    }

    @Test
    void add_255Params_keepsAllWithoutWarning() {
        ReplayArray wide = new ReplayArray(LARGE_PARAMS_CONFIG, warnings);
        wide.add(0, zeros(255));
        assertThat(warnings.list).isEmpty();
        assertThat(commandHex(wide)).isEqualTo("FF 00");
        assertThat(wide.get(0).paramCount()).isEqualTo(255);
    }

    @Test
    void typeTable_anchorValues_takeTheirTags() {
        array.add(0, 1.5, BigInteger.valueOf(100), BigInteger.valueOf(-100), -2147483649L, "hi", "a".repeat(300));
        assertThat(tags(array.paramBuffer(), 6)).containsExactly(6, 7, 8, 5, 34, 9);
    }

    @Test
    void add_emptyParams_writesNoParamBytes() {
        array.add(5, new Object[0]);
        array.add(6);
        assertThat(commandHex(array)).isEqualTo("00 05 00 06");
        assertThat(array.paramByteCount()).isZero();
    }

    @Test
    void primitiveOverloads_writeTheSameBytesAsTheBoxedPath() {
        ReplayArray boxed = new ReplayArray();
        ReplayArray primitive = new ReplayArray();
        int[] ints = {0, -1, 127, 128, -129, 32768, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (int p : ints) {
            for (int q : ints) {
                boxed.add(3, new Object[] {p});
                primitive.add(3, p);
                boxed.add(4, new Object[] {p, q});
                primitive.add(4, p, q);
            }
            boxed.add(5, new Object[] {(long) p << 20});
            primitive.add(5, (long) p << 20);
            boxed.add(6, new Object[0]);
            primitive.add(6);
        }
        assertThat(primitive.saveState()).isEqualTo(boxed.saveState());
        assertThat(steps(primitive)).isEqualTo(steps(boxed));
    }

    /** The tags of the first {@code n} params of a param area. */
    private static int[] tags(byte[] params, int n) {
        int[] tags = new int[n];
        for (int i = 0, at = 0; i < n; i++) {
            tags[i] = params[at] & 0xFF;
            at += ParamCodec.sizeAt(params, at);
        }
        return tags;
    }

    private static Object[] zeros(int n) {
        return Collections.nCopies(n, (Object) 0).toArray();
    }
}
