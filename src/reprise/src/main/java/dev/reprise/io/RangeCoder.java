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
 * A binary arithmetic (range) coder with adaptive bit models, in the style of LZMA's: 32-bit range,
 * carry propagation through a cached byte, 16-bit probabilities. Two changes save bytes on short
 * routes: the first output byte (always 0 in LZMA) is not written, and the final flush picks the
 * value in the last interval with the most trailing zero bits and drops the trailing zero bytes (the
 * decoder reads zeros past the end of its input).
 *
 * <p>A bit model is one {@code int}: the probability that the bit is 1 (16 bits, 32..65504) xor
 * 0x8000 in the high half and the number of updates so far (0..{@link #LIMIT}) in the low half, so
 * that 0 is a fresh model (probability 1/2, no updates) and a new {@code int[]} is a fresh table.
 * After n updates a model moves 1/(n + 1.5) of the way to each bit, from n = {@link #LIMIT} on
 * 1/31.5: it learns fast on a short route and settles on a long one.
 */
final class RangeCoder {

    /** Updates after which the adaptation rate stays constant. */
    static final int LIMIT = 30;
    private static final int[] RATE = new int[LIMIT + 1];
    private static final int TOP = 1 << 24;

    static {
        for (int n = 0; n <= LIMIT; n++) {
            RATE[n] = (int) (65536 / (n + 1.5));
        }
    }

    private RangeCoder() {
    }

    /** The probability (32..65504, of a 1 bit) that {@code model} gives. */
    static int p1(int model) {
        return model >>> 16 ^ 0x8000;
    }

    /** The model after seeing {@code bit}. */
    static int update(int model, int bit) {
        int p = model >>> 16 ^ 0x8000;
        int n = model & 0xFFFF;
        int rate = RATE[n];
        if (bit != 0) {
            p += (65536 - p) * rate >>> 16;
        } else {
            p -= p * rate >>> 16;
        }
        p = Math.max(32, Math.min(65536 - 32, p));
        return (p ^ 0x8000) << 16 | (n < LIMIT ? n + 1 : n);
    }

    /** Writes bits. Not thread-safe. */
    static final class Encoder {

        private final ByteOutput out;
        /** Size of {@code out} before the first byte of this code: trimming never goes below it. */
        private final int origin;
        private long low;
        private int range = -1;
        private int cache;
        private long pending = 1;
        private boolean first = true;

        Encoder(ByteOutput out) {
            this.out = out;
            this.origin = out.size();
        }

        /** Codes {@code bit} (0 or 1) with probability {@code p1} (32..65504, in 1/65536) of a 1. */
        void encode(int p1, int bit) {
            int bound = (range >>> 16) * p1;
            if (bit != 0) {
                range = bound;
            } else {
                low += bound & 0xFFFF_FFFFL;
                range -= bound;
            }
            while (Integer.compareUnsigned(range, TOP) < 0) {
                range <<= 8;
                shiftLow();
            }
        }

        /** Codes {@code value}'s eight bits, high first, through the bit tree {@code row} of {@link OrderOneModel}. */
        void byte8(char[] row, int value) {
            int node = 1;
            for (int i = 7; i >= 0; i--) {
                int bit = value >>> i & 1;
                char p = row[node];
                encode(p, bit);
                row[node] = bit != 0 ? OrderOneModel.one(p) : OrderOneModel.zero(p);
                node = node << 1 | bit;
            }
        }

        private void shiftLow() {
            if (low < 0xFF00_0000L || low > 0xFFFF_FFFFL) {
                int carry = (int) (low >>> 32);
                int temp = cache;
                do {
                    if (first) {
                        first = false; // LZMA's always-zero first byte: not written
                    } else {
                        out.u8(temp + carry);
                    }
                    temp = 0xFF;
                } while (--pending != 0);
                cache = (int) (low >>> 24) & 0xFF;
            }
            pending++;
            low = (low & 0x00FF_FFFFL) << 8;
        }

        /**
         * Ends the code: the shortest value in the last interval, trailing zero bytes dropped. Every
         * trailing zero goes, not only those of the final flush: when the flush is all zeros, the
         * byte before it (an earlier cached byte) may be zero too, and the decoder reads zeros past
         * the end of its input anyway, so the code it sees is the same.
         */
        void finish() {
            long r = range & 0xFFFF_FFFFL;
            for (int k = 32; k >= 0; k--) {
                long mask = (1L << k) - 1;
                long v = low + mask & ~mask;
                if (v < low + r) {
                    low = v;
                    break;
                }
            }
            for (int i = 0; i < 5; i++) {
                shiftLow();
            }
            int size = out.size();
            while (size > origin && out.array()[size - 1] == 0) {
                size--;
            }
            out.truncate(size);
        }
    }

    /** Reads the bits back; past the end of its input it reads zeros. Not thread-safe. */
    static final class Decoder {

        private final byte[] in;
        private final int end;
        private final long base;
        private int position;
        private int range = -1;
        private int code;

        /**
         * @param base file offset of {@code in[from]}, for messages
         */
        Decoder(byte[] in, int from, int length, long base) {
            this.in = in;
            this.position = from;
            this.end = from + length;
            this.base = base - from;
            for (int i = 0; i < 4; i++) {
                code = code << 8 | next();
            }
        }

        private int next() {
            return position < end ? in[position++] & 0xFF : 0;
        }

        /** Decodes one bit that has probability {@code p1} (32..65504, in 1/65536) of being 1. */
        int decode(int p1) {
            int bound = (range >>> 16) * p1;
            int bit;
            if (Integer.compareUnsigned(code, bound) < 0) {
                range = bound;
                bit = 1;
            } else {
                code -= bound;
                range -= bound;
                bit = 0;
            }
            while (Integer.compareUnsigned(range, TOP) < 0) {
                range <<= 8;
                code = code << 8 | next();
            }
            return bit;
        }

        /** Decodes eight bits, high first, through the bit tree {@code row} of {@link OrderOneModel}. */
        int byte8(char[] row) {
            int node = 1;
            int r = range;
            int c = code;
            do {
                char p = row[node];
                int bound = (r >>> 16) * p;
                if (Integer.compareUnsigned(c, bound) < 0) {
                    r = bound;
                    row[node] = OrderOneModel.one(p);
                    node = node << 1 | 1;
                } else {
                    c -= bound;
                    r -= bound;
                    row[node] = OrderOneModel.zero(p);
                    node <<= 1;
                }
                while (Integer.compareUnsigned(r, TOP) < 0) {
                    r <<= 8;
                    c = c << 8 | next();
                }
            } while (node < 256);
            range = r;
            code = c;
            return node & 0xFF;
        }

        /** File offset of the next unread input byte, for messages. */
        long offset() {
            return base + position;
        }

        /**
         * Checks that the code ended where its input ends: every input byte was needed. A code that ends
         * in zero bytes is accepted: today's encoder drops them all, but writers before 2.1 kept the zeros
         * of all but the final flush (about 0.13 % of small routes), and those files must stay readable.
         */
        void finish(String what) {
            if (position < end) {
                throw new ReplayFormatException(what + ": " + (end - position) + " bytes follow the end of the "
                        + "coded data (file byte " + offset() + ")", -1, offset());
            }
        }
    }
}
