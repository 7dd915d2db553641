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

import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayCapacityException;
import dev.reprise.route.ReplayFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.Objects;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Reads replay files within caps, validating everything before anything is returned: magic,
 * version, flags, every declared size against the real input and the caps (before any buffer is
 * allocated), the CRC32C, the body and every step of the route.
 *
 * <p>Any malformed input gives a {@link ReplayFormatException} that names what is wrong and its
 * byte offset; no other exception escapes for bad bytes (an {@link IOException} means the input
 * itself could not be read), and nothing partly loaded is ever returned. Immutable and thread-safe.
 * {@link #DEFAULT} has the caps of {@link ReplayArrayConfig#DEFAULTS} and a 1 MiB header cap; the
 * same caps are what {@link ReplayFile.Builder#build()} checks by default, so a file that builds
 * can be read.
 *
 * <p>Memory: the checks that cost nothing (header, sizes, caps, checksum) come before anything
 * large is allocated, and every byte a read holds (a stream's or path's input buffer, the header's
 * strings, the decoder's working memory and the rebuilt route, worked out from the declared sizes)
 * is reserved from a process-wide budget of a quarter of the maximum heap before it is allocated:
 * when concurrent reads need more than that, later ones wait, first come first served, for earlier
 * ones to finish instead of running out of memory. A read waits at most {@link #memoryWait()}
 * (60 seconds unless set), then fails with a {@link ReplayCapacityException}; waiting is
 * interruptible. A stream read holds its reservation while its bytes arrive.
 */
public final class ReplayFileReader {

    /**
     * A reader with the default caps: 1,000,000 steps, 10,000,000 param bytes, 1 MiB of header, and
     * a memory wait of 60 seconds.
     */
    public static final ReplayFileReader DEFAULT = builder().build();

    private final int maxSteps;
    private final int maxParamBytes;
    private final int maxHeaderBytes;
    private final Duration memoryWait;

    private ReplayFileReader(Builder builder) {
        this.maxSteps = builder.maxSteps;
        this.maxParamBytes = builder.maxParamBytes;
        this.maxHeaderBytes = builder.maxHeaderBytes;
        this.memoryWait = builder.memoryWait;
    }

    /**
     * Returns a builder with the default caps.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the most steps a route may have.
     *
     * @return the step cap
     */
    public int maxSteps() {
        return maxSteps;
    }

    /**
     * Returns the largest param area a route may have, in bytes.
     *
     * @return the param cap
     */
    public int maxParamBytes() {
        return maxParamBytes;
    }

    /**
     * Returns the largest header (everything before the body), in bytes.
     *
     * @return the header cap
     */
    public int maxHeaderBytes() {
        return maxHeaderBytes;
    }

    /**
     * Returns the longest a read waits for the shared decoding memory (see the class comment)
     * before it fails with a {@link ReplayCapacityException}.
     *
     * @return the wait, zero or more
     */
    public Duration memoryWait() {
        return memoryWait;
    }

    /**
     * Returns the size of the largest file these caps allow, in bytes: inputs longer than this are
     * refused without being read to the end.
     *
     * @return the file size cap
     */
    public long maxFileBytes() {
        long raw = (long) maxSteps * 3 + maxParamBytes;
        long inflated = FileCodec.inflatedBound(maxSteps, maxParamBytes);
        // Incompressible data grows by 5 bytes per 16 KiB stored block, plus the sync flushes.
        long compressed = inflated + inflated / 3000 + 1024;
        return Math.min(Integer.MAX_VALUE - 16L, maxHeaderBytes + Math.max(raw, compressed) + 32);
    }

    /**
     * Reads a replay file from bytes.
     *
     * @param bytes the whole file; not changed, not kept
     * @return the file
     * @throws ReplayFormatException   if the bytes are not a valid replay file within the caps
     * @throws ReplayCapacityException if no decoding memory is free within {@link #memoryWait()}
     * @throws UncheckedIOException    wrapping an {@link InterruptedIOException} if the thread is
     *                                 interrupted while waiting for decoding memory
     */
    public ReplayFile read(byte[] bytes) {
        return decodeShared(bytes).file();
    }

    /**
     * Reads a replay file from a stream, validating as it goes: the magic, version and flags as
     * soon as their bytes arrive, then every size the header declares against the caps, then
     * exactly the declared bytes, in bounded chunks (a stream that is not a replay file is refused
     * after its first bytes, and nothing larger than the declared file is ever buffered). The
     * stream must end right after the file; it is not closed. The buffer is reserved from the
     * shared decoding memory (with the decoding's working memory, as soon as the header declares
     * the sizes) before it is allocated. A stream that returns no bytes 1,000 reads in a row is
     * broken ({@code read} must block until a byte arrives) and is refused.
     *
     * @param in the stream
     * @return the file
     * @throws ReplayFormatException   if the bytes are not a valid replay file within the caps
     * @throws ReplayCapacityException if no decoding memory is free within {@link #memoryWait()}
     * @throws InterruptedIOException  if the thread is interrupted (checked between chunks and
     *                                 while waiting for memory)
     * @throws IOException             if the stream fails, or keeps returning no bytes, naming
     *                                 the file byte it stopped at
     */
    public ReplayFile read(InputStream in) throws IOException {
        Objects.requireNonNull(in, "in");
        return new StreamRead(this, in).read().file();
    }

    /**
     * Reads a replay file from a path, as {@link #read(InputStream)} does. Only regular files are
     * read: a FIFO, device or folder is refused at once (it could block forever or never end).
     *
     * @param path the file
     * @return the file
     * @throws ReplayFormatException   if the file is not a valid replay file within the caps
     * @throws ReplayCapacityException if no decoding memory is free within {@link #memoryWait()}
     * @throws FileSystemException     naming the path and what it is if it is not a regular file
     * @throws InterruptedIOException  if the thread is interrupted (the read stops between chunks)
     * @throws IOException             if the file cannot be read
     */
    public ReplayFile read(Path path) throws IOException {
        Objects.requireNonNull(path, "path");
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
        if (!attributes.isRegularFile()) {
            throw new FileSystemException(path.toString(), null, "not a regular file ("
                    + FileKinds.describe(path, attributes) + "): only regular files are read as replay files");
        }
        checkFileSize(attributes.size());
        try (InputStream in = Channels.newInputStream(FileChannel.open(path, StandardOpenOption.READ))) {
            return read(in);
        }
    }

    /**
     * Reads a replay file from a path, as {@link #read(Path)} does, on
     * {@link Schedulers#boundedElastic()}, so that a game loop or UI thread never blocks on the disk.
     * Disposing the subscription interrupts the read, which stops at its next chunk.
     *
     * @param path the file
     * @return a cold Mono of the file; errors with {@link ReplayFormatException},
     *         {@link ReplayCapacityException} or {@link IOException}
     */
    public Mono<ReplayFile> readAsync(Path path) {
        Objects.requireNonNull(path, "path");
        return Mono.fromCallable(() -> read(path)).subscribeOn(Schedulers.boundedElastic());
    }

    /**
     * Reads and validates a whole replay file and returns what its header says (version, sizes,
     * skipped sections), for tools.
     *
     * @param bytes the whole file
     * @return the header of the valid file
     * @throws ReplayFormatException if the bytes are not a valid replay file within the caps
     */
    public ReplayFileHeader readHeader(byte[] bytes) {
        return decodeShared(bytes).header();
    }

    /** Refuses a file larger than the caps allow before any of it is parsed. */
    private void checkFileSize(long size) {
        if (size > maxFileBytes()) {
            throw new ReplayFormatException("The file has " + size + " bytes, more than the largest replay file the "
                    + "caps allow (" + maxFileBytes() + " bytes) (file byte " + maxFileBytes() + ")", -1, maxFileBytes());
        }
    }

    private FileCodec.Decoded decodeShared(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        checkFileSize(bytes.length);
        try {
            return FileCodec.decode(bytes, bytes.length, this, DecodeBudget.SHARED);
        } catch (InterruptedIOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return "ReplayFileReader[maxSteps=" + maxSteps + ", maxParamBytes=" + maxParamBytes
                + ", maxHeaderBytes=" + maxHeaderBytes + ", memoryWait=" + memoryWait + "]";
    }

    /** Builds a {@link ReplayFileReader}, checking each cap as it is set. Not thread-safe. */
    public static final class Builder {

        private int maxSteps = ReplayArrayConfig.DEFAULTS.commandMaxLength();
        private int maxParamBytes = ReplayArrayConfig.DEFAULTS.paramMaxLength();
        private int maxHeaderBytes = FileLayout.DEFAULT_MAX_HEADER_BYTES;
        private Duration memoryWait = Duration.ofSeconds(60);

        private Builder() {
        }

        /**
         * Sets the most steps a route may have.
         *
         * @param steps 1..{@link ReplayArrayConfig#MAX_STEPS_LIMIT}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder maxSteps(int steps) {
            this.maxSteps = positive("maxSteps", steps, ReplayArrayConfig.MAX_STEPS_LIMIT);
            return this;
        }

        /**
         * Sets the largest param area a route may have.
         *
         * @param bytes 1..{@link ReplayArrayConfig#MAX_PARAM_BYTES_LIMIT}
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder maxParamBytes(int bytes) {
            this.maxParamBytes = positive("maxParamBytes", bytes, ReplayArrayConfig.MAX_PARAM_BYTES_LIMIT);
            return this;
        }

        /**
         * Sets the largest header (magic to the end of the sections: game id, build, metadata,
         * dictionary).
         *
         * @param bytes 64..2^30
         * @return this builder
         * @throws IllegalArgumentException if out of range
         */
        public Builder maxHeaderBytes(int bytes) {
            if (bytes < 64 || bytes > 1 << 30) {
                throw new IllegalArgumentException("maxHeaderBytes must be in 64..2^30, was " + bytes);
            }
            this.maxHeaderBytes = bytes;
            return this;
        }

        /**
         * Sets the longest a read waits for the shared decoding memory when concurrent reads hold
         * it, before it fails with a {@link ReplayCapacityException}; waits longer than a day are
         * cut to a day.
         *
         * @param wait zero (fail at once if the memory is not free) or more; 60 seconds by default
         * @return this builder
         * @throws IllegalArgumentException if negative
         */
        public Builder memoryWait(Duration wait) {
            Objects.requireNonNull(wait, "wait");
            if (wait.isNegative()) {
                throw new IllegalArgumentException("memoryWait must be zero or more, was " + wait);
            }
            this.memoryWait = wait;
            return this;
        }

        /**
         * Returns the reader.
         *
         * @return a new immutable reader
         */
        public ReplayFileReader build() {
            return new ReplayFileReader(this);
        }

        private static int positive(String name, int value, int max) {
            if (value <= 0 || value > max) {
                throw new IllegalArgumentException(name + " must be in 1.." + max + ", was " + value);
            }
            return value;
        }
    }
}
