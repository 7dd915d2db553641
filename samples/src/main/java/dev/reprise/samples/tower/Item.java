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

import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Items lying on the map. Most act the moment the hero steps on them; {@link #usable()} ones go to the
 * inventory and act when a {@link TowerCodes#USE_ITEM} input names their {@link #number()}.
 */
public enum Item {
    /** Red potion: +100 hp at once. */
    RED_POTION('h', 1, s -> s.addHp(100), null),
    /** Blue potion: +300 hp at once. */
    BLUE_POTION('H', 2, s -> s.addHp(300), null),
    /** Attack gem: +2 attack at once. */
    ATTACK_GEM('a', 3, s -> s.addAttack(2), null),
    /** Defence gem: +2 defence at once. */
    DEFENCE_GEM('d', 4, s -> s.addDefence(2), null),
    /** Gold bag: +25 gold at once. */
    GOLD_BAG('g', 5, s -> s.addGold(25), null),
    /** Elixir: kept; when used, +500 hp. */
    ELIXIR('e', 8, null, s -> s.addHp(500)),
    /** Key bundle: kept; when used, one key of every colour. */
    KEY_BUNDLE('k', 9, null, s -> {
        for (KeyColour colour : KeyColour.values()) {
            s.addKeys(colour, 1);
        }
    });

    /** One more than the highest item number; the size of an inventory table. */
    static final int NUMBER_LIMIT = 16;

    private final char symbol;
    private final int number;
    private final @Nullable Consumer<TowerState> onPickup;
    private final @Nullable Consumer<TowerState> onUse;

    Item(char symbol, int number, @Nullable Consumer<TowerState> onPickup, @Nullable Consumer<TowerState> onUse) {
        this.symbol = symbol;
        this.number = number;
        this.onPickup = onPickup;
        this.onUse = onUse;
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
     * Returns the item number used as the param of {@link TowerCodes#USE_ITEM}; part of the route format.
     *
     * @return a number in 1..15
     */
    public int number() {
        return number;
    }

    /**
     * Tells whether the item goes to the inventory to be used later.
     *
     * @return {@code true} for inventory items
     */
    public boolean usable() {
        return onUse != null;
    }

    /**
     * Returns the item with the given number.
     *
     * @param number an item number
     * @return the item, or {@code null} if none has that number
     */
    public static @Nullable Item ofNumber(int number) {
        for (Item item : values()) {
            if (item.number == number) {
                return item;
            }
        }
        return null;
    }

    void pickUp(TowerState state) {
        if (usable()) {
            state.addItem(this, 1);
        } else {
            Objects.requireNonNull(onPickup, "an item that is not kept acts when picked up").accept(state);
        }
    }

    void use(TowerState state) {
        Objects.requireNonNull(onUse, "only a kept item is used").accept(state);
    }
}
