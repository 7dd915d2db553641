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

import static dev.reprise.io.FileLayout.*;

import dev.reprise.command.CommandDictionary;
import dev.reprise.internal.FileStrings;
import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayCapacityException;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32C;
import org.jspecify.annotations.Nullable;

/** Encodes a {@link ReplayFile} to bytes and decodes and fully validates bytes into one. */
final class FileCodec {

    /** A decoded file and what its header said. */
    record Decoded(ReplayFile file, ReplayFileHeader header) {
    }

    private FileCodec() {
    }

    // ------------------------------------------------------------------------------------------ encode

    /**
     * Encodes a file, with the smaller of the two entropy stages for a compressed body, and checks
     * what it chose before returning it: the header is parsed back against the caps, and the body is
     * decoded and compared with the transform it codes. A modelled body that does not decode to it
     * (a coder bug) is replaced by the DEFLATE body, so an unreadable file is never written. (The
     * column transform is checked by the round-trip tests; decoding it again here would double the
     * cost of writing a long route.)
     *
     * @throws IllegalStateException if nothing reads back (a bug; nothing is written)
     */
    static byte[] encode(ReplayFile file, ReplayFileReader limits) {
        ReplaySave save = file.save();
        if (file.compression() == Compression.NONE) {
            byte[] bytes = assemble(file, save, 0, null, save.commandArray().remaining()
                    + save.paramArray().remaining(), 0);
            return checked(bytes, readsBack(bytes, limits, null), file, "uncompressed");
        }
        ColumnCodec.Encoded transformed = ColumnCodec.encode(save.commandBytes(), save.paramBytes(),
                save.length(), save.commandWidth());
        int inflatedLength = transformed.bytes().length;
        // Both entropy stages, the smaller one kept: the modelled coder wins on real routes, DEFLATE
        // on long repeated payloads (e.g. the same long string again and again).
        ByteOutput deflated = Deflate.compressSmallest(transformed.bytes(), transformed.boundaries());
        ByteOutput modelled = ModeledBody.encode(transformed);
        if (modelled.size() < deflated.size()) {
            byte[] bytes = assemble(file, save, FLAG_DEFLATE | FLAG_MODELED, modelled.array(), modelled.size(),
                    inflatedLength);
            if (readsBack(bytes, limits, transformed.bytes()) == null) {
                return bytes;
            }
        }
        byte[] bytes = assemble(file, save, FLAG_DEFLATE, deflated.array(), deflated.size(), inflatedLength);
        return checked(bytes, readsBack(bytes, limits, transformed.bytes()), file, "DEFLATE");
    }

    private static byte[] checked(byte[] bytes, @Nullable RuntimeException failure, ReplayFile file, String body) {
        if (failure != null) {
            throw new IllegalStateException("Internal error: the " + body + " encoding of " + file
                    + " does not read back; nothing was written", failure);
        }
        return bytes;
    }

