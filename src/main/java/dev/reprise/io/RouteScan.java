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
                int size;
                if (tag >= Tags.SHORT_STRING_BASE) {
                    size = 1 + tag - Tags.SHORT_STRING_BASE;
                } else if (tag == Tags.INT8) {
                    size = 2;
                } else if (tag == Tags.INT16) {
                    size = 3;
                } else if (tag == Tags.INT32) {
                    size = 5;
                } else if (tag == Tags.FLOAT64) {
                    size = 9;
                } else if (tag == Tags.BOOLEAN) {
                    size = 2;
                    need(step, p, at, size, end, paramsAt, paramLength, "boolean", fileOffset);
                    if (params[at + 1] != 0 && params[at + 1] != 1) {
                        throw error(step, p, at + 1 - paramsAt, "boolean byte must be 0 or 1, was "
                                + (params[at + 1] & 0xFF), fileOffset);
                    }
                } else if (tag == Tags.INT64_POSITIVE || tag == Tags.INT64_NEGATIVE) {
                    size = 9;
                    need(step, p, at, size, end, paramsAt, paramLength, "int64", fileOffset);
                    if (params[at + 1] < 0) {
                        throw error(step, p, at + 1 - paramsAt, "int64 low half must be below 2^31, was "
                                + Integer.toUnsignedString(Tags.i32(params, at + 1)), fileOffset);
                    }
                } else if (tag == Tags.BIGINT_POSITIVE || tag == Tags.BIGINT_NEGATIVE) {
                    need(step, p, at, 2, end, paramsAt, paramLength, "BigInteger length", fileOffset);
                    size = 2 + (params[at + 1] & 0xFF);
                } else if (tag == Tags.LONG_STRING) {
                    need(step, p, at, 5, end, paramsAt, paramLength, "string length", fileOffset);
                    int length = Tags.i32(params, at + 1);
                    if (length < 0) {
                        throw error(step, p, at + 1 - paramsAt, "string length " + length + " is negative",
                                fileOffset);
                    }
                    size = (int) Math.min(Integer.MAX_VALUE, 5L + length);
                } else {
                    throw error(step, p, at - paramsAt, "tag " + tag + " is reserved (" + Tags.FIRST_RESERVED
                            + "..31)", fileOffset);
                }
                need(step, p, at, size, end, paramsAt, paramLength, ParamType.fromTag(tag).name(), fileOffset);
                at += size;
            }
        }
        return at - paramsAt;
    }

    private static void need(int step, int param, int at, int size, int end, int paramsAt, int paramLength,
                             String what, long fileOffset) {
        if ((long) at + size > end) {
            throw error(step, param, at - paramsAt, what + " (" + size + " bytes) runs past the end of the param area ("
                    + paramLength + " bytes)", fileOffset);
        }
    }

    private static ReplayFormatException error(int step, int param, long paramOffset, String what, long fileOffset) {
        long offset = fileOffset < 0 ? paramOffset : fileOffset + paramOffset;
        String where = fileOffset < 0 ? "" : " (file byte " + offset + ")";
        return new ReplayFormatException("Invalid route: step " + step + ", param " + param + " at param byte "
                + paramOffset + ": " + what + where, step, offset);
    }

}
