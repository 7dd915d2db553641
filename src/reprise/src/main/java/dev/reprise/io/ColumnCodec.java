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

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayFormatException;

/**
 * The reversible column transform applied before DEFLATE (layout in {@link FileLayout}): it splits a
 * route into a run-length coded code column, param-count exceptions, and param columns grouped by
 * code and kind, so that DEFLATE sees long runs of similar bytes. {@link #decode} gives back the
 * route's command and param areas byte for byte.
 *
 * <p>Why these streams: single-tile moves dominate real routes, and DEFLATE's Huffman stage cannot
 * spend less than one bit per symbol, so a run of equal codes becomes one token; params of one code
 * (coordinates, menu choices, floor names) resemble each other far more than their neighbours in
 * route order, so they are grouped by code.
 */
final class ColumnCodec {

    /** Codes 0..3 are the four directions ({@code ReplayCode.UP..LEFT}), coded as turns. */
    static final int DIRECTIONS = 4;


    /**
     * The transformed route and its segment boundaries: {@code 0}, then the end of each stream (the
     * head is part of the first segment). DEFLATE starts a new block at each boundary.
     * {@code headLength} is the length of the head (code table and stream lengths).
     */
    record Encoded(byte[] bytes, int[] boundaries, int headLength) {
    }

    /** A decoded route: the command and param areas. */
    record Areas(byte[] commands, byte[] params) {
    }

    private ColumnCodec() {
    }

    // ------------------------------------------------------------------------------------------ encode

    /** Transforms a valid route (exact areas: no trailing bytes). */
    static Encoded encode(byte[] commands, byte[] params, int steps, CommandWidth width) {
        int entry = width.entrySize();
        int[] codes = new int[steps];
        int[] frequency = new int[width.maxCode() + 1];
        for (int i = 0; i < steps; i++) {
            codes[i] = code(commands, i * entry, entry);
            if (codes[i] >= DIRECTIONS) {
                frequency[codes[i]]++;
            }
        }
        int[] byRank = rankCodes(frequency);
        int[] rankOf = new int[width.maxCode() + 1];
        for (int r = 0; r < byRank.length; r++) {
            rankOf[byRank[r]] = r;
        }
        // Group keys: the four directions first, then the other codes by rank.
        int[] keys = new int[steps];
        for (int i = 0; i < steps; i++) {
            keys[i] = codes[i] < DIRECTIONS ? codes[i] : DIRECTIONS + rankOf[codes[i]];
        }
        int distinctKeys = DIRECTIONS + byRank.length;

        ByteOutput head = new ByteOutput(16 + byRank.length * 3);
        head.varint(byRank.length);
        for (int code : byRank) {
            head.varint(code);
        }
        ByteOutput[] streams = new ByteOutput[STREAM_COUNT];
        for (int s = 0; s < STREAM_COUNT; s++) {
            streams[s] = new ByteOutput(s == STREAM_DATA ? params.length : steps / 4 + 16);
        }
        encodeTokens(codes, keys, streams[STREAM_TOKENS]);
        encodeCounts(commands, entry, keys, distinctKeys, streams[STREAM_COUNTS]);
        encodeParams(commands, params, entry, keys, distinctKeys, streams);

        for (ByteOutput stream : streams) {
            head.varint(stream.size());
        }
        int headLength = head.size();
        int[] ends = new int[STREAM_COUNT + 1];
        for (int s = 0; s < STREAM_COUNT; s++) {
            head.bytes(streams[s].array(), 0, streams[s].size());
            ends[s + 1] = head.size();
        }
        return new Encoded(head.toByteArray(), ends, headLength);
    }

    /** Distinct codes, most frequent first, ties by code. */
    private static int[] rankCodes(int[] frequency) {
        int distinct = 0;
        for (int f : frequency) {
            if (f > 0) {
                distinct++;
            }
        }
        long[] keys = new long[distinct];
        int k = 0;
        for (int code = 0; code < frequency.length; code++) {
            if (frequency[code] > 0) {
                // Sort ascending by (-frequency, code): the frequency in the high half, inverted.
                keys[k++] = (long) (Integer.MAX_VALUE - frequency[code]) << 32 | code;
            }
        }
        java.util.Arrays.sort(keys);
        int[] codes = new int[distinct];
        for (int i = 0; i < distinct; i++) {
            codes[i] = (int) keys[i];
        }
        return codes;
    }

