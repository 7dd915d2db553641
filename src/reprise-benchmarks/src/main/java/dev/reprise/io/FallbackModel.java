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
 * A candidate body model, cheaper than the file's coder (benchmark source set only): the column transform's
 * bytes by stream, each coded high bit first through a bit tree of {@link RangeCoder} models under
 * each of the order-1 to order-{@code maxOrder} contexts of the stream's previous bytes. Each bit is
 * predicted by the highest order whose node has already seen {@link #MIN_SEEN} bits, and all orders
 * learn it: no mixing, one table read and one update per order. Not thread-safe.
 */
final class FallbackModel {

    /** Bits a node must have seen before its order predicts (system property {@code reprise.front.minSeen}). */
    static final int MIN_SEEN = Integer.getInteger("reprise.front.minSeen", 2);
    /**
     * {@code true} (system property {@code reprise.front.average}) to average the probabilities of
     * every order that has seen enough, instead of taking the highest one's.
     */
    static final boolean AVERAGE = Boolean.getBoolean("reprise.front.average");

    private final int maxOrder;
    /** Per order 2..maxOrder: an open-addressed table of context keys and their 256-model rows. */
    private final long[][] keys;
    private final int[][][] rows;
    /**
     * The order-1 rows, reused by the thread's next model (a row is cleared when a model first uses
     * it), so that order 1 is measured as a pooled decoder would run it, without allocation.
     */
    private static final ThreadLocal<int[][]> ORDER1 = ThreadLocal.withInitial(
            () -> new int[BytePredictor.STREAMS * 256][256]);
    private static final ThreadLocal<int[]> ORDER1_CLEARED = ThreadLocal.withInitial(
            () -> new int[BytePredictor.STREAMS * 256]);
    private static final ThreadLocal<int[]> EPOCH = ThreadLocal.withInitial(() -> new int[1]);

    private final int[][] order1 = ORDER1.get();
    private final int[] order1Cleared = ORDER1_CLEARED.get();
    private final int epoch = ++EPOCH.get()[0];
    private final int[][] current;
    private int stream;
    private int b1;
    private int b2;
    private int b3;

    /** @param maxOrder 1..3; {@code size} the bytes to code, which sizes the tables */
    FallbackModel(int maxOrder, int size) {
        this.maxOrder = maxOrder;
        int slots = Integer.highestOneBit(Math.max(64, size * 2)) * 2;
        keys = new long[maxOrder + 1][];
        rows = new int[maxOrder + 1][][];
        for (int k = 2; k <= maxOrder; k++) {
            keys[k] = new long[slots];
            rows[k] = new int[slots][];
        }
        current = new int[maxOrder + 1][];
        stream(BytePredictor.HEAD);
    }

    void stream(int s) {
        stream = s;
        b1 = 0;
        b2 = 0;
        b3 = 0;
        rows();
    }

    private void rows() {
        int index = stream << 8 | b1;
        int[] row = order1[index];
        if (order1Cleared[index] != epoch) {
            java.util.Arrays.fill(row, 0);
            order1Cleared[index] = epoch;
        }
        current[1] = row;
        for (int k = 2; k <= maxOrder; k++) {
            long key = (long) (stream + 1) << 40 | (long) (k == 3 ? b3 : 0x1FF) << 16 | b2 << 8 | b1;
            long[] ks = keys[k];
            int mask = ks.length - 1;
            int h = (int) (key * 0x9E3779B97F4A7C15L >>> 40) & mask;
            while (ks[h] != 0 && ks[h] != key) {
                h = h + 1 & mask;
            }
            if (ks[h] == 0) {
                ks[h] = key;
                rows[k][h] = new int[256];
            }
            current[k] = rows[k][h];
        }
    }

    private void seen(int value) {
        b3 = b2;
        b2 = b1;
        b1 = value;
        rows();
    }

    /** The probability of a 1 at {@code node}: from the highest order that has seen enough (or their average). */
    private int p(int node) {
        if (AVERAGE) {
            int sum = 0;
            int n = 0;
            for (int k = maxOrder; k > 1; k--) {
                int model = current[k][node];
                if ((model & 0xFFFF) >= MIN_SEEN) {
                    sum += RangeCoder.p1(model);
                    n++;
                }
            }
            return n == 0 ? RangeCoder.p1(current[1][node]) : (sum + RangeCoder.p1(current[1][node])) / (n + 1);
        }
        for (int k = maxOrder; k > 1; k--) {
            int model = current[k][node];
            if ((model & 0xFFFF) >= MIN_SEEN) {
                return RangeCoder.p1(model);
            }
        }
        return RangeCoder.p1(current[1][node]);
    }

    private void update(int node, int bit) {
        for (int k = 1; k <= maxOrder; k++) {
            current[k][node] = RangeCoder.update(current[k][node], bit);
        }
    }

    void encode(RangeCoder.Encoder encoder, int value) {
        int node = 1;
        for (int i = 7; i >= 0; i--) {
            int bit = value >>> i & 1;
            encoder.encode(p(node), bit);
            update(node, bit);
            node = node << 1 | bit;
        }
        seen(value);
    }

    int decode(RangeCoder.Decoder decoder) {
        int node = 1;
        while (node < 256) {
            int bit = decoder.decode(p(node));
            update(node, bit);
            node = node << 1 | bit;
        }
        int value = node & 0xFF;
        seen(value);
        return value;
    }

    /** Codes a whole transform: head, then each stream. */
    static byte[] encode(ColumnCodec.Encoded encoded, int maxOrder) {
        byte[] bytes = encoded.bytes();
        ByteOutput out = new ByteOutput(bytes.length / 3 + 16);
        RangeCoder.Encoder encoder = new RangeCoder.Encoder(out);
        FallbackModel model = new FallbackModel(maxOrder, bytes.length);
        int[] ends = encoded.boundaries();
        for (int i = 0; i < encoded.headLength(); i++) {
            model.encode(encoder, bytes[i] & 0xFF);
        }
        for (int s = 0; s < FileLayout.STREAM_COUNT; s++) {
            model.stream(s);
            for (int i = s == 0 ? encoded.headLength() : ends[s]; i < ends[s + 1]; i++) {
                model.encode(encoder, bytes[i] & 0xFF);
            }
        }
        encoder.finish();
        return out.toByteArray();
    }

    /** Decodes what {@link #encode} coded, given the transform's boundaries (a format would parse its head). */
    static byte[] decode(byte[] coded, int length, int headLength, int[] ends, int maxOrder) {
        byte[] out = new byte[length];
        RangeCoder.Decoder decoder = new RangeCoder.Decoder(coded, 0, coded.length, 0);
        FallbackModel model = new FallbackModel(maxOrder, length);
        int at = 0;
        for (; at < headLength; at++) {
            out[at] = (byte) model.decode(decoder);
        }
        for (int s = 0; s < FileLayout.STREAM_COUNT; s++) {
            model.stream(s);
            for (; at < ends[s + 1]; at++) {
                out[at] = (byte) model.decode(decoder);
            }
        }
        return out;
    }
}
