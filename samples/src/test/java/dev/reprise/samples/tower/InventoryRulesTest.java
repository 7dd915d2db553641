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

import static dev.reprise.samples.tower.TowerTestSupport.assertRejected;
import static dev.reprise.samples.tower.TowerTestSupport.game;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class InventoryRulesTest {

    /** A hero carrying an elixir, a key bundle, both swords and an iron shield. */
    private static TowerGame equippedHero() {
        TowerGame game = game("@ekwWu");
        for (int i = 0; i < 5; i++) {
            game.apply(TowerCodes.RIGHT);
        }
        return game;
    }

    @Test
    void useItem_elixir_healsAndIsConsumed() {
        TowerGame game = equippedHero();
        assertThat(game.apply(TowerCodes.USE_ITEM, Item.ELIXIR.number())).isEqualTo(Outcome.USED_ITEM);
        assertThat(game.state().hp()).isEqualTo(1500);
        assertThat(game.state().itemCount(Item.ELIXIR)).isZero();
        assertRejected(game, TowerRuleException.class, TowerCodes.USE_ITEM, Item.ELIXIR.number())
                .hasMessageContaining("carries no ELIXIR");
    }

    @Test
    void useItem_keyBundle_givesOneKeyOfEachColour() {
        TowerGame game = equippedHero();
        game.apply(TowerCodes.USE_ITEM, Item.KEY_BUNDLE.number());
        for (KeyColour colour : KeyColour.values()) {
            assertThat(game.state().keys(colour)).isEqualTo(1);
        }
    }

    @Test
    void useItem_notAnInventoryItem_isRejected() {
        TowerGame game = equippedHero();
        assertRejected(game, TowerRuleException.class, TowerCodes.USE_ITEM, Item.RED_POTION.number())
                .hasMessageContaining("not the number of an inventory item");
        assertRejected(game, TowerRuleException.class, TowerCodes.USE_ITEM, 99);
    }

    @Test
    void equip_intoEmptySlot_addsBonusAndLeavesBag() {
        TowerGame game = equippedHero();
        assertThat(game.apply(TowerCodes.EQUIP, Equipment.IRON_SWORD.uid(), Equipment.WEAPON, false))
                .isEqualTo(Outcome.EQUIPPED);
        TowerState s = game.state();
        assertThat(s.equipped(Equipment.WEAPON)).isEqualTo(Equipment.IRON_SWORD);
        assertThat(s.bagCount(Equipment.IRON_SWORD)).isZero();
        assertThat(s.attack()).isEqualTo(10);
        assertThat(s.effectiveAttack()).isEqualTo(16);
    }

    @Test
    void equip_occupiedSlot_needsAutoUnload() {
        TowerGame game = equippedHero();
        game.apply(TowerCodes.EQUIP, Equipment.IRON_SWORD.uid(), Equipment.WEAPON, false);
        assertRejected(game, TowerRuleException.class, TowerCodes.EQUIP, Equipment.SILVER_SWORD.uid(),
                Equipment.WEAPON, false).hasMessageContaining("autoUnload");
        game.apply(TowerCodes.EQUIP, Equipment.SILVER_SWORD.uid(), Equipment.WEAPON, true);
        TowerState s = game.state();
        assertThat(s.equipped(Equipment.WEAPON)).isEqualTo(Equipment.SILVER_SWORD);
        assertThat(s.bagCount(Equipment.IRON_SWORD)).isEqualTo(1);
        assertThat(s.effectiveAttack()).isEqualTo(25);
    }

    @Test
    void equip_wrongSlotOrMissingPiece_isRejected() {
        TowerGame game = equippedHero();
        assertRejected(game, TowerRuleException.class, TowerCodes.EQUIP, Equipment.IRON_SHIELD.uid(),
                Equipment.WEAPON, false).hasMessageContaining("worn in slot 1");
        assertRejected(game, TowerRuleException.class, TowerCodes.EQUIP, Equipment.SILVER_SHIELD.uid(),
                Equipment.SHIELD, false).hasMessageContaining("no SILVER_SHIELD in the bag");
        assertRejected(game, TowerRuleException.class, TowerCodes.EQUIP, 42, 0, false);
    }

    @Test
    void unequip_returnsPieceToBag_andEmptySlotIsRejected() {
        TowerGame game = equippedHero();
        game.apply(TowerCodes.EQUIP, Equipment.IRON_SHIELD.uid(), Equipment.SHIELD, false);
        assertThat(game.state().effectiveDefence()).isEqualTo(16);
        assertThat(game.apply(TowerCodes.UNEQUIP, Equipment.SHIELD)).isEqualTo(Outcome.UNEQUIPPED);
        assertThat(game.state().effectiveDefence()).isEqualTo(10);
        assertThat(game.state().bagCount(Equipment.IRON_SHIELD)).isEqualTo(1);
        assertRejected(game, TowerRuleException.class, TowerCodes.UNEQUIP, Equipment.SHIELD).hasMessageContaining("empty");
        assertRejected(game, TowerRuleException.class, TowerCodes.UNEQUIP, 2).hasMessageContaining("no slot 2");
    }

    @Test
    void equipment_countsInFights() {
        // skeleton: 60 hp, 20 atk, 8 def. Bare: 30 strikes, 29 counters of 10. With iron sword: 8 per strike.
        TowerGame game = game("@w3");
        game.apply(TowerCodes.RIGHT);
        game.apply(TowerCodes.EQUIP, Equipment.IRON_SWORD.uid(), Equipment.WEAPON, false);
        game.apply(TowerCodes.RIGHT);
        assertThat(game.state().hp()).isEqualTo(1000 - 7 * 10);
    }
}
