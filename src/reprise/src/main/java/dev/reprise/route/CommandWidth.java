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
 * How many bytes a step's command code takes in the command area.
 *
 * <p>A command entry is the param count byte followed by the code, so an entry takes
 * {@link #entrySize()} bytes: 2 for {@link #UINT8}, 3 for {@link #UINT16} (code big-endian). In a
 * save, the width is written as the original engine's enum value, {@link #saveValue()}: 1 or 2.
 */
public enum CommandWidth {
    /** Codes 0..255, one byte; entries of 2 bytes; save value 1. */
    UINT8(1, 0xFF),
    /** Codes 0..65535, two bytes big-endian; entries of 3 bytes; save value 2. */
    UINT16(2, 0xFFFF);

    private final int saveValue;
    private final int maxCode;

    CommandWidth(int saveValue, int maxCode) {
        this.saveValue = saveValue;
        this.maxCode = maxCode;
    }

    /**
     * Returns the value a save stores for this width: the original engine's enum value (the code's
     * byte count).
     *
     * @return 1 for {@code UINT8}, 2 for {@code UINT16}
     */
    public int saveValue() {
        return saveValue;
    }

    /**
     * Returns the size of one command entry in bytes: the count byte plus the code.
     *
     * @return 2 or 3
     */
    public int entrySize() {
        return saveValue + 1;
    }

    /**
     * Returns the largest code this width holds.
     *
     * @return 255 or 65535
     */
    public int maxCode() {
        return maxCode;
    }

    /**
     * Tells whether {@code code} fits this width.
     *
     * @param code a command code
     * @return {@code true} if {@code 0 <= code <= maxCode()}
     */
    public boolean fits(int code) {
        return code >= 0 && code <= maxCode;
    }

    /**
     * Returns the width a save value stands for.
     *
     * @param saveValue 1 or 2, as written by {@link #saveValue()} and by the original engine
     * @return the width
     * @throws IllegalArgumentException for any other value
     */
    public static CommandWidth fromSaveValue(int saveValue) {
        return switch (saveValue) {
            case 1 -> UINT8;
            case 2 -> UINT16;
            default -> throw new IllegalArgumentException(
                    "Unknown command width " + saveValue + ": expected 1 (UINT8) or 2 (UINT16)");
        };
    }
}
