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

import dev.reprise.command.CommandDictionary;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import dev.reprise.testing.Gen;
import dev.reprise.testing.SeededCases;
import org.junit.jupiter.api.Test;

/**
 * Corrupts valid files of random routes in random ways: every read either gives back exactly the
 * original or throws {@link ReplayFormatException} (with a byte offset), and nothing else.
 */
class ReplayFileCorruptionProperties {

    private static ReplayFile file(Gen gen) {
        return file(RandomRoutes.route(gen, 120), gen.pick(Compression.class));
    }

    private static ReplayFile file(ReplaySave save, Compression compression) {
        return ReplayFile.builder(save).gameId("game").gameBuild("7").metadata("k", "v")
                .dictionary(CommandDictionary.builder().put(1, "right").build())
                .compression(compression).build();
    }

    @Test
    void corruptFile_readsBackAsTheOriginalOrThrowsReplayFormatException() {
        SeededCases.check(3000, gen -> {
            ReplayFile file = file(gen);
            byte[] damaged = gen.pick(Corruption.class).apply(file.toBytes(), gen.random());

            assertReadsOriginalOrFails(file, damaged);
        });
    }

    @Test
    void corruptFileWithRepairedChecksum_readsAsAValidFileOrThrowsReplayFormatException() {
        SeededCases.check(2000, gen -> corruptFileWithRepairedChecksumReadsAsAValidFileOrFails(file(gen),
                gen.pick(Corruption.class), gen));
    }

    private static void corruptFileWithRepairedChecksumReadsAsAValidFileOrFails(ReplayFile file, Corruption corruption,
                                                                                Gen gen) {
        byte[] damaged = Corruption.withValidChecksum(corruption.apply(file.toBytes(), gen.random()));

        Throwable thrown = catchThrowable(() -> {
            ReplayFile read = ReplayFile.read(damaged);
            // Whatever was accepted is a valid file: it writes and reads back to itself.
            assertThat(ReplayFile.read(read.toBytes())).isEqualTo(read);
        });

        if (thrown != null) {
            assertThat(thrown).isInstanceOf(ReplayFormatException.class);
            assertThat(((ReplayFormatException) thrown).byteOffset()).isGreaterThanOrEqualTo(0);
        }
    }

    static void assertReadsOriginalOrFails(ReplayFile original, byte[] damaged) {
        Throwable thrown = catchThrowable(() -> assertThat(ReplayFile.read(damaged)).isEqualTo(original));
        if (thrown != null) {
            assertThat(thrown).isInstanceOf(ReplayFormatException.class);
            assertThat(((ReplayFormatException) thrown).byteOffset()).isGreaterThanOrEqualTo(0);
            assertThat(thrown.getMessage()).contains("byte");
        }
    }
}
