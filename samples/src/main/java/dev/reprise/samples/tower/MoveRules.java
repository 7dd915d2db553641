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
import java.util.OptionalLong;

/**
 * One step of the hero. Walls, edges, doors without a key and monsters the hero cannot beat block the
 * step and change nothing. Doors, monsters and the shop are dealt with from the neighbouring tile (the
 * hero stays); items, keys, equipment, events and stairs are stepped onto.
 */
final class MoveRules {

    private MoveRules() {
    }

    static Outcome step(TowerState state, Tower tower, int move) {
        int floor = state.floor();
        int tx = state.x() + TowerCodes.dx(move);
        int ty = state.y() + TowerCodes.dy(move);
        if (!state.inside(tx, ty)) {
            return Outcome.BLOCKED;
        }
        char symbol = state.tile(floor, tx, ty);
        return switch (Tiles.kindOnMap(symbol)) {
            case WALL -> Outcome.BLOCKED;
            case EMPTY -> walk(state, tx, ty, Outcome.MOVED);
            case STAIRS -> climb(state, tower, symbol);
            case DOOR -> open(state, tx, ty, Tiles.keyColour(symbol));
            case KEY -> {
                state.addKeys(Tiles.keyColour(symbol), 1);
                yield take(state, tx, ty);
            }
            case ITEM -> {
                Tiles.item(symbol).pickUp(state);
                yield take(state, tx, ty);
            }
            case EQUIPMENT -> {
                state.addToBag(Tiles.equipment(symbol), 1);
                yield take(state, tx, ty);
            }
            case MONSTER -> fight(state, tx, ty, Monster.of(symbol));
            case SHOP -> {
                state.markShopVisited(floor);
                state.openChoice(new Choice(Dialog.SHOP, floor, tx, ty));
                yield Outcome.CHOICE_OPENED;
            }
            case EVENT -> {
                state.openChoice(new Choice(Objects.requireNonNull(Dialog.ofSymbol(symbol), "an event has its dialog"), floor, tx, ty));
                yield walk(state, tx, ty, Outcome.CHOICE_OPENED);
            }
        };
    }

    private static Outcome walk(TowerState state, int tx, int ty, Outcome outcome) {
        state.moveTo(state.floor(), tx, ty);
        return outcome;
    }

    private static Outcome take(TowerState state, int tx, int ty) {
        state.setTile(state.floor(), tx, ty, Tiles.EMPTY);
        return walk(state, tx, ty, Outcome.PICKED_UP);
    }

    private static Outcome climb(TowerState state, Tower tower, char stairs) {
        int to = state.floor() + (stairs == Tiles.STAIRS_UP ? 1 : -1);
        Position arrival = stairs == Tiles.STAIRS_UP ? tower.arrivalFromBelow(to) : tower.arrivalFromAbove(to);
        state.moveTo(to, arrival.x(), arrival.y());
        return Outcome.CHANGED_FLOOR;
    }

    private static Outcome open(TowerState state, int tx, int ty, KeyColour colour) {
        if (state.keys(colour) == 0) {
            return Outcome.BLOCKED;
        }
        state.addKeys(colour, -1);
        state.setTile(state.floor(), tx, ty, Tiles.EMPTY);
        return Outcome.OPENED_DOOR;
    }

    private static Outcome fight(TowerState state, int tx, int ty, Monster monster) {
        OptionalLong damage = Combat.winningDamage(state, monster);
        if (damage.isEmpty()) {
            return Outcome.BLOCKED;
        }
        state.addHp((int) -damage.getAsLong());
        state.addGold(monster.gold());
        state.setTile(state.floor(), tx, ty, Tiles.EMPTY);
        return Outcome.FOUGHT;
    }
}
