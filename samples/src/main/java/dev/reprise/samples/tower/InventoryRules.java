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

/** Using inventory items and wearing equipment. */
final class InventoryRules {

    private InventoryRules() {
    }

    /** USE_ITEM number: uses one carried inventory item. */
    static Outcome useItem(TowerState state, Tower tower, List<Object> params) {
        int number = TowerAction.intParam(params, 0);
        Item item = Item.ofNumber(number);
        if (item == null || !item.usable()) {
            throw new TowerRuleException("USE_ITEM: " + number + " is not the number of an inventory item");
        }
        if (state.itemCount(item) == 0) {
            throw new TowerRuleException("USE_ITEM: the hero carries no " + item);
        }
        state.addItem(item, -1);
        item.use(state);
        return Outcome.USED_ITEM;
    }

    /** EQUIP uid, slot, autoUnload: wears a piece from the bag; an occupied slot needs autoUnload. */
    static Outcome equip(TowerState state, Tower tower, List<Object> params) {
        int uid = TowerAction.intParam(params, 0);
        int slot = TowerAction.intParam(params, 1);
        boolean autoUnload = (Boolean) params.get(2);
        Equipment piece = Equipment.ofUid(uid);
        if (piece == null) {
            throw new TowerRuleException("EQUIP: no equipment has uid " + uid);
        }
        if (state.bagCount(piece) == 0) {
            throw new TowerRuleException("EQUIP: there is no " + piece + " in the bag");
        }
        if (piece.slot() != slot) {
            throw new TowerRuleException("EQUIP: " + piece + " is worn in slot " + piece.slot() + ", not " + slot);
        }
        Equipment worn = state.equipped(slot);
        if (worn != null) {
            if (!autoUnload) {
                throw new TowerRuleException("EQUIP: slot " + slot + " holds " + worn
                        + "; unequip it first or pass autoUnload = true");
            }
            state.addToBag(worn, 1);
        }
        state.addToBag(piece, -1);
        state.wear(slot, piece);
        return Outcome.EQUIPPED;
    }

    /** UNEQUIP slot: puts the worn piece back into the bag. */
    static Outcome unequip(TowerState state, Tower tower, List<Object> params) {
        int slot = TowerAction.intParam(params, 0);
        if (slot < 0 || slot >= Equipment.SLOTS) {
            throw new TowerRuleException("UNEQUIP: no slot " + slot + "; slots are 0.." + (Equipment.SLOTS - 1));
        }
        Equipment worn = state.equipped(slot);
        if (worn == null) {
            throw new TowerRuleException("UNEQUIP: slot " + slot + " is empty");
        }
        state.wear(slot, null);
        state.addToBag(worn, 1);
        return Outcome.UNEQUIPPED;
    }
}