    private static void encodeTokens(int[] codes, int[] keys, ByteOutput out) {
        int lastDirection = 0;
        int i = 0;
        while (i < codes.length) {
            int j = i + 1;
            while (j < codes.length && codes[j] == codes[i]) {
                j++;
            }
            int run = j - i;
            if (codes[i] >= DIRECTIONS && keys[i] >= TOKEN_PACKED_LIMIT / TOKEN_MAX_RUN) {
                out.u8(TOKEN_ESCAPE);
                out.varint(keys[i]);
                out.varint(run - 1);
            } else {
                for (; run > 0; run -= TOKEN_MAX_RUN) {
                    int symbol = keys[i];
                    if (codes[i] < DIRECTIONS) {
                        // A turn relative to the last direction: walks turn far more than they reverse.
                        symbol = codes[i] - lastDirection & 3;
                        lastDirection = codes[i];
                    }
                    out.u8(symbol * TOKEN_MAX_RUN + Math.min(run, TOKEN_MAX_RUN) - 1);
                }
            }
            i = j;
        }
    }

    private static void encodeCounts(byte[] commands, int entry, int[] keys, int distinct, ByteOutput out) {
        int[] last = new int[distinct];
        ByteOutput exceptions = new ByteOutput(16);
        int n = 0;
        int previous = -1;
        for (int i = 0; i < keys.length; i++) {
            int key = keys[i];
            int count = commands[i * entry] & 0xFF;
            if (count != last[key]) {
                exceptions.varint(i - previous - 1);
                exceptions.u8(count);
                last[key] = count;
                previous = i;
                n++;
            }
        }
        out.varint(n);
        out.bytes(exceptions.array(), 0, exceptions.size());
    }

    private static void encodeParams(byte[] commands, byte[] params, int entry, int[] keys, int distinct,
                                     ByteOutput[] streams) {
        int steps = keys.length;
        int[] start = new int[steps];
        int at = 0;
        for (int i = 0; i < steps; i++) {
            start[i] = at;
            int count = commands[i * entry] & 0xFF;
            for (int p = 0; p < count; p++) {
                at += paramSize(params, at);
            }
        }
        TagColumn.Writer tags = new TagColumn.Writer(distinct);
        PairPredictor positions = new PairPredictor(keys, distinct);
        ByteOutput ints = streams[STREAM_INTS];
        ByteOutput pairs = streams[STREAM_PAIRS];
        ByteOutput data = streams[STREAM_DATA];
        for (int step : groupByKey(keys, keys.length, distinct, new int[keys.length])) {
            int count = commands[step * entry] & 0xFF;
            int key = keys[step];
            int p = start[step];
            int position = 0;
            for (int k = 0; k < count; k++) {
                int tag = params[p] & 0xFF;
                if (k + 1 < count && isNibble(params, p) && isNibble(params, p + 2)) {
                    tags.write(key, position++, TAG_PAIR);
                    int pair = params[p + 1] << 4 | params[p + 3];
                    if (k == 0) {
                        pairs.u8(PairPredictor.subtract(pair, positions.predicted(key, step)));
                        positions.seen(key, step, pair);
                    } else {
                        pairs.u8(pair);
                    }
                    p += 4;
                    k++;
                    continue;
                }
                // A short string's length goes next to its bytes, so a repeated string is one match.
                tags.write(key, position++, Math.min(tag, Tags.SHORT_STRING_BASE));
                int size = paramSize(params, p);
                if (tag == Tags.INT8) {
                    ints.varint(zigzag(params[p + 1]));
                } else if (tag == Tags.INT16) {
                    ints.varint(zigzag((short) ((params[p + 1] & 0xFF) << 8 | params[p + 2] & 0xFF)));
                } else if (tag == Tags.INT32) {
                    ints.varint(zigzag(Tags.i32(params, p + 1)));
                } else if (tag == Tags.LONG_STRING) {
                    data.varint(Tags.i32(params, p + 1));
                    data.bytes(params, p + 5, size - 5);
                } else if (tag >= Tags.SHORT_STRING_BASE) {
                    data.u8(tag - Tags.SHORT_STRING_BASE);
                    data.bytes(params, p + 1, size - 1);
                } else {
                    data.bytes(params, p + 1, size - 1);
                }
                p += size;
            }
        }
        tags.finishTo(streams[STREAM_TAGS]);
    }

    private static boolean isNibble(byte[] params, int at) {
        return at + 1 < params.length && params[at] == Tags.INT8 && (params[at + 1] & 0xF0) == 0;
    }

    /**
     * Steps {@code 0 .. steps)} ordered by the group key of their code, route order within a key (a
     * counting sort), into {@code order[0 .. steps)}, which it returns.
     */
    private static int[] groupByKey(int[] keys, int steps, int distinct, int[] order) {
        int[] next = new int[distinct + 1];
        for (int i = 0; i < steps; i++) {
            next[keys[i] + 1]++;
        }
        for (int r = 0; r < distinct; r++) {
            next[r + 1] += next[r];
        }
        for (int i = 0; i < steps; i++) {
            order[next[keys[i]]++] = i;
        }
        return order;
    }

