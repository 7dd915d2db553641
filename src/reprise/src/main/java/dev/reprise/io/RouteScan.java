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

import dev.reprise.route.ParamType;
import dev.reprise.route.ReplayFormatException;

/**
 * Validates a route's bytes in place, without copying or indexing them: the same checks, in the same
 * order and with the same messages, as the route's own {@code ReplayArray.loadState} (every tag,
 * boolean byte, int64 half and length), which {@code RouteScanProperties} holds it to. It exists
 * because reading and writing files must run at memory speed: {@code loadState} also copies both
 * areas and builds an index, which a file does not need.
 */
final class RouteScan {


    private RouteScan() {
    }

    /**
     * Checks the params of {@code steps} steps whose counts are in {@code commands} (entry {@code i}
     * at {@code commandsAt + i * entrySize}) against {@code params[paramsAt .. paramsAt + paramLength)}.
     *
     * @param fileOffset file offset of {@code params[paramsAt]}, or -1 when the area was decoded
     *                   (messages then give param-area offsets only)
     * @return the number of param bytes the steps use
     * @throws ReplayFormatException naming the step, param and offset of the first problem
     */
    static int scan(byte[] commands, int commandsAt, int steps, int entrySize, byte[] params, int paramsAt,
                    int paramLength, long fileOffset) {
        // Fast path: sum the counts, then walk the params in one loop without per-step branches
        // (which real routes, mostly steps without params, mispredict). Any problem is located and
        // reported by the step-by-step walk below, which gives the precise step and param.
        long total = 0;
        for (int i = commandsAt, last = commandsAt + steps * entrySize; i < last; i += entrySize) {
            total += commands[i] & 0xFF;
        }
        int end = paramsAt + paramLength;
        int at = paramsAt;
        for (long k = 0; k < total; k++) {
            if (at >= end) {
                return locate(commands, commandsAt, steps, entrySize, params, paramsAt, paramLength, fileOffset);
            }
            int size = SIZE[params[at] & 0xFF];
            if (size <= 0) {
                size = specialSize(params, at, end, size);
            }
            if (size <= 0 || size > end - at) {
                return locate(commands, commandsAt, steps, entrySize, params, paramsAt, paramLength, fileOffset);
            }
            at += size;
        }
        return at - paramsAt;
    }

    /** The size of a param of a special kind, or -1 if it is invalid or runs past {@code end}. */
    private static int specialSize(byte[] params, int at, int end, int kind) {
        switch (kind) {
            case KIND_BOOLEAN -> {
                return end - at >= 2 && (params[at + 1] == 0 || params[at + 1] == 1) ? 2 : -1;
            }
            case KIND_INT64 -> {
                return end - at >= 9 && params[at + 1] >= 0 ? 9 : -1;
            }
            case KIND_BIGINT -> {
                return end - at >= 2 ? 2 + (params[at + 1] & 0xFF) : -1;
            }
            case KIND_LONG_STRING -> {
                if (end - at < 5) {
                    return -1;
                }
                int length = Tags.i32(params, at + 1);
                return length < 0 || length > Integer.MAX_VALUE - 5 ? -1 : 5 + length;
            }
            default -> {
                return -1;
            }
        }
    }

    /** Walks step by step to find and report the first problem; never returns normally. */
    private static int locate(byte[] commands, int commandsAt, int steps, int entrySize, byte[] params, int paramsAt,
                              int paramLength, long fileOffset) {
        int end = paramsAt + paramLength;
        int at = paramsAt;
        for (int step = 0; step < steps; step++) {
            int count = commands[commandsAt + step * entrySize] & 0xFF;
            for (int p = 0; p < count; p++) {
                if (at >= end) {
                    throw error(step, p, at - paramsAt, "its tag runs past the end of the param area ("
                            + paramLength + " bytes)", fileOffset);
                }
                int tag = params[at] & 0xFF;
                int size = SIZE[tag];
                if (size <= 0) {
                    size = checkSpecial(tag, size, step, p, at, end, params, paramsAt, paramLength, fileOffset);
                }
                if (size > end - at) {
                    throw past(step, p, at, size, paramsAt, paramLength, ParamType.fromTag(tag).name(), fileOffset);
                }
                at += size;
            }
        }
        throw new IllegalStateException("The fast scan found a problem that the step walk did not");
    }

