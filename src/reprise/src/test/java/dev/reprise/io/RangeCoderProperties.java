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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.route.ReplayFormatException;
import dev.reprise.testing.SeededCases;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RangeCoderProperties {

    @Test
    void decode_ofEncode_givesTheBitsBack() {
        SeededCases.check(300, gen -> decodeOfEncodeGivesTheBitsBack(gen.longs(), gen.between(0, 5000)));
    }

    private static void decodeOfEncodeGivesTheBitsBack(long seed, int count) {
        Random random = new Random(seed);
        int[] bits = new int[count];
        int[] probabilities = new int[count];
        for (int i = 0; i < count; i++) {
            // Skewed probabilities and bits that often follow them, but not always: carries and 0xFF runs.
            probabilities[i] = random.nextBoolean() ? 32 + random.nextInt(65504 - 32 + 1)
                    : random.nextBoolean() ? 32 : 65504;
            bits[i] = random.nextInt(65536) < probabilities[i] ? 1 : 0;
            if (random.nextInt(20) == 0) {
                bits[i] ^= 1;
            }
        }
        ByteOutput out = new ByteOutput(16);
        RangeCoder.Encoder encoder = new RangeCoder.Encoder(out);
        int[] models = new int[4];
        for (int i = 0; i < count; i++) {
            if (i % 3 == 0) {
                // An adaptive model, as the coder's users drive one.
                encoder.encode(RangeCoder.p1(models[i & 3]), bits[i]);
                models[i & 3] = RangeCoder.update(models[i & 3], bits[i]);
            } else {
                encoder.encode(probabilities[i], bits[i]);
            }
        }
        encoder.finish();
        byte[] coded = Arrays.copyOf(out.array(), out.size());
        if (coded.length > 0) {
            assertThat(coded[coded.length - 1]).as("trailing zero bytes are dropped").isNotZero();
        }

        RangeCoder.Decoder decoder = new RangeCoder.Decoder(coded, 0, coded.length, 100);
        int[] decodedModels = new int[4];
        for (int i = 0; i < count; i++) {
            int bit;
            if (i % 3 == 0) {
                bit = decoder.decode(RangeCoder.p1(decodedModels[i & 3]));
                decodedModels[i & 3] = RangeCoder.update(decodedModels[i & 3], bit);
            } else {
                bit = decoder.decode(probabilities[i]);
            }
            assertThat(bit).as("bit %d", i).isEqualTo(bits[i]);
        }
        decoder.finish("test code");
    }

    @Test
    void certainBits_costAlmostNothing() {
        ByteOutput out = new ByteOutput(16);
        RangeCoder.Encoder encoder = new RangeCoder.Encoder(out);
        int[] models = new int[1];
        for (int i = 0; i < 100_000; i++) {
            encoder.encode(RangeCoder.p1(models[0]), 1);
            models[0] = RangeCoder.update(models[0], 1);
        }
        encoder.finish();
        // The model settles near its ceiling: 100,000 certain bits take a few bytes.
        assertThat(out.size()).isLessThan(300);
    }

    @Test
    void extraBytesAfterTheCode_areRefused() {
        byte[] coded = code(new int[] {1, 0, 1, 1, 0});
        byte[] longer = Arrays.copyOf(coded, coded.length + 6);
        longer[longer.length - 1] = 7;
        RangeCoder.Decoder decoder = new RangeCoder.Decoder(longer, 0, longer.length, 10);
        for (int i = 0; i < 5; i++) {
            decoder.decode(40_000);
        }
        assertThatThrownBy(() -> decoder.finish("test code")).isInstanceOf(ReplayFormatException.class)
                .hasMessageContaining("bytes follow the end of the coded data");
    }

    @Test
    void trailingZeroBytes_asEarlierWritersLeftThem_decodeTheSameBits() {
        int[] bits = {1, 1, 1, 0, 0, 1};
        byte[] trimmed = code(bits);
        byte[] padded = Arrays.copyOf(trimmed, trimmed.length + 2);
        RangeCoder.Decoder decoder = new RangeCoder.Decoder(padded, 0, padded.length, 10);
        for (int bit : bits) {
            assertThat(decoder.decode(40_000)).isEqualTo(bit);
        }
        assertThatCode(() -> decoder.finish("test code")).doesNotThrowAnyException();
    }

    private static byte[] code(int[] bits) {
        ByteOutput out = new ByteOutput(16);
        RangeCoder.Encoder encoder = new RangeCoder.Encoder(out);
        for (int bit : bits) {
            encoder.encode(40_000, bit);
        }
        encoder.finish();
        return Arrays.copyOf(out.array(), out.size());
    }
}
