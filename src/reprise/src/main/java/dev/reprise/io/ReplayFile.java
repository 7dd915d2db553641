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

import dev.reprise.command.CommandDictionary;
import dev.reprise.internal.FileStrings;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayCapacityException;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * A replay file as a value: the game's id and build, user metadata, an optional command dictionary,
 * the compression chosen for the body, and the recorded route as a {@link ReplaySave} ({@link #save()}).
 * The byte format is in {@code docs/replay-file-format.md}.
 *
 * <p>Immutable and thread-safe. The save is validated and copied when the file is built, so a
 * {@code ReplayFile} always holds a well-formed save whose buffers (read-only, position 0, limit =
 * used bytes) stay valid forever, and within the caps of the reader it must be readable by
 * ({@link ReplayFileReader#DEFAULT} unless set otherwise). Writing to a {@link Path} is atomic: on
 * any failure the previous file is left intact and no temporary file remains. Reading validates
 * everything first and throws {@link ReplayFormatException} for any malformed input (see
 * {@link ReplayFileReader}). Blocking and non-blocking forms share a verb ({@code read},
 * {@code write}); the {@code Mono} forms end in {@code Async} and run on
 * {@link Schedulers#boundedElastic()}.
 */
public final class ReplayFile {

    private final String gameId;
    private final String gameBuild;
    private final Map<String, String> metadata;
    private final CommandDictionary dictionary;
    private final Compression compression;
    private final ReplaySave save;
    /** The caps the file was built within (not part of its value): its bytes must read back with them. */
    private final ReplayFileReader limits;

    private ReplayFile(String gameId, String gameBuild, Map<String, String> metadata, CommandDictionary dictionary,
                       Compression compression, ReplaySave save, ReplayFileReader limits) {
        this.gameId = gameId;
        this.gameBuild = gameBuild;
        this.metadata = metadata;
        this.dictionary = dictionary;
        this.compression = compression;
        this.save = save;
        this.limits = limits;
    }

    /** Creates a file from parts the decoder has already validated (the save's arrays are owned). */
    static ReplayFile trusted(String gameId, String gameBuild, Map<String, String> metadata,
                              CommandDictionary dictionary, Compression compression, ReplaySave save,
                              ReplayFileReader limits) {
        return new ReplayFile(gameId, gameBuild, Collections.unmodifiableMap(metadata), dictionary, compression, save,
                limits);
    }

    /**
     * Returns a builder for a file of a saved route; the save is validated and copied at
     * {@link Builder#build()}, so the caller may keep writing to the route it came from afterwards.
     *
     * @param save the saved route, e.g. {@code system.saveState()} or {@code array.saveState()}
     * @return a new builder with an empty game id and build, no metadata, no dictionary and
     *         {@link Compression#COMPACT}
     */
    public static Builder builder(ReplaySave save) {
        return new Builder(save);
    }

    /**
     * Returns a builder holding this file's values.
     *
     * @return a new builder
     */
    public Builder toBuilder() {
        return toBuilder(save);
    }

    /** A builder holding this file's values but another route (an upgrade's). */
    Builder toBuilder(ReplaySave save) {
        Builder builder = new Builder(save).gameId(gameId).gameBuild(gameBuild).dictionary(dictionary)
                .compression(compression).readableBy(limits);
        builder.metadata.putAll(metadata);
        return builder;
    }

    /**
     * Returns the id of the game that recorded the route; may be empty, never null.
     *
     * @return the game id
     */
    public String gameId() {
        return gameId;
    }

    /**
     * Returns the build of that game; may be empty, never null.
     *
     * @return the build
     */
    public String gameBuild() {
        return gameBuild;
    }

    /**
     * Returns the user metadata in insertion order; unmodifiable.
     *
     * @return key → value
     */
    public Map<String, String> metadata() {
        return metadata;
    }

    /**
     * Returns the command dictionary; empty if the file has none.
     *
     * @return the dictionary
     */
    public CommandDictionary dictionary() {
        return dictionary;
    }

    /**
     * Returns how the body is stored.
     *
     * @return the compression
     */
    public Compression compression() {
        return compression;
    }

    /**
     * Returns the recorded route, as a save. Its buffers are read-only and independent of any
     * {@code ReplayArray}; each call returns fresh views (position 0), so callers cannot disturb one
     * another.
     *
     * @return the save, ready for {@code ReplaySystem.loadState} (or {@code ReplayArray.loadState})
     */
    public ReplaySave save() {
        return new ReplaySave(save.length(), save.commandWidth(), save.commandArray().duplicate(),
                save.paramArray().duplicate());
    }

    // ------------------------------------------------------------------------------------------ write

    /**
     * Encodes this file. Before the bytes are returned, their header is parsed back against the caps
     * the file was built within and their body is decoded and compared with what it codes; if the
     * smaller, modelled body would not read back, the DEFLATE body is used instead.
     *
     * @return the file's bytes, CRC included
     */
    public byte[] toBytes() {
        return FileCodec.encode(this, limits);
    }

    /**
     * Writes this file to a stream (which is flushed, not closed).
     *
     * @param out the stream
     * @throws IOException if the stream fails
     */
    public void write(OutputStream out) throws IOException {
        Objects.requireNonNull(out, "out");
        out.write(toBytes());
        out.flush();
    }

    /**
     * Writes this file to {@code target} atomically: to a new temporary file with a short name in
     * the same folder (created exclusively, never following a link, and written through the
     * channel that created it), forced to disk, then moved over the target in one step. A replaced
     * file's permissions are kept; a new file gets the default ones (the umask's), as
     * {@link java.nio.file.Files#write} would give it. On failure the previous file is intact and
     * no temporary file is left.
     *
     * <p>A target that is a symbolic link (or a chain of them) is followed: the file it names is
     * replaced and the link stays a link; a dangling link creates the file it names. Only regular
     * files are replaced: a folder, FIFO, socket or device is refused, as is a symlink loop.
     *
     * @param target the file to create or replace
     * @throws IOException naming the path if it has no file name or parent folder (for example
     *                     {@code /}), if it is or leads to a folder, FIFO, socket or device (the
     *                     message says which), if it is a symlink loop, or if writing, forcing or
     *                     moving fails
     */
    public void write(Path target) throws IOException {
        Objects.requireNonNull(target, "target");
        byte[] bytes = toBytes();
        AtomicFiles.write(target, out -> out.write(bytes));
    }

    /**
     * Writes this file to {@code target} atomically (as {@link #write(Path)}) on
     * {@link Schedulers#boundedElastic()}, so that writing never blocks a game loop or UI thread.
     *
     * @param target the file to create or replace
     * @return a cold Mono that completes when the file is in place, or errors with the failure
     */
    public Mono<Void> writeAsync(Path target) {
        Objects.requireNonNull(target, "target");
        return Mono.fromCallable(() -> {
            write(target);
            return target;
        }).subscribeOn(Schedulers.boundedElastic()).then();
    }

    // ------------------------------------------------------------------------------------------ read

    /**
     * Reads a file from bytes with {@link ReplayFileReader#DEFAULT}.
     *
     * @param bytes the whole file
     * @return the file
     * @throws ReplayFormatException if the bytes are not a valid replay file
     */
    public static ReplayFile read(byte[] bytes) {
        return ReplayFileReader.DEFAULT.read(bytes);
    }

    /**
     * Reads a file from a stream, to its end, with {@link ReplayFileReader#DEFAULT} (see
     * {@link ReplayFileReader#read(InputStream)}).
     *
     * @param in the stream (not closed)
     * @return the file
     * @throws ReplayFormatException if the bytes are not a valid replay file
     * @throws IOException           if the stream fails
     */
    public static ReplayFile read(InputStream in) throws IOException {
        return ReplayFileReader.DEFAULT.read(in);
    }

    /**
     * Reads a file from a path with {@link ReplayFileReader#DEFAULT} (see
     * {@link ReplayFileReader#read(Path)}: only regular files are read).
     *
     * @param path the file
     * @return the file
     * @throws ReplayFormatException if the file is not a valid replay file
     * @throws IOException           if the file cannot be read or is not a regular file
     */
    public static ReplayFile read(Path path) throws IOException {
        return ReplayFileReader.DEFAULT.read(path);
    }

    /**
     * Reads a file from a path on {@link Schedulers#boundedElastic()} with
     * {@link ReplayFileReader#DEFAULT}; disposing the subscription interrupts the read.
     *
     * @param path the file
     * @return a cold Mono of the file
     */
    public static Mono<ReplayFile> readAsync(Path path) {
        return ReplayFileReader.DEFAULT.readAsync(path);
    }

    // ------------------------------------------------------------------------------------------ value

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof ReplayFile that
                && gameId.equals(that.gameId)
                && gameBuild.equals(that.gameBuild)
                && metadata.equals(that.metadata)
                && dictionary.equals(that.dictionary)
                && compression == that.compression
                && save.equals(that.save);
    }

    @Override
    public int hashCode() {
        return Objects.hash(gameId, gameBuild, metadata, dictionary, compression, save);
    }

    @Override
    public String toString() {
        return "ReplayFile[gameId=" + gameId + ", gameBuild=" + gameBuild + ", metadata=" + metadata.size()
                + " entries, dictionary=" + dictionary.size() + " entries, compression=" + compression
                + ", save=" + save + "]";
    }

    /** Builds a {@link ReplayFile}, checking each value as it is set. Not thread-safe. */
    public static final class Builder {

        private final ReplaySave save;
        private final Map<String, String> metadata = new LinkedHashMap<>();
        private String gameId = "";
        private String gameBuild = "";
        private CommandDictionary dictionary = CommandDictionary.empty();
        private Compression compression = Compression.COMPACT;
        private ReplayFileReader limits = ReplayFileReader.DEFAULT;

        private Builder(ReplaySave save) {
            this.save = Objects.requireNonNull(save, "save");
        }

        /**
         * Sets the id of the game that recorded the route.
         *
         * @param gameId e.g. {@code "dev.example.tower"}; at most 65,535 UTF-8 bytes, no lone surrogate
         * @return this builder
         */
        public Builder gameId(String gameId) {
            this.gameId = FileStrings.check("gameId", gameId);
            return this;
        }

        /**
         * Sets the build of that game.
         *
         * @param gameBuild e.g. {@code "2.8.2"}; at most 65,535 UTF-8 bytes, no lone surrogate
         * @return this builder
         */
        public Builder gameBuild(String gameBuild) {
            this.gameBuild = FileStrings.check("gameBuild", gameBuild);
            return this;
        }

        /**
         * Adds (or replaces) one metadata entry; entries keep their insertion order.
         *
         * @param key   the key; at most 65,535 UTF-8 bytes
         * @param value the value; at most 65,535 UTF-8 bytes
         * @return this builder
         */
        public Builder metadata(String key, String value) {
            metadata.put(FileStrings.check("metadata key", key), FileStrings.check("metadata value of " + key, value));
            return this;
        }

        /**
         * Adds all entries of {@code entries}, in its iteration order.
         *
         * @param entries key → value
         * @return this builder
         */
        public Builder metadata(Map<String, String> entries) {
            Objects.requireNonNull(entries, "entries").forEach(this::metadata);
            return this;
        }

        /**
         * Sets the command dictionary stored with the route.
         *
         * @param dictionary the game's commands; {@link CommandDictionary#empty()} for none
         * @return this builder
         */
        public Builder dictionary(CommandDictionary dictionary) {
            this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
            return this;
        }

        /**
         * Chooses how the body is stored.
         *
         * @param compression {@link Compression#COMPACT} (the default) or {@link Compression#NONE}
         * @return this builder
         */
        public Builder compression(Compression compression) {
            this.compression = Objects.requireNonNull(compression, "compression");
            return this;
        }

        /**
         * Sets the reader whose caps the file must fit (steps, param bytes, header bytes), checked
         * at {@link #build()}, so that the file can be read back with that reader.
         *
         * @param reader the reader; {@link ReplayFileReader#DEFAULT} (the default) for files that
         *               {@link ReplayFile#read(Path)} reads
         * @return this builder
         */
        public Builder readableBy(ReplayFileReader reader) {
            this.limits = Objects.requireNonNull(reader, "reader");
            return this;
        }

        /**
         * Validates the route (every tag and length, as {@code ReplayArray.loadState} does) and
         * every cap of the reader set by {@link #readableBy} (by default
         * {@link ReplayFileReader#DEFAULT}: 1,000,000 steps, 10,000,000 param bytes, a header of
         * 1 MiB), and returns the file, holding an exact copy of the route's used bytes.
         *
         * @return the file
         * @throws ReplayFormatException   if the route is malformed
         * @throws ReplayCapacityException if the file would pass one of the reader's caps (it
         *                                 could be written but not read back)
         */
        public ReplayFile build() {
            int steps = save.length();
            if (steps < 0 || steps > ReplayArrayConfig.MAX_STEPS_LIMIT) {
                throw new ReplayFormatException("Route length " + steps + " is outside 0.."
                        + ReplayArrayConfig.MAX_STEPS_LIMIT, -1, -1);
            }
            if (steps > limits.maxSteps()) {
                throw new ReplayCapacityException("The route has " + steps + " steps, more than the "
                        + limits.maxSteps() + " the reader allows (" + limits + ")");
            }
            int commandBytes = steps * save.commandWidth().entrySize();
            if (save.commandArray().remaining() < commandBytes) {
                throw new ReplayFormatException("Command area holds " + save.commandArray().remaining()
                        + " bytes, but " + steps + " steps need " + commandBytes, -1, -1);
            }
            byte[] commands = copy(save.commandArray(), commandBytes);
            ReplaySave exact = RouteCheck.validated(steps, save.commandWidth(), commands,
                    copy(save.paramArray(), save.paramArray().remaining()), -1, true);
            int paramBytes = exact.paramArray().remaining();
            if (paramBytes > limits.maxParamBytes()) {
                throw new ReplayCapacityException("The route has " + paramBytes + " param bytes, more than the "
                        + limits.maxParamBytes() + " the reader allows (" + limits + ")");
            }
            long header = FileCodec.headerBound(gameId, gameBuild, metadata, dictionary, steps, paramBytes,
                    save.commandWidth(), compression);
            if (header > limits.maxHeaderBytes()) {
                throw new ReplayCapacityException("The header (game id, build, " + metadata.size()
                        + " metadata entries, " + dictionary.size() + " dictionary names) takes up to " + header
                        + " bytes, more than the " + limits.maxHeaderBytes() + " the reader allows (" + limits + ")");
            }
            return new ReplayFile(gameId, gameBuild, Collections.unmodifiableMap(new LinkedHashMap<>(metadata)),
                    dictionary, compression, exact, limits);
        }

        private static byte[] copy(ByteBuffer source, int length) {
            byte[] bytes = new byte[length];
            source.duplicate().get(bytes);
            return bytes;
        }
    }
}
