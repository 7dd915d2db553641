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

/**
 * The fast model for long transforms: one adaptive bit tree per stream and previous byte of that
 * stream (an order-1 context), nothing mixed, probabilities of a 1 bit in 16 bits that move 1/32 of
 * the way to each bit seen (31..65505). About ten times faster than {@link BytePredictor}; on long
 * routes the two differ by a few percent, because what makes real routes small (repeated walks, a
 * command's few param shapes) weighs most on short ones. Not thread-safe.
 */
final class OrderOneModel {

    /** The most heap the model allocates (every row in use), in bytes. */
    static final long MAX_BYTES = BytePredictor.STREAMS * 256L * (2 * 256 + 16) + 16 * 1024;

    private final char[][] rows = new char[BytePredictor.STREAMS * 256][];
    private int stream;
    private int previous;

    OrderOneModel() {
        stream(BytePredictor.HEAD);
    }

    /** Starts stream {@code s}: its first byte has previous byte 0. */
    void stream(int s) {
        stream = s;
        previous = 0;
    }

    /** The bit tree for the next byte. */
    char[] row() {
        int index = stream << 8 | previous;
        char[] row = rows[index];
        if (row == null) {
            rows[index] = row = new char[256];
            java.util.Arrays.fill(row, (char) 0x8000);
        }
        return row;
    }

    void seen(int value) {
        previous = value;
    }

    /** The model after a 1 bit. */
    static char one(char p) {
        return (char) (p + (65536 - p >> 5));
    }

    /** The model after a 0 bit. */
    static char zero(char p) {
        return (char) (p - (p >> 5));
    }
}