    /** Size of the (valid) param at {@code at}, tag included. */
    private static int paramSize(byte[] b, int at) {
        int tag = b[at] & 0xFF;
        if (tag >= Tags.SHORT_STRING_BASE) {
            return 1 + tag - Tags.SHORT_STRING_BASE;
        }
        if (tag == Tags.LONG_STRING) {
            return 5 + Tags.i32(b, at + 1);
        }
        if (tag == Tags.BIGINT_POSITIVE || tag == Tags.BIGINT_NEGATIVE) {
            return 2 + (b[at + 1] & 0xFF);
        }
        return 1 + Tags.fixedPayload(tag);
    }


    // ------------------------------------------------------------------------------------------ decode

    /**
     * Rebuilds the command and param areas from {@code in} (the whole inflated body), which must hold
     * exactly {@code steps} steps and {@code paramBytes} param bytes.
     *
     * @throws ReplayFormatException naming the stream and inflated-body offset of the first problem
     */
    static Areas decode(BoundedInput in, int steps, CommandWidth width, int paramBytes) {
        ColumnScratch scratch = ColumnScratch.borrow(steps, paramBytes);
        try {
            return decode(in, steps, width, paramBytes, scratch);
        } finally {
            scratch.release();
        }
    }

    private static Areas decode(BoundedInput in, int steps, CommandWidth width, int paramBytes,
                                ColumnScratch scratch) {
        int entry = width.entrySize();
        int distinct = in.varint("distinct code count",
                Math.min((long) steps, width.maxCode() + 1L - DIRECTIONS));
        int[] byRank = new int[distinct];
        boolean[] seen = scratch.seen;
        try {
            for (int r = 0; r < distinct; r++) {
                long at = in.offset();
                byRank[r] = in.varint("code of rank", r, width.maxCode());
                if (byRank[r] < DIRECTIONS) {
                    throw in.error("code " + byRank[r] + " is a direction and has no place in the code table", at);
                }
                if (seen[byRank[r]]) {
                    throw in.error("code " + byRank[r] + " appears twice in the code table", at);
                }
                seen[byRank[r]] = true;
            }
        } finally {
            // The codes read so far, and zeros (never set: directions) for the rest.
            for (int code : byRank) {
                seen[code] = false;
            }
        }
        int distinctKeys = DIRECTIONS + distinct;
        BoundedInput[] streams = new BoundedInput[STREAM_COUNT];
        int[] lengths = new int[STREAM_COUNT];
        long total = 0;
        for (int s = 0; s < STREAM_COUNT; s++) {
            lengths[s] = in.length(STREAM_NAMES[s] + " stream length");
            total += lengths[s];
        }
        if (total != in.remaining()) {
            throw in.error("stream lengths add up to " + total + " bytes, but " + in.remaining() + " remain");
        }
        int from = in.position();
        for (int s = 0; s < STREAM_COUNT; s++) {
            streams[s] = new BoundedInput(in.array(), from, from + lengths[s],
                    in.offset() - in.position(), "inflated " + STREAM_NAMES[s] + " stream");
            from += lengths[s];
        }

        byte[] commands = new byte[steps * entry];
        int[] keys = scratch.keys;
        decodeTokens(streams[STREAM_TOKENS], byRank, keys, steps, commands, entry);
        decodeCounts(streams[STREAM_COUNTS], keys, steps, distinctKeys, commands, entry);
        byte[] params = decodeParams(streams, commands, entry, keys, steps, distinctKeys, paramBytes, scratch);
        for (int s = 0; s < STREAM_COUNT; s++) {
            if (streams[s].remaining() != 0) {
                throw streams[s].error(streams[s].remaining() + " unused bytes at the end of the "
                        + STREAM_NAMES[s] + " stream");
            }
        }
        return new Areas(commands, params);
    }

