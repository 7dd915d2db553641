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

import java.util.SplittableRandom;

/** Seeded random param values around the encoding's boundaries, for the property-style tests. */
final class RandomValues {

    private static final int[] INT_EDGES = {0, -1, 127, 128, -128, -129, 32767, 32768, -32768, -32769,
            Integer.MAX_VALUE, Integer.MIN_VALUE};
    private static final long[] LONG_EDGES = {2147483648L, -2147483649L, 1L << 62, -(1L << 62), Long.MAX_VALUE,
            Long.MIN_VALUE, Long.MIN_VALUE + 1};
    private static final double[] DOUBLE_EDGES = {0.0, -0.0, 3.0, Double.NaN, Double.POSITIVE_INFINITY, 1e300,
            Double.MIN_VALUE};
    private static final char[] CHARS = {'a', 'Z', '0', ' ', 'é', 'ß', '中', '\u0000', '\u07FF', '\u0800', '\uFFFF',
            '\uD83D', '\uDE00', '\uD800', '\uDFFF'};

    private RandomValues() {
    }

    static int anInt(SplittableRandom random) {
        return switch (random.nextInt(3)) {
            case 0 -> INT_EDGES[random.nextInt(INT_EDGES.length)];
            case 1 -> random.nextInt(-300, 300);
            default -> random.nextInt();
        };
    }

    static long aLong(SplittableRandom random) {
        return switch (random.nextInt(3)) {
            case 0 -> LONG_EDGES[random.nextInt(LONG_EDGES.length)];
            case 1 -> anInt(random);
            default -> random.nextLong();
        };
    }

    static double aDouble(SplittableRandom random) {
        return random.nextBoolean() ? DOUBLE_EDGES[random.nextInt(DOUBLE_EDGES.length)]
                : Double.longBitsToDouble(random.nextLong());
    }

    /** Short and long strings, ASCII to astral, lone surrogates included. */
    static String aString(SplittableRandom random) {
        int length = random.nextInt(10) == 0 ? random.nextInt(70, 300) : random.nextInt(12);
        StringBuilder sb = new StringBuilder(length);
        boolean ascii = random.nextBoolean();
        for (int i = 0; i < length; i++) {
            sb.append(ascii ? (char) random.nextInt(0x20, 0x7F) : CHARS[random.nextInt(CHARS.length)]);
        }
        return sb.toString();
    }
}
