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
import java.util.HexFormat;
import java.util.Set;

/**
 * Replaces a file atomically: the data goes to a new temporary file in the target's folder, is
 * forced to disk, and is then moved over the target in one step. On any failure the previous
 * target is left as it was and the temporary file is deleted.
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

    private AtomicFiles() {
    }

    static void write(Path target, Content content) throws IOException {
        write(target, content, temp -> { });
    }

    static void write(Path target, Content content, Created created) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path folder = absolute.getParent();
        if (absolute.getFileName() == null || folder == null) {
            throw new FileSystemException(target.toString(), null, "cannot write a replay file here: the path names "
                    + "no file in a folder");
        }
        if (Files.isDirectory(absolute)) {
            throw new FileSystemException(target.toString(), null, "cannot write a replay file here: it is a folder");
        }
        Set<PosixFilePermission> keep = permissionsOf(absolute);
        Path temp = null;
        boolean moved = false;
        try {
            FileChannel channel = null;
            for (int attempt = 0; channel == null; attempt++) {
                temp = folder.resolve(".reprise-" + HexFormat.of().toHexDigits(RANDOM.nextLong()) + ".tmp");
                try {
                    channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                            LinkOption.NOFOLLOW_LINKS);
                } catch (FileAlreadyExistsException e) {
                    temp = null;
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
                Files.getFileAttributeView(temp, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .setPermissions(keep);
            }
            Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            moved = true;
            forceFolder(folder);
        } finally {
            if (!moved && temp != null) {
                Files.deleteIfExists(temp);
            }
        }
    }

    /** The permissions of the file being replaced, or {@code null} if there is none or they do not apply. */
    private static Set<PosixFilePermission> permissionsOf(Path target) throws IOException {
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
