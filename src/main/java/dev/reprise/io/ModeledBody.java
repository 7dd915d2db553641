package dev.reprise.io;

import static dev.reprise.io.FileLayout.*;

import dev.reprise.route.ReplayFormatException;

/** Context-modelled coding of the column transform's bytes with {@link RangeCoder}. */
final class ModeledBody {

    private ModeledBody() {
    }

    static ByteOutput encode(ColumnCodec.Encoded encoded) {
        byte[] bytes = encoded.bytes();
        ByteOutput out = new ByteOutput(bytes.length / 4 + 16);
        RangeCoder.Encoder encoder = new RangeCoder.Encoder(out);
        BytePredictor predictor = new BytePredictor(new byte[bytes.length]);
        int[] ends = encoded.boundaries();
        for (int i = 0; i < encoded.headLength(); i++) {
            encodeByte(encoder, predictor, bytes[i] & 0xFF);
        }
        for (int s = 0; s < STREAM_COUNT; s++) {
            predictor.stream(s);
            for (int i = s == 0 ? encoded.headLength() : ends[s]; i < ends[s + 1]; i++) {
                encodeByte(encoder, predictor, bytes[i] & 0xFF);
            }
        }
        encoder.finish();
        return out;
    }

    private static void encodeByte(RangeCoder.Encoder encoder, BytePredictor predictor, int value) {
        for (int i = 7; i >= 0; i--) {
            int bit = value >>> i & 1;
            encoder.encode(predictor.p(), bit);
            predictor.update(bit);
        }
    }

    private static int decodeByte(RangeCoder.Decoder decoder, BytePredictor predictor) {
        int value = 0;
        for (int i = 0; i < 8; i++) {
            int bit = decoder.decode(predictor.p());
            predictor.update(bit);
            value = value << 1 | bit;
        }
        return value;
    }

    static byte[] decode(byte[] input, int from, int length, int inflatedLength, long fileOffset) {
        byte[] out = new byte[inflatedLength];
        RangeCoder.Decoder decoder = new RangeCoder.Decoder(input, from, length, fileOffset);
        BytePredictor predictor = new BytePredictor(out);
        int[] at = {0};
        long distinct = headVarint(decoder, predictor, out, at);
        for (long d = 0; d < distinct; d++) {
            headVarint(decoder, predictor, out, at);
        }
        long[] lengths = new long[STREAM_COUNT];
        long total = 0;
        for (int s = 0; s < STREAM_COUNT; s++) {
            lengths[s] = headVarint(decoder, predictor, out, at);
            total += lengths[s];
        }
        if (total != inflatedLength - at[0]) {
            throw error("stream lengths add up to " + total + " bytes, but the declared body length leaves "
                    + (inflatedLength - at[0]), decoder);
        }
        int position = at[0];
        for (int s = 0; s < STREAM_COUNT; s++) {
            predictor.stream(s);
            for (long i = 0; i < lengths[s]; i++) {
                out[position++] = (byte) decodeByte(decoder, predictor);
            }
        }
        decoder.finish("Modelled body");
        return out;
    }

    private static long headVarint(RangeCoder.Decoder decoder, BytePredictor predictor, byte[] out, int[] at) {
        long value = 0;
        for (int i = 0; i < MAX_VARINT_BYTES; i++) {
            if (at[0] >= out.length) {
                throw error("the head of the transform passes the declared body length " + out.length, decoder);
            }
            int b = decodeByte(decoder, predictor);
            out[at[0]++] = (byte) b;
            value |= (long) (b & 0x7F) << 7 * i;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw error("a varint of the transform's head is longer than " + MAX_VARINT_BYTES + " bytes", decoder);
    }

    private static ReplayFormatException error(String message, RangeCoder.Decoder decoder) {
        return new ReplayFormatException("Corrupt modelled body: " + message + " (file byte " + decoder.offset() + ")",
                -1, decoder.offset());
    }
}
