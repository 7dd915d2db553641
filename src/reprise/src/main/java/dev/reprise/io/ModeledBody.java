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

import static dev.reprise.io.FileLayout.*;

import dev.reprise.route.ReplayFormatException;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The modelled entropy stage of a compressed body (flags 11, see {@link FileLayout}): the column
 * transform's bytes, range-coded ({@link RangeCoder}) bit by bit, high bit first, with the
 * probabilities of a context model. Transforms up to {@link #MIXED_MAX} bytes (every real route, by
 * far) use the context-mixing {@link BytePredictor}; longer ones the ten times faster
 * {@link OrderOneModel}, so that a 1,000,000-step route still reads at tens of MB/s. The choice
 * depends only on the transform's length, which the header declares, so the decoder makes the same.
 *
 * <p>The coded body has no framing of its own: the decoder parses the head of the transform (code
 * table and stream lengths) as it decodes it, then decodes exactly the declared number of bytes, so
 * its work and memory are bounded by the declared inflated length whatever the body holds.
 */
final class ModeledBody {

    /** The longest transform coded with the context-mixing model. */
    static final int MIXED_MAX = 256 * 1024;

    private ModeledBody() {
    }

    /** The heap the model for a transform of {@code inflatedLength} bytes allocates, in bytes. */
    static long tableBytes(int inflatedLength) {
        return inflatedLength <= MIXED_MAX ? BytePredictor.tableBytes(inflatedLength) : OrderOneModel.MAX_BYTES;
    }

    /** One of the two models, as the transform's length decides; closing it gives a pooled model back. */
    private static final class ByteCoder implements AutoCloseable {

        private final @Nullable BytePredictor mixed;
        /** Null exactly when {@link #mixed} is not: one of the two codes. */
        private final @Nullable OrderOneModel fast;

        /** @param history receives the coded bytes (the mixing model's match model reads them back) */
        ByteCoder(byte[] history) {
            mixed = history.length <= MIXED_MAX ? BytePredictor.borrow(history) : null;
            fast = mixed == null ? new OrderOneModel() : null;
        }

        @Override
        public void close() {
            if (mixed != null) {
                mixed.release();
            }
        }

        /** The order-one model, when the mixing one is not used. */
        private OrderOneModel fast() {
            return Objects.requireNonNull(fast, "the order-one model codes when the mixing one does not");
        }

        void stream(int s) {
            if (mixed != null) {
                mixed.stream(s);
            } else {
                fast().stream(s);
            }
        }

        void encode(RangeCoder.Encoder encoder, int value) {
            if (mixed == null) {
                OrderOneModel model = fast();
                encoder.byte8(model.row(), value);
                model.seen(value);
                return;
            }
            for (int i = 7; i >= 0; i--) {
                int bit = value >>> i & 1;
                encoder.encode(mixed.p(), bit);
                mixed.update(bit);
            }
        }

        int decode(RangeCoder.Decoder decoder) {
            if (mixed == null) {
                OrderOneModel model = fast();
                int value = decoder.byte8(model.row());
                model.seen(value);
                return value;
            }
            int value = 0;
            for (int i = 0; i < 8; i++) {
                int bit = decoder.decode(mixed.p());
                mixed.update(bit);
                value = value << 1 | bit;
            }
            return value;
        }
    }

    /** Codes a column transform. The output is a function of the transform alone. */
    static ByteOutput encode(ColumnCodec.Encoded encoded) {
        byte[] bytes = encoded.bytes();
        ByteOutput out = new ByteOutput(bytes.length / 3 + 16);
        RangeCoder.Encoder encoder = new RangeCoder.Encoder(out);
        try (ByteCoder coder = new ByteCoder(new byte[bytes.length])) {
            int[] ends = encoded.boundaries();
            for (int i = 0; i < encoded.headLength(); i++) {
                coder.encode(encoder, bytes[i] & 0xFF);
            }
            for (int s = 0; s < STREAM_COUNT; s++) {
                coder.stream(s);
                for (int i = s == 0 ? encoded.headLength() : ends[s]; i < ends[s + 1]; i++) {
                    coder.encode(encoder, bytes[i] & 0xFF);
                }
            }
        }
        encoder.finish();
        return out;
    }

