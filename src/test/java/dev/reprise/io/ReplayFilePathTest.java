package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.ReplayFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.test.StepVerifier;

class ReplayFilePathTest {

    @TempDir
    Path folder;

    @Test
    void write_thenRead_roundTrips() throws IOException {
        ReplayFile file = ReplayFileTest.sampleFile(Compression.DEFLATE);
        Path target = folder.resolve("run.rpl");

        file.write(target);

        assertThat(Files.readAllBytes(target)).isEqualTo(file.toBytes());
        assertThat(ReplayFile.read(target)).isEqualTo(file);
    }

    @Test
    void write_overAnOlderFile_replacesIt() throws IOException {
        Path target = folder.resolve("run.rpl");
        ReplayFileTest.sampleFile(Compression.NONE).write(target);
        ReplayFile newer = ReplayFileTest.sampleFile(Compression.DEFLATE);

        newer.write(target);

        assertThat(ReplayFile.read(target)).isEqualTo(newer);
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void save_runsOnBoundedElastic_andCompletesOnlyOnDemand() {
        ReplayFile file = ReplayFileTest.sampleFile(Compression.DEFLATE);
        Path target = folder.resolve("async.rpl");

        StepVerifier.create(file.writeAsync(target).then(ReplayFile.readAsync(target))
                        .map(read -> read.equals(file) + " " + Thread.currentThread().getName()), 0)
                .expectSubscription()
                .thenRequest(1)
                .assertNext(result -> assertThat(result).startsWith("true boundedElastic"))
                .verifyComplete();
    }

    @Test
    void save_isLazy_untilSubscribed() {
        Path target = folder.resolve("lazy.rpl");

        ReplayFileTest.sampleFile(Compression.NONE).writeAsync(target);

        assertThat(Files.exists(target)).isFalse();
    }

    @Test
    void load_ofACorruptFile_signalsReplayFormatException() throws IOException {
        Path target = folder.resolve("bad.rpl");
        Files.write(target, new byte[] {(byte) 0x89, 'R', 'P', 'Y', 1});

        StepVerifier.create(ReplayFile.readAsync(target))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(ReplayFormatException.class)
                        .hasMessageContaining("Truncated"))
                .verify();
    }

    @Test
    void load_ofAMissingFile_signalsIOException() {
        StepVerifier.create(ReplayFile.readAsync(folder.resolve("none.rpl")))
                .expectError(IOException.class)
                .verify();
    }

    @Test
    void read_ofAFileLargerThanTheCapsAllow_failsBeforeReadingIt() throws IOException {
        Path big = folder.resolve("big.rpl");
        Files.write(big, new byte[100_000]);
        ReplayFileReader reader = ReplayFileReader.builder().maxSteps(10).maxParamBytes(10).maxHeaderBytes(64).build();

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> reader.read(big))
                .isInstanceOf(ReplayFormatException.class)
                .hasMessageContaining("The file has 100000 bytes, more than the largest replay file the caps allow");
    }
}
