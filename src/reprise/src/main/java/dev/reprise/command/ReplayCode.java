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
package dev.reprise.command;

import java.util.Optional;

/**
 * The built-in command codes. Codes are part of the route format: a code, once given a meaning, is
 * never reused for another. Games register their own commands under codes above {@link #UNEQUIP}.
 */
public final class ReplayCode {
    /** One tile up; no params. */
    public static final int UP = 0;
    /** One tile right; no params. */
    public static final int RIGHT = 1;
    /** One tile down; no params. */
    public static final int DOWN = 2;
    /** One tile left; no params. */
    public static final int LEFT = 3;
    /** Teleport; params {@code x, y}. */
    public static final int TELEPORT = 4;
    /** Use an item; param {@code itemNum}. */
    public static final int USE_ITEM = 5;
    /** Equip; params {@code uid, slot, autoUnload (boolean)}. */
    public static final int EQUIP = 6;
    /** Unequip; param {@code slot}. */
    public static final int UNEQUIP = 7;

    private ReplayCode() {
    }

    /**
     * Returns the name of a built-in code.
     *
     * @param code a code
     * @return {@code "UP"} ... {@code "UNEQUIP"}, or empty if {@code code} is not built in
     */
    public static Optional<String> nameOf(int code) {
        String name = switch (code) {
            case UP -> "UP";
            case RIGHT -> "RIGHT";
            case DOWN -> "DOWN";
            case LEFT -> "LEFT";
            case TELEPORT -> "TELEPORT";
            case USE_ITEM -> "USE_ITEM";
            case EQUIP -> "EQUIP";
            case UNEQUIP -> "UNEQUIP";
            default -> null;
        };
        return Optional.ofNullable(name);
    }
}
