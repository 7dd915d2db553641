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

import dev.reprise.command.CommandDictionary;
import dev.reprise.route.ReplayFormatException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A bounded, seeded mutation fuzzer that runs with the normal test command: it stacks up to four
 * random corruptions on valid files (half of them with the checksum repaired, so that the damage
 * reaches the header, transform and route parsers) and requires that every read either succeeds with
 * a valid file or throws {@link ReplayFormatException}; any other exception or error fails the test
 * (the corpus holds stored, DEFLATE and modelled bodies)
 * with the seed and input to reproduce it. Bounded by iterations and by time (whichever comes first).
 */
class ReplayFileFuzzTest {

    private static final long SEED = 0x5EED_F11EL;
    private static final int MAX_ITERATIONS = 40_000;
    private static final long MAX_NANOS = 8_000_000_000L;

    @Test
    void mutatedFiles_neverThrowAnythingButReplayFormatException() {
        Random random = new Random(SEED);
        List<byte[]> corpus = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            Compression compression = Compression.values()[i % 2];
            corpus.add(ReplayFile.builder(RandomRoutes.route(random, random.nextInt(200)))
                    .gameId("fuzz").metadata("n", Integer.toString(i))
                    .dictionary(CommandDictionary.builder().put(i, "c" + i).build())
                    .compression(compression).build().toBytes());
        }
        for (int i = 0; i < 2; i++) {
            // Random payloads: DEFLATE beats the modelled coder, so both compressed bodies are fuzzed.
            dev.reprise.route.ReplayArray array = new dev.reprise.route.ReplayArray();
            for (int p = 0; p < 24; p++) {
                array.add(p % 3, new java.math.BigInteger(2000, random));
            }
            corpus.add(ReplayFile.builder(array.saveState()).compression(Compression.COMPACT).build().toBytes());
        }
        assertThat(corpus.stream().map(file -> file[FileLayout.FLAGS_OFFSET]).distinct())
                .as("flags of the corpus: stored, DEFLATE, modelled").containsExactlyInAnyOrder(
                        (byte) 0, (byte) FileLayout.FLAG_DEFLATE, (byte) (FileLayout.FLAG_DEFLATE | FileLayout.FLAG_MODELED));
        Corruption[] corruptions = Corruption.values();
        Map<Corruption, Integer> used = new EnumMap<>(Corruption.class);
        int accepted = 0;
        int refused = 0;
        long deadline = System.nanoTime() + MAX_NANOS;
        int iteration = 0;
        for (; iteration < MAX_ITERATIONS && System.nanoTime() < deadline; iteration++) {
            byte[] input = corpus.get(random.nextInt(corpus.size()));
            int mutations = 1 + random.nextInt(4);
            for (int m = 0; m < mutations && input.length > 0; m++) {
                Corruption corruption = corruptions[random.nextInt(corruptions.length)];
                used.merge(corruption, 1, Integer::sum);
                input = corruption.apply(input, random);
            }
            if (random.nextBoolean()) {
                input = Corruption.withValidChecksum(input);
            }
            try {
                ReplayFile file = ReplayFile.read(input);
                assertThat(ReplayFile.read(file.toBytes())).isEqualTo(file);
                accepted++;
            } catch (ReplayFormatException expected) {
                refused++;
            } catch (RuntimeException | Error e) {
                throw new AssertionError("Iteration " + iteration + " (seed " + SEED + ") threw " + e + " for input "
                        + java.util.HexFormat.of().formatHex(input), e);
            }
        }
        System.out.printf("Fuzzed %d inputs: %d accepted, %d refused with ReplayFormatException; corruptions %s%n",
                iteration, accepted, refused, used);
        assertThat(refused).isPositive();
        assertThat(used).hasSize(corruptions.length);
    }
}
