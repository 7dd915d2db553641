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
package dev.reprise.guide;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The tiny game of the getting-started guide: a hero walks a grid and opens chests, and each chest
 * asks the player to take its gold or its key. Deterministic: the same inputs from the same start
 * always give the same state. Not thread-safe: it belongs to one thread, the game's.
 */
final class CoinGame {

    /** Opens the chest the hero stands on: a choice opens (code of the game's own, after Reprise's 0-7). */
    static final int CHEST = 16;
    /** Answers the open choice; param: the option, 0 = the gold, 1 = the key. */
    static final int CHOOSE = 17;

    private int x;
    private int y;
    private int gold;
    private int keys;
    private boolean choosing;

    /** Puts the game back at its start. */
    void reset() {
        x = 0;
        y = 0;
        gold = 0;
        keys = 0;
        choosing = false;
    }

    /** Moves the hero one tile; refused while a choice is open. */
    void move(int dx, int dy) {
        if (choosing) {
            throw new IllegalStateException("cannot walk away from an open chest");
        }
        x += dx;
        y += dy;
    }

    /** Opens a chest: the game now waits for {@link #choose(int)}. */
    void openChest() {
        choosing = true;
    }

    /** Takes the gold (option 0) or the key (option 1) of the open chest. */
    void choose(int option) {
        if (!choosing) {
            throw new IllegalStateException("no chest is open");
        }
        if (option == 0) {
            gold += 10;
        } else {
            keys++;
        }
        choosing = false;
    }

    /** Returns the whole state as text: equal texts, equal games. */
    String state() {
        return "at " + x + "," + y + ", " + gold + " gold, " + keys + " keys";
    }

    /** Returns what a save game of it holds, field by field: where two runs part is told by these names. */
    Map<String, Object> describe() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("x", x);
        state.put("y", y);
        state.put("gold", gold);
        state.put("keys", keys);
        state.put("choosing", choosing);
        return state;
    }
}
