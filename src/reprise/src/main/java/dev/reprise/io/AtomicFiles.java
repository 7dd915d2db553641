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

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.security.SecureRandom;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Replaces a file atomically: the data goes to a new temporary file in the target's folder, is
 * forced to disk, and is then moved over the target in one step. On any failure the previous
 * target is left as it was and the temporary file is deleted.
 *
 * <p>A target that is a symbolic link is followed (through a chain of links, each relative one
 * resolved against its own folder) to the file it names, and that file is replaced: the temporary
 * file goes beside it, the link stays a link. A dangling link creates the file it names, as a shell's
 * {@code >} would. A symlink loop, a folder, and anything that is not a regular file (a FIFO, a
 * socket, a device) are refused with a {@link FileSystemException} naming the path and what it is,
 * before anything is created.
 *
 * <p>The temporary file has a short random name ({@code .reprise-<16 hex>.tmp}, 27 characters, so a
 * target whose name is at the file system's limit still works), is created exclusively
 * ({@code CREATE_NEW}, which never follows a link) and is written only through the channel that
 * created it: it is never reopened by name, so nobody can redirect the data through a link planted
 * in the folder. A new file gets the default permissions (those the umask leaves, as
 * {@code Files.write} gives); a replaced file's permissions are copied to the new one.
 */
final class AtomicFiles {

    /** Writes the content of a file. */
    @FunctionalInterface
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Runs right after the temporary file is created: a seam for tests that race the writer. */
    @FunctionalInterface
    interface Created {
        void created(Path temp) throws IOException;
    }

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int ATTEMPTS = 16;
    /** The longest chain of links followed, as Linux's MAXSYMLINKS. */
    private static final int MAX_LINKS = 40;

    private AtomicFiles() {
    }

    static void write(Path target, Content content) throws IOException {
        write(target, content, temp -> { });
    }

    static void write(Path target, Content content, Created created) throws IOException {
        Path real = resolve(target);
        // resolve gives a file in a folder, so it has a parent.
        Path folder = Objects.requireNonNull(real.getParent(), "the folder of the target");
        @Nullable Set<PosixFilePermission> keep = permissionsOf(real);
        @Nullable Path temp = null;
        boolean moved = false;
        try {
            FileChannel channel;
            for (int attempt = 0; ; attempt++) {
                Path candidate = folder.resolve(".reprise-" + HexFormat.of().toHexDigits(RANDOM.nextLong()) + ".tmp");
                try {
                    channel = FileChannel.open(candidate, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                            LinkOption.NOFOLLOW_LINKS);
                    temp = candidate;
                    break;
                } catch (FileAlreadyExistsException e) {
                    if (attempt + 1 >= ATTEMPTS) {
                        throw e;
                    }
                }
            }
            Object ours;
            try (FileChannel open = channel) {
                ours = Files.readAttributes(temp, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
                created.created(temp);
                OutputStream out = Channels.newOutputStream(open);
                content.writeTo(out);
                out.flush();
                open.force(true);
            }
            BasicFileAttributes now = Files.readAttributes(temp, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!now.isRegularFile() || ours != null && !ours.equals(now.fileKey())) {
                throw new FileSystemException(temp.toString(), null, "the temporary file was replaced while "
                        + "it was written; " + target + " is left as it was");
            }
            if (keep != null) {
                // Without following a link: the JDK changes the mode through a descriptor it opens
                // with O_NOFOLLOW, so a link swapped in for the temporary file is refused, not followed.
                PosixFileAttributeView view = Files.getFileAttributeView(temp, PosixFileAttributeView.class,
                        LinkOption.NOFOLLOW_LINKS);
                if (view != null) { // there is one: the permissions kept were read through it
                    view.setPermissions(keep);
                }
            }
            Files.move(temp, real, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            moved = true;
            forceFolder(folder);
        } finally {
            if (!moved && temp != null) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /**
     * Where a write to {@code target} lands: the target with every symbolic link followed (a
     * relative link resolved against the folder of the link), in the real path of its folder. The
     * result is not a link, and either does not exist yet or is a regular file.
     *
     * @throws FileSystemException naming {@code target} if it names no file in a folder, is (or
     *                             leads to) a folder, a FIFO, socket or device, is a symlink loop,
     *                             or leads to a folder that does not exist
     */
    static Path resolve(Path target) throws IOException {
        Path at = inRealFolder(target, target);
        Set<Path> seen = new HashSet<>();
        while (Files.isSymbolicLink(at)) {
            if (!seen.add(at) || seen.size() > MAX_LINKS) {
                throw refused(target, at, seen.size() > MAX_LINKS
                        ? "it is a chain of more than " + MAX_LINKS + " symbolic links (a symlink loop?)"
                        : "it is a symlink loop (" + at + " leads back to itself)");
            }
            // inRealFolder gives a file in a folder, so it has a parent.
            Path linkFolder = Objects.requireNonNull(at.getParent(), "the folder of the link");
            at = inRealFolder(target, linkFolder.resolve(Files.readSymbolicLink(at)));
        }
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(at, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return at;
        }
        if (!attributes.isRegularFile()) {
            throw refused(target, at, (at.equals(target.toAbsolutePath()) ? "it is " : "it leads to ")
                    + FileKinds.describe(at, attributes) + ", not a regular file"
                    + (attributes.isDirectory() ? "" : "; only regular files are replaced"));
        }
        return at;
    }

    /** {@code path} in the real path of its folder, whose every link is followed (the file itself may be a link). */
    private static Path inRealFolder(Path target, Path path) throws IOException {
        Path absolute = path.toAbsolutePath();
        Path name = absolute.getFileName();
        Path folder = absolute.getParent();
        if (name == null || folder == null) {
            throw refused(target, path, "the path names no file in a folder");
        }
        try {
            return folder.toRealPath().resolve(name);
        } catch (NoSuchFileException e) {
            throw refused(target, path, "the folder " + folder + " does not exist");
        }
    }

    private static FileSystemException refused(Path target, Path at, String reason) {
        return new FileSystemException(target.toString(), at.equals(target) ? null : at.toString(),
                "cannot write a replay file here: " + reason);
    }

    /** The permissions of the file being replaced, or {@code null} if there is none or they do not apply. */
    private static @Nullable Set<PosixFilePermission> permissionsOf(Path target) throws IOException {
        try {
            return Files.getPosixFilePermissions(target);
        } catch (NoSuchFileException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** Makes the rename durable where the platform allows syncing a folder (not on Windows). */
    private static void forceFolder(Path folder) {
        try (FileChannel channel = FileChannel.open(folder, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Best effort: the file itself is already on disk; only the rename's durability is at stake.
        }
    }
}
