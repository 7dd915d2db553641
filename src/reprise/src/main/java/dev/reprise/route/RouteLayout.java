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

/**
 * The route's byte layout in one place: offsets, sizes, the tag table and big-endian accessors.
 *
 * <pre>
 * Command area: one fixed-size entry per step, entry i at byte i * entrySize.
 *
 *   UINT8  (save value 1, 2 bytes)    UINT16 (save value 2, 3 bytes)
 *   +-----------+--------+            +-----------+-----------------+
 *   | count: u8 | code:u8|            | count: u8 | code: u16 (BE)  |
 *   +-----------+--------+            +-----------+-----------------+
 *
 * Param area: the params of all steps end to end, step i's first param at index[i].
 *
 *   +---------+-----------------+---------+-----------------+---
 *   | tag: u8 | payload (tag)   | tag: u8 | payload (tag)   | ...
 *   +---------+-----------------+---------+-----------------+---
 *
 *   tag  payload                                   total
 *   0    boolean: 00 / 01                          2
 *   1    int8                                      2
 *   2    int16 BE                                  3
 *   3    int32 BE                                  5
 *   4    integer &gt;= 2^31: |x| = low + high * 2^31,    9
 *        low (0..2^31-1) as int32 BE, then high as 32-bit pattern BE (unsigned)
 *   5    integer &lt; -2^31: as tag 4, of |x|            9
 *   6    float64 BE (NaN canonical 7FF8000000000000) 9
 *   7    BigInteger &gt;= 0: len u8, magnitude little-endian (len bytes)   len + 2
 *   8    BigInteger &lt; 0: len u8, |x| little-endian (len bytes)         len + 2
 *   9    string of more than 223 UTF-8 bytes: len int32 BE, bytes     len + 5
 *   10-31  reserved
 *   32-255 string of 0..223 UTF-8 bytes, len = tag - 32: bytes        len + 1
 *
 * Index area (memory only, never saved): int offset of each step's first param byte.
 * </pre>
 */
final class RouteLayout {

    /** Offset of the param count within a command entry. */
    static final int COUNT_OFFSET = 0;
    /** Offset of the code within a command entry. */
    static final int CODE_OFFSET = 1;
    /** Most params one step can hold (the count is one unsigned byte). */
    static final int MAX_PARAMS = 255;

    static final int TAG_BOOLEAN = 0;
    static final int TAG_INT8 = 1;
    static final int TAG_INT16 = 2;
    static final int TAG_INT32 = 3;
    static final int TAG_INT64_POSITIVE = 4;
    static final int TAG_INT64_NEGATIVE = 5;
    static final int TAG_FLOAT64 = 6;
    static final int TAG_BIGINT_POSITIVE = 7;
    static final int TAG_BIGINT_NEGATIVE = 8;
    static final int TAG_LONG_STRING = 9;
    static final int FIRST_RESERVED_TAG = 10;
    static final int TAG_SHORT_STRING_BASE = 32;
    /** Longest string (in UTF-8 bytes) stored with a short-string tag: 255 - 32. */
    static final int MAX_SHORT_STRING = 223;
    /** BigInteger magnitudes must have at most this many bits (magnitude &lt; 2^2040). */
    static final int MAX_BIGINT_BITS = 2040;
    /** The split point of the two int64 halves: 2^31. */
    static final long INT64_SPLIT = 1L << 31;

    private RouteLayout() {
    }

    static int u8(byte[] b, int at) {
        return b[at] & 0xFF;
    }

    static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) << 8 | (b[at + 1] & 0xFF);
    }

    static short i16(byte[] b, int at) {
        return (short) u16(b, at);
    }

    static int i32(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
    }

    static long i64(byte[] b, int at) {
        return (long) i32(b, at) << 32 | (i32(b, at + 4) & 0xFFFFFFFFL);
    }

    static void put16(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 8);
        b[at + 1] = (byte) v;
    }

    static void put32(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    static void put64(byte[] b, int at, long v) {
        put32(b, at, (int) (v >>> 32));
        put32(b, at + 4, (int) v);
    }

    /** Reads the code of the entry at {@code entry} for an entry of {@code entrySize} bytes. */
    static int code(byte[] commands, int entry, int entrySize) {
        return entrySize == 2 ? u8(commands, entry + CODE_OFFSET) : u16(commands, entry + CODE_OFFSET);
    }

    /** Writes one command entry. */
    static void putEntry(byte[] commands, int entry, int entrySize, int count, int code) {
        commands[entry + COUNT_OFFSET] = (byte) count;
        if (entrySize == 2) {
            commands[entry + CODE_OFFSET] = (byte) code;
        } else {
            put16(commands, entry + CODE_OFFSET, code);
        }
    }
}