    /**
     * Parses the header of {@code bytes} back and decodes its body: {@code null} if the body gives
     * {@code transform} (or, uncompressed, has the declared length), else what went wrong.
     */
    private static @Nullable RuntimeException readsBack(byte[] bytes, ReplayFileReader limits,
                                                      byte @Nullable [] transform) {
        try {
            Layout layout = layout(bytes, bytes.length, limits, false);
            if (layout.fileLength() != bytes.length) {
                return new IllegalStateException("the header declares " + layout.fileLength() + " bytes, the file has "
                        + bytes.length);
            }
            if (transform == null) {
                return null;
            }
            byte[] decoded = layout.modelled()
                    ? ModeledBody.decode(bytes, layout.bodyStart(), layout.bodyLength(), layout.inflatedLength(), 0)
                    : Deflate.inflate(bytes, layout.bodyStart(), layout.bodyLength(), layout.inflatedLength(), 0);
            return Arrays.equals(decoded, transform) ? null
                    : new IllegalStateException("the body decodes to other bytes than it codes");
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** Lays out the header, the body (or the save's areas if {@code body} is null) and the CRC. */
    private static byte[] assemble(ReplayFile file, ReplaySave save, int flags, byte @Nullable [] body,
                                   int bodyLength, int inflatedLength) {
        int commandBytes = save.commandArray().remaining();
        int paramBytes = save.paramArray().remaining();
        ByteOutput out = new ByteOutput(64 + headerEstimate(file));
        out.bytes(MAGIC);
        out.u8(MAJOR_VERSION);
        out.u8(MINOR_VERSION);
        out.u8(flags);
        out.u8(save.commandWidth().saveValue());
        out.varint(save.length());
        out.varint(paramBytes);
        out.varint(bodyLength);
        if ((flags & FLAG_DEFLATE) != 0) {
            out.varint(inflatedLength);
        }
        out.string(file.gameId());
        out.string(file.gameBuild());
        if (!file.metadata().isEmpty()) {
            ByteOutput section = new ByteOutput(64);
            section.varint(file.metadata().size());
            file.metadata().forEach((key, value) -> {
                section.string(key);
                section.string(value);
            });
            section(out, SECTION_METADATA, section);
        }
        if (!file.dictionary().isEmpty()) {
            ByteOutput section = new ByteOutput(64);
            section.varint(file.dictionary().size());
            int previous = -1;
            for (Map.Entry<Integer, String> entry : file.dictionary().asMap().entrySet()) {
                section.varint(entry.getKey() - previous - 1);
                section.string(entry.getValue());
                previous = entry.getKey();
            }
            section(out, SECTION_DICTIONARY, section);
        }
        out.u8(SECTION_END);
        // One exact allocation for the whole file: header, body, checksum.
        int headerSize = out.size();
        byte[] bytes = new byte[headerSize + bodyLength + CRC_SIZE];
        System.arraycopy(out.array(), 0, bytes, 0, headerSize);
        if (body != null) {
            System.arraycopy(body, 0, bytes, headerSize, bodyLength);
        } else {
            save.commandArray().duplicate().get(bytes, headerSize, commandBytes);
            save.paramArray().duplicate().get(bytes, headerSize + commandBytes, paramBytes);
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, headerSize + bodyLength);
        int value = (int) crc.getValue();
        int at = headerSize + bodyLength;
        bytes[at] = (byte) (value >>> 24);
        bytes[at + 1] = (byte) (value >>> 16);
        bytes[at + 2] = (byte) (value >>> 8);
        bytes[at + 3] = (byte) value;
        return bytes;
    }

    /**
     * The most bytes the header of such a file takes: exact but for the body's two lengths, which
     * count at the size of their largest possible value (so at most 8 bytes too many). The reader's
     * header cap applies to this size, so a file within it always fits the cap.
     */
    static long headerBound(String gameId, String gameBuild, Map<String, String> metadata,
                            CommandDictionary dictionary, int steps, int paramBytes, CommandWidth width,
                            Compression compression) {
        long size = FIXED_HEADER_SIZE + ByteOutput.varintSize(steps) + ByteOutput.varintSize(paramBytes);
        if (compression == Compression.NONE) {
            size += ByteOutput.varintSize((long) steps * width.entrySize() + paramBytes);
        } else {
            long inflated = inflatedBound(steps, paramBytes);
            // Stored DEFLATE blocks grow incompressible data a little; the modelled body is kept only if smaller.
            size += ByteOutput.varintSize(inflated) + ByteOutput.varintSize(inflated + inflated / 3000 + 1024);
        }
        size += stringSize(gameId) + stringSize(gameBuild);
        if (!metadata.isEmpty()) {
            long payload = ByteOutput.varintSize(metadata.size());
            for (Map.Entry<String, String> e : metadata.entrySet()) {
                payload += stringSize(e.getKey()) + stringSize(e.getValue());
            }
            size += 1 + ByteOutput.varintSize(payload) + payload;
        }
        if (!dictionary.isEmpty()) {
            long payload = ByteOutput.varintSize(dictionary.size());
            int previous = -1;
            for (Map.Entry<Integer, String> entry : dictionary.asMap().entrySet()) {
                payload += ByteOutput.varintSize(entry.getKey() - previous - 1L) + stringSize(entry.getValue());
                previous = entry.getKey();
            }
            size += 1 + ByteOutput.varintSize(payload) + payload;
        }
        return size + 1;
    }

    private static long stringSize(String s) {
        long utf8 = FileStrings.utf8Length(s);
        return ByteOutput.varintSize(utf8) + utf8;
    }

    private static int headerEstimate(ReplayFile file) {
        int size = file.gameId().length() * 3 + file.gameBuild().length() * 3 + 16;
        for (Map.Entry<String, String> e : file.metadata().entrySet()) {
            size += (e.getKey().length() + e.getValue().length()) * 3 + 10;
        }
        for (String name : file.dictionary().asMap().values()) {
            size += name.length() * 3 + 8;
        }
        return size;
    }

    private static void section(ByteOutput out, int tag, ByteOutput payload) {
        out.u8(tag);
        out.varint(payload.size());
        out.bytes(payload.array(), 0, payload.size());
    }

    // ------------------------------------------------------------------------------------------ decode

    /**
     * What the header declares, parsed and checked against the caps before anything is allocated or
     * decoded: strings and sections are only stepped over here.
     *
     * @param stringsAt  offset of the game id (the first string)
     * @param bodyStart  offset of the body, after the end-of-sections byte
     * @param skipped    unknown optional sections
     */
    record Layout(int major, int minor, Compression compression, boolean modelled, CommandWidth width, int steps,
                  int paramBytes, int bodyLength, int inflatedLength, int stringsAt, int bodyStart, int skipped) {

        /** The whole file's size: header, body and checksum. */
        long fileLength() {
            return (long) bodyStart + bodyLength + CRC_SIZE;
        }

        /** The working memory decoding this file takes, its input of {@code inputBytes} included. */
        long workingBytes(long inputBytes) {
            return DecodeBudget.estimate(inputBytes, bodyStart - stringsAt, steps, width.entrySize(), paramBytes,
                    inflatedLength, modelled);
        }
    }

    /** Thrown by {@link #layout} when the header goes past the bytes available so far. */
    static final class NeedMore extends RuntimeException {
        private static final long serialVersionUID = 1L;
        static final NeedMore INSTANCE = new NeedMore();

        private NeedMore() {
            super("more input needed", null, false, false);
        }
    }

    /**
     * Parses the header of {@code bytes[0 .. length)}: magic, version, flags, width, every declared
     * size against the caps, and the sections' framing (not their content).
     *
     * @param prefix {@code true} if {@code bytes[0 .. length)} may be only the start of the input:
     *               running out of bytes then throws {@link NeedMore} instead of a truncation error
     * @throws ReplayFormatException naming what is wrong and its byte offset
     */
    static Layout layout(byte[] bytes, int length, ReplayFileReader limits, boolean prefix) {
        checkMagic(bytes, length, prefix);
        BoundedInput in = new BoundedInput(bytes, 0, length, 0, "file", prefix);
        in.skip(MAJOR_OFFSET, "magic");
        int major = in.u8("major version");
        int minor = in.u8("minor version");
        if (major != MAJOR_VERSION) {
            throw in.error("Replay file format version " + major + "." + minor + " is not supported: this "
                    + "reader reads major version " + MAJOR_VERSION + " only"
                    + (major > MAJOR_VERSION ? " (the file was written by a newer Reprise; upgrade to read it)" : ""),
                    MAJOR_OFFSET);
        }
        int flags = in.u8("flags");
        if ((flags & ~KNOWN_FLAGS) != 0) {
            throw in.error("Unknown flags 0x" + Integer.toHexString(flags & ~KNOWN_FLAGS)
                    + " in format version " + major + "." + minor, FLAGS_OFFSET);
        }
        if (flags == FLAG_MODELED) {
            throw in.error("Flag bit 1 (modelled body) is set without flag bit 0 (compressed body)", FLAGS_OFFSET);
        }
        Compression compression = (flags & FLAG_DEFLATE) != 0 ? Compression.COMPACT : Compression.NONE;
        boolean modelled = (flags & FLAG_MODELED) != 0;
        int widthValue = in.u8("command width");
        if (widthValue != 1 && widthValue != 2) {
            throw in.error("Command width " + widthValue + " is neither 1 (UINT8) nor 2 (UINT16)", WIDTH_OFFSET);
        }
        CommandWidth width = CommandWidth.fromSaveValue(widthValue);
        int steps = in.varint("step count", limits.maxSteps());
        int paramBytes = in.varint("param byte count", limits.maxParamBytes());
        long rawLength = (long) steps * width.entrySize() + paramBytes;
        long bodyAt = in.offset();
        // A prefix holds the header only: the body's length is checked against the input later.
        int bodyLength = prefix ? in.varint("body length", Integer.MAX_VALUE - 16) : in.length("body length");
        if (bodyLength > limits.maxFileBytes()) {
            throw in.error("body length " + bodyLength + " is more than the largest replay file the caps allow ("
                    + limits.maxFileBytes() + " bytes)", bodyAt);
        }
        int inflatedLength = 0;
        if (compression == Compression.COMPACT) {
            long at = in.offset();
            inflatedLength = in.varint("inflated body length", Integer.MAX_VALUE - 16);
            long bound = Math.min(inflatedBound(steps, paramBytes), modelled
                    ? ((long) bodyLength + 8) * MAX_MODELED_RATIO : (long) bodyLength * MAX_DEFLATE_RATIO + 64);
            if (inflatedLength > bound) {
                throw in.error("inflated body length " + inflatedLength + " is more than a body of "
                        + bodyLength + " bytes holding " + steps + " steps and " + paramBytes
                        + " param bytes can inflate to (" + bound + ")", at);
            }
            if (paramBytes > 5L * inflatedLength) {
                throw in.error(paramBytes + " param bytes cannot come from an inflated body of "
                        + inflatedLength + " bytes (one byte there gives at most five param bytes)", at);
            }
        } else if (bodyLength != rawLength) {
            throw in.error("body length " + bodyLength + " is not " + steps + " steps x "
                    + width.entrySize() + " bytes + " + paramBytes + " param bytes = " + rawLength, bodyAt);
        }
        int stringsAt = in.position();
        in.skip(in.varint("game id length", MAX_STRING_BYTES), "game id");
        in.skip(in.varint("game build length", MAX_STRING_BYTES), "game build");
        int skipped = 0;
        boolean seenMetadata = false;
        boolean seenDictionary = false;
        while (true) {
            long tagAt = in.offset();
            int tag = in.u8("section tag");
            if (tag == SECTION_END) {
                break;
            }
            int sectionLength = in.length("length of section " + tag);
            if ((long) in.position() + sectionLength > limits.maxHeaderBytes()) {
                throw in.error("the header passes the cap of " + limits.maxHeaderBytes() + " bytes", tagAt);
            }
            if (tag == SECTION_METADATA) {
                if (seenMetadata) {
                    throw in.error("a second metadata section", tagAt);
                }
                seenMetadata = true;
            } else if (tag == SECTION_DICTIONARY) {
                if (seenDictionary) {
                    throw in.error("a second dictionary section", tagAt);
                }
                seenDictionary = true;
            } else if (tag >= FIRST_REQUIRED_SECTION) {
                throw in.error("Section " + tag + " is required to read this file, but this reader (format "
                        + MAJOR_VERSION + "." + MINOR_VERSION + ") does not know it", tagAt);
            } else {
                skipped++;
            }
            in.skip(sectionLength, "section " + tag);
        }
        int bodyStart = in.position();
        if (bodyStart > limits.maxHeaderBytes()) {
            throw in.error("the header takes " + bodyStart + " bytes, more than the cap of "
                    + limits.maxHeaderBytes(), 0);
        }
        return new Layout(major, minor, compression, modelled, width, steps, paramBytes, bodyLength, inflatedLength,
                stringsAt, bodyStart, skipped);
    }

    /**
     * Decodes and validates {@code bytes[0 .. length)}, cheapest checks first: the header's structure
     * and caps, the file's length and CRC32C, then (within the {@code budget}, if any) the strings
     * and sections, the body and every step of the route.
     *
     * @param budget the shared decoding budget to reserve this decode's memory from, or {@code null}
     *               if the caller has reserved it (or it is the writer checking its own output)
     * @throws ReplayFormatException   naming what is wrong and its byte offset
     * @throws ReplayCapacityException if the budget has no room within the reader's memory wait
     * @throws InterruptedIOException  if interrupted while waiting for the budget
     */
    static Decoded decode(byte[] bytes, int length, ReplayFileReader limits, @Nullable DecodeBudget budget)
            throws InterruptedIOException {
        Layout layout = layout(bytes, length, limits, false);
        long bodyEnd = (long) layout.bodyStart() + layout.bodyLength();
        long fileEnd = layout.fileLength();
        if (fileEnd > length) {
            throw new ReplayFormatException("Truncated file: the header declares a body of " + layout.bodyLength()
                    + " bytes and a checksum, ending at byte " + fileEnd + ", but the file has " + length
                    + " bytes (file byte " + length + ")", -1, length);
        }
        if (fileEnd < length) {
            throw new ReplayFormatException((length - fileEnd) + " unexpected bytes after the end of the replay file"
                    + " (file byte " + fileEnd + ")", -1, fileEnd);
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, (int) bodyEnd);
        int stored = (bytes[(int) bodyEnd] & 0xFF) << 24 | (bytes[(int) bodyEnd + 1] & 0xFF) << 16
                | (bytes[(int) bodyEnd + 2] & 0xFF) << 8 | bytes[(int) bodyEnd + 3] & 0xFF;
        if (stored != (int) crc.getValue()) {
            throw new ReplayFormatException(String.format("Checksum mismatch: the file stores CRC32C %08x, but bytes "
                    + "0..%d give %08x: the file is corrupt (file byte %d)", stored, bodyEnd - 1, (int) crc.getValue(),
                    bodyEnd), -1, bodyEnd);
        }

        // Reserved before the strings are parsed: they, the maps and the route are what a read holds.
        try (DecodeBudget.Reservation reserved = budget == null ? null
                : budget.reserve(layout.workingBytes(0), limits.memoryWait())) {
            BoundedInput in = new BoundedInput(bytes, layout.stringsAt(), layout.bodyStart(), 0, "file");
            String gameId = in.string("game id");
            String gameBuild = in.string("game build");
            Map<String, String> metadata = Map.of();
            CommandDictionary dictionary = CommandDictionary.empty();
            while (true) {
                int tag = in.u8("section tag");
                if (tag == SECTION_END) {
                    break;
                }
                int sectionLength = in.length("length of section " + tag);
                BoundedInput section = new BoundedInput(bytes, in.position(), in.position() + sectionLength, 0, "file");
                in.skip(sectionLength, "section " + tag);
                if (tag == SECTION_METADATA) {
                    metadata = readMetadata(section);
                } else if (tag == SECTION_DICTIONARY) {
                    dictionary = readDictionary(section);
                }
            }
            ReplaySave save = body(bytes, layout);
            ReplayFile file = ReplayFile.trusted(gameId, gameBuild, metadata, dictionary, layout.compression(),
                    save, limits);
            ReplayFileHeader header = ReplayFileHeader.of(layout.major(), layout.minor(), layout.compression(),
                    layout.width(), layout.steps(), layout.paramBytes(), layout.bodyLength(), length,
                    layout.skipped());
            return new Decoded(file, header);
        }
    }

    /** Decodes the body of a file whose header and checksum are valid, and validates the route. */
    private static ReplaySave body(byte[] bytes, Layout layout) {
        int steps = layout.steps();
        CommandWidth width = layout.width();
        int paramBytes = layout.paramBytes();
        int bodyStart = layout.bodyStart();
        int commandBytes = steps * width.entrySize();
        if (layout.compression() == Compression.NONE) {
            // Validate in place first, then copy each area once.
            int paramsAt = bodyStart + commandBytes;
            int used = RouteScan.scan(bytes, bodyStart, steps, width.entrySize(), bytes, paramsAt, paramBytes, paramsAt);
            if (used != paramBytes) {
                throw RouteCheck.trailing(used, paramBytes, paramsAt);
            }
            return new ReplaySave(steps, width,
                    ByteBuffer.wrap(Arrays.copyOfRange(bytes, bodyStart, paramsAt)).asReadOnlyBuffer(),
                    ByteBuffer.wrap(Arrays.copyOfRange(bytes, paramsAt, paramsAt + paramBytes)).asReadOnlyBuffer());
        }
        byte[] inflated = layout.modelled()
                ? ModeledBody.decode(bytes, bodyStart, layout.bodyLength(), layout.inflatedLength(), bodyStart,
                        Math.min(steps, width.maxCode() + 1L - ColumnCodec.DIRECTIONS))
                : Deflate.inflate(bytes, bodyStart, layout.bodyLength(), layout.inflatedLength(), bodyStart);
        ColumnCodec.Areas areas = ColumnCodec.decode(
                new BoundedInput(inflated, 0, inflated.length, 0, "inflated body"), steps, width, paramBytes);
        return RouteCheck.validated(steps, width, areas.commands(), areas.params(), -1, false);
    }

    /** The most bytes a column transform of a route of these sizes can take. */
    static long inflatedBound(int steps, int paramBytes) {
        // head: one code (<= 3 bytes) per distinct code, at most one per step, + 6 stream lengths;
        // tokens <= 11 bytes per step; counts <= 6 bytes per step; tags, ints, pairs and data
        // <= 2 bytes per param byte.
        return 64 + 3L * Math.min(steps, 65_536) + 17L * steps + 2L * paramBytes;
    }

    private static void checkMagic(byte[] bytes, int length, boolean prefix) {
        int n = Math.min(length, MAGIC.length);
        for (int i = 0; i < n; i++) {
            if (bytes[i] != MAGIC[i]) {
                throw new ReplayFormatException("Not a Reprise replay file: it starts with "
                        + HexFormat.ofDelimiter(" ").formatHex(bytes, 0, n) + ", a replay file with "
                        + HexFormat.ofDelimiter(" ").formatHex(MAGIC) + " (file byte " + i + ")", -1, i);
            }
        }
        if (length < MIN_FILE_SIZE) {
            if (prefix) {
                throw NeedMore.INSTANCE;
            }
            throw new ReplayFormatException("Truncated file: " + length + " bytes, but a replay file has at least "
                    + MIN_FILE_SIZE + " (file byte " + length + ")", -1, length);
        }
    }

    private static Map<String, String> readMetadata(BoundedInput in) {
        int n = in.varint("metadata entry count", in.remaining() / 2);
        Map<String, String> metadata = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            long at = in.offset();
            String key = in.string("metadata key " + i);
            String value = in.string("metadata value " + i);
            if (metadata.put(key, value) != null) {
                throw in.error("metadata key \"" + key + "\" appears twice", at);
            }
        }
        return metadata;
    }

    private static CommandDictionary readDictionary(BoundedInput in) {
        int n = in.varint("dictionary entry count", in.remaining() / 2);
        CommandDictionary.Builder dictionary = CommandDictionary.builder();
        long code = -1;
        for (int i = 0; i < n; i++) {
            long at = in.offset();
            code += in.varint("dictionary code " + i) + 1;
            if (code > 0xFFFF) {
                throw in.error("dictionary code " + code + " is above 65535", at);
            }
            String name = in.string("name of command " + code);
            if (name.isEmpty()) {
                throw in.error("the name of command " + code + " is empty", at);
            }
            dictionary.put((int) code, name);
        }
        return dictionary.build();
    }
}
