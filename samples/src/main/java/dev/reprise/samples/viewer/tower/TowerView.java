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
package dev.reprise.samples.viewer.tower;

import dev.reprise.samples.tower.KeyColour;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerRuleException;
import dev.reprise.samples.tower.TowerState;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The tower's state as the page's renderer ({@code renderer.js}) reads it: the hero's floor as a string of
 * tiles (row by row, the {@link dev.reprise.samples.tower.Tower} legend), the hero's position and the
 * side panel's numbers.
 *
 * <pre>{"floor":0,"floors":40,"w":13,"h":13,"x":6,"y":11,"hp":1000,"atk":10,"def":10,"gold":0,
 *  "keys":[0,0,0],"choice":null,"queued":0,"tiles":"#############..."}</pre>
 */
final class TowerView {

    private TowerView() {
    }

    /**
     * Returns the view of a game as the hero stands: moves queued by a run still being played are
     * walked on a copy, so the hero is drawn where the run has taken him so far.
     *
     * @param game the game, read on the thread that drives it
     * @param queuedMove the code of the queued moves (they are all the same move), or -1 if none
     * @return the view
     */
    static ObjectNode of(TowerGame game, int queuedMove) {
        int queued = game.queuedMoves();
        TowerState state = game.state();
        if (queued > 0 && TowerCodes.isMove(queuedMove)) {
            TowerGame walk = new TowerGame(game.tower());
            walk.reset(state);
            for (int i = 0; i < queued; i++) {
                walk.queueMove(queuedMove);
            }
            try {
                walk.commitMoves();
                state = walk.state();
            } catch (TowerRuleException e) {
                // The committed state stays on screen; playback reports the rule breach itself.
            }
        }
        return of(state, queued);
    }

    /**
     * Returns the view of a state.
     *
     * @param state the state
     * @param queued how many moves of a run are still queued (shown, not applied)
     * @return the view
     */
    static ObjectNode of(TowerState state, int queued) {
        int floor = state.floor();
        ObjectNode view = JsonNodeFactory.instance.objectNode().put("floor", floor).put("floors", state.floors())
                .put("w", state.width()).put("h", state.height()).put("x", state.x()).put("y", state.y())
                .put("hp", state.hp()).put("atk", state.effectiveAttack()).put("def", state.effectiveDefence())
                .put("gold", state.gold());
        ArrayNode keys = view.putArray("keys");
        for (KeyColour colour : KeyColour.values()) {
            keys.add(state.keys(colour));
        }
        view.put("choice", state.choice().map(choice -> choice.dialog().name()).orElse(null));
        StringBuilder tiles = new StringBuilder(state.width() * state.height());
        for (int y = 0; y < state.height(); y++) {
            for (int x = 0; x < state.width(); x++) {
                tiles.append(state.tile(floor, x, y));
            }
        }
        return view.put("queued", queued).put("tiles", tiles.toString());
    }
}
