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
 * Predicts the bits of the column transform's bytes, one at a time, for {@link ModeledBody}: two
 * logistic mixes (in the style of lpaq) of six adaptive models, averaged, then refined by an
 * adaptive probability map. The models: order-0 to order-3 contexts of the current stream's previous bytes; a sparse
 * context of the high nibbles of the previous three bytes (for TOKENS: the last three turns,
 * whatever their run lengths); and a match model that follows the last occurrence of the previous
 * {@link #MATCH_MIN} bytes and predicts the byte that came after it. Walks repeat (back and forth
 * between floors, the same path to a shop), and the match model finds those repeats; the order
 * contexts learn the turn and run statistics. One mixer's weights are chosen by stream and match
 * length, the other's by stream and the bits of the byte seen so far; the map's context is the
 * latter too.
 *
 * <p>The order and sparse contexts live in hashed tables of adaptive bit models, a row of 16 per
 * context and nibble (the high nibble's row is picked by the context, the low nibble's by the
 * context and the high nibble), sized at 32 models per transformed byte, at most 2^20 each. Their
 * pages are allocated when first used ({@link PagedTable}): what a decode allocates follows the
 * contexts it meets, so a repetitive transform or a corrupt body that fails early costs little.
 *
 * <p>Encoder and decoder run the same predictor on the same bytes, so they agree bit for bit; all
 * arithmetic is integer or {@code float} (strict IEEE in Java 17), and the tables are built with
 * {@link StrictMath}, so the output is the same on every platform. Table sizes follow the
 * transform's length, which both sides know.
 *
 * <p>A predictor is reused from one coding to the next ({@link #borrow}, {@link #release()}): a
 * fresh one allocated about 300 KB of mixer weights and probability maps and copied their initial
 * values on every read, longer than decoding a short route took. A reused one starts in the same
 * state without copying: a context's weights and map points are set to their initial values when
 * the coding first meets the context, a hashed table's page is cleared when first used, and the
 * match table's entries of earlier codings are told apart by an offset ({@link #base}). Idle
 * predictors are held by a {@link SoftPool}. Not thread-safe (the pool is).
 */
final class BytePredictor {

    /** Streams the predictor distinguishes: the transform's six and its head. */
    static final int STREAMS = FileLayout.STREAM_COUNT + 1;
    /** The head's stream number. */
    static final int HEAD = FileLayout.STREAM_COUNT;
    /** Bytes that must repeat before the match model follows a match. */
    static final int MATCH_MIN = 4;

    /** Mixer inputs: orders 0-3, the sparse context, the match model, a bias. */
    private static final int INPUTS = 7;
    private static final int MATCH_BUCKETS = 4;
    private static final int SETS = STREAMS * MATCH_BUCKETS;
    /** The mixer learns fast at first (rate {@link #FIRST_RATE}) and settles at {@link #RATE}. */
    private static final float FIRST_RATE = 0.2f;
    private static final float RATE = 0.005f;
    private static final float INITIAL_WEIGHT = 0.3f;
    private static final float BIAS = 0.25f;
    /** Interpolation points of the probability map, over stretch(p) in -2047..2047. */
    private static final int MAP_POINTS = 33;
    private static final int MAP_SHIFT = 6;

    /** squash(x) = 4096 / (1 + e^(-x/256)) for x in -2047..2047 (index x + 2048), in 1..4095. */
    private static final int[] SQUASH = new int[4096];
    /** The inverse of {@link #SQUASH}: p (0..4095) to x (-2047..2047). */
    private static final int[] STRETCH = new int[4096];

    static {
        for (int i = 0; i < 4096; i++) {
            int p = (int) Math.round(4096 / (1 + StrictMath.exp(-(i - 2048) / 256.0)));
            SQUASH[i] = Math.max(1, Math.min(4095, p));
        }
        int at = 0;
        for (int x = -2047; x <= 2047; x++) {
            int p = SQUASH[x + 2048];
            for (; at <= p; at++) {
                STRETCH[at] = x;
            }
        }
        for (; at < 4096; at++) {
            STRETCH[at] = 2047;
        }
    }

    private static final float[] INITIAL_WEIGHTS = new float[SETS * INPUTS];
    private static final float[] INITIAL_WEIGHTS2 = new float[STREAMS * 256 * INPUTS];
    private static final int[] INITIAL_MAP = new int[STREAMS * 256 * MAP_POINTS];

    static {
        for (int s = 0; s < SETS; s++) {
            for (int k = 0; k < INPUTS - 1; k++) {
                INITIAL_WEIGHTS[s * INPUTS + k] = INITIAL_WEIGHT;
            }
        }
        for (int c = 0; c < STREAMS * 256; c++) {
            for (int k = 0; k < INPUTS - 1; k++) {
                INITIAL_WEIGHTS2[c * INPUTS + k] = INITIAL_WEIGHT;
            }
            for (int j = 0; j < MAP_POINTS; j++) {
                INITIAL_MAP[c * MAP_POINTS + j] = SQUASH[Math.max(0, Math.min(4095, (j - 16) * 128 + 2048))] * 16;
            }
        }
    }

    private static final SoftPool<BytePredictor> POOL = new SoftPool<>(BytePredictor::new);

    /** What a predictor out of use holds in place of a history, and its pages before the first {@link #reset}. */
    private static final byte[] NO_HISTORY = new byte[0];
    private static final int[] NO_PAGE = new int[0];

    private byte[] history = NO_HISTORY;
    private int length;
    private int mask;
    private final int[] order0 = new int[STREAMS * 256];
    private final PagedTable order1;
    private final PagedTable order2;
    private final PagedTable order3;
    private final PagedTable sparse;
    /** The pages holding the current nibble's rows of the four hashed tables. */
    private int[] page1 = NO_PAGE;
    private int[] page2 = NO_PAGE;
    private int[] page3 = NO_PAGE;
    private int[] pageS = NO_PAGE;
    private final int[] matchModels = new int[64 * 2];
    private int[] matchTable = new int[0];
    private int matchMask;
    /**
     * What the match table's entries of this coding are offset by: each coding starts above every
     * entry of the earlier ones, so an entry at or below it is empty.
     */
    private int base;
    private final float[] weights = new float[SETS * INPUTS];
    /** The second mixer: weights by stream and partial byte. */
    private final float[] weights2 = new float[STREAMS * 256 * INPUTS];
    private final int[] updates2 = new int[STREAMS * 256];
    private int set2;
    private int mixed1;
    private int mixed2;
    private final int[] updates = new int[SETS];
    private final float[] inputs = new float[INPUTS];
    private final int[] map = new int[STREAMS * 256 * MAP_POINTS];
    /** The coding that last set each second-mixer context (weights, count and map points) to its start. */
    private final int[] contextEpoch = new int[STREAMS * 256];
    private int epoch;

    private int stream;
    private int c0 = 1;
    private int bits;
    private int b1;
    private int b2;
    private int b3;
    private int h1;
    private int h2;
    private int h3;
    private int hs;
    /** Full hashes of the byte contexts; the slot rows h1.. are rehashed with each nibble. */
    private int k1;
    private int k2;
    private int k3;
    private int ks;
    /** The bits of the current nibble seen so far, after a leading 1. */
    private int nibble = 1;
    private int i0;
    private int i1;
    private int i2;
    private int i3;
    private int is;
    private int im;
    private int iMap;
    private int matchPointer;
    private int matchLength;
    private int set;
    private int mixed;

    /**
     * @param history receives each coded byte in turn (the match model reads it back); its length is
     *                the number of bytes that will be coded, which sizes the tables
     */
    BytePredictor(byte[] history) {
        this();
        reset(history);
    }

    /** A predictor to {@link #reset(byte[])} before use. */
    private BytePredictor() {
        order1 = new PagedTable();
        order2 = new PagedTable();
        order3 = new PagedTable();
        sparse = new PagedTable();
    }

    /**
     * A predictor in its initial state for coding {@code history.length} bytes: an idle one of the
     * pool if any, else a new one. Give it back with {@link #release()}. Thread-safe.
     *
     * @param history receives each coded byte in turn; its length is the number of bytes to code
     */
    static BytePredictor borrow(byte[] history) {
        BytePredictor predictor = POOL.borrow();
        predictor.reset(history);
        return predictor;
    }

    /** Gives this predictor back to the pool; it must not be used after. */
    void release() {
        history = NO_HISTORY;
        POOL.release(this);
    }

    /** Puts the predictor in its initial state for coding {@code history.length} bytes into {@code history}. */
    private void reset(byte[] history) {
        this.history = history;
        // Every entry of the codings so far is at most base + length.
        base += length;
        length = 0;
        int size = history.length;
        int tableBits = tableBits(size);
        mask = (1 << tableBits) - 1;
        order1.reset(tableBits);
        order2.reset(tableBits);
        order3.reset(tableBits);
        sparse.reset(tableBits);
        int matchSize = 1 << matchBits(size);
        if (matchTable.length < matchSize || base > Integer.MAX_VALUE - size - 1) {
            matchTable = new int[Math.max(matchSize, matchTable.length)];
            base = 0;
        }
        matchMask = matchSize - 1;
        if (++epoch == 0) {
            java.util.Arrays.fill(contextEpoch, 0);
            epoch = 1;
        }
        java.util.Arrays.fill(order0, 0);
        java.util.Arrays.fill(matchModels, 0);
        java.util.Arrays.fill(updates, 0);
        System.arraycopy(INITIAL_WEIGHTS, 0, weights, 0, weights.length);
        c0 = 1;
        bits = 0;
        nibble = 1;
        matchPointer = 0;
        matchLength = 0;
        stream(HEAD);
    }

    /** Sets the second mixer's weights, count and map points of {@code context} to their initial values. */
    private void startContext(int context) {
        contextEpoch[context] = epoch;
        System.arraycopy(INITIAL_WEIGHTS2, context * INPUTS, weights2, context * INPUTS, INPUTS);
        System.arraycopy(INITIAL_MAP, context * MAP_POINTS, map, context * MAP_POINTS, MAP_POINTS);
        updates2[context] = 0;
    }

    /** Log2 of each hashed table's size for {@code size} coded bytes: part of the format. */
    private static int tableBits(int size) {
        return Math.max(12, Math.min(20, 32 - Integer.numberOfLeadingZeros(Math.max(1, size)) + 5));
    }

    /** Log2 of the match table's size for {@code size} coded bytes: part of the format. */
    private static int matchBits(int size) {
        return Math.max(8, Math.min(22, 32 - Integer.numberOfLeadingZeros(Math.max(1, size))));
    }

    /** The heap a predictor for {@code size} coded bytes allocates, in bytes (the history excluded). */
    static long tableBytes(int size) {
        long fixed = 4L * (STREAMS * 256 + 64 * 2 + SETS * INPUTS + STREAMS * 256 * INPUTS + STREAMS * 256 + SETS
                + STREAMS * 256 * MAP_POINTS);
        return fixed + 4L * (4L << tableBits(size)) + 4L * (1L << matchBits(size));
    }

    /** Starts a stream: the order contexts see only the stream's own bytes. */
    void stream(int s) {
        stream = s;
        b1 = 0;
        b2 = 0;
        b3 = 0;
        contexts();
    }

    private void contexts() {
        int s = stream + 1;
        k1 = hash(s * 0x2F0B3 + b1);
        k2 = hash(s * 0x4A6C1 + (b2 << 8 | b1) * 0x3D4D51CB);
        k3 = hash(s * 0x7E913 + (b3 << 16 | b2 << 8 | b1) * 0x2C1B3C6D);
        ks = hash(s * 0x1234567 + ((b1 >> 4) << 8 | (b2 >> 4) << 4 | b3 >> 4) * 0x2C1B3C6D);
        rows();
        int bucket = matchLength == 0 ? 0 : matchLength < 16 ? 1 : matchLength < 32 ? 2 : 3;
        set = stream * MATCH_BUCKETS + bucket;
    }

    /** Picks the 16-slot rows of the current nibble: one per context and nibble, not per byte. */
    private void rows() {
        int rows = mask & ~0xF;
        int partial = c0 * 0x5BD1E995;
        h1 = hash(k1 + partial) & rows;
        h2 = hash(k2 + partial) & rows;
        h3 = hash(k3 + partial) & rows;
        hs = hash(ks + partial) & rows;
        // A row (16 models) never crosses a page: the page is fixed for the whole nibble.
        page1 = order1.page(h1);
        page2 = order2.page(h2);
        page3 = order3.page(h3);
        pageS = sparse.page(hs);
        h1 &= PagedTable.PAGE_MASK;
        h2 &= PagedTable.PAGE_MASK;
        h3 &= PagedTable.PAGE_MASK;
        hs &= PagedTable.PAGE_MASK;
    }

    private static int hash(int x) {
        x *= 0x9E3779B1;
        return x ^ x >>> 15;
    }

    /** The probability (32..65504, in 1/65536) that the next bit is 1. */
    int p() {
        i0 = stream << 8 | c0;
        i1 = h1 | nibble;
        i2 = h2 | nibble;
        i3 = h3 | nibble;
        is = hs | nibble;
        float[] x = inputs;
        x[0] = stretch(order0[i0]);
        x[1] = stretch(page1[i1]);
        x[2] = stretch(page2[i2]);
        x[3] = stretch(page3[i3]);
        x[4] = stretch(pageS[is]);
        im = -1;
        x[5] = 0;
        if (matchLength > 0) {
            int predicted = history[matchPointer] & 0xFF | 0x100;
            if (predicted >>> 8 - bits == c0) {
                int expected = predicted >>> 7 - bits & 1;
                im = Math.min(matchLength, 63) << 1 | expected;
                x[5] = stretch(matchModels[im]);
            }
        }
        x[6] = BIAS;
        int w = set * INPUTS;
        float dot = 0;
        for (int k = 0; k < INPUTS; k++) {
            dot += weights[w + k] * x[k];
        }
        set2 = stream << 8 | c0;
        if (contextEpoch[set2] != epoch) {
            startContext(set2);
        }
        int w2 = set2 * INPUTS;
        float dot2 = 0;
        for (int k = 0; k < INPUTS; k++) {
            dot2 += weights2[w2 + k] * x[k];
        }
        int d1 = Math.max(-2047, Math.min(2047, Math.round(dot * 256)));
        int d2 = Math.max(-2047, Math.min(2047, Math.round(dot2 * 256)));
        mixed1 = SQUASH[d1 + 2048];
        mixed2 = SQUASH[d2 + 2048];
        mixed = SQUASH[(d1 + d2 >> 1) + 2048];
        int refined = (mixed + 3 * mapped(stream << 8 | c0, mixed)) >> 2;
        return Math.max(32, Math.min(65504, refined << 4));
    }

    /** The probability map: interpolates between the two points around stretch(p) in this context. */
    private int mapped(int context, int p) {
        int s = STRETCH[p] + 2048;
        int low = s >> 7;
        int weight = s & 127;
        int at = context * MAP_POINTS + low;
        iMap = at + (weight >> 6);
        return (map[at] * (128 - weight) + map[at + 1] * weight) >> 11;
    }

    private static float stretch(int model) {
        return STRETCH[RangeCoder.p1(model) >>> 4] * (1 / 256f);
    }

    /** Learns from the bit that was coded after the last {@link #p()}. */
    void update(int bit) {
        train(weights, updates, set, bit - mixed1 * (1 / 4096f));
        train(weights2, updates2, set2, bit - mixed2 * (1 / 4096f));
        int target = (bit << 16) + (bit << MAP_SHIFT) - bit - bit;
        map[iMap] += (target - map[iMap]) >> MAP_SHIFT;
        order0[i0] = RangeCoder.update(order0[i0], bit);
        page1[i1] = RangeCoder.update(page1[i1], bit);
        page2[i2] = RangeCoder.update(page2[i2], bit);
        page3[i3] = RangeCoder.update(page3[i3], bit);
        pageS[is] = RangeCoder.update(pageS[is], bit);
        if (im >= 0) {
            matchModels[im] = RangeCoder.update(matchModels[im], bit);
        }
        c0 = c0 << 1 | bit;
        nibble = nibble << 1 | bit;
        if (++bits == 8) {
            nibble = 1;
            byteDone(c0 & 0xFF);
        } else if (bits == 4) {
            nibble = 1;
            rows();
        }
    }

    private void train(float[] weights, int[] updates, int set, float error) {
        int n = updates[set];
        float rate = Math.max(RATE, FIRST_RATE / (1 + n * 0.05f));
        if (n < 1 << 20) {
            updates[set] = n + 1;
        }
        int w = set * INPUTS;
        for (int k = 0; k < INPUTS; k++) {
            weights[w + k] += rate * error * inputs[k];
        }
    }

    private void byteDone(int value) {
        history[length++] = (byte) value;
        c0 = 1;
        bits = 0;
        b3 = b2;
        b2 = b1;
        b1 = value;
        if (matchLength > 0 && (history[matchPointer] & 0xFF) == value && matchPointer + 1 < length) {
            matchLength++;
            matchPointer++;
        } else {
            matchLength = 0;
        }
        if (length >= MATCH_MIN) {
            int key = 0;
            for (int q = 1; q <= MATCH_MIN; q++) {
                key = (key + (history[length - q] & 0xFF) + 1) * 0x2F0B3;
            }
            int h = hash(key) & matchMask;
            if (matchLength == 0) {
                int candidate = matchTable[h] - base;
                if (candidate > 0) {
                    // Verify (hashes collide) and measure the match backwards, up to 32 bytes.
                    int n = 0;
                    while (n < 32 && candidate - n > 0 && history[candidate - n - 1] == history[length - n - 1]) {
                        n++;
                    }
                    if (n >= MATCH_MIN) {
                        matchLength = n;
                        matchPointer = candidate;
                    }
                }
            }
            matchTable[h] = base + length;
        }
        contexts();
    }
}