    /** Size of a tag with a fixed size and nothing else to check; 0 for reserved; a negative kind otherwise. */
    private static final int[] SIZE = new int[256];
    private static final int KIND_BOOLEAN = -1;
    private static final int KIND_INT64 = -2;
    private static final int KIND_BIGINT = -3;
    private static final int KIND_LONG_STRING = -4;

    static {
        for (int tag = Tags.SHORT_STRING_BASE; tag < 256; tag++) {
            SIZE[tag] = 1 + tag - Tags.SHORT_STRING_BASE;
        }
        SIZE[Tags.INT8] = 2;
        SIZE[Tags.INT16] = 3;
        SIZE[Tags.INT32] = 5;
        SIZE[Tags.FLOAT64] = 9;
        SIZE[Tags.BOOLEAN] = KIND_BOOLEAN;
        SIZE[Tags.INT64_POSITIVE] = KIND_INT64;
        SIZE[Tags.INT64_NEGATIVE] = KIND_INT64;
        SIZE[Tags.BIGINT_POSITIVE] = KIND_BIGINT;
        SIZE[Tags.BIGINT_NEGATIVE] = KIND_BIGINT;
        SIZE[Tags.LONG_STRING] = KIND_LONG_STRING;
    }

    /** Checks a param whose tag needs more than a size (or is reserved) and returns its size. */
    private static int checkSpecial(int tag, int kind, int step, int p, int at, int end, byte[] params, int paramsAt,
                                    int paramLength, long fileOffset) {
        switch (kind) {
            case KIND_BOOLEAN -> {
                need(step, p, at, 2, end, paramsAt, paramLength, "boolean", fileOffset);
                if (params[at + 1] != 0 && params[at + 1] != 1) {
                    throw error(step, p, at + 1 - paramsAt, "boolean byte must be 0 or 1, was "
                            + (params[at + 1] & 0xFF), fileOffset);
                }
                return 2;
            }
            case KIND_INT64 -> {
                need(step, p, at, 9, end, paramsAt, paramLength, "int64", fileOffset);
                if (params[at + 1] < 0) {
                    throw error(step, p, at + 1 - paramsAt, "int64 low half must be below 2^31, was "
                            + Integer.toUnsignedString(Tags.i32(params, at + 1)), fileOffset);
                }
                return 9;
            }
            case KIND_BIGINT -> {
                need(step, p, at, 2, end, paramsAt, paramLength, "BigInteger length", fileOffset);
                return 2 + (params[at + 1] & 0xFF);
            }
            case KIND_LONG_STRING -> {
                need(step, p, at, 5, end, paramsAt, paramLength, "string length", fileOffset);
                int length = Tags.i32(params, at + 1);
                if (length < 0) {
                    throw error(step, p, at + 1 - paramsAt, "string length " + length + " is negative", fileOffset);
                }
                return (int) Math.min(Integer.MAX_VALUE, 5L + length);
            }
            default -> throw error(step, p, at - paramsAt, "tag " + tag + " is reserved (" + Tags.FIRST_RESERVED
                    + "..31)", fileOffset);
        }
    }

    private static void need(int step, int param, int at, int size, int end, int paramsAt, int paramLength,
                             String what, long fileOffset) {
        if ((long) at + size > end) {
            throw past(step, param, at, size, paramsAt, paramLength, what, fileOffset);
        }
    }

    private static ReplayFormatException past(int step, int param, int at, int size, int paramsAt, int paramLength,
                                              String what, long fileOffset) {
        return error(step, param, at - paramsAt, what + " (" + size + " bytes) runs past the end of the param area ("
                + paramLength + " bytes)", fileOffset);
    }

    private static ReplayFormatException error(int step, int param, long paramOffset, String what, long fileOffset) {
        long offset = fileOffset < 0 ? paramOffset : fileOffset + paramOffset;
        String where = fileOffset < 0 ? "" : " (file byte " + offset + ")";
        return new ReplayFormatException("Invalid route: step " + step + ", param " + param + " at param byte "
                + paramOffset + ": " + what + where, step, offset);
    }

}
