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

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import java.nio.ByteBuffer;
import java.util.Arrays;

/** Validates route areas with {@link RouteScan} and wraps them as a read-only {@link ReplaySave}. */
final class RouteCheck {

    private RouteCheck() {
    }

    /**
     * Validates a route and returns it as a save of read-only views over the given arrays (which the
     * caller hands over and must not change afterwards).
     *
     * @param paramFileOffset file offset of the param area's first byte, or -1 if the areas were
     *                        decoded (offsets in messages are then param-area offsets)
     * @param trimTrailing    {@code true} to drop bytes after the last step's params (a save may be
     *                        zero-padded), {@code false} to refuse them (a file's sizes are exact)
     * @throws ReplayFormatException naming the step and offset of the first problem
     */
    static ReplaySave validated(int steps, CommandWidth width, byte[] commands, byte[] params, long paramFileOffset,
                                boolean trimTrailing) {
        int used = RouteScan.scan(commands, 0, steps, width.entrySize(), params, 0, params.length, paramFileOffset);
        if (used != params.length) {
            if (!trimTrailing) {
                throw trailing(used, params.length, paramFileOffset);
            }
            params = Arrays.copyOf(params, used);
        }
        return new ReplaySave(steps, width, ByteBuffer.wrap(commands).asReadOnlyBuffer(),
                ByteBuffer.wrap(params).asReadOnlyBuffer());
    }

    static ReplayFormatException trailing(int used, int paramBytes, long paramFileOffset) {
        long offset = paramFileOffset < 0 ? used : paramFileOffset + used;
        return new ReplayFormatException("Invalid route: the param area has " + (paramBytes - used)
                + " bytes after the last step's params (param byte " + used
                + (paramFileOffset < 0 ? "" : ", file byte " + offset) + ")", -1, offset);
    }
}
