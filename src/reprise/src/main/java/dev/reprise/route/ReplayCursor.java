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

import dev.reprise.diagnostic.WarningCode;
import java.math.BigInteger;
import java.util.ConcurrentModificationException;
import java.util.Objects;

/**
 * A reusable flyweight over a {@link ReplayArray} for allocation-free sequential reads: it moves from
 * step to step with {@link #next()} and reads the current step's code and params in place, without
 * creating a {@link ReplayStep}. Numeric and boolean accessors allocate nothing, and neither do the
 * string accessors {@link #appendStringParam}, {@link #stringParamEquals},
 * {@link #stringParamUtf8Length} and {@link #copyStringParamUtf8}; {@link #stringParam},
 * {@link #bigIntegerParam}, {@link #param} and {@link #step()} create their values.
 *
 * <p>The same expiry rule as {@link ReplayReadStream} applies: once the route is written to,
 * {@link #next()} and every accessor report {@link WarningCode#STREAM_EXPIRED warning 155} and throw
 * {@link ConcurrentModificationException}; {@link #reset(int)} re-arms the cursor. Typed accessors
 * throw {@link IllegalStateException} when the param has another type, and
 * {@link IndexOutOfBoundsException} for a param position outside {@code 0..paramCount()-1}.
 * Not thread-safe.
 */
public final class ReplayCursor {

    private final ReplayArray array;
    private final int[] paramOffsets = new int[MAX_PARAMS];
    /** Scratch for {@link #appendStringParam}: room for any short string; grows for longer ones. */
    private char[] chars = new char[MAX_SHORT_STRING];
    private int expectedModCount;
    // The route's buffers and length as of the last reset: a write that could replace or resize
    // them also expires the cursor, so these stay valid for as long as the cursor is usable.
    private byte[] commands;
    private byte[] params;
    private int[] offsets;
    private int entrySize;
    private int length;
    private int nextIndex;
    private int current;
    private int code;
    private int paramCount;

    ReplayCursor(ReplayArray array, int startIndex) {
        this.array = array;
        reset(startIndex);
    }

    /**
     * Re-arms the cursor on the route as it is now, before the step at {@code startIndex}.
     *
     * @param startIndex 0..length()
     * @return this cursor
     * @throws IndexOutOfBoundsException if {@code startIndex} is outside {@code 0..length()}
     */
    public ReplayCursor reset(int startIndex) {
        Objects.checkIndex(startIndex, array.length() + 1);
        this.expectedModCount = array.modCount();
        this.commands = array.commandBuffer();
        this.params = array.paramBuffer();
        this.offsets = array.offsetIndex();
        this.entrySize = array.entrySize();
        this.length = array.length();
        this.nextIndex = startIndex;
        this.current = -1;
        this.paramCount = 0;
        return this;
    }

    /**
     * Moves onto the next step.
     *
     * @return {@code true} if there is one; {@code false} at the end of the route
     * @throws ConcurrentModificationException if the route changed since the cursor was armed
     */
    public boolean next() {
        int index = nextIndex;
        if (index >= length || array.modCount() != expectedModCount) {
            return endOrExpired();
        }
        byte[] c = commands;
        int entry = index * entrySize;
        int count = c[entry + COUNT_OFFSET] & 0xFF;
        code = entrySize == 2 ? c[entry + CODE_OFFSET] & 0xFF : u16(c, entry + CODE_OFFSET);
        // Every step has an index entry, so the first offset is stored without asking whether there is a
        // param: a random mix of steps with and without params would mispredict that branch often.
        int at = offsets[index];
        paramOffsets[0] = at;
        if (count > 1) {
            locateParams(at, count);
        }
        paramCount = count;
        current = index;
        nextIndex = index + 1;
        return true;
    }

    /** {@link #next()} past the end, or on an expired cursor. */
    private boolean endOrExpired() {
        checkNotExpired();
        current = -1;
        paramCount = 0;
        return false;
    }

    /** Fills the offsets of params 1 to {@code count - 1}, param 0 being at {@code at}. */
    private void locateParams(int at, int count) {
        byte[] p = params;
        int[] located = paramOffsets;
        for (int i = 1; i < count; i++) {
            at += ParamCodec.sizeAt(p, at);
            located[i] = at;
        }
    }

