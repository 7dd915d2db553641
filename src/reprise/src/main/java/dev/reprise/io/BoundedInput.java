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
package dev.reprise.io;

import dev.reprise.route.ReplayFormatException;
import java.nio.charset.StandardCharsets;

/**
 * A bounds-checked reader over a byte range that reports every problem as a
 * {@link ReplayFormatException} naming the field and its byte offset. Offsets in messages are
 * {@code base + position}, so one class serves the file ({@code base} 0) and the inflated body.
 * Never allocates more than the bytes that are really there.
 */
final class BoundedInput {

    private final byte[] bytes;
    private final int end;
    private final long base;
    private final String where;
    /** Whether the bytes may be only the start of the input (see {@link FileCodec.NeedMore}). */
    private final boolean prefix;
    private int position;

    /**
     * @param bytes the input
     * @param from  first byte to read
     * @param to    one past the last byte to read
     * @param base  added to positions in messages
     * @param where names the input in messages, e.g. "file" or "inflated body"
     */
    BoundedInput(byte[] bytes, int from, int to, long base, String where) {
        this(bytes, from, to, base, where, false);
    }

    /**
     * @param prefix {@code true} if {@code bytes[from .. to)} may be only the start of the input:
     *               reading past {@code to} then throws {@link FileCodec.NeedMore}
     */
    BoundedInput(byte[] bytes, int from, int to, long base, String where, boolean prefix) {
        this.bytes = bytes;
        this.position = from;
        this.end = to;
        this.base = base;
        this.where = where;
        this.prefix = prefix;
    }

    int position() {
        return position;
    }

    int remaining() {
        return end - position;
    }

    /** The offset of the current position as messages report it. */
    long offset() {
        return base + position;
    }

    ReplayFormatException error(String message, long offset) {
        return new ReplayFormatException(message + " (" + where + " byte " + offset + ")", -1, offset);
    }

    ReplayFormatException error(String message) {
        return error(message, offset());
    }

    void require(long count, String what) {
        if (count > end - position) {
            if (prefix) {
                throw FileCodec.NeedMore.INSTANCE;
            }
            throw error("Truncated " + where + ": " + what + " needs " + count + " bytes, but only "
                    + (end - position) + " remain");
        }
    }

    int u8(String what) {
        require(1, what);
        return bytes[position++] & 0xFF;
    }

    /** Reads an unsigned LEB128 varint of at most 5 bytes as a non-negative long (0..2^32-1). */
    long varint(String what) {
        long start = offset();
        long value = 0;
        for (int i = 0; i < FileLayout.MAX_VARINT_BYTES; i++) {
            int b = u8(what);
            value |= (long) (b & 0x7F) << (7 * i);
            if ((b & 0x80) == 0) {
                if (value > 0xFFFF_FFFFL) {
                    throw error(what + " does not fit 32 bits", start);
                }
                return value;
            }
        }
        throw error(what + " is a varint longer than " + FileLayout.MAX_VARINT_BYTES + " bytes", start);
    }

    /** Reads a varint that must lie in {@code 0..max}. */
    int varint(String what, long max) {
        long start = offset();
        long value = varint(what);
        if (value > max) {
            throw error(what + " is " + value + ", above the limit of " + max, start);
        }
        return (int) value;
    }

    /**
     * Reads a varint that must lie in {@code 0..max}, named {@code what + " " + index} in messages
     * (e.g. "code of rank 3"): the name is built only if the varint is refused, so a column of many
     * numbered values costs no text.
     */
    int varint(String what, long index, long max) {
        int start = position;
        try {
            return varint(what, max);
        } catch (ReplayFormatException e) {
            position = start;
            return varint(what + " " + index, max);
        }
    }

    /**
     * Reads a varint byte length of something that follows in this input: a length beyond the
     * input's end means the input was cut (or the length is corrupt), and is reported so.
     */
    int length(String what) {
        long start = offset();
        long value = varint(what);
        if (value > end - position) {
            if (prefix) {
                throw FileCodec.NeedMore.INSTANCE;
            }
            throw error("Truncated " + where + " (or a corrupt " + what + "): " + what + " is " + value
                    + " bytes, but only " + (end - position) + " bytes follow", start);
        }
        return (int) value;
    }

    /** Reads a varint-length-prefixed, well-formed UTF-8 string. */
    String string(String what) {
        int length = varint(what + " length", FileLayout.MAX_STRING_BYTES);
        long start = offset();
        require(length, what);
        // Validated here, then decoded by the JDK's fast path: no decoder object per string, so a
        // header of many short strings costs little more than its bytes.
        if (!wellFormedUtf8(bytes, position, position + length)) {
            throw error(what + " is not well-formed UTF-8", start);
        }
        String s = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return s;
    }

    /** Whether {@code b[from .. to)} is well-formed UTF-8 (RFC 3629: no overlong form, surrogate or value past U+10FFFF). */
    static boolean wellFormedUtf8(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
            int n;
            int min;
            int max = 0xBF;
            if (c >= 0xC2 && c <= 0xDF) {
                n = 1;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                n = 2;
                min = c == 0xE0 ? 0xA0 : 0x80;
                max = c == 0xED ? 0x9F : 0xBF;
            } else if (c >= 0xF0 && c <= 0xF4) {
                n = 3;
                min = c == 0xF0 ? 0x90 : 0x80;
                max = c == 0xF4 ? 0x8F : 0xBF;
            } else {
                return false;
            }
            if (to - i <= n) {
                return false;
            }
            int second = b[i + 1] & 0xFF;
            if (second < min || second > max) {
                return false;
            }
            for (int k = 2; k <= n; k++) {
                int next = b[i + k] & 0xFF;
                if (next < 0x80 || next > 0xBF) {
                    return false;
                }
            }
            i += n + 1;
        }
        return true;
    }

    /** Skips {@code count} bytes, which must be there. */
    void skip(int count, String what) {
        require(count, what);
        position += count;
    }

    /** Copies the next {@code count} bytes, which must be there, into a new array. */
    byte[] copy(int count, String what) {
        require(count, what);
        byte[] copy = new byte[count];
        System.arraycopy(bytes, position, copy, 0, count);
        position += count;
        return copy;
    }

    byte[] array() {
        return bytes;
    }
}
