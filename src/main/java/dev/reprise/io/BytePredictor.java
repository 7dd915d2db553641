package dev.reprise.io;

/**
 * Predicts the bits of the column transform's bytes, one at a time, for {@link ModeledBody}: a
 * logistic mix (in the style of lpaq) of five adaptive models — order 0 to 3 contexts of the
 * current stream's previous bytes, and a match model that follows the last occurrence of the
 * previous {@link #MATCH_MIN} bytes and predicts the byte that came after it. Walks repeat
 * (back and forth between floors, the same path to a shop), and the match model finds those
 * repeats; the order contexts learn the turn and run statistics. The mixer's weights are chosen by
 * stream and match length.
 *
 * <p>Encoder and decoder run the same predictor on the same bytes, so they agree bit for bit; all
 * arithmetic is integer or {@code float} (strict IEEE in Java 17), so the output is the same on
 * every platform. Tables are sized from the transformed length, which both sides know. Not
 * thread-safe.
 */
final class BytePredictor {

    /** Inputs to the mixer: four order contexts, the match model, and a bias. */
    private static final int INPUTS = 6;
    /** Streams the predictor distinguishes: the transform's six and its head. */
    static final int STREAMS = FileLayout.STREAM_COUNT + 1;
    /** The head's stream number. */
    static final int HEAD = FileLayout.STREAM_COUNT;
    /** Bytes that must repeat before the match model follows a match. */
    static final int MATCH_MIN = 4;
    private static final int MATCH_BUCKETS = 4;

    private static final int[] SQUASH = new int[4096];
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

    static float LR = 0.02f;
    static float LR0 = 0.3f;

    private final byte[] history;
    private int length;
    private final int mask;
    private final int[] order0 = new int[STREAMS * 256];
    private final int[] order1;
    private final int[] order2;
    private final int[] order3;
    private final int[] matchModels = new int[64 * 2];
    private final int[] matchTable;
    private final int matchMask;
    private final float[] weights = new float[STREAMS * MATCH_BUCKETS * INPUTS];
    private final float[] inputs = new float[INPUTS];
    private final int[] counts = new int[STREAMS * MATCH_BUCKETS];

    private int stream;
    private int c0 = 1;
    private int bits;
    private int b1;
    private int b2;
    private int b3;
    private int h1;
    private int h2;
    private int h3;
    private int i0;
    private int i1;
    private int i2;
    private int i3;
    private int im;
    private int matchPointer;
    private int matchLength;
    private int set;
    private int pr;

    /**
     * @param history receives each coded byte in turn (the match model reads it back); its length is
     *                the number of bytes that will be coded, which sizes the tables
     */
    BytePredictor(byte[] history) {
        this.history = history;
        int length = history.length;
        int tableBits = Math.max(12, Math.min(20, 32 - Integer.numberOfLeadingZeros(Math.max(1, length)) + 6));
        mask = (1 << tableBits) - 1;
        order1 = new int[1 << tableBits];
        order2 = new int[1 << tableBits];
        order3 = new int[1 << tableBits];
        int matchBits = Math.max(8, Math.min(22, 32 - Integer.numberOfLeadingZeros(Math.max(1, length))));
        matchTable = new int[1 << matchBits];
        matchMask = matchTable.length - 1;
        for (int s = 0; s < STREAMS * MATCH_BUCKETS; s++) {
            for (int k = 0; k < INPUTS - 1; k++) {
                weights[s * INPUTS + k] = 0.3f;
            }
        }
        stream(HEAD);
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
        h1 = hash(s * 0x2F0B3 + b1) & mask & ~0xFF;
        h2 = hash(s * 0x4A6C1 + (b2 << 8 | b1) * 0x3D4D51CB) & mask & ~0xFF;
        h3 = hash(s * 0x7E913 + (b3 << 16 | b2 << 8 | b1) * 0x2C1B3C6D) & mask & ~0xFF;
        int bucket = matchLength == 0 ? 0 : matchLength < 16 ? 1 : matchLength < 32 ? 2 : 3;
        set = stream * MATCH_BUCKETS + bucket;
    }

    private static int hash(int x) {
        x *= 0x9E3779B1;
        return x ^ x >>> 15;
    }

    /** The probability (32..65504, in 1/65536) that the next bit is 1. */
    int p() {
        i0 = stream << 8 | c0;
        i1 = h1 | c0;
        i2 = h2 | c0;
        i3 = h3 | c0;
        float[] x = inputs;
        x[0] = stretch(order0[i0]);
        x[1] = stretch(order1[i1]);
        x[2] = stretch(order2[i2]);
        x[3] = stretch(order3[i3]);
        im = -1;
        x[4] = 0;
        if (matchLength > 0) {
            int predicted = (history[matchPointer] & 0xFF) | 0x100;
            if (predicted >>> 8 - bits == c0) {
                int expected = predicted >>> 7 - bits & 1;
                im = Math.min(matchLength, 63) << 1 | expected;
                x[4] = stretch(matchModels[im]);
            }
        }
        x[5] = 0.25f;
        int w = set * INPUTS;
        float dot = 0;
        for (int k = 0; k < INPUTS; k++) {
            dot += weights[w + k] * x[k];
        }
        int d = Math.round(dot * 256);
        pr = SQUASH[Math.max(-2047, Math.min(2047, d)) + 2048];
        return Math.max(32, Math.min(65504, pr << 4));
    }

    private static float stretch(int model) {
        return STRETCH[RangeCoder.p1(model) >>> 4] * (1 / 256f);
    }

    /** Learns from the bit that was coded after the last {@link #p()}. */
    void update(int bit) {
        float err = bit - pr * (1 / 4096f);
        int n = counts[set];
        float rate = Math.max(LR, LR0 / (1 + n * 0.05f));
        if (n < 1 << 20) {
            counts[set] = n + 1;
        }
        int w = set * INPUTS;
        for (int k = 0; k < INPUTS; k++) {
            weights[w + k] += rate * err * inputs[k];
        }
        order0[i0] = RangeCoder.update(order0[i0], bit);
        order1[i1] = RangeCoder.update(order1[i1], bit);
        order2[i2] = RangeCoder.update(order2[i2], bit);
        order3[i3] = RangeCoder.update(order3[i3], bit);
        if (im >= 0) {
            matchModels[im] = RangeCoder.update(matchModels[im], bit);
        }
        c0 = c0 << 1 | bit;
        if (++bits == 8) {
            byteDone(c0 & 0xFF);
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
            int h = hash((history[length - 1] & 0xFF) << 24 | (history[length - 2] & 0xFF) << 16
                    | (history[length - 3] & 0xFF) << 8 | history[length - 4] & 0xFF) & matchMask;
            if (matchLength == 0) {
                int candidate = matchTable[h];
                if (candidate > 0) {
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
            matchTable[h] = length;
        }
        contexts();
    }
}
