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

import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Every file the writer produces reads back, and the modelled coder alone round-trips, over many
 * seeded random small routes (even seeds: every param type and both widths; odd seeds: short
 * routes of int64 params, whose modelled body can end in a zero byte): 20,000 in the normal run,
 * 1,000,000 with {@code -Dreprise.long=true}
 * (see docs/replay-file-format.md, "Tests of the writer"). A failure prints the seeds to rerun;
 * {@code -Dreprise.seed=N} starts the seeds at N and {@code -Dreprise.cases=N} sets the number of
 * routes (to run the long mode in slices).
 */
class ReplayFileRoundTripTest {

    private static final int FAST_CASES = 20_000;
    private static final int LONG_CASES = 1_000_000;
    private static final long FIRST_SEED = Long.getLong("reprise.seed", 20_261_201L);

    static int cases() {
        return Integer.getInteger("reprise.cases", Boolean.getBoolean("reprise.long") ? LONG_CASES : FAST_CASES);
    }

    @Test
    void smallRandomRoutes_writeFilesThatReadBack_andModelledBodiesThatDecode() {
        int cases = cases();
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < cases && failures.size() < 20; i++) {
            long seed = FIRST_SEED + i;
            Random random = new Random(seed);
            ReplaySave save = seed % 2 == 0 ? RandomRoutes.route(random, random.nextInt(13)) : int64Route(random);
            try {
                checkModelledCoder(save);
                ReplayFile file = ReplayFile.builder(save).compression(Compression.COMPACT).build();
                ReplayFile read = ReplayFile.read(file.toBytes());
                if (!read.equals(file)) {
                    failures.add("seed " + seed + ": reads back as " + read);
                }
            } catch (RuntimeException | AssertionError e) {
                failures.add("seed " + seed + ": " + e);
            }
        }
        assertThat(failures).as("routes that do not round-trip (rerun with -Dreprise.seed=<seed>), of %d", cases)
                .isEmpty();
    }

    /**
     * One to three steps of any UINT8 code with up to two int64 params, extreme or random: routes on
     * which about 0.14% of modelled bodies end with a zero byte, which the coder must keep apart from
     * its final flush.
     */
    static ReplaySave int64Route(Random random) {
        ReplayArray array = new ReplayArray();
        int steps = 1 + random.nextInt(3);
        for (int i = 0; i < steps; i++) {
            Object[] params = new Object[random.nextInt(3)];
            for (int k = 0; k < params.length; k++) {
                params[k] = random.nextBoolean() ? (random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE)
                        : random.nextLong();
            }
            array.add(random.nextInt(256), params);
        }
        return array.saveState().detach();
    }

    /** The coder itself, not only the writer (which would hide a coder bug behind its DEFLATE fallback). */
    private static void checkModelledCoder(ReplaySave save) {
        ColumnCodec.Encoded transformed = ColumnCodec.encode(save.commandBytes(), save.paramBytes(),
                save.length(), save.commandWidth());
        ByteOutput coded = ModeledBody.encode(transformed);
        byte[] body = java.util.Arrays.copyOf(coded.array(), coded.size());
        byte[] decoded = ModeledBody.decode(body, 0, body.length, transformed.bytes().length, 0);
        assertThat(decoded).as("modelled body %s", HexFormat.of().formatHex(body)).isEqualTo(transformed.bytes());
    }

    @Test
    void theReportedRoute_writesAReadableModelledFile() {
        ReplayArray array = new ReplayArray();
        array.add(6);
        array.add(1, Long.MIN_VALUE, Long.MAX_VALUE);
        ReplayFile file = ReplayFile.builder(array.saveState()).build();

        byte[] bytes = file.toBytes();

        assertThat(ReplayFile.read(bytes)).isEqualTo(file);
        assertThat(bytes[FileLayout.FLAGS_OFFSET]).as("still the smaller, modelled body")
                .isEqualTo((byte) (FileLayout.FLAG_DEFLATE | FileLayout.FLAG_MODELED));
        checkModelledCoder(array.saveState());
    }

    @Test
    void rangeCoder_dropsATrailingZeroThatComesBeforeTheFinalFlush() {
        // A transform whose code ends 00 00 (flush) after a cached 00: the trailing zero must be dropped.
        ReplayArray array = new ReplayArray();
        array.add(6);
        array.add(1, Long.MIN_VALUE, Long.MAX_VALUE);
        ReplaySave save = array.saveState();
        ColumnCodec.Encoded transformed = ColumnCodec.encode(save.commandBytes(), save.paramBytes(),
                save.length(), save.commandWidth());

        ByteOutput coded = ModeledBody.encode(transformed);

        assertThat(coded.size()).isPositive();
        assertThat(coded.array()[coded.size() - 1]).isNotZero();
    }
}
