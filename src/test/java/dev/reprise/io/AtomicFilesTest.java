package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path folder;

    private Path previous() throws IOException {
        Path target = folder.resolve("run.rpl");
        Files.write(target, new byte[] {1, 2, 3});
        return target;
    }

    private void assertOnlyTheTargetRemains(Path target, byte[] content) throws IOException {
        assertThat(Files.readAllBytes(target)).isEqualTo(content);
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void write_replacesTheTarget_andLeavesNoTemporaryFile() throws IOException {
        Path target = previous();

        AtomicFiles.write(target, out -> out.write(new byte[] {9, 8}));

        assertOnlyTheTargetRemains(target, new byte[] {9, 8});
    }

    @Test
    void write_createsAMissingTarget() throws IOException {
        Path target = folder.resolve("new.rpl");

        AtomicFiles.write(target, out -> out.write(7));

        assertOnlyTheTargetRemains(target, new byte[] {7});
    }

    @Test
    void streamFailingHalfway_leavesThePreviousFileIntact() throws IOException {
        Path target = previous();

        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write(new byte[100]);
            throw new IOException("disk full");
        })).isInstanceOf(IOException.class).hasMessage("disk full");

        assertOnlyTheTargetRemains(target, new byte[] {1, 2, 3});
    }

    @Test
    void uncheckedFailureWhileWriting_leavesThePreviousFileIntact() throws IOException {
        Path target = previous();

        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write(5);
            throw new UncheckedIOException(new IOException("encoder broke"));
        })).isInstanceOf(UncheckedIOException.class);

        assertOnlyTheTargetRemains(target, new byte[] {1, 2, 3});
    }

    @Test
    void failingMove_leavesNoTemporaryFile() throws IOException {
        Path target = folder.resolve("occupied");
        Files.createDirectory(target);
        Files.write(target.resolve("inside"), new byte[] {4});

        assertThatThrownBy(() -> AtomicFiles.write(target, out -> out.write(1))).isInstanceOf(IOException.class);

        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files).containsExactly(target);
        }
        assertThat(Files.readAllBytes(target.resolve("inside"))).containsExactly(4);
    }

    @Test
    void readOnlyFolder_failsAndLeavesThePreviousFileIntact() throws IOException {
        Path target = previous();
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assumeFalse(Files.isWritable(folder), "the folder stays writable (running as root)");

            assertThatThrownBy(() -> AtomicFiles.write(target, out -> out.write(1))).isInstanceOf(IOException.class);

            assertOnlyTheTargetRemains(target, new byte[] {1, 2, 3});
        } finally {
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    @Test
    void missingFolder_failsWithoutCreatingAnything() {
        Path target = folder.resolve("missing").resolve("run.rpl");

        assertThatThrownBy(() -> AtomicFiles.write(target, out -> out.write(1))).isInstanceOf(IOException.class);

        assertThat(Files.exists(folder.resolve("missing"))).isFalse();
    }
}
