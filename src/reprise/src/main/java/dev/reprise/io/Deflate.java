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
import java.util.Arrays;
import java.util.Objects;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import org.jspecify.annotations.Nullable;

/** Raw DEFLATE (RFC 1951, no zlib wrapper) through the JDK, with a hard bound on the inflated size. */
final class Deflate {

    private Deflate() {
    }

    /**
     * Above this many transformed bytes one plan is compressed, at {@link #LARGE_INPUT_LEVEL}: zlib's
     * level 9 on long streams of short random tokens follows long match chains (about 1 MB/s) for
     * under 1% gain, and the plans' differences vanish on long routes anyway.
     */
    static final int LARGE_INPUT = 256 * 1024;
    /** The level for large inputs: ten times faster than 9 on the benchmark route, 0.8% larger. */
    static final int LARGE_INPUT_LEVEL = 5;

    /** A stream shorter than this shares its block with the next one in the middle plan. */
    static final int MIN_FLUSHED_SEGMENT = 1024;

    /**
     * Compresses {@code input} in three plans, each with two strategies for the code runs, and
     * returns the smallest result: a block per stream, a block per long stream (short ones share
     * the next block), and one block. Separate blocks (separate Huffman tables) pay off for long,
     * unlike streams; for short routes each flush (about 5 bytes) and table costs more than it
     * saves. The reader does not care which plan was chosen.
     */
    static ByteOutput compressSmallest(byte[] input, int[] boundaries) {
        if (input.length > LARGE_INPUT) {
            ByteOutput out = new ByteOutput(input.length / 3 + 64);
            compress(input, boundaries, LARGE_INPUT_LEVEL, Deflater.FILTERED, out);
            return out;
        }
        int[] cuts = new int[boundaries.length];
        int n = 0;
        cuts[n++] = boundaries[0];
        for (int s = 1; s < boundaries.length - 1; s++) {
            if (boundaries[s] - cuts[n - 1] >= MIN_FLUSHED_SEGMENT) {
                cuts[n++] = boundaries[s];
            }
        }
        cuts[n++] = boundaries[boundaries.length - 1];
        @Nullable ByteOutput best = null;
        for (int[] plan : new int[][] {boundaries, Arrays.copyOf(cuts, n), {cuts[0], cuts[n - 1]}}) {
            for (int firstStrategy : new int[] {Deflater.FILTERED, Deflater.DEFAULT_STRATEGY}) {
                ByteOutput candidate = new ByteOutput(best == null ? input.length / 4 + 64 : best.size() + 64);
                compress(input, plan, Deflater.BEST_COMPRESSION, firstStrategy, candidate);
                if (best == null || candidate.size() < best.size()) {
                    best = candidate;
                }
            }
        }
        return Objects.requireNonNull(best, "at least one plan was tried");
    }

    /**
     * Compresses {@code input[boundaries[0] .. boundaries[last])}, ending a DEFLATE block at each
     * boundary (a sync flush). The first segment (the code runs) uses {@code firstStrategy}:
     * {@link Deflater#FILTERED} suits its many short, near-random tokens; the rest use the default.
     */
    static void compress(byte[] input, int[] boundaries, int level, int firstStrategy, ByteOutput out) {
        Deflater deflater = new Deflater(level, true);
        try {
            byte[] buffer = new byte[16384];
            deflater.setStrategy(firstStrategy);
            for (int s = 0; s + 1 < boundaries.length; s++) {
                int length = boundaries[s + 1] - boundaries[s];
                if (length == 0) {
                    continue;
                }
                if (s == 1) {
                    deflater.setStrategy(Deflater.DEFAULT_STRATEGY);
                }
                deflater.setInput(input, boundaries[s], length);
                int n;
                do {
                    n = deflater.deflate(buffer, 0, buffer.length, Deflater.SYNC_FLUSH);
                    out.bytes(buffer, 0, n);
                } while (n == buffer.length || !deflater.needsInput());
            }
            deflater.finish();
            while (!deflater.finished()) {
                int n = deflater.deflate(buffer);
                out.bytes(buffer, 0, n);
            }
        } finally {
            deflater.end();
        }
    }

    /**
     * Inflates {@code input[from .. from + length)} into exactly {@code inflatedLength} bytes. The
     * output buffer is the declared size (already checked against the caps), and inflating stops
     * there: a stream that would produce more, less, or leaves input unused is refused.
     *
     * @param fileOffset file offset of {@code input[from]}, for messages
     * @throws ReplayFormatException if the stream is corrupt or its size is not the declared one
     */
    static byte[] inflate(byte[] input, int from, int length, int inflatedLength, long fileOffset) {
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(input, from, length);
            byte[] out = new byte[inflatedLength];
            int produced = 0;
            try {
                while (produced < inflatedLength && !inflater.finished()) {
                    int n = inflater.inflate(out, produced, inflatedLength - produced);
                    if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                        break;
                    }
                    produced += n;
                }
                if (produced == inflatedLength && !inflater.finished()) {
                    // The body may end with an empty final block: drain it, but accept no more data.
                    byte[] probe = new byte[1];
                    if (inflater.inflate(probe) != 0) {
                        throw error("Compressed body inflates to more than the declared " + inflatedLength
                                + " bytes", fileOffset + inflater.getBytesRead());
                    }
                }
            } catch (DataFormatException e) {
                throw new ReplayFormatException("Corrupt compressed body: " + e.getMessage() + " (file byte "
                        + (fileOffset + inflater.getBytesRead()) + ")", -1, fileOffset + inflater.getBytesRead(), e);
            }
            if (!inflater.finished()) {
                throw error("Compressed body ends early: " + produced + " of " + inflatedLength
                        + " declared bytes inflated, stream unfinished", fileOffset + inflater.getBytesRead());
            }
            if (produced != inflatedLength) {
                throw error("Compressed body inflates to " + produced + " bytes, but the header declares "
                        + inflatedLength, fileOffset + inflater.getBytesRead());
            }
            if (inflater.getRemaining() != 0) {
                throw error(inflater.getRemaining() + " bytes follow the end of the compressed body",
                        fileOffset + length - inflater.getRemaining());
            }
            return out;
        } finally {
            inflater.end();
        }
    }

    private static ReplayFormatException error(String message, long offset) {
        return new ReplayFormatException(message + " (file byte " + offset + ")", -1, offset);
    }
}
