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

/**
 * The type of one stored param, given by its tag byte (see {@code docs/route-format.md}).
 *
 * <p>Tags 10 to 31 are reserved and never valid in a route; tags 32 to 255 all mean
 * {@link #SHORT_STRING}, the tag minus 32 being the string's UTF-8 length.
 */
public enum ParamType {
    /** Tag 0: a boolean, one payload byte {@code 00} or {@code 01}. Reads back as {@code Boolean}. */
    BOOLEAN(RouteLayout.TAG_BOOLEAN),
    /** Tag 1: an integer in -128..127. Reads back as {@code Integer}. */
    INT8(RouteLayout.TAG_INT8),
    /** Tag 2: an integer in -32768..32767, big-endian. Reads back as {@code Integer}. */
    INT16(RouteLayout.TAG_INT16),
    /** Tag 3: any other {@code int}, big-endian. Reads back as {@code Integer}. */
    INT32(RouteLayout.TAG_INT32),
    /** Tag 4: an integer of 2^31 or more, as two halves split at 2^31. Reads back as {@code Long}. */
    INT64_POSITIVE(RouteLayout.TAG_INT64_POSITIVE),
    /** Tag 5: an integer below -2^31, as the halves of its magnitude. Reads back as {@code Long}. */
    INT64_NEGATIVE(RouteLayout.TAG_INT64_NEGATIVE),
    /** Tag 6: an IEEE 754 double, big-endian. Reads back as {@code Double}. */
    FLOAT64(RouteLayout.TAG_FLOAT64),
    /** Tag 7: a non-negative {@code BigInteger}, little-endian magnitude. Reads back as {@code BigInteger}. */
    BIGINT_POSITIVE(RouteLayout.TAG_BIGINT_POSITIVE),
    /** Tag 8: a negative {@code BigInteger}, little-endian magnitude. Reads back as {@code BigInteger}. */
    BIGINT_NEGATIVE(RouteLayout.TAG_BIGINT_NEGATIVE),
    /** Tag 9: a string of more than 223 UTF-8 bytes, int32 length first. Reads back as {@code String}. */
    LONG_STRING(RouteLayout.TAG_LONG_STRING),
    /** Tags 32..255: a string of 0..223 UTF-8 bytes. Reads back as {@code String}. */
    SHORT_STRING(RouteLayout.TAG_SHORT_STRING_BASE);

    private static final ParamType[] BY_TAG = new ParamType[256];

    static {
        for (ParamType type : values()) {
            if (type != SHORT_STRING) {
                BY_TAG[type.tag] = type;
            }
        }
        for (int tag = RouteLayout.TAG_SHORT_STRING_BASE; tag < 256; tag++) {
            BY_TAG[tag] = SHORT_STRING;
        }
    }

    private final int tag;

    ParamType(int tag) {
        this.tag = tag;
    }

    /**
     * Returns this type's tag byte; for {@link #SHORT_STRING}, the tag of the empty string (32).
     *
     * @return the tag, 0..9 or 32
     */
    public int tag() {
        return tag;
    }

    /** Returns {@code true} for the integer types INT8 to INT64_NEGATIVE. */
    boolean isInteger() {
        return tag >= RouteLayout.TAG_INT8 && tag <= RouteLayout.TAG_INT64_NEGATIVE;
    }

    /** Returns {@code true} for the two string types. */
    boolean isString() {
        return this == SHORT_STRING || this == LONG_STRING;
    }

    /**
     * Returns the type of a tag byte.
     *
     * @param tag a tag, 0..255
     * @return the type
     * @throws IllegalArgumentException for a reserved tag (10..31) or a value outside 0..255
     */
    public static ParamType fromTag(int tag) {
        ParamType type = tag >= 0 && tag < 256 ? BY_TAG[tag] : null;
        if (type == null) {
            throw new IllegalArgumentException("Param tag " + tag + " is "
                    + (tag >= 0 && tag < 256 ? "reserved (10..31)" : "not a byte"));
        }
        return type;
    }

    /** Like {@link #fromTag(int)} but returns {@code null} for a reserved tag. */
    static ParamType ofTagOrNull(int tag) {
        return BY_TAG[tag];
    }
}
