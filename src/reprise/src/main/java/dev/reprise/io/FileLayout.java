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

import dev.reprise.internal.FileStrings;

/**
 * The replay file's byte layout in one place: magic, version, flags, section tags, the column
 * transform's stream order and the caps every reader enforces (see {@code docs/replay-file-format.md}).
 *
 * <pre>
 * A replay file, version 2.0. All multi-byte fixed-width numbers are big-endian; "varint" is an
 * unsigned LEB128 integer of at most 5 bytes (values 0..2^32-1, 7 bits per byte, low group first);
 * "str" is a varint byte length followed by that many bytes of well-formed UTF-8.
 *
 *  offset  size     field
 *  ------  -------  --------------------------------------------------------------------------
 *  0       4        magic            89 52 50 59  ("\x89RPY": the high byte catches 7-bit transfers)
 *  4       1        major version    2  (a reader refuses any other major version)
 *  5       1        minor version    0  (a newer minor only adds optional sections: still readable)
 *  6       1        flags            bit 0: body is column-transformed and compressed
 *                                    bit 1: (only with bit 0) the compressed body is range-coded
 *                                           (modelled), not DEFLATE
 *                                    bits 2-7: zero (a reader refuses unknown flags)
 *  7       1        command width    1 (UINT8) or 2 (UINT16), as ReplaySave stores it
 *  8       varint   step count       steps of the route              (&lt;= the reader's step cap)
 *          varint   param bytes      bytes of the route's param area (&lt;= the reader's param cap)
 *          varint   body length      bytes of the body as stored in this file
 *          varint   inflated length  only if flag bit 0: bytes of the column transform below
 *          str      game id          who recorded it, e.g. "dev.example.tower"
 *          str      game build       which build of that game, e.g. "2.8.2"
 *          section* optional sections, each  [tag u8][length varint][payload: length bytes]
 *                     tag 1  metadata     varint n, then n x (str key, str value); keys unique
 *                     tag 2  dictionary   varint n, then n x (varint code, str name);
 *                                         codes strictly ascending, each code after the first
 *                                         stored as (code - previous code - 1)
 *                     tag 3..127          unknown optional section: skipped by this reader
 *                     tag 128..255        unknown required section: refused by this reader
 *          u8       end of sections  0
 *          body     body length bytes:
 *                     flag bit 0 clear:  the command area then the param area, exactly as the
 *                                        route stores them (step count x entry size + param bytes)
 *                     flags 01:          raw DEFLATE (RFC 1951) of the column transform below
 *                     flags 11:          the column transform, range-coded bit by bit, each
 *                                        byte high bit first, with the probabilities of the
 *                                        context-mixing model below (no framing of its own)
 *  end-4   4        CRC32C           (Castagnoli) of every byte before it, big-endian
 *
 * Column transform (streams in the order below). A step's "key" is its code for the four
 * directions 0..3 (ReplayCode UP, RIGHT, DOWN, LEFT), else 4 + the rank of its code among the
 * other codes, most frequent first.
 *   varint d, then d x varint code   the other codes (4 and up), most frequent first
 *   varint length x 6                the lengths of the six streams
 *   TOKENS  runs of equal codes, one token per run of up to 16 steps (longer runs continue):
 *           symbol = the key, but for a direction the turn from the previous direction,
 *           (direction - previous) mod 4, the previous starting at 0 (UP);
 *           byte t &lt; 240 = symbol (t &gt;&gt; 4) and run (t &amp; 15) + 1;
 *           byte 255 = varint key (15 or more), varint (run - 1), for a whole run;
 *           bytes 240..254 are invalid
 *   COUNTS  param counts that differ from the last count seen for the same key (first: 0):
 *           varint n, then n x (varint steps skipped since the previous exception, u8 count)
 *   TAGS    the params' tag symbols, visited grouped by key (ascending), steps in route order
 *           within a key: pseudo-tag 10 (PAIR, reserved in routes) stands for two int8 params in
 *           0..15, and every short string has tag 32, its length being in DATA. Each symbol is
 *           predicted as the last one at the same position of a step with the same key (first:
 *           INT8); only those that differ are stored: varint n, then n x (varint symbols skipped
 *           since the previous exception, u8 symbol)
 *   INTS    zigzag varint of each int8/int16/int32 param, grouped like TAGS
 *   PAIRS   one byte per PAIR: first param in the high nibble, second in the low nibble; a
 *           pair that opens its step is stored as its difference (per nibble, mod 16) from the
 *           position PairPredictor predicts: the last pair that opened a step of the same key,
 *           moved one tile by each direction step since (UP y-1, RIGHT x+1, DOWN y+1, LEFT x-1;
 *           from 0,0 before the key's first such pair)
 *   DATA    the other payloads, grouped like TAGS: strings (short: u8 length, tag 9: varint
 *           length, then the bytes); boolean, int64, float64 and BigInteger payloads exactly as
 *           the route stores them
 *
 * Modelled body (flags 11). The coder is LZMA's binary range coder (32-bit range, carry through
 * a cached byte) with 16-bit probabilities p of a 1 bit, bound = (range &gt;&gt;&gt; 16) x p; its
 * always-zero first byte is not written, and its final value is the one in the last interval with
 * the most trailing zero bits, trailing zero bytes dropped (the decoder reads zeros past the end;
 * a body that ends with a zero byte, or has bytes left over, is refused). Each byte of the
 * transform is coded high bit first: the head (code table and stream lengths), then the six
 * streams; the decoder parses the head's varints as it decodes them to learn where each stream
 * ends. The probabilities come from one of two models, chosen by the inflated length:
 *   &lt;= 256 KiB  BytePredictor: two logistic mixes (weights by stream and match length, and by
 *               stream and partial byte), averaged and refined by an adaptive probability map, of
 *               order-0..3 contexts of the stream's bytes, a sparse context (high nibbles of the
 *               previous three bytes) and a match model (the byte after the last occurrence of the
 *               previous 4 bytes)
 *   &gt; 256 KiB   OrderOneModel: a bit tree per stream and previous byte, each probability moving
 *               1/32 of the way to each bit
 * Both are normative: a decoder must run the same model, bit for bit.
 * </pre>
 */
