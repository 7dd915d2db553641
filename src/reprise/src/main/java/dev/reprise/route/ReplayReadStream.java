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

import dev.reprise.diagnostic.WarningCode;
import java.util.ConcurrentModificationException;
import org.jspecify.annotations.Nullable;

/**
 * A sequential reader over a {@link ReplayArray}, from a start index to the end, one decoded
 * {@link ReplayStep} per {@link #read()}.
 *
 * <p>A stream expires when its route is written to after the stream was opened. Reading an expired
 * stream reports {@link WarningCode#STREAM_EXPIRED warning 155} and throws {@link ConcurrentModificationException}:
 * it never returns bytes decoded at stale offsets. {@link #close()} ends the stream; it cannot be read afterwards.
 * Not thread-safe; use it on the thread that owns the route.
 */
public final class ReplayReadStream implements AutoCloseable {

    private final ReplayArray array;
    private final int expectedModCount;
    private final int length;
    private int index;
    private boolean closed;

    ReplayReadStream(ReplayArray array, int startIndex) {
        this.array = array;
        this.expectedModCount = array.modCount();
        this.length = array.length();
        this.index = startIndex;
    }

    /**
     * Returns the 0-based position of the step the next {@link #read()} returns; equal to the number
     * of steps before it.
     *
     * @return the position of the next step
     */
    public int index() {
        return index;
    }

    /**
     * Returns the route's length when the stream was opened (it cannot change without expiring the
     * stream).
     *
     * @return the number of steps in the route
     */
    public int length() {
        return length;
    }

    /**
     * Tells whether the route was written to since the stream was opened.
     *
     * @return {@code true} if the stream can no longer be read
     */
    public boolean expired() {
        return array.modCount() != expectedModCount;
    }

    /**
     * Tells whether {@link #close()} was called.
     *
     * @return {@code true} once closed
     */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Decodes the next step and moves past it.
     *
     * @return the step at {@link #index()} (whose own {@code index()} is that position), or
     *         {@code null} at the end of the route
     * @throws ConcurrentModificationException if the stream has expired
     *         ({@link WarningCode#STREAM_EXPIRED warning 155} is reported too)
     * @throws IllegalStateException           if the stream was closed
     */
    public @Nullable ReplayStep read() {
        if (closed) {
            throw new IllegalStateException("The read stream was closed");
        }
        if (expired()) {
            array.warnings().report(WarningCode.STREAM_EXPIRED);
            throw new ConcurrentModificationException(
                    "The route changed after this read stream was opened (warning 155); open a new stream");
        }
        if (index >= length) {
            return null;
        }
        return array.decodeStep(index++);
    }

    /** Closes the stream; further reads throw. Closing twice is harmless. */
    @Override
    public void close() {
        closed = true;
    }

    @Override
    public String toString() {
        return "ReplayReadStream[index=" + index + ", length=" + length
                + (closed ? ", closed" : expired() ? ", expired" : "") + "]";
    }
}
