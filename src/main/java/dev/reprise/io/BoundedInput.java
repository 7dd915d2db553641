package dev.reprise.io;

import dev.reprise.route.ReplayFormatException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
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
    private int position;

    /**
     * @param bytes the input
     * @param from  first byte to read
     * @param to    one past the last byte to read
     * @param base  added to positions in messages
     * @param where names the input in messages, e.g. "file" or "inflated body"
     */
    BoundedInput(byte[] bytes, int from, int to, long base, String where) {
        this.bytes = bytes;
        this.position = from;
        this.end = to;
        this.base = base;
        this.where = where;
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
     * Reads a varint byte length of something that follows in this input: a length beyond the
     * input's end means the input was cut (or the length is corrupt), and is reported so.
     */
    int length(String what) {
        long start = offset();
        long value = varint(what);
        if (value > end - position) {
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
        try {
            String s = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, position, length))
                    .toString();
            position += length;
            return s;
        } catch (CharacterCodingException e) {
            throw error(what + " is not well-formed UTF-8", start);
        }
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
