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
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import dev.reprise.testing.Gen;
import dev.reprise.testing.SeededCases;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ModeledBodyProperties {

    private static ReplaySave route(Gen gen) {
        return RandomRoutes.route(gen, 400);
    }

    @Test
    void decode_ofEncode_givesTheTransformBack_andEncodingIsDeterministic() {
        SeededCases.check(300, gen -> decodeOfEncodeGivesTheTransformBack(route(gen)));
    }

    private static void decodeOfEncodeGivesTheTransformBack(ReplaySave save) {
        ColumnCodec.Encoded transformed = transform(save);
        byte[] coded = ModeledBody.encode(transformed).toByteArray();

        assertThat(ModeledBody.encode(transformed).toByteArray()).isEqualTo(coded);
        assertThat(ModeledBody.decode(coded, 0, coded.length, transformed.bytes().length, 0))
                .isEqualTo(transformed.bytes());
    }

    @Test
    void corruptBody_decodesToSomeBytesOfTheDeclaredLength_orThrowsReplayFormatException() {
        SeededCases.check(1000, gen -> corruptBodyDecodesOrFails(route(gen), gen.pick(Corruption.class), gen.longs()));
    }

    private static void corruptBodyDecodesOrFails(ReplaySave save, Corruption corruption, long seed) {
        ColumnCodec.Encoded transformed = transform(save);
        byte[] coded = ModeledBody.encode(transformed).toByteArray();
        Random random = new Random(seed);
        byte[] damaged = coded.length == 0 ? new byte[] {(byte) random.nextInt()} : corruption.apply(coded, random);
        // Lie about the length at times, too: the declared size bounds the work, whatever the body says.
        int declared = random.nextInt(4) == 0 ? random.nextInt(4 * transformed.bytes().length + 16)
                : transformed.bytes().length;

        Throwable thrown = catchThrowable(() -> assertThat(ModeledBody.decode(damaged, 0, damaged.length, declared, 50))
                .hasSize(declared));

        if (thrown != null) {
            assertThat(thrown).isInstanceOf(ReplayFormatException.class);
            assertThat(((ReplayFormatException) thrown).byteOffset()).isGreaterThanOrEqualTo(50);
            assertThat(thrown.getMessage()).contains("file byte");
        }
    }

    @Test
    void modelledBodies_ofRoutesWithRuns_areSmallerThanDeflate() {
        SeededCases.check(200, gen -> modelledBodiesAreSmallerThanDeflate(gen.longs()));
    }

    private static void modelledBodiesAreSmallerThanDeflate(long seed) {
        // Walk-like routes (runs of moves, turns, a few commands with small params), as games record them.
        Random random = new Random(seed);
        dev.reprise.route.ReplayArray array = new dev.reprise.route.ReplayArray();
        int direction = 0;
        for (int i = 0; i < 3000; i++) {
            if (random.nextInt(4) == 0) {
                direction = direction + (random.nextBoolean() ? 1 : 3) & 3;
            }
            if (random.nextInt(40) == 0) {
                array.add(4, random.nextInt(13), random.nextInt(13));
            } else {
                array.add(direction);
            }
        }
        ColumnCodec.Encoded transformed = transform(array.saveState());

        int modelled = ModeledBody.encode(transformed).size();
        int deflated = Deflate.compressSmallest(transformed.bytes(), transformed.boundaries()).size();

        assertThat(modelled).isLessThan(deflated);
    }

    @Test
    void longTransforms_useTheFastModel_roundTrip_andRefuseCorruptionCleanly() {
        SeededCases.check(6, gen -> longTransformsRoundTrip(gen.longs(), gen.pick(Corruption.class)));
    }

    private static void longTransformsRoundTrip(long seed, Corruption corruption) {
        Random random = new Random(seed);
        ColumnCodec.Encoded transformed = transform(RandomRoutes.route(random, 200_000));
        assertThat(transformed.bytes().length).isGreaterThan(ModeledBody.MIXED_MAX);
        byte[] coded = ModeledBody.encode(transformed).toByteArray();

        assertThat(ModeledBody.decode(coded, 0, coded.length, transformed.bytes().length, 0))
                .isEqualTo(transformed.bytes());

        byte[] damaged = corruption.apply(coded, random);
        Throwable thrown = catchThrowable(() -> ModeledBody.decode(damaged, 0, damaged.length,
                transformed.bytes().length, 0));
        if (thrown != null) {
            assertThat(thrown).isInstanceOf(ReplayFormatException.class);
        }
    }

    static ColumnCodec.Encoded transform(ReplaySave save) {
        return ColumnCodec.encode(save.commandBytes(), save.paramBytes(), save.length(), save.commandWidth());
    }

}
