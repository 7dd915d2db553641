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
import org.jspecify.annotations.Nullable;

/**
 * The offers a hero answers with a choice index: the shop and the event tiles. Each lists its options;
 * the index of an option is the param of {@link TowerCodes#CHOICE}.
 */
public enum Dialog {
    /** The shop ({@code $}): buy attack, defence or hp for a price that grows with every purchase; stays open until left. */
    SHOP('$', List.of("+2 attack", "+2 defence", "+200 hp", "leave")) {
        @Override
        boolean answer(TowerState state, int option) {
            if (option == 3) {
                return true;
            }
            int price = shopPrice(state.shopPurchases());
            if (state.gold() < price) {
                throw new TowerRuleException("the shop asks " + price + " gold, the hero has " + state.gold());
            }
            state.addGold(-price);
            state.countShopPurchase();
            switch (option) {
                case 0 -> state.addAttack(2);
                case 1 -> state.addDefence(2);
                default -> state.addHp(200);
            }
            return false;
        }
    },
    /** The altar ({@code A}): trade 150 hp for +3 attack or +3 defence, or decline. */
    ALTAR('A', List.of("150 hp for +3 attack", "150 hp for +3 defence", "decline")) {
        @Override
        boolean answer(TowerState state, int option) {
            if (option < 2) {
                if (state.hp() <= ALTAR_COST) {
                    throw new TowerRuleException("the altar asks " + ALTAR_COST + " hp, the hero has " + state.hp());
                }
                state.addHp(-ALTAR_COST);
                if (option == 0) {
                    state.addAttack(3);
                } else {
                    state.addDefence(3);
                }
            }
            return true;
        }
    },
    /** The merchant ({@code M}): a yellow key for 20 gold, a blue one for 50, a red one for 80, or leave. */
    MERCHANT('M', List.of("yellow key for 20 gold", "blue key for 50 gold", "red key for 80 gold", "leave")) {
        @Override
        boolean answer(TowerState state, int option) {
            if (option < 3) {
                int price = merchantPrice(option);
                if (state.gold() < price) {
                    throw new TowerRuleException("the merchant asks " + price + " gold, the hero has " + state.gold());
                }
                state.addGold(-price);
                state.addKeys(KeyColour.values()[option], 1);
            }
            return true;
        }
    },
    /** The fairy ({@code F}): a gift of +150 hp, +30 gold or an elixir. */
    FAIRY('F', List.of("+150 hp", "+30 gold", "an elixir")) {
        @Override
        boolean answer(TowerState state, int option) {
            switch (option) {
                case 0 -> state.addHp(150);
                case 1 -> state.addGold(30);
                default -> state.addItem(Item.ELIXIR, 1);
            }
            return true;
        }
    };

    /** The hp the altar takes. */
    static final int ALTAR_COST = 150;
    private static final int[] MERCHANT_PRICES = {20, 50, 80};

    private final char symbol;
    private final List<String> options;

    Dialog(char symbol, List<String> options) {
        this.symbol = symbol;
        this.options = options;
    }

    /**
     * Returns the map symbol of the tile offering this dialog.
     *
     * @return a symbol
     */
    public char symbol() {
        return symbol;
    }

    /**
     * Returns the options, in choice-index order.
     *
     * @return an unmodifiable list of descriptions
     */
    public List<String> options() {
        return options;
    }

    /**
     * Returns the shop price after a number of purchases.
     *
     * @param purchases purchases made so far, in any shop
     * @return the price in gold: 20 + 5 per earlier purchase
     */
    public static int shopPrice(int purchases) {
        return 20 + 5 * purchases;
    }

    /**
     * Returns the merchant's price of a key.
     *
     * @param option 0 (yellow), 1 (blue) or 2 (red)
     * @return the price in gold
     */
    public static int merchantPrice(int option) {
        return MERCHANT_PRICES[option];
    }

    /**
     * Returns the dialog offered by a tile symbol.
     *
     * @param symbol a map symbol
     * @return the dialog, or {@code null} if the symbol offers none
     */
    public static @Nullable Dialog ofSymbol(char symbol) {
        for (Dialog dialog : values()) {
            if (dialog.symbol == symbol) {
                return dialog;
            }
        }
        return null;
    }

    /**
     * Applies an option already checked to be in range.
     *
     * @return {@code true} if the dialog closes
     * @throws TowerRuleException if the hero cannot pay; {@code state} may then be partly changed, so
     *     callers work on a copy
     */
    abstract boolean answer(TowerState state, int option);
}