    /**
     * Tells whether the route was written to since the cursor was armed.
     *
     * @return {@code true} if the cursor must be {@link #reset(int)} before use
     */
    public boolean expired() {
        return array.modCount() != expectedModCount;
    }

    /** @return the 0-based position of the current step, or {@code -1} before the first {@link #next()} and at the end */
    public int index() {
        return current;
    }

    /** @return the current step's command code */
    public int code() {
        checkCurrent();
        return code;
    }

    /** @return the current step's number of params */
    public int paramCount() {
        checkCurrent();
        return paramCount;
    }

    /**
     * Returns the type of param {@code i} of the current step.
     *
     * @param i the param's position
     * @return its type
     */
    public ParamType paramType(int i) {
        return ParamType.ofTagOrNull(u8(params, offset(i)));
    }

    /**
     * Returns param {@code i}, an INT8, INT16 or INT32, as an {@code int}.
     *
     * @param i the param's position
     * @return the value
     */
    public int intParam(int i) {
        int at = offset(i);
        byte[] b = params;
        int tag = b[at];
        if (tag == TAG_INT8) { // the usual case first, without a jump table
            return b[at + 1];
        }
        return switch (tag) {
            case TAG_INT16 -> i16(b, at + 1);
            case TAG_INT32 -> i32(b, at + 1);
            default -> throw mismatch(i, "an int");
        };
    }

    /**
     * Returns param {@code i}, any of INT8 to INT64_NEGATIVE, as a {@code long}.
     *
     * @param i the param's position
     * @return the value
     */
    public long longParam(int i) {
        int at = offset(i);
        int tag = u8(params, at);
        if (tag == TAG_INT64_POSITIVE || tag == TAG_INT64_NEGATIVE) {
            return ParamCodec.decodeLong(params, at);
        }
        if (tag >= TAG_INT8 && tag <= TAG_INT32) {
            return intParam(i);
        }
        throw mismatch(i, "a long");
    }

    /**
     * Returns param {@code i}, any integer type or FLOAT64, as a {@code double}.
     *
     * @param i the param's position
     * @return the value
     */
    public double doubleParam(int i) {
        int at = offset(i);
        int tag = u8(params, at);
        if (tag == TAG_FLOAT64) {
            return Double.longBitsToDouble(i64(params, at + 1));
        }
        if (tag >= TAG_INT8 && tag <= TAG_INT64_NEGATIVE) {
            return longParam(i);
        }
        throw mismatch(i, "a number");
    }

    /**
     * Returns param {@code i}, a BOOLEAN, as a {@code boolean}.
     *
     * @param i the param's position
     * @return the value
     */
    public boolean booleanParam(int i) {
        int at = offset(i);
        if (u8(params, at) != TAG_BOOLEAN) {
            throw mismatch(i, "a boolean");
        }
        return params[at + 1] != 0;
    }

    /**
     * Returns param {@code i}, a SHORT_STRING or LONG_STRING, as a new {@code String}.
     *
     * @param i the param's position
     * @return the value
     */
    public String stringParam(int i) {
        return ParamCodec.decodeString(params, stringOffset(i));
    }

    /** The offset of param {@code i}, checked to be a string. */
    private int stringOffset(int i) {
        int at = offset(i);
        int tag = u8(params, at);
        if (tag != TAG_LONG_STRING && tag < TAG_SHORT_STRING_BASE) {
            throw mismatch(i, "a string");
        }
        return at;
    }

    /** The first UTF-8 byte of the string param at {@code at}. */
    private int utf8Start(int at) {
        return u8(params, at) == TAG_LONG_STRING ? at + 5 : at + 1;
    }

    /** The UTF-8 length of the string param at {@code at}. */
    private int utf8Length(int at) {
        int tag = u8(params, at);
        return tag == TAG_LONG_STRING ? i32(params, at + 1) : tag - TAG_SHORT_STRING_BASE;
    }

