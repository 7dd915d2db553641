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

/** Teleport within a floor and fly between floors already reached. */
final class TravelRules {

    private TravelRules() {
    }

    /** TELEPORT x, y: to an open tile reachable from the hero over open tiles; nothing on the target triggers. */
    static Outcome teleport(TowerState state, Tower tower, List<Object> params) {
        int tx = TowerAction.intParam(params, 0);
        int ty = TowerAction.intParam(params, 1);
        if (!state.inside(tx, ty)) {
            throw new TowerRuleException("TELEPORT target (" + tx + "," + ty + ") is outside the "
                    + state.width() + "x" + state.height() + " floor");
        }
        if (!Tiles.isOpen(state.tile(state.floor(), tx, ty))) {
            throw new TowerRuleException("TELEPORT target (" + tx + "," + ty + ") on floor " + state.floor()
                    + " is '" + state.tile(state.floor(), tx, ty) + "', not an open tile");
        }
        if (PathFinder.openDistances(state)[ty * state.width() + tx] < 0) {
            throw new TowerRuleException("TELEPORT target (" + tx + "," + ty + ") on floor " + state.floor()
                    + " cannot be reached from (" + state.x() + "," + state.y() + ") over open tiles");
        }
        state.moveTo(state.floor(), tx, ty);
        return Outcome.TELEPORTED;
    }

    /** FLY floor: to the arrival tile of a floor reached before. */
    static Outcome fly(TowerState state, Tower tower, List<Object> params) {
        int to = TowerAction.intParam(params, 0);
        if (to < 0 || to > state.highestFloor()) {
            throw new TowerRuleException("FLY to floor " + to + ": only floors 0.." + state.highestFloor()
                    + " have been reached");
        }
        Position arrival = tower.arrivalFromBelow(to);
        state.moveTo(to, arrival.x(), arrival.y());
        return Outcome.FLEW;
    }
}