    /** Decodes as {@link #decode(byte[], int, int, int, long, long)} with any code table of a route. */
    static byte[] decode(byte[] input, int from, int length, int inflatedLength, long fileOffset) {
        return decode(input, from, length, inflatedLength, fileOffset, 0x10000 - 4);
    }

    /**
     * Decodes {@code input[from .. from + length)} into exactly {@code inflatedLength} transform bytes
     * (already checked against the caps and {@link FileLayout#MAX_MODELED_RATIO}).
     *
     * @param fileOffset  file offset of {@code input[from]}, for messages
     * @param maxDistinct the most codes the head's code table may list (the route's step count and
     *                    command width bound it): a corrupt head is refused after its first bytes,
     *                    before the model has met many contexts
     * @throws ReplayFormatException if the head is malformed, its stream lengths do not add up to the
     *                               declared length, or the code does not end where the body ends
     */
    static byte[] decode(byte[] input, int from, int length, int inflatedLength, long fileOffset, long maxDistinct) {
        byte[] out = new byte[inflatedLength];
        RangeCoder.Decoder decoder = new RangeCoder.Decoder(input, from, length, fileOffset);
        try (ByteCoder coder = new ByteCoder(out)) {
            decode(decoder, coder, out, maxDistinct);
        }
        decoder.finish("Modelled body");
        return out;
    }

    private static void decode(RangeCoder.Decoder decoder, ByteCoder coder, byte[] out, long maxDistinct) {
        int inflatedLength = out.length;
        int[] at = {0};
        long distinct = headVarint(decoder, coder, out, at);
        if (distinct > maxDistinct) {
            throw error("the code table lists " + distinct + " codes, more than the route can use ("
                    + maxDistinct + ")", decoder);
        }
        for (long d = 0; d < distinct; d++) {
            if (headVarint(decoder, coder, out, at) > 0xFFFF) {
                throw error("code " + d + " of the code table is above 65535", decoder);
            }
        }
        long[] lengths = new long[STREAM_COUNT];
        long total = 0;
        for (int s = 0; s < STREAM_COUNT; s++) {
            lengths[s] = headVarint(decoder, coder, out, at);
            total += lengths[s];
            if (total > inflatedLength - at[0]) {
                throw error("the stream lengths pass the declared transform length " + inflatedLength, decoder);
            }
        }
        if (total != inflatedLength - at[0]) {
            throw error("the stream lengths add up to " + total + " bytes, but the declared transform length "
                    + "leaves " + (inflatedLength - at[0]), decoder);
        }
        int position = at[0];
        for (int s = 0; s < STREAM_COUNT; s++) {
            coder.stream(s);
            for (long i = 0; i < lengths[s]; i++) {
                out[position++] = (byte) coder.decode(decoder);
            }
        }
    }

    /** Decodes a varint of the head into {@code out[at[0]..]} and returns its value (up to 35 bits). */
    private static long headVarint(RangeCoder.Decoder decoder, ByteCoder coder, byte[] out, int[] at) {
        long value = 0;
        for (int i = 0; i < MAX_VARINT_BYTES; i++) {
            if (at[0] >= out.length) {
                throw error("the head of the transform passes the declared transform length " + out.length, decoder);
            }
            int b = coder.decode(decoder);
            out[at[0]++] = (byte) b;
            value |= (long) (b & 0x7F) << 7 * i;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw error("a varint in the head of the transform is longer than " + MAX_VARINT_BYTES + " bytes", decoder);
    }

    private static ReplayFormatException error(String message, RangeCoder.Decoder decoder) {
        return new ReplayFormatException("Corrupt modelled body: " + message + " (file byte " + decoder.offset() + ")",
                -1, decoder.offset());
    }
}
