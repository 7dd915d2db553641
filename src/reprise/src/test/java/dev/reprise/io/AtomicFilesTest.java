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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
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

    // ------------------------------------------------------------------------------ links and kinds

    private static final byte[] NEW = {9, 8, 7};

    private void assertOnlyThese(Path... paths) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files).containsExactlyInAnyOrder(paths);
        }
    }

    @Test
    void aRelativeLink_isFollowed_theTargetReplaced_theLinkKept() throws IOException {
        Path real = previous();
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), Path.of("run.rpl"));

        AtomicFiles.write(link, out -> out.write(NEW));

        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of("run.rpl"));
        assertThat(Files.readAllBytes(real)).isEqualTo(NEW);
        assertOnlyThese(real, link);
    }

    @Test
    void anAbsoluteLinkToAnotherFolder_isFollowed_theTemporaryFileGoesBesideTheTarget() throws IOException {
        Path elsewhere = Files.createDirectory(folder.resolve("elsewhere"));
        Path real = elsewhere.resolve("run.rpl");
        Files.write(real, new byte[] {1});
        Files.setPosixFilePermissions(real, PosixFilePermissions.fromString("rw-rw----"));
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), real.toAbsolutePath());
        Path[] temp = new Path[1];

        AtomicFiles.write(link, out -> out.write(NEW), created -> temp[0] = created);

        assertThat(temp[0].getParent()).isEqualTo(elsewhere.toRealPath());
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readAllBytes(real)).isEqualTo(NEW);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(real))).isEqualTo("rw-rw----");
        assertOnlyThese(elsewhere, link);
        try (Stream<Path> files = Files.list(elsewhere)) {
            assertThat(files).containsExactly(real);
        }
    }

    @Test
    void aChainOfLinks_inOtherFolders_isFollowedToTheEnd() throws IOException {
        Path a = Files.createDirectory(folder.resolve("a"));
        Path b = Files.createDirectory(folder.resolve("b"));
        Path real = b.resolve("run.rpl");
        Files.write(real, new byte[] {1});
        // lnk -> a/first -> ../b/second -> run.rpl (each relative to its own folder)
        Files.createSymbolicLink(b.resolve("second"), Path.of("run.rpl"));
        Files.createSymbolicLink(a.resolve("first"), Path.of("..", "b", "second"));
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), Path.of("a", "first"));

        AtomicFiles.write(link, out -> out.write(NEW));

        assertThat(Files.readAllBytes(real)).isEqualTo(NEW);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.isSymbolicLink(a.resolve("first"))).isTrue();
        assertThat(Files.isSymbolicLink(b.resolve("second"))).isTrue();
        try (Stream<Path> files = Files.list(b)) {
            assertThat(files).containsExactlyInAnyOrder(real, b.resolve("second"));
        }
    }

    @Test
    void aDanglingLink_createsTheFileItNames() throws IOException {
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), Path.of("new.rpl"));

        AtomicFiles.write(link, out -> out.write(NEW));

        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readAllBytes(folder.resolve("new.rpl"))).isEqualTo(NEW);
        assertOnlyThese(link, folder.resolve("new.rpl"));
    }

    @Test
    void aDanglingLinkIntoAMissingFolder_isRefused_namingTheFolder() throws IOException {
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), Path.of("gone", "new.rpl"));

        assertThatThrownBy(() -> AtomicFiles.write(link, out -> out.write(NEW))).isInstanceOf(IOException.class)
                .hasMessageContaining(link.toString()).hasMessageContaining("gone").hasMessageContaining("does not exist");

        assertOnlyThese(link);
    }

    @Test
    void aLinkToItself_isRefusedAsASymlinkLoop() throws IOException {
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), Path.of("lnk"));

        assertThatThrownBy(() -> AtomicFiles.write(link, out -> out.write(NEW))).isInstanceOf(IOException.class)
                .hasMessageContaining(link.toString()).hasMessageContaining("symlink loop");

        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertOnlyThese(link);
    }

    @Test
    void aLoopOfTwoLinks_andALinkIntoALoop_areRefusedAsSymlinkLoops() throws IOException {
        Path a = Files.createSymbolicLink(folder.resolve("a"), Path.of("b"));
        Path b = Files.createSymbolicLink(folder.resolve("b"), Path.of(".", "a"));
        Path entry = Files.createSymbolicLink(folder.resolve("entry"), a.toAbsolutePath());

        for (Path path : new Path[] {a, entry}) {
            assertThatThrownBy(() -> AtomicFiles.write(path, out -> out.write(NEW))).isInstanceOf(IOException.class)
                    .hasMessageContaining(path.toString()).hasMessageContaining("symlink loop");
        }

        assertOnlyThese(a, b, entry);
    }

    @Test
    void aChainLongerThanTheSystemFollows_isRefused() throws IOException {
        Path real = previous();
        Path next = real;
        for (int i = 0; i < 41; i++) {
            next = Files.createSymbolicLink(folder.resolve("l" + i), next.getFileName());
        }
        Path head = next;

        assertThatThrownBy(() -> AtomicFiles.write(head, out -> out.write(NEW))).isInstanceOf(IOException.class)
                .hasMessageContaining("more than 40 symbolic links");

        assertThat(Files.readAllBytes(real)).containsExactly(1, 2, 3);
    }

    @Test
    void aLinkToAFolder_isRefused_andTheFolderKept() throws IOException {
        Path inside = Files.createDirectory(folder.resolve("inside"));
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), Path.of("inside"));

        assertThatThrownBy(() -> AtomicFiles.write(link, out -> out.write(NEW))).isInstanceOf(IOException.class)
                .hasMessageContaining(link.toString()).hasMessageContaining("a folder");

        assertOnlyThese(inside, link);
    }

    @Test
    void aFifo_isRefused_namingItsKind_andKept() throws Exception {
        Path fifo = folder.resolve("pipe.rpl");
        makeNode(fifo, "mkfifo", fifo.toString());

        assertThatThrownBy(() -> AtomicFiles.write(fifo, out -> out.write(NEW))).isInstanceOf(IOException.class)
                .hasMessageContaining(fifo.toString()).hasMessageContaining("a FIFO, not a regular file");
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), fifo.getFileName());
        assertThatThrownBy(() -> AtomicFiles.write(link, out -> out.write(NEW))).isInstanceOf(IOException.class)
                .hasMessageContaining(link.toString()).hasMessageContaining("leads to a FIFO");

        assertThat(isSpecial(fifo)).isTrue();
        assertOnlyThese(fifo, link);
    }

    @Test
    void aDeviceNode_isRefused_namingItsKind_andKept() throws Exception {
        Path device = folder.resolve("null.rpl");
        makeNode(device, "mknod", device.toString(), "c", "1", "3");

        assertThatThrownBy(() -> AtomicFiles.write(device, out -> out.write(NEW))).isInstanceOf(IOException.class)
                .hasMessageContaining(device.toString()).hasMessageContaining("a character device");

        assertThat(isSpecial(device)).isTrue();
        assertOnlyThese(device);
    }

    @Test
    void aLinkToDevNull_isRefused_andTheDeviceKept() throws IOException {
        Path devNull = Path.of("/dev/null");
        assumeTrue(Files.exists(devNull) && isSpecial(devNull), "no /dev/null device here");
        Path link = Files.createSymbolicLink(folder.resolve("lnk"), devNull);

        assertThatThrownBy(() -> ReplayFileTest.sampleFile(Compression.NONE).write(link))
                .isInstanceOf(IOException.class).hasMessageContaining("/dev/null").hasMessageContaining("device");

        assertThat(isSpecial(devNull)).isTrue();
        assertOnlyThese(link);
    }

    private static boolean isSpecial(Path path) throws IOException {
        return Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                .isOther();
    }

    /** Runs a command that creates a special file, skipping the test where the tool or the permission is missing. */
    private static void makeNode(Path node, String... command) throws Exception {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            abort(command[0] + " is not available: " + e.getMessage());
            return;
        }
        boolean done = process.waitFor(10, TimeUnit.SECONDS);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(done && process.exitValue() == 0, command[0] + " failed (no permission?): " + output);
        assumeTrue(Files.exists(node, LinkOption.NOFOLLOW_LINKS), command[0] + " made nothing");
    }
}
