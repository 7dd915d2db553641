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

import java.util.List;

/**
 * A kind of monster, drawn on the map as its digit {@code id}.
 *
 * @param id the kind, 0 to 9 (also its map symbol)
 * @param name a display name
 * @param hp hit points
 * @param attack attack
 * @param defence defence
 * @param gold gold the hero gets for beating it
 */
public record Monster(int id, String name, int hp, int attack, int defence, int gold) {

    /** Every monster, weakest first, indexed by {@link #id()}. */
    public static final List<Monster> ALL = List.of(
            new Monster(0, "green slime", 35, 10, 1, 2),
            new Monster(1, "red slime", 45, 14, 3, 3),
            new Monster(2, "bat", 40, 16, 5, 4),
            new Monster(3, "skeleton", 60, 20, 8, 6),
            new Monster(4, "priest", 80, 24, 11, 8),
            new Monster(5, "skeleton soldier", 100, 28, 14, 10),
            new Monster(6, "orc", 140, 34, 18, 14),
            new Monster(7, "vampire bat", 160, 40, 22, 18),
            new Monster(8, "knight", 200, 48, 28, 24),
            new Monster(9, "dark lord", 300, 60, 36, 40));

    /**
     * Returns the monster drawn as a digit.
     *
     * @param symbol {@code '0'} to {@code '9'}
     * @return the monster
     * @throws IllegalArgumentException if {@code symbol} is not a digit
     */
    public static Monster of(char symbol) {
        if (symbol < '0' || symbol > '9') {
            throw new IllegalArgumentException("not a monster symbol: '" + symbol + "'");
        }
        return ALL.get(symbol - '0');
    }

    /**
     * Returns the map symbol of this monster.
     *
     * @return its digit
     */
    public char symbol() {
        return (char) ('0' + id);
    }
}
