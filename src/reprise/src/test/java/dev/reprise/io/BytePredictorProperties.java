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

import dev.reprise.testing.Gen;
import dev.reprise.testing.SeededCases;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BytePredictorProperties {

    /**
     * A predictor from the pool, after codings of other sizes (one of them abandoned halfway, as a
     * corrupt body leaves it), predicts every bit exactly as a new one: reuse is invisible in the format.
     */
    @Test
    void borrowed_afterOtherCodings_predictsEveryBitAsANewOne() {
        SeededCases.check(40, gen -> {
            for (int i = 0; i < 3; i++) {
                byte[] other = bytes(gen, gen.between(1, 6000));
                BytePredictor used = BytePredictor.borrow(new byte[other.length]);
                predictions(used, other, gen.bool() ? other.length : other.length / 2);
                used.release();
            }
            byte[] data = bytes(gen, gen.between(1, 4000));

            BytePredictor borrowed = BytePredictor.borrow(new byte[data.length]);
            long[] reused = predictions(borrowed, data, data.length);
            borrowed.release();

            assertThat(reused).isEqualTo(predictions(new BytePredictor(new byte[data.length]), data, data.length));
        });
    }

    /** Repetitive bytes in a few streams, so that the match model and every context table take part. */
    private static byte[] bytes(Gen gen, int length) {
        Random random = gen.random();
        byte[] bytes = new byte[length];
        int alphabet = 1 + random.nextInt(random.nextBoolean() ? 8 : 256);
        for (int i = 0; i < length; i++) {
            bytes[i] = i >= 8 && random.nextInt(3) == 0 ? bytes[i - 1 - random.nextInt(8)]
                    : (byte) random.nextInt(alphabet);
        }
        return bytes;
    }

    /** Codes {@code data[0 .. n)} (streams switching every 500 bytes) and returns a digest of every p() per byte. */
    private static long[] predictions(BytePredictor predictor, byte[] data, int n) {
        long[] digests = new long[n];
        for (int i = 0; i < n; i++) {
            if (i % 500 == 0) {
                predictor.stream(i / 500 % FileLayout.STREAM_COUNT);
            }
            long digest = 0;
            for (int b = 7; b >= 0; b--) {
                int bit = data[i] >>> b & 1;
                digest = digest * 65537 + predictor.p();
                predictor.update(bit);
            }
            digests[i] = digest;
        }
        return digests;
    }
}
