package dev.reprise.io;

import static dev.reprise.io.FileLayout.*;

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32C;

/** Encodes a {@link ReplayFile} to bytes and decodes and fully validates bytes into one. */
final class FileCodec {

    /** A decoded file and what its header said. */
    record Decoded(ReplayFile file, ReplayFileHeader header) {
    }

    private FileCodec() {
    }

    // ------------------------------------------------------------------------------------------ encode

    static byte[] encode(ReplayFile file) {
        ReplaySave route = file.route();
        int commandBytes = route.commandArray().remaining();
        int paramBytes = route.paramArray().remaining();
        byte[] body;
        int bodyLength;
        int inflatedLength = 0;
        if (file.compression() == Compression.DEFLATE) {
            ColumnCodec.Encoded transformed = ColumnCodec.encode(route.commandBytes(), route.paramBytes(),
                    route.length(), route.commandWidth());
            inflatedLength = transformed.bytes().length;
            ByteOutput compressed = Deflate.compressSmallest(transformed.bytes(), transformed.boundaries());
            body = compressed.array();
            bodyLength = compressed.size();
        } else {
            body = null;
            bodyLength = commandBytes + paramBytes;
        }

        ByteOutput out = new ByteOutput(64 + headerEstimate(file));
        out.bytes(MAGIC);
        out.u8(MAJOR_VERSION);
        out.u8(MINOR_VERSION);
        out.u8(file.compression() == Compression.DEFLATE ? FLAG_DEFLATE : 0);
        out.u8(route.commandWidth().saveValue());
        out.varint(route.length());
        out.varint(paramBytes);
        out.varint(bodyLength);
        if (file.compression() == Compression.DEFLATE) {
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
            route.commandArray().duplicate().get(bytes, headerSize, commandBytes);
            route.paramArray().duplicate().get(bytes, headerSize + commandBytes, paramBytes);
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
     * Decodes and validates {@code bytes[0 .. length)}: structure, caps, checksum, body and route.
     *
     * @throws ReplayFormatException naming what is wrong and its byte offset
     */
    static Decoded decode(byte[] bytes, int length, ReplayFileReader limits) {
        checkMagic(bytes, length);
        BoundedInput in = new BoundedInput(bytes, 0, length, 0, "file");
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
        Compression compression = (flags & FLAG_DEFLATE) != 0 ? Compression.DEFLATE : Compression.NONE;
        int widthValue = in.u8("command width");
        if (widthValue != 1 && widthValue != 2) {
            throw in.error("Command width " + widthValue + " is neither 1 (UINT8) nor 2 (UINT16)", WIDTH_OFFSET);
        }
        CommandWidth width = CommandWidth.fromSaveValue(widthValue);
        int steps = in.varint("step count", limits.maxSteps());
        int paramBytes = in.varint("param byte count", limits.maxParamBytes());
        long rawLength = (long) steps * width.entrySize() + paramBytes;
        long bodyAt = in.offset();
        int bodyLength = in.length("body length");
        int inflatedLength = 0;
        if (compression == Compression.DEFLATE) {
            long at = in.offset();
            inflatedLength = in.varint("inflated body length", Integer.MAX_VALUE - 16);
            long bound = Math.min(inflatedBound(steps, paramBytes), (long) bodyLength * MAX_DEFLATE_RATIO + 64);
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
        String gameId = in.string("game id");
        String gameBuild = in.string("game build");
        Map<String, String> metadata = Map.of();
        CommandDictionary dictionary = CommandDictionary.empty();
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
            if (in.position() + sectionLength > limits.maxHeaderBytes()) {
                throw in.error("the header passes the cap of " + limits.maxHeaderBytes() + " bytes", tagAt);
            }
            BoundedInput section = new BoundedInput(bytes, in.position(), in.position() + sectionLength, 0, "file");
            in.skip(sectionLength, "section " + tag);
            if (tag == SECTION_METADATA) {
                if (seenMetadata) {
                    throw in.error("a second metadata section", tagAt);
                }
                seenMetadata = true;
                metadata = readMetadata(section);
            } else if (tag == SECTION_DICTIONARY) {
                if (seenDictionary) {
                    throw in.error("a second dictionary section", tagAt);
                }
                seenDictionary = true;
                dictionary = readDictionary(section);
            } else if (tag >= FIRST_REQUIRED_SECTION) {
                throw in.error("Section " + tag + " is required to read this file, but this reader (format "
                        + MAJOR_VERSION + "." + MINOR_VERSION + ") does not know it", tagAt);
            } else {
                skipped++;
            }
        }
        int bodyStart = in.position();
        if (bodyStart > limits.maxHeaderBytes()) {
            throw in.error("the header takes " + bodyStart + " bytes, more than the cap of "
                    + limits.maxHeaderBytes(), 0);
        }
        long bodyEnd = (long) bodyStart + bodyLength;
        long fileEnd = bodyEnd + CRC_SIZE;
        if (fileEnd > length) {
            throw in.error("Truncated file: the header declares a body of " + bodyLength
                    + " bytes and a checksum, ending at byte " + fileEnd + ", but the file has " + length
                    + " bytes", length);
        }
        if (fileEnd < length) {
            throw in.error((length - fileEnd) + " unexpected bytes after the end of the replay file", fileEnd);
        }
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, (int) bodyEnd);
        int stored = (bytes[(int) bodyEnd] & 0xFF) << 24 | (bytes[(int) bodyEnd + 1] & 0xFF) << 16
                | (bytes[(int) bodyEnd + 2] & 0xFF) << 8 | bytes[(int) bodyEnd + 3] & 0xFF;
        if (stored != (int) crc.getValue()) {
            throw in.error(String.format("Checksum mismatch: the file stores CRC32C %08x, but bytes 0..%d "
                    + "give %08x: the file is corrupt", stored, bodyEnd - 1, (int) crc.getValue()), bodyEnd);
        }

        int commandBytes = steps * width.entrySize();
        ReplaySave route;
        if (compression == Compression.NONE) {
            // Validate in place first, then copy each area once.
            int paramsAt = bodyStart + commandBytes;
            int used = RouteScan.scan(bytes, bodyStart, steps, width.entrySize(), bytes, paramsAt, paramBytes, paramsAt);
            if (used != paramBytes) {
                throw RouteCheck.trailing(used, paramBytes, paramsAt);
            }
            route = new ReplaySave(steps, width,
                    ByteBuffer.wrap(Arrays.copyOfRange(bytes, bodyStart, paramsAt)).asReadOnlyBuffer(),
                    ByteBuffer.wrap(Arrays.copyOfRange(bytes, paramsAt, paramsAt + paramBytes)).asReadOnlyBuffer());
        } else {
            byte[] inflated = Deflate.inflate(bytes, bodyStart, bodyLength, inflatedLength, bodyStart);
            ColumnCodec.Areas areas = ColumnCodec.decode(
                    new BoundedInput(inflated, 0, inflated.length, 0, "inflated body"), steps, width, paramBytes);
            route = RouteCheck.validated(steps, width, areas.commands(), areas.params(), -1, false);
        }
        ReplayFile file = ReplayFile.trusted(gameId, gameBuild, metadata, dictionary, compression, route);
        ReplayFileHeader header = new ReplayFileHeader(major, minor, compression, width, steps, paramBytes,
                bodyLength, length, skipped);
        return new Decoded(file, header);
    }

    /** The most bytes a column transform of a route of these sizes can take. */
    static long inflatedBound(int steps, int paramBytes) {
        // head: one code (<= 3 bytes) per distinct code, at most one per step, + 6 stream lengths;
        // tokens <= 11 bytes per step; counts <= 6 bytes per step; tags, ints, pairs and data
        // <= 2 bytes per param byte.
        return 64 + 3L * Math.min(steps, 65_536) + 17L * steps + 2L * paramBytes;
    }

    private static void checkMagic(byte[] bytes, int length) {
        int n = Math.min(length, MAGIC.length);
        for (int i = 0; i < n; i++) {
            if (bytes[i] != MAGIC[i]) {
                throw new ReplayFormatException("Not a Reprise replay file: it starts with "
                        + HexFormat.ofDelimiter(" ").formatHex(bytes, 0, n) + ", a replay file with "
                        + HexFormat.ofDelimiter(" ").formatHex(MAGIC) + " (file byte " + i + ")", -1, i);
            }
        }
        if (length < MIN_FILE_SIZE) {
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