    /**
     * Appends param {@code i}, a SHORT_STRING or LONG_STRING, to {@code sb}. Allocation-free for every
     * string the route writes, beyond the builder's own growth and, for a string longer than 223 UTF-8
     * bytes, a scratch buffer of the cursor that grows once to the longest such string. Malformed UTF-8,
     * which only a loaded save can hold, is decoded as {@link #stringParam} decodes it.
     *
     * @param i  the param's position
     * @param sb the builder to append to
     * @return {@code sb}
     */
    public StringBuilder appendStringParam(int i, StringBuilder sb) {
        int at = stringOffset(i);
        int length = utf8Length(at);
        if (length > chars.length) {
            chars = new char[length];
        }
        int decoded = Utf8.decode(params, utf8Start(at), length, chars);
        return decoded >= 0 ? sb.append(chars, 0, decoded) : sb.append(ParamCodec.decodeString(params, at));
    }

    /**
     * Tells whether param {@code i}, a SHORT_STRING or LONG_STRING, holds exactly what recording
     * {@code text} would store (its UTF-8 bytes, a lone surrogate as U+FFFD). Allocation-free; for any
     * text without lone surrogates it equals {@code stringParam(i).contentEquals(text)}.
     *
     * @param i    the param's position
     * @param text the text to compare with
     * @return {@code true} if the stored bytes are the text's
     */
    public boolean stringParamEquals(int i, CharSequence text) {
        Objects.requireNonNull(text, "text");
        int at = stringOffset(i);
        return Utf8.equals(text, params, utf8Start(at), utf8Length(at));
    }

    /**
     * Returns the length in UTF-8 bytes of param {@code i}, a SHORT_STRING or LONG_STRING.
     *
     * @param i the param's position
     * @return the number of bytes {@link #copyStringParamUtf8} copies
     */
    public int stringParamUtf8Length(int i) {
        return utf8Length(stringOffset(i));
    }

    /**
     * Copies the UTF-8 bytes of param {@code i}, a SHORT_STRING or LONG_STRING, into a caller's buffer.
     * Allocation-free.
     *
     * @param i      the param's position
     * @param dst    the buffer
     * @param offset where the first byte goes in {@code dst}
     * @return the number of bytes copied, {@link #stringParamUtf8Length(int)}
     * @throws IndexOutOfBoundsException if they do not fit {@code dst} from {@code offset}
     */
    public int copyStringParamUtf8(int i, byte[] dst, int offset) {
        int at = stringOffset(i);
        int length = utf8Length(at);
        Objects.checkFromIndexSize(offset, length, dst.length);
        System.arraycopy(params, utf8Start(at), dst, offset, length);
        return length;
    }

    /**
     * Returns param {@code i}, any integer type or BIGINT, as a new {@code BigInteger}.
     *
     * @param i the param's position
     * @return the value
     */
    public BigInteger bigIntegerParam(int i) {
        int at = offset(i);
        int tag = u8(params, at);
        if (tag == TAG_BIGINT_POSITIVE || tag == TAG_BIGINT_NEGATIVE) {
            return ParamCodec.decodeBigInteger(params, at);
        }
        if (tag >= TAG_INT8 && tag <= TAG_INT64_NEGATIVE) {
            return BigInteger.valueOf(longParam(i));
        }
        throw mismatch(i, "an integer");
    }

    /**
     * Returns param {@code i} decoded as {@link ReplayStep} would hold it (boxing).
     *
     * @param i the param's position
     * @return the value
     */
    public Object param(int i) {
        return ParamCodec.decode(params, offset(i));
    }

    /**
     * Decodes the current step into a new {@link ReplayStep}.
     *
     * @return the step
     */
    public ReplayStep step() {
        checkCurrent();
        return array.decodeStep(current);
    }

    private int offset(int i) {
        checkCurrent();
        Objects.checkIndex(i, paramCount);
        return paramOffsets[i];
    }

    private void checkCurrent() {
        checkNotExpired();
        if (current < 0) {
            throw new IllegalStateException("The cursor is not on a step: call next() and check that it returned true");
        }
    }

    private void checkNotExpired() {
        if (expired()) {
            array.warnings().report(WarningCode.STREAM_EXPIRED);
            throw new ConcurrentModificationException(
                    "The route changed after this cursor was armed (warning 155); reset() it");
        }
    }

    private IllegalStateException mismatch(int i, String expected) {
        return new IllegalStateException("Param " + i + " of step " + current + " (code " + code + ") is "
                + paramType(i) + ", not " + expected);
    }
}
