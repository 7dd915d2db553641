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

/** The route's param tags (from {@link ParamType}) and the fixed payload sizes, for the io codecs. */
final class Tags {

    static final int BOOLEAN = ParamType.BOOLEAN.tag();
    static final int INT8 = ParamType.INT8.tag();
    static final int INT16 = ParamType.INT16.tag();
    static final int INT32 = ParamType.INT32.tag();
    static final int INT64_POSITIVE = ParamType.INT64_POSITIVE.tag();
    static final int INT64_NEGATIVE = ParamType.INT64_NEGATIVE.tag();
    static final int FLOAT64 = ParamType.FLOAT64.tag();
    static final int BIGINT_POSITIVE = ParamType.BIGINT_POSITIVE.tag();
    static final int BIGINT_NEGATIVE = ParamType.BIGINT_NEGATIVE.tag();
    static final int LONG_STRING = ParamType.LONG_STRING.tag();
    /** Tags 10..31 are reserved. */
    static final int FIRST_RESERVED = 10;
    static final int SHORT_STRING_BASE = ParamType.SHORT_STRING.tag();

    private Tags() {
    }

    /** Payload size of a fixed-size tag, or -1 for a variable-size or reserved tag. */
    static int fixedPayload(int tag) {
        if (tag == BOOLEAN || tag == INT8) {
            return 1;
        }
        if (tag == INT16) {
            return 2;
        }
        if (tag == INT32) {
            return 4;
        }
        if (tag == INT64_POSITIVE || tag == INT64_NEGATIVE || tag == FLOAT64) {
            return 8;
        }
        return -1;
    }

    /** Reads a big-endian 32-bit value. */
    static int i32(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | b[at + 3] & 0xFF;
    }
}
