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

    @Test
    void aLinkPlantedForTheTemporaryFile_isNeverWrittenThrough() throws IOException {
        Path target = previous();
        Path victim = folder.resolve("victim");
        Files.write(victim, new byte[] {42});

        // Swap the new temporary file for a link to another file, as someone sharing the folder could.
        assertThatThrownBy(() -> AtomicFiles.write(target, out -> out.write(new byte[] {9, 9}), temp -> {
            Files.delete(temp);
            Files.createSymbolicLink(temp, victim);
        })).isInstanceOf(IOException.class).hasMessageContaining("was replaced");

        assertThat(Files.readAllBytes(victim)).containsExactly(42);
        assertThat(Files.readAllBytes(target)).containsExactly(1, 2, 3);
        assertThat(Files.isSymbolicLink(target)).isFalse();
    }

    @Test
    void replacedFile_keepsItsPermissions() throws IOException {
        Path target = previous();
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw-r--"));

        AtomicFiles.write(target, out -> out.write(1));

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-rw-r--");
    }

    @Test
    void newFile_getsTheDefaultPermissions_asFilesWriteGives() throws IOException {
        Path reference = folder.resolve("reference");
        Files.write(reference, new byte[] {1});
        Path target = folder.resolve("new.rpl");

        AtomicFiles.write(target, out -> out.write(1));

        assertThat(Files.getPosixFilePermissions(target)).isEqualTo(Files.getPosixFilePermissions(reference));
    }

    @Test
    void aNameOfTheFileSystemsMaximumLength_canBeWritten() throws IOException {
        Path target = folder.resolve("r".repeat(251) + ".rpl");

        AtomicFiles.write(target, out -> out.write(5));

        assertOnlyTheTargetRemains(target, new byte[] {5});
    }

    @Test
    void theRootFolder_isAnIOExceptionNamingThePath() {
        Path root = Path.of("/");

        assertThatThrownBy(() -> AtomicFiles.write(root, out -> out.write(1))).isInstanceOf(IOException.class)
                .hasMessageContaining("/").hasMessageContaining("names no file");
        assertThatThrownBy(() -> ReplayFileTest.sampleFile(Compression.NONE).write(root))
                .isInstanceOf(IOException.class).hasMessageStartingWith("/");
    }
}
