package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Corrupts valid files of random routes in random ways: every read either gives back exactly the
 * original or throws {@link ReplayFormatException} (with a byte offset), and nothing else.
 */
class ReplayFileCorruptionProperties {

    @Provide
    Arbitrary<ReplayFile> files() {
        return RandomRoutes.routes(120).flatMap(route -> Arbitraries.of(Compression.values())
                .map(compression -> file(route, compression)));
    }

    private static ReplayFile file(ReplaySave route, Compression compression) {
        return ReplayFile.builder(route).gameId("game").gameBuild("7").metadata("k", "v")
                .dictionary(CommandDictionary.builder().put(1, "right").build())
                .compression(compression).build();
    }

    @Property(tries = 3000)
    void corruptFile_readsBackAsTheOriginalOrThrowsReplayFormatException(
            @ForAll("files") ReplayFile file, @ForAll Corruption corruption, @ForAll long seed) {
        byte[] damaged = corruption.apply(file.toBytes(), new Random(seed));

        assertReadsOriginalOrFails(file, damaged);
    }

    @Property(tries = 2000)
    void corruptFileWithRepairedChecksum_readsAsAValidFileOrThrowsReplayFormatException(
            @ForAll("files") ReplayFile file, @ForAll Corruption corruption, @ForAll long seed) {
        byte[] damaged = Corruption.withValidChecksum(corruption.apply(file.toBytes(), new Random(seed)));

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
