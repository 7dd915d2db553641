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

import static dev.reprise.route.RouteLayout.*;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Encodes Java values into param bytes and decodes them back, byte for byte as the original engine
 * (see {@link RouteLayout} for the table). Stateless; encoding is split into {@link #size(Object)} and
 * {@link #write(Object, byte[], int)} so a step can be measured, checked against the caps and only then
 * written, with no intermediate allocation.
 */
final class ParamCodec {

    /** {@link #size(Object)} of a value the route cannot store. */
    static final int UNSUPPORTED = -1;
    /** {@link #size(Object)} of a {@code BigInteger} with a magnitude of 2^2040 or more. */
    static final int BIGINT_TOO_LARGE = -2;
    /** Bytes of a boolean param: tag and one payload byte. */
    static final int BOOLEAN_SIZE = 2;
    /** Bytes of a float64 param: tag and eight payload bytes. */
    static final int DOUBLE_SIZE = 9;

    private ParamCodec() {
    }

    /** Bytes (tag included) that {@code value} takes, or {@link #UNSUPPORTED} / {@link #BIGINT_TOO_LARGE}. */
    static int size(Object value) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return intSize(((Number) value).intValue());
        }
        if (value instanceof Long l) {
            return longSize(l);
        }
        if (value instanceof String s) {
            return stringSize(Utf8.length(s));
        }
        if (value instanceof Boolean) {
            return BOOLEAN_SIZE;
        }
        if (value instanceof Double || value instanceof Float) {
            return DOUBLE_SIZE;
        }
        if (value instanceof BigInteger big) {
            return bigIntegerSize(big);
        }
        return UNSUPPORTED;
    }

    static int intSize(int v) {
        if (v >= -128 && v < 128) {
            return 2;
        }
        return v >= -32768 && v < 32768 ? 3 : 5;
    }

    static int longSize(long v) {
        if (v == (int) v) {
            return intSize((int) v);
        }
        return v == Long.MIN_VALUE ? 2 + 8 : 9;
    }

    static int stringSize(int utf8Length) {
        return utf8Length <= MAX_SHORT_STRING ? 1 + utf8Length : 5 + utf8Length;
    }

    /** Like {@link #stringSize(int)}, without overflow for a length near {@code Integer.MAX_VALUE}. */
    static long stringSize(long utf8Length) {
        return utf8Length <= MAX_SHORT_STRING ? 1 + utf8Length : 5 + utf8Length;
    }

    static int bigIntegerSize(BigInteger big) {
        int bits = big.signum() < 0 ? big.negate().bitLength() : big.bitLength();
        if (bits > MAX_BIGINT_BITS) {
            return BIGINT_TOO_LARGE;
        }
        return 2 + Math.max(1, (bits + 7) >>> 3);
    }

    /** Writes a value whose {@link #size(Object)} was positive; returns the position after it. */
    static int write(Object value, byte[] b, int at) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return writeInt(((Number) value).intValue(), b, at);
        }
        if (value instanceof Long l) {
            return writeLong(l, b, at);
        }
        if (value instanceof String s) {
            return writeString(s, b, at);
        }
        if (value instanceof Boolean bool) {
            return writeBoolean(bool, b, at);
        }
        if (value instanceof Double || value instanceof Float) {
            return writeDouble(((Number) value).doubleValue(), b, at);
        }
        return writeBigInteger((BigInteger) value, b, at);
    }

    static int writeBoolean(boolean v, byte[] b, int at) {
        b[at] = TAG_BOOLEAN;
        b[at + 1] = (byte) (v ? 1 : 0);
        return at + BOOLEAN_SIZE;
    }

    static int writeDouble(double v, byte[] b, int at) {
        b[at] = TAG_FLOAT64;
        put64(b, at + 1, Double.doubleToLongBits(v)); // canonical NaN
        return at + DOUBLE_SIZE;
    }

    static int writeInt(int v, byte[] b, int at) {
        if (v >= -128 && v < 128) {
            b[at] = TAG_INT8;
            b[at + 1] = (byte) v;
            return at + 2;
        }
        if (v >= -32768 && v < 32768) {
            b[at] = TAG_INT16;
            put16(b, at + 1, v);
            return at + 3;
        }
        b[at] = TAG_INT32;
        put32(b, at + 1, v);
        return at + 5;
    }

    static int writeLong(long v, byte[] b, int at) {
        if (v == (int) v) {
            return writeInt((int) v, b, at);
        }
        if (v == Long.MIN_VALUE) { // |v| = 2^63 does not fit the two halves: a negative BigInteger
            return writeBigInteger(BigInteger.valueOf(v), b, at);
        }
        long magnitude = Math.abs(v);
        b[at] = (byte) (v > 0 ? TAG_INT64_POSITIVE : TAG_INT64_NEGATIVE);
        put32(b, at + 1, (int) (magnitude & (INT64_SPLIT - 1)));
        put32(b, at + 5, (int) (magnitude >>> 31)); // up to 2^32 - 1: written as its 32-bit pattern
        return at + 9;
    }

    static int writeString(String s, byte[] b, int at) {
        return writeString(s, Utf8.length(s), b, at);
    }

    /** Writes a string whose UTF-8 length the caller measured already. */
    static int writeString(String s, int length, byte[] b, int at) {
        int start;
        if (length <= MAX_SHORT_STRING) {
            b[at] = (byte) (TAG_SHORT_STRING_BASE + length);
            start = at + 1;
        } else {
            b[at] = TAG_LONG_STRING;
            put32(b, at + 1, length);
            start = at + 5;
        }
        return Utf8.encode(s, b, start);
    }

    static int writeBigInteger(BigInteger big, byte[] b, int at) {
        BigInteger magnitude = big.signum() < 0 ? big.negate() : big;
        int length = Math.max(1, (magnitude.bitLength() + 7) >>> 3);
        b[at] = (byte) (big.signum() < 0 ? TAG_BIGINT_NEGATIVE : TAG_BIGINT_POSITIVE);
        b[at + 1] = (byte) length;
        byte[] bigEndian = magnitude.toByteArray(); // may carry one leading sign byte of 0
        for (int i = 0; i < length; i++) {
            b[at + 2 + i] = bigEndian[bigEndian.length - 1 - i];
        }
        return at + 2 + length;
    }

    /** Bytes (tag included) of the well-formed param at {@code at}. */
    static int sizeAt(byte[] b, int at) {
        int tag = u8(b, at);
        switch (tag) {
            case TAG_BOOLEAN, TAG_INT8:
                return 2;
            case TAG_INT16:
                return 3;
            case TAG_INT32:
                return 5;
            case TAG_INT64_POSITIVE, TAG_INT64_NEGATIVE, TAG_FLOAT64:
                return 9;
            case TAG_BIGINT_POSITIVE, TAG_BIGINT_NEGATIVE:
                return 2 + u8(b, at + 1);
            case TAG_LONG_STRING:
                return 5 + i32(b, at + 1);
            default:
                return 1 + tag - TAG_SHORT_STRING_BASE;
        }
    }

    /** Decodes the well-formed param at {@code at}. */
    static Object decode(byte[] b, int at) {
        int tag = u8(b, at);
        switch (tag) {
            case TAG_BOOLEAN:
                return b[at + 1] != 0;
            case TAG_INT8:
                return (int) b[at + 1];
            case TAG_INT16:
                return (int) i16(b, at + 1);
            case TAG_INT32:
                return i32(b, at + 1);
            case TAG_INT64_POSITIVE, TAG_INT64_NEGATIVE:
                return decodeLong(b, at);
            case TAG_FLOAT64:
                return Double.longBitsToDouble(i64(b, at + 1));
            case TAG_BIGINT_POSITIVE, TAG_BIGINT_NEGATIVE:
                return decodeBigInteger(b, at);
            default:
                return decodeString(b, at);
        }
    }

    /** Decodes a tag 4 or 5 param: low half (31 bits) first, then the high half read unsigned. */
    static long decodeLong(byte[] b, int at) {
        long magnitude = (i32(b, at + 5) & 0xFFFFFFFFL) * INT64_SPLIT + i32(b, at + 1);
        return u8(b, at) == TAG_INT64_NEGATIVE ? -magnitude : magnitude;
    }

    static BigInteger decodeBigInteger(byte[] b, int at) {
        int length = u8(b, at + 1);
        byte[] bigEndian = new byte[length];
        for (int i = 0; i < length; i++) {
            bigEndian[i] = b[at + 2 + length - 1 - i];
        }
        BigInteger magnitude = new BigInteger(1, bigEndian);
        return u8(b, at) == TAG_BIGINT_NEGATIVE ? magnitude.negate() : magnitude;
    }

    static String decodeString(byte[] b, int at) {
        int tag = u8(b, at);
        if (tag == TAG_LONG_STRING) {
            return new String(b, at + 5, i32(b, at + 1), StandardCharsets.UTF_8);
        }
        return new String(b, at + 1, tag - TAG_SHORT_STRING_BASE, StandardCharsets.UTF_8);
    }
}
