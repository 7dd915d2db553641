package dev.reprise.verify;

import dev.reprise.io.ReplayFile;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One replay to verify, with the id its verdict carries: a path, the bytes of a file, or a file already
 * read. Sources are light: a path or a file is read only when a verifier worker gets to it, so a batch
 * never holds more decoded routes than the verifier's parallelism.
 */
public sealed interface ReplaySource {

    /**
     * Returns the id of this replay, copied into its verdict (a file name, a record key, a database id).
     *
     * @return the id, never {@code null}
     */
    String id();

    /**
     * Returns a source that reads a replay file from a path when it is verified.
     *
     * @param id   the verdict's id
     * @param path the file
     * @return the source
     */
    static ReplaySource of(String id, Path path) {
        return new FromPath(id, path);
    }

    /**
     * Returns a source of the bytes of a replay file, decoded when it is verified.
     *
     * @param id    the verdict's id
     * @param bytes the whole file; not copied: do not change it until its verdict is out
     * @return the source
     */
    static ReplaySource of(String id, byte[] bytes) {
        return new FromBytes(id, bytes);
    }

    /**
     * Returns a source of a replay file already read. The file's route is checked and played like any
     * other, but the reader's caps do not apply: it was read already.
     *
     * @param id   the verdict's id
     * @param file the file
     * @return the source
     */
    static ReplaySource of(String id, ReplayFile file) {
        return new FromFile(id, file);
    }

    /**
     * A replay file at a path, read when verified.
     *
     * @param id   the verdict's id
     * @param path the file
     */
    record FromPath(String id, Path path) implements ReplaySource {
        /** Checks that neither part is {@code null}. */
        public FromPath {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * The bytes of a replay file, decoded when verified.
     *
     * @param id    the verdict's id
     * @param bytes the whole file, not copied
     */
    record FromBytes(String id, byte[] bytes) implements ReplaySource {
        /** Checks that neither part is {@code null}. */
        public FromBytes {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(bytes, "bytes");
        }

        @Override
        public String toString() {
            return "FromBytes[id=" + id + ", " + bytes.length + " bytes]";
        }
    }

    /**
     * A replay file already read.
     *
     * @param id   the verdict's id
     * @param file the file
     */
    record FromFile(String id, ReplayFile file) implements ReplaySource {
        /** Checks that neither part is {@code null}. */
        public FromFile {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(file, "file");
        }
    }
}
