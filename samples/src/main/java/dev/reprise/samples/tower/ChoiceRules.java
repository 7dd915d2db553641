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

/** Answering the open choice, and opening a visited shop from afar. */
final class ChoiceRules {

    private ChoiceRules() {
    }

    /** CHOICE option: answers the open dialog; an event tile is used up once answered. */
    static Outcome choose(TowerState state, Tower tower, List<Object> params) {
        int option = TowerAction.intParam(params, 0);
        Choice choice = state.choice().orElseThrow(() -> new TowerRuleException("CHOICE " + option
                + ": no choice is open"));
        Dialog dialog = choice.dialog();
        if (option < 0 || option >= dialog.options().size()) {
            throw new TowerRuleException("CHOICE " + option + ": " + dialog + " has options 0.."
                    + (dialog.options().size() - 1));
        }
        if (!dialog.answer(state, option)) {
            return Outcome.CHOICE_ANSWERED;
        }
        state.openChoice(null);
        if (dialog != Dialog.SHOP) {
            state.setTile(choice.floor(), choice.x(), choice.y(), Tiles.EMPTY);
        }
        return Outcome.CHOICE_CLOSED;
    }

    /** SHOP floor: opens the shop of a floor whose shop the hero has visited. */
    static Outcome openShop(TowerState state, Tower tower, List<Object> params) {
        int shopFloor = TowerAction.intParam(params, 0);
        if (shopFloor < 0 || shopFloor >= state.floors() || !state.visitedShop(shopFloor)) {
            throw new TowerRuleException("SHOP " + shopFloor + ": the hero has not visited a shop on that floor");
        }
        Position shop = PathFinder.find(state, shopFloor, Dialog.SHOP.symbol());
        state.openChoice(new Choice(Dialog.SHOP, shopFloor, shop.x(), shop.y()));
        return Outcome.CHOICE_OPENED;
    }
}
