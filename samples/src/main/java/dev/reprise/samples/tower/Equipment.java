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
package dev.reprise.samples.tower;

import org.jspecify.annotations.Nullable;

/**
 * Pieces of equipment. Picked up into the bag; worn in a slot through {@link TowerCodes#EQUIP}, where
 * they add to the hero's effective attack and defence.
 */
public enum Equipment {
    /** Iron sword: +6 attack. */
    IRON_SWORD('w', 1, Equipment.WEAPON, 6, 0),
    /** Iron shield: +6 defence. */
    IRON_SHIELD('u', 2, Equipment.SHIELD, 0, 6),
    /** Silver sword: +15 attack. */
    SILVER_SWORD('W', 3, Equipment.WEAPON, 15, 0),
    /** Silver shield: +15 defence. */
    SILVER_SHIELD('U', 4, Equipment.SHIELD, 0, 15);

    /** The weapon slot number. */
    public static final int WEAPON = 0;
    /** The shield slot number. */
    public static final int SHIELD = 1;
    /** The number of slots. */
    public static final int SLOTS = 2;
    /** One more than the highest uid; the size of a bag table. */
    static final int UID_LIMIT = 5;

    private final char symbol;
    private final int uid;
    private final int slot;
    private final int attack;
    private final int defence;

    Equipment(char symbol, int uid, int slot, int attack, int defence) {
        this.symbol = symbol;
        this.uid = uid;
        this.slot = slot;
        this.attack = attack;
        this.defence = defence;
    }

    /**
     * Returns the map symbol.
     *
     * @return a letter
     */
    public char symbol() {
        return symbol;
    }

    /**
     * Returns the uid used as the first param of {@link TowerCodes#EQUIP}; part of the route format.
     *
     * @return a number in 1..4
     */
    public int uid() {
        return uid;
    }

    /**
     * Returns the slot this piece is worn in.
     *
     * @return {@link #WEAPON} or {@link #SHIELD}
     */
    public int slot() {
        return slot;
    }

    /**
     * Returns the attack bonus while worn.
     *
     * @return a bonus, at least 0
     */
    public int attack() {
        return attack;
    }

    /**
     * Returns the defence bonus while worn.
     *
     * @return a bonus, at least 0
     */
    public int defence() {
        return defence;
    }

    /**
     * Returns the piece with the given uid.
     *
     * @param uid a uid
     * @return the piece, or {@code null} if none has that uid
     */
    public static @Nullable Equipment ofUid(int uid) {
        for (Equipment piece : values()) {
            if (piece.uid == uid) {
                return piece;
            }
        }
        return null;
    }
}
