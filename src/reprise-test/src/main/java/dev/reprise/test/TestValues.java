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
package dev.reprise.test;

import dev.reprise.route.ParamType;
import java.math.BigInteger;
import java.util.SplittableRandom;

/**
 * Random param values of one {@link ParamType}, each an edge of that type half of the time: the values
 * where the encoding changes tag, sign handling or length field. Every value drawn for a type is stored
 * with that type's tag and reads back equal (NaN is always the canonical NaN).
 */
final class TestValues {

    private static final int[] INT8 = {0, 1, -1, 127, -128};
    private static final int[] INT16 = {128, -129, 255, 256, 32767, -32768};
    private static final int[] INT32 = {32768, -32769, 65535, 65536, Integer.MAX_VALUE, Integer.MIN_VALUE};
    private static final long[] INT64_POSITIVE = {1L << 31, (1L << 32) - 1, 1L << 32, 1L << 53, 1L << 62,
            Long.MAX_VALUE};
    private static final long[] INT64_NEGATIVE = {-(1L << 31) - 1, -(1L << 32), -(1L << 53), -(1L << 62),
            Long.MIN_VALUE + 1};
    private static final double[] FLOAT64 = {0.0, -0.0, 1.0, 0.5, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE, Math.ulp(1.0)};
    /** The largest magnitude a BigInteger param may have: 2^2040 - 1 (255 bytes). */
    private static final BigInteger MAX_MAGNITUDE = BigInteger.ONE.shiftLeft(2040).subtract(BigInteger.ONE);
    private static final BigInteger[] BIGINT_POSITIVE = {BigInteger.ZERO, BigInteger.ONE,
            BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE), BigInteger.ONE.shiftLeft(64), MAX_MAGNITUDE};
    private static final BigInteger[] BIGINT_NEGATIVE = {BigInteger.ONE.negate(),
            BigInteger.valueOf(Long.MIN_VALUE), BigInteger.ONE.shiftLeft(64).negate(), MAX_MAGNITUDE.negate()};
    /** Characters of one to four UTF-8 bytes, a lone surrogate (stored as EF BF BD) and NUL. */
    private static final String[] CHARS = {"a", "Z", " ", "\u0000", "\u00e9", "\u07ff", "\u0800", "\u9b54",
            "\uffff", "\ud83d\ude00", "\ud800"};
    /** The longest short string: 223 UTF-8 bytes. */
    private static final int SHORT_MAX = 223;

    private TestValues() {
    }

    /** @return a value stored with {@code type}'s tag */
    static Object of(ParamType type, SplittableRandom random) {
        boolean edge = random.nextBoolean();
        return switch (type) {
            case BOOLEAN -> random.nextBoolean();
            case INT8 -> edge ? INT8[random.nextInt(INT8.length)] : random.nextInt(-128, 128);
            case INT16 -> edge ? INT16[random.nextInt(INT16.length)]
                    : random.nextBoolean() ? random.nextInt(128, 32768) : random.nextInt(-32768, -128);
            case INT32 -> edge ? INT32[random.nextInt(INT32.length)]
                    : random.nextBoolean() ? random.nextInt(32768, Integer.MAX_VALUE)
                    : random.nextInt(Integer.MIN_VALUE, -32768);
            case INT64_POSITIVE -> edge ? INT64_POSITIVE[random.nextInt(INT64_POSITIVE.length)]
                    : random.nextLong(1L << 31, Long.MAX_VALUE);
            case INT64_NEGATIVE -> edge ? INT64_NEGATIVE[random.nextInt(INT64_NEGATIVE.length)]
                    : -random.nextLong((1L << 31) + 1, Long.MAX_VALUE);
            case FLOAT64 -> edge ? FLOAT64[random.nextInt(FLOAT64.length)] : aDouble(random);
            case BIGINT_POSITIVE -> edge ? BIGINT_POSITIVE[random.nextInt(BIGINT_POSITIVE.length)] : bigInteger(random);
            case BIGINT_NEGATIVE -> edge ? BIGINT_NEGATIVE[random.nextInt(BIGINT_NEGATIVE.length)]
                    : bigInteger(random).add(BigInteger.ONE).negate();
            case SHORT_STRING -> string(random, edge ? (random.nextBoolean() ? 0 : SHORT_MAX)
                    : random.nextInt(SHORT_MAX / 4 + 1), SHORT_MAX);
            case LONG_STRING -> string(random, edge ? SHORT_MAX + 1 : random.nextInt(SHORT_MAX + 1, 1200),
                    Integer.MAX_VALUE);
        };
    }

    /** Any bit pattern, but NaN as the canonical one: the route stores every NaN so, and reads that back. */
    private static double aDouble(SplittableRandom random) {
        double value = Double.longBitsToDouble(random.nextLong());
        return Double.isNaN(value) ? Double.NaN : value;
    }

    private static BigInteger bigInteger(SplittableRandom random) {
        byte[] magnitude = new byte[1 + random.nextInt(random.nextInt(8) == 0 ? 254 : 16)];
        random.nextBytes(magnitude);
        return new BigInteger(1, magnitude);
    }

    /**
     * A string of exactly {@code bytes} UTF-8 bytes when it can be, built from {@link #CHARS}, never over
     * {@code max} bytes: ASCII fills what the last wide character leaves.
     */
    private static String string(SplittableRandom random, int bytes, int max) {
        StringBuilder text = new StringBuilder();
        int used = 0;
        while (used < bytes) {
            String c = CHARS[random.nextInt(CHARS.length)];
            int size = utf8(c);
            if (used + size > bytes || used + size > max) {
                c = "x";
                size = 1;
            }
            text.append(c);
            used += size;
        }
        return text.toString();
    }

    private static int utf8(String c) {
        int cp = c.codePointAt(0);
        return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }
}
