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
package dev.reprise.route;

import static dev.reprise.route.RouteLayout.*;

import java.util.Arrays;

/**
 * Checks that a saved route is well formed and within the caps, and rebuilds its index, in one pass
 * over copies of the bytes: nothing of the route being replaced is touched until all is known good.
 */
final class RouteValidator {

    /** A validated route, ready to be adopted by a {@link ReplayArray}. */
    record Validated(byte[] commands, byte[] params, int[] index, int paramUsed) {
    }

    private RouteValidator() {
    }

    /**
     * Validates {@code save} and returns buffers of at least the given capacities holding its route.
     *
     * @throws ReplayFormatException naming the step and byte offset of the first problem
     */
    static Validated validate(ReplaySave save, ReplayArrayConfig config) {
        int length = save.length();
        CommandWidth width = save.commandWidth();
        int entrySize = width.entrySize();
        if (length < 0) {
            throw new ReplayFormatException("Route length " + length + " is negative", -1, -1);
        }
        if (length > config.commandMaxLength()) {
            throw new ReplayFormatException("Route length " + length + " exceeds the cap of "
                    + config.commandMaxLength() + " steps", -1, -1);
        }
        int commandBytes = length * entrySize; // length <= MAX_STEPS_LIMIT: no overflow
        int commandAvailable = save.commandArray().remaining();
        if (commandAvailable < commandBytes) {
            int step = commandAvailable / entrySize;
            throw new ReplayFormatException("Command area holds " + commandAvailable + " bytes, but " + length
                    + " steps of width " + width + " need " + commandBytes + ": step " + step
                    + " at command byte " + step * entrySize + " is cut off", step, (long) step * entrySize);
        }
        int paramAvailable = save.paramArray().remaining();
        if (paramAvailable > config.paramMaxLength()) {
            // Only the used bytes count against the cap; copy no more than the cap allows.
            paramAvailable = config.paramMaxLength();
        }
        int commandCapacity = Math.max(length, Math.min(config.initCommandLength(), config.commandMaxLength()));
        byte[] commands = new byte[commandCapacity * entrySize];
        save.commandArray().duplicate().get(commands, 0, commandBytes);
        byte[] params = new byte[Math.max(paramAvailable, config.initParamLength())];
        save.paramArray().duplicate().get(params, 0, paramAvailable);
        boolean truncatedByCap = save.paramArray().remaining() > paramAvailable;

        int[] index = new int[commandCapacity];
        int at = 0;
        for (int step = 0; step < length; step++) {
            index[step] = at;
            int count = u8(commands, step * entrySize + COUNT_OFFSET);
            for (int p = 0; p < count; p++) {
                at = checkParam(params, paramAvailable, truncatedByCap, config, step, p, at);
            }
        }
        // Whatever lay past the used region (the original engine saves whole buffers) is not kept.
        Arrays.fill(params, at, paramAvailable, (byte) 0);
        return new Validated(commands, params, index, at);
    }

    private static int checkParam(byte[] b, int limit, boolean truncatedByCap, ReplayArrayConfig config,
                                  int step, int param, int at) {
        if (at >= limit) {
            throw beyond(truncatedByCap, config, step, param, at, "its tag", limit);
        }
        int tag = u8(b, at);
        int size;
        switch (tag) {
            case TAG_BOOLEAN -> {
                size = 2;
                need(b, limit, truncatedByCap, config, step, param, at, size, "boolean");
                if (b[at + 1] != 0 && b[at + 1] != 1) {
                    throw new ReplayFormatException("Step " + step + ", param " + param + " at param byte "
                            + (at + 1) + ": boolean byte must be 0 or 1, was " + u8(b, at + 1), step, at + 1L);
                }
            }
            case TAG_INT8 -> size = 2;
            case TAG_INT16 -> size = 3;
            case TAG_INT32 -> size = 5;
            case TAG_INT64_POSITIVE, TAG_INT64_NEGATIVE -> {
                size = 9;
                need(b, limit, truncatedByCap, config, step, param, at, size, "int64");
                if (i32(b, at + 1) < 0) {
                    throw new ReplayFormatException("Step " + step + ", param " + param + " at param byte "
                            + (at + 1) + ": int64 low half must be below 2^31, was "
                            + Integer.toUnsignedString(i32(b, at + 1)), step, at + 1L);
                }
            }
            case TAG_FLOAT64 -> size = 9;
            case TAG_BIGINT_POSITIVE, TAG_BIGINT_NEGATIVE -> {
                need(b, limit, truncatedByCap, config, step, param, at, 2, "BigInteger length");
                size = 2 + u8(b, at + 1);
            }
            case TAG_LONG_STRING -> {
                need(b, limit, truncatedByCap, config, step, param, at, 5, "string length");
                int length = i32(b, at + 1);
                if (length < 0) {
                    throw new ReplayFormatException("Step " + step + ", param " + param + " at param byte "
                            + (at + 1) + ": string length " + length + " is negative", step, at + 1L);
                }
                size = (int) Math.min(Integer.MAX_VALUE, 5L + length);
            }
            default -> {
                if (tag < TAG_SHORT_STRING_BASE) {
                    throw new ReplayFormatException("Step " + step + ", param " + param + " at param byte "
                            + at + ": tag " + tag + " is reserved (10..31)", step, at);
                }
                size = 1 + tag - TAG_SHORT_STRING_BASE;
            }
        }
        need(b, limit, truncatedByCap, config, step, param, at, size, ParamType.fromTag(tag).name());
        return at + size;
    }

    private static void need(byte[] b, int limit, boolean truncatedByCap, ReplayArrayConfig config,
                             int step, int param, int at, int size, String what) {
        if ((long) at + size > limit) {
            throw beyond(truncatedByCap, config, step, param, at, what + " (" + size + " bytes)", limit);
        }
    }

    private static ReplayFormatException beyond(boolean truncatedByCap, ReplayArrayConfig config, int step,
                                                int param, int at, String what, int limit) {
        String area = truncatedByCap
                ? "the cap of " + config.paramMaxLength() + " param bytes"
                : "the end of the param area (" + limit + " bytes)";
        return new ReplayFormatException("Step " + step + ", param " + param + " at param byte " + at + ": "
                + what + " runs past " + area, step, at);
    }
}