final class FileLayout {

    /** The four magic bytes at offset 0. */
    static final byte[] MAGIC = {(byte) 0x89, 'R', 'P', 'Y'};
    static final int MAGIC_OFFSET = 0;
    static final int MAJOR_OFFSET = 4;
    static final int MINOR_OFFSET = 5;
    static final int FLAGS_OFFSET = 6;
    static final int WIDTH_OFFSET = 7;
    /** Offset of the first varint (the step count); everything before it has a fixed size. */
    static final int FIXED_HEADER_SIZE = 8;
    /** Size of the trailing checksum. */
    static final int CRC_SIZE = 4;
    /** The smallest possible file: fixed header, 5 one-byte varints/strings, end of sections, CRC. */
    static final int MIN_FILE_SIZE = FIXED_HEADER_SIZE + 5 + 1 + CRC_SIZE;

    /**
     * The major version this code writes and the only one it reads (2: the first released format).
     */
    static final int MAJOR_VERSION = 2;
    /** The minor version this code writes; files of any minor version of major 2 are read. */
    static final int MINOR_VERSION = 0;

    /** Flag bit 0: the body is column-transformed and compressed (DEFLATE unless bit 1 is set). */
    static final int FLAG_DEFLATE = 0x01;
    /** Flag bit 1 (only with bit 0): the compressed body is range-coded, not DEFLATE. */
    static final int FLAG_MODELED = 0x02;
    /** Flags this reader understands. */
    static final int KNOWN_FLAGS = FLAG_DEFLATE | FLAG_MODELED;

    static final int SECTION_END = 0;
    static final int SECTION_METADATA = 1;
    static final int SECTION_DICTIONARY = 2;
    /** Section tags from here on must be understood; a reader refuses those it does not know. */
    static final int FIRST_REQUIRED_SECTION = 128;

    /** The default cap on the header (magic to the end of the sections), in bytes: 1 MiB. */
    static final int DEFAULT_MAX_HEADER_BYTES = 1 << 20;

    /** Longest game id, build, metadata key or value, or command name, in UTF-8 bytes. */
    static final int MAX_STRING_BYTES = FileStrings.MAX_BYTES;
    /** Longest varint: 5 bytes carry 32 bits. */
    static final int MAX_VARINT_BYTES = 5;
    /** DEFLATE cannot expand its input more than about 1032 times; anything claiming more is corrupt. */
    static final int MAX_DEFLATE_RATIO = 1032;
    /**
     * The modelled coder never gives a bit a probability above 65505/65536, so each transformed byte
     * costs at least 8 x 0.000683 bits: a body byte holds at most 1465 transformed bytes.
     */
    static final int MAX_MODELED_RATIO = 1470;

    /** Stream order of the column transform. */
    static final int STREAM_TOKENS = 0;
    static final int STREAM_COUNTS = 1;
    static final int STREAM_TAGS = 2;
    static final int STREAM_INTS = 3;
    static final int STREAM_PAIRS = 4;
    static final int STREAM_DATA = 5;
    static final int STREAM_COUNT = 6;
    static final String[] STREAM_NAMES = {"TOKENS", "COUNTS", "TAGS", "INTS", "PAIRS", "DATA"};

    /** Tokens below this value pack a rank (high nibble) and a run of 1..16 (low nibble). */
    static final int TOKEN_PACKED_LIMIT = 240;
    /** Longest run one packed token holds. */
    static final int TOKEN_MAX_RUN = 16;
    /** The escape token: varint rank and varint (run - 1) follow. */
    static final int TOKEN_ESCAPE = 255;
    /** Pseudo-tag in the TAGS stream: two int8 params in 0..15 packed into one PAIRS byte. */
    static final int TAG_PAIR = 10;

    private FileLayout() {
    }
}
