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
 * The map legend. A tile is one character:
 *
 * <pre>
 *   #  wall               .  empty floor          &#64;  hero start (floor 0, becomes empty)
 *   &gt;  stairs up          &lt;  stairs down         $  shop (bumped into, never entered)
 *   y b r  keys           Y B R  doors of that colour
 *   h H a d g e k  items (see {@link Item})     w u W U  equipment (see {@link Equipment})
 *   0-9  monsters (see {@link Monster})        A M F  events (see {@link Dialog})
 * </pre>
 */
final class Tiles {

    static final char WALL = '#';
    static final char EMPTY = '.';
    static final char START = '@';
    static final char STAIRS_UP = '>';
    static final char STAIRS_DOWN = '<';

    /** What stepping towards a tile does. */
    enum Kind { WALL, EMPTY, STAIRS, DOOR, KEY, ITEM, EQUIPMENT, MONSTER, SHOP, EVENT }

    private static final @Nullable Kind[] KINDS = new Kind[128];

    static {
        KINDS[WALL] = Kind.WALL;
        KINDS[EMPTY] = Kind.EMPTY;
        KINDS[STAIRS_UP] = Kind.STAIRS;
        KINDS[STAIRS_DOWN] = Kind.STAIRS;
        for (KeyColour colour : KeyColour.values()) {
            KINDS[colour.keySymbol()] = Kind.KEY;
            KINDS[colour.doorSymbol()] = Kind.DOOR;
        }
        for (Item item : Item.values()) {
            KINDS[item.symbol()] = Kind.ITEM;
        }
        for (Equipment piece : Equipment.values()) {
            KINDS[piece.symbol()] = Kind.EQUIPMENT;
        }
        for (Monster monster : Monster.ALL) {
            KINDS[monster.symbol()] = Kind.MONSTER;
        }
        for (Dialog dialog : Dialog.values()) {
            KINDS[dialog.symbol()] = dialog == Dialog.SHOP ? Kind.SHOP : Kind.EVENT;
        }
    }

    private Tiles() {
    }

    /** Returns the kind of a tile symbol, or {@code null} if the symbol is not in the legend. */
    static @Nullable Kind kind(char symbol) {
        return symbol < KINDS.length ? KINDS[symbol] : null;
    }

    /** Returns the kind of a symbol on a loaded map, which {@link Tower} checked is in the legend. */
    static Kind kindOnMap(char symbol) {
        Kind kind = kind(symbol);
        if (kind == null) {
            throw new IllegalStateException("the symbol '" + symbol + "' is not in the legend");
        }
        return kind;
    }

    /** Tells whether the hero may stand on (and teleport to) a tile without anything happening. */
    static boolean isOpen(char symbol) {
        return symbol == EMPTY || symbol == STAIRS_UP || symbol == STAIRS_DOWN;
    }

    static Item item(char symbol) {
        for (Item item : Item.values()) {
            if (item.symbol() == symbol) {
                return item;
            }
        }
        throw new IllegalArgumentException("not an item: '" + symbol + "'");
    }

    static Equipment equipment(char symbol) {
        for (Equipment piece : Equipment.values()) {
            if (piece.symbol() == symbol) {
                return piece;
            }
        }
        throw new IllegalArgumentException("not equipment: '" + symbol + "'");
    }

    static KeyColour keyColour(char symbol) {
        for (KeyColour colour : KeyColour.values()) {
            if (colour.keySymbol() == symbol || colour.doorSymbol() == symbol) {
                return colour;
            }
        }
        throw new IllegalArgumentException("not a key or door: '" + symbol + "'");
    }
}