    private static void decodeTokens(BoundedInput in, int[] byRank, int[] keys, int steps, byte[] commands,
                                     int entry) {
        int produced = 0;
        int lastDirection = 0;
        while (produced < steps) {
            long at = in.offset();
            int token = in.u8("run token");
            int symbol;
            int run;
            if (token < TOKEN_PACKED_LIMIT) {
                symbol = token / TOKEN_MAX_RUN;
                run = token % TOKEN_MAX_RUN + 1;
            } else if (token == TOKEN_ESCAPE) {
                symbol = in.varint("run code key", Integer.MAX_VALUE);
                run = in.varint("run length", Integer.MAX_VALUE - 1) + 1;
                if (symbol < TOKEN_PACKED_LIMIT / TOKEN_MAX_RUN) {
                    throw in.error("escaped run of key " + symbol + ", which a packed token holds", at);
                }
            } else {
                throw in.error("run token " + token + " is invalid (240..254 are unused)", at);
            }
            int code;
            int key;
            if (symbol < DIRECTIONS) {
                code = lastDirection + symbol & 3;
                lastDirection = code;
                key = code;
            } else if (symbol - DIRECTIONS < byRank.length) {
                code = byRank[symbol - DIRECTIONS];
                key = symbol;
            } else {
                throw in.error("run of code key " + symbol + ", but only " + (DIRECTIONS + byRank.length)
                        + " keys exist", at);
            }
            if (run > steps - produced) {
                throw in.error("run of " + run + " steps from step " + produced + " passes the step count "
                        + steps, at);
            }
            for (int i = produced; i < produced + run; i++) {
                keys[i] = key;
                if (entry == 2) {
                    commands[i * 2 + 1] = (byte) code;
                } else {
                    commands[i * 3 + 1] = (byte) (code >>> 8);
                    commands[i * 3 + 2] = (byte) code;
                }
            }
            produced += run;
        }
    }

    private static void decodeCounts(BoundedInput in, int[] keys, int steps, int distinct, byte[] commands,
                                     int entry) {
        int n = in.varint("count exception total", steps);
        int[] last = new int[distinct];
        int step = 0;
        for (int e = 0; e < n; e++) {
            long at = in.offset();
            int skipped = in.varint("steps before count exception", e, steps);
            int count = in.u8("param count");
            long target = (long) step + skipped;
            if (target >= steps) {
                throw in.error("count exception " + e + " names step " + target + ", past the last step", at);
            }
            for (; step < target; step++) {
                commands[step * entry] = (byte) last[keys[step]];
            }
            commands[step * entry] = (byte) count;
            last[keys[step]] = count;
            step++;
        }
        for (; step < steps; step++) {
            commands[step * entry] = (byte) last[keys[step]];
        }
    }

    private static byte[] decodeParams(BoundedInput[] streams, byte[] commands, int entry, int[] keys, int steps,
                                       int distinct, int paramBytes, ColumnScratch scratch) {
        if (paramBytes == 0) {
            // No params: skip the per-step bookkeeping (17 bytes a step: 17 MB for a million steps).
            for (int step = 0; step < steps; step++) {
                int count = commands[step * entry] & 0xFF;
                if (count != 0) {
                    throw streams[STREAM_COUNTS].error("step " + step + " has " + count
                            + " params, but the header declares no param bytes");
                }
            }
            new TagColumn.Reader(streams[STREAM_TAGS], distinct).finish();
            return new byte[0];
        }
        byte[] grouped = scratch.grouped;
        int[] start = scratch.start;
        int[] length = scratch.length;
        int at = 0;
        TagColumn.Reader tags = new TagColumn.Reader(streams[STREAM_TAGS], distinct);
        PairPredictor positions = new PairPredictor(keys, steps, distinct, scratch.moved);
        int[] order = groupByKey(keys, steps, distinct, scratch.order);
        for (int i = 0; i < steps; i++) {
            int step = order[i];
            start[step] = at;
            at = decodeStepParams(streams, tags, positions, keys[step], commands[step * entry] & 0xFF, step,
                    grouped, paramBytes, at);
            length[step] = at - start[step];
        }
        tags.finish();
        if (at != paramBytes) {
            throw streams[STREAM_TAGS].error("params take " + at + " bytes, but the header declares "
                    + paramBytes);
        }
        byte[] params = new byte[paramBytes];
        int out = 0;
        for (int step = 0; step < steps; step++) {
            System.arraycopy(grouped, start[step], params, out, length[step]);
            out += length[step];
        }
        return params;
    }

