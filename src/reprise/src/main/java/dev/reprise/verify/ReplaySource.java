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
package dev.reprise.verify;

import dev.reprise.io.ReplayFile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

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
     * Returns a source of the bytes of a replay file, decoded when it is verified. The bytes are copied:
     * the caller may reuse or change the array at once, whenever the source is verified.
     *
     * @param id    the verdict's id
     * @param bytes the whole file; copied
     * @return the source, a {@link FromBytes}
     */
    static ReplaySource of(String id, byte[] bytes) {
        return new FromBytes(id, Objects.requireNonNull(bytes, "bytes").clone());
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
     * The bytes of a replay file, decoded when verified: a value that owns a copy of the bytes it was given
     * ({@link ReplaySource#of(String, byte[])}), so nobody can change them after the fact.
     *
     * <p>Immutable and thread-safe. Two sources are equal when their ids are equal and they hold the same
     * bytes; the hash code is computed once.
     */
    final class FromBytes implements ReplaySource {

        private final String id;
        private final byte[] bytes;
        private int hash;

        /** Takes the array as it is: the caller passes a copy of its own. */
        private FromBytes(String id, byte[] bytes) {
            this.id = Objects.requireNonNull(id, "id");
            this.bytes = Objects.requireNonNull(bytes, "bytes");
        }

        /**
         * Returns the verdict's id.
         *
         * @return the id, never {@code null}
         */
        @Override
        public String id() {
            return id;
        }

        /**
         * Returns the whole file, as a new array on each call (changing it changes nothing here).
         *
         * @return a copy of the bytes
         */
        public byte[] bytes() {
            return bytes.clone();
        }

        /** The bytes themselves, for the verifier to read without copying; never written. */
        byte[] array() {
            return bytes;
        }

        /**
         * Tells whether another object is a source of bytes with the same id and the same bytes.
         *
         * @param other the object to compare with, may be {@code null}
         * @return {@code true} if the id and the bytes are equal
         */
        @Override
        public boolean equals(@Nullable Object other) {
            return other == this || other instanceof FromBytes that
                    && id.equals(that.id)
                    && Arrays.equals(bytes, that.bytes);
        }

        /**
         * Returns a hash code of the id and the bytes, consistent with {@link #equals}.
         *
         * @return the hash code
         */
        @Override
        public int hashCode() {
            int h = hash;
            if (h == 0) {
                h = 31 * id.hashCode() + Arrays.hashCode(bytes);
                hash = h;
            }
            return h;
        }

        /**
         * Returns the id and the size (never the bytes), for logs and test failures.
         *
         * @return e.g. {@code FromBytes[id=a.rpl, 1234 bytes]}
         */
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
