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

import java.nio.ByteBuffer;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A saved route: its length, command width, command area and param area, as the original engine saves
 * it (the index area is never saved; it is rebuilt on load).
 *
 * <p>From {@link ReplayArray#saveState()} the buffers are read-only, zero-copy views of the used bytes
 * (position 0, limit = used bytes), valid until the route's next write; {@link #detach()} copies
 * them for keeping. {@link ReplayArray#loadState(ReplaySave)} reads each buffer from its position to
 * its limit and accepts buffers longer than the used bytes (the original engine saves whole
 * capacity); the bytes past the used region are ignored. Loading never changes the buffers.
 *
 * <p>The save never hands out a writable buffer: {@link #commandArray()} and {@link #paramArray()}
 * return a fresh read-only view on each call (its own position and limit, sharing the bytes), so
 * nobody can write through a save or move its position for another reader. A save takes its own
 * read-only view of each buffer it is made from, so the region it covers (position to limit, as they
 * were when it was made) stays put when the maker moves its buffer's position; but it shares the bytes
 * with that buffer and never copies them: keep a save across writes with {@link #detach()}.
 *
 * <p><b>Equality is content equality at the time of the call</b>, as for {@link ByteBuffer}: two saves
 * are equal when their lengths and widths are equal and their buffers hold the same bytes from
 * position to limit now. A view (from {@code saveState()}, or a save over buffers someone still writes)
 * can change underneath: after the route's next write it may no longer equal a save it equalled before,
 * and its {@link #hashCode()} may change. Equality is stable only for a detached save (or one over
 * buffers nobody writes, such as {@code ReplayFile.save()}); {@link #detach()} before keeping a save in
 * a hash-based collection or comparing it later. Immutable in its own parts; thread-safe to read while
 * nobody writes the bytes it shares.
 *
 * @param length        the number of steps, as stored (validated on load)
 * @param commandWidth  the command width, never {@code null}
 * @param commandArray  the command area (read through read-only views), at least {@code length * commandWidth.entrySize()} bytes
 * @param paramArray    the param area (read through read-only views)
 */
public record ReplaySave(int length, CommandWidth commandWidth, ByteBuffer commandArray, ByteBuffer paramArray) {

    /**
     * Creates a save over the remaining bytes of two buffers, without copying them: the save keeps a
     * read-only view of each (from its position to its limit now), sharing the bytes.
     *
     * @param length       the number of steps, as stored (validated on load)
     * @param commandWidth the command width
     * @param commandArray the command area, not copied
     * @param paramArray   the param area, not copied
     * @throws NullPointerException if a width or buffer is {@code null}
     */
    public ReplaySave {
        Objects.requireNonNull(commandWidth, "commandWidth");
        commandArray = Objects.requireNonNull(commandArray, "commandArray").asReadOnlyBuffer();
        paramArray = Objects.requireNonNull(paramArray, "paramArray").asReadOnlyBuffer();
    }

    /**
     * Creates a save from the original engine's fields, with the width as its enum value.
     *
     * @param length       the number of steps
     * @param commandWidth 1 ({@code UINT8}) or 2 ({@code UINT16})
     * @param commandArray the command area
     * @param paramArray   the param area
     * @return the save
     * @throws ReplayFormatException if the width is neither 1 nor 2
     */
    public static ReplaySave of(int length, int commandWidth, ByteBuffer commandArray, ByteBuffer paramArray) {
        CommandWidth width;
        try {
            width = CommandWidth.fromSaveValue(commandWidth);
        } catch (IllegalArgumentException e) {
            throw new ReplayFormatException(Objects.requireNonNullElse(e.getMessage(), "command width " + commandWidth),
                    -1, -1, e);
        }
        return new ReplaySave(length, width, commandArray, paramArray);
    }

    /**
     * Returns the command area as a read-only view, from the save's position to its limit.
     *
     * @return a new read-only view on each call
     */
    @Override
    public ByteBuffer commandArray() {
        return commandArray.asReadOnlyBuffer();
    }

    /**
     * Returns the param area as a read-only view, from the save's position to its limit.
     *
     * @return a new read-only view on each call
     */
    @Override
    public ByteBuffer paramArray() {
        return paramArray.asReadOnlyBuffer();
    }

    /**
     * Returns a copy whose buffers are independent heap buffers holding exactly the remaining bytes of
     * this save's buffers, safe to keep across later writes to the route.
     *
     * @return the detached copy
     */
    public ReplaySave detach() {
        return new ReplaySave(length, commandWidth, copy(commandArray), copy(paramArray));
    }

    /**
     * Returns the command area's remaining bytes as a new array.
     *
     * @return a copy of the command bytes
     */
    public byte[] commandBytes() {
        return bytes(commandArray);
    }

    /**
     * Returns the param area's remaining bytes as a new array.
     *
     * @return a copy of the param bytes
     */
    public byte[] paramBytes() {
        return bytes(paramArray);
    }

    private static ByteBuffer copy(ByteBuffer source) {
        return ByteBuffer.wrap(bytes(source)).asReadOnlyBuffer();
    }

    static byte[] bytes(ByteBuffer source) {
        byte[] bytes = new byte[source.remaining()];
        source.duplicate().get(bytes);
        return bytes;
    }

    /**
     * Tells whether another object is a save of the same length and width whose buffers hold the same
     * bytes, from position to limit, at the time of the call. For a view whose bytes are written later
     * the answer can change; see the class comment.
     *
     * @param other the object to compare with, may be {@code null}
     * @return {@code true} if it is a save with the same content now
     */
    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof ReplaySave that
                && length == that.length
                && commandWidth == that.commandWidth
                && commandArray.equals(that.commandArray)
                && paramArray.equals(that.paramArray);
    }

    /**
     * Returns a hash code of the length, the width and the bytes the buffers hold now, consistent with
     * {@link #equals}. For a view whose bytes are written later it changes: do not keep a view in a
     * hash-based collection; {@link #detach()} it first.
     *
     * @return the hash code of the current content
     */
    @Override
    public int hashCode() {
        return Objects.hash(length, commandWidth, commandArray, paramArray);
    }

    /**
     * Returns the length, the width and the sizes of the two areas (never their bytes), for logs and test
     * failures; the format may change.
     *
     * @return e.g. {@code ReplaySave[length=6, commandWidth=UINT8, commandBytes=12, paramBytes=30]}
     */
    @Override
    public String toString() {
        return "ReplaySave[length=" + length + ", commandWidth=" + commandWidth
                + ", commandBytes=" + commandArray.remaining() + ", paramBytes=" + paramArray.remaining() + "]";
    }
}