    private static int decodeStepParams(BoundedInput[] streams, TagColumn.Reader tags, PairPredictor positions,
                                        int key, int count, int step, byte[] out, int limit, int at) {
        BoundedInput ints = streams[STREAM_INTS];
        BoundedInput data = streams[STREAM_DATA];
        int position = 0;
        for (int k = 0; k < count; k++) {
            // Messages name the step and param through the catch below: no text is built per param.
            try {
                long tagAt = tags.offset();
                String what = "the param";
                int tag = tags.read(key, position++);
                if (tag == TAG_PAIR) {
                    if (k + 1 >= count) {
                        throw tags.error(what + ": a pair needs two params, but the step has " + count, tagAt);
                    }
                    int pair = streams[STREAM_PAIRS].u8("its pair");
                    if (k == 0) {
                        pair = PairPredictor.add(pair, positions.predicted(key, step));
                        positions.seen(key, step, pair);
                    }
                    at = room(tags, limit, at, 4, what, tagAt);
                    out[at] = (byte) Tags.INT8;
                    out[at + 1] = (byte) (pair >>> 4);
                    out[at + 2] = (byte) Tags.INT8;
                    out[at + 3] = (byte) (pair & 0x0F);
                    at += 4;
                    k++;
                } else if (tag == Tags.INT8 || tag == Tags.INT16 || tag == Tags.INT32) {
                    long varAt = ints.offset();
                    int value = unzigzag(ints.varint("its value"));
                    int size = tag == Tags.INT8 ? 1 : tag == Tags.INT16 ? 2 : 4;
                    if (size < 4 && (value < -(1 << (8 * size - 1)) || value >= 1 << (8 * size - 1))) {
                        throw ints.error(what + ": " + value + " does not fit tag " + tag, varAt);
                    }
                    at = room(tags, limit, at, 1 + size, what, tagAt);
                    out[at++] = (byte) tag;
                    for (int shift = 8 * (size - 1); shift >= 0; shift -= 8) {
                        out[at++] = (byte) (value >>> shift);
                    }
                } else if (tag == Tags.LONG_STRING) {
                    int length = data.varint("its string length", limit);
                    at = room(tags, limit, at, 5L + length, what, tagAt);
                    out[at] = (byte) tag;
                    writeI32(out, at + 1, length);
                    copy(data, length, out, at + 5, what);
                    at += 5 + length;
                } else {
                    int payload;
                    if (tag == Tags.SHORT_STRING_BASE) {
                        long lengthAt = data.offset();
                        payload = data.u8("its string length");
                        if (payload > 255 - Tags.SHORT_STRING_BASE) {
                            throw data.error(what + ": short string length " + payload + " is above "
                                    + (255 - Tags.SHORT_STRING_BASE), lengthAt);
                        }
                        tag += payload;
                    } else if (tag > Tags.SHORT_STRING_BASE) {
                        throw tags.error(what + ": tag " + tag + " is not used in the TAGS stream", tagAt);
                    } else if (tag == Tags.BIGINT_POSITIVE || tag == Tags.BIGINT_NEGATIVE) {
                        payload = -1;
                    } else {
                        payload = Tags.fixedPayload(tag);
                        if (payload < 0) {
                            throw tags.error(what + ": tag " + tag + " is reserved", tagAt);
                        }
                    }
                    if (payload < 0) {
                        int length = data.u8("its BigInteger length");
                        at = room(tags, limit, at, 2L + length, what, tagAt);
                        out[at] = (byte) tag;
                        out[at + 1] = (byte) length;
                        copy(data, length, out, at + 2, what);
                        at += 2 + length;
                    } else {
                        at = room(tags, limit, at, 1L + payload, what, tagAt);
                        out[at] = (byte) tag;
                        copy(data, payload, out, at + 1, what);
                        at += 1 + payload;
                    }
                }
            } catch (ReplayFormatException e) {
                throw new ReplayFormatException("Step " + step + ", param " + k + ": " + e.getMessage(), step,
                        e.byteOffset(), e);
            }
        }
        return at;
    }

    /** Checks that {@code size} more param bytes fit the declared param area. */
    /** Checks that a param of {@code size} bytes at {@code at} ends within the {@code limit} declared param bytes. */
    private static int room(TagColumn.Reader tags, int limit, int at, long size, String what, long tagAt) {
        if (at + size > limit) {
            throw tags.error(what + " passes the declared " + limit + " param bytes", tagAt);
        }
        return at;
    }

    private static void copy(BoundedInput data, int length, byte[] out, int at, String what) {
        if (length > data.remaining()) {
            // Only here: building the name for every param cost more heap than the route itself.
            data.require(length, what + " payload");
        }
        System.arraycopy(data.array(), data.position(), out, at, length);
        data.skip(length, "the payload");
    }

    // ------------------------------------------------------------------------------------------ helpers

    private static int code(byte[] commands, int at, int entry) {
        return entry == 2 ? commands[at + 1] & 0xFF : (commands[at + 1] & 0xFF) << 8 | commands[at + 2] & 0xFF;
    }


    private static void writeI32(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    private static long zigzag(int value) {
        return ((long) value << 1 ^ value >> 31) & 0xFFFF_FFFFL;
    }

    private static int unzigzag(long value) {
        int v = (int) value;
        return v >>> 1 ^ -(v & 1);
    }
}
