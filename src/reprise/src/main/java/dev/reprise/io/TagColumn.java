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

/**
 * The TAGS stream of the column transform: each tag symbol is predicted as the last symbol seen at
 * the same position of a step with the same key (first: INT8), and only the symbols that differ are
 * stored, as exceptions: {@code varint n}, then {@code n x (varint symbols skipped since the previous
 * exception, u8 symbol)}. Real routes call each command with the same param types over and over,
 * so the stream is nearly empty.
 */
final class TagColumn {

    private final int[][] last;

    private TagColumn(int keys) {
        last = new int[keys][];
    }

    int predicted(int key, int position) {
        int[] row = last[key];
        return row == null || position >= row.length ? Tags.INT8 : row[position];
    }

    void remember(int key, int position, int symbol) {
        int[] row = last[key];
        if (row == null || position >= row.length) {
            int[] grown = new int[Math.max(position + 1, row == null ? 4 : row.length * 2)];
            java.util.Arrays.fill(grown, Tags.INT8);
            if (row != null) {
                System.arraycopy(row, 0, grown, 0, row.length);
            }
            last[key] = row = grown;
        }
        row[position] = symbol;
    }

    /** Writes the tag symbols of the steps, in group order, as exceptions. */
    static final class Writer {

        private final TagColumn column;
        private final ByteOutput exceptions = new ByteOutput(64);
        private long symbols;
        private long lastException = -1;
        private int count;

        Writer(int keys) {
            column = new TagColumn(keys);
        }

        void write(int key, int position, int symbol) {
            if (symbol != column.predicted(key, position)) {
                exceptions.varint(symbols - lastException - 1);
                exceptions.u8(symbol);
                column.remember(key, position, symbol);
                lastException = symbols;
                count++;
            }
            symbols++;
        }

        void finishTo(ByteOutput out) {
            out.varint(count);
            out.bytes(exceptions.array(), 0, exceptions.size());
        }
    }

    /** Reads the tag symbols back, in the same order. */
    static final class Reader {

        private final TagColumn column;
        private final BoundedInput in;
        private int remaining;
        private long symbols;
        private long nextException;

        Reader(BoundedInput in, int keys) {
            this.column = new TagColumn(keys);
            this.in = in;
            this.remaining = in.varint("tag exception count", in.remaining() / 2);
            if (remaining > 0) {
                nextException = in.varint("symbols before tag exception 0");
            }
        }

        int read(int key, int position) {
            int symbol;
            if (remaining > 0 && symbols == nextException) {
                symbol = in.u8("tag of an exception");
                column.remember(key, position, symbol);
                if (--remaining > 0) {
                    nextException = symbols + 1 + in.varint("symbols before the next tag exception");
                }
            } else {
                symbol = column.predicted(key, position);
            }
            symbols++;
            return symbol;
        }

        /** Checks that every exception was used. */
        void finish() {
            if (remaining > 0) {
                throw in.error(remaining + " tag exceptions name params past the last one");
            }
        }

        ReplayFormatException error(String message, long offset) {
            return in.error(message, offset);
        }

        long offset() {
            return in.offset();
        }
    }
}
