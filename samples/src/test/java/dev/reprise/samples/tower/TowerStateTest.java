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

import static dev.reprise.samples.tower.TowerTestSupport.game;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TowerStateTest {

    @Test
    void stateHash_isPinned_soItIsStableAcrossRunsAndJvms() {
        // A change of this value changes every recorded state hash: only change it on purpose.
        assertThat(game("@h\n.#").state().stateHash()).isEqualTo(0x98335FA3EED17D16L);
    }

    @Test
    void equalStates_haveEqualHashes() {
        TowerGame a = game("@h.");
        TowerGame b = game("@h.");
        a.apply(TowerCodes.RIGHT);
        b.apply(TowerCodes.RIGHT);
        assertThat(a.state()).isEqualTo(b.state()).hasSameHashCodeAs(b.state());
        assertThat(a.state().stateHash()).isEqualTo(b.state().stateHash());
    }

    @Test
    void everyFieldChange_changesEqualsAndHash() {
        TowerGame game = game("@hagykwFe$");
        TowerState previous = game.state();
        for (int i = 0; i < 6; i++) {
            game.apply(TowerCodes.RIGHT);
        }
        List<Runnable> inputs = List.of(
                () -> game.apply(TowerCodes.EQUIP, 1, 0, false),
                () -> game.apply(TowerCodes.USE_ITEM, Item.KEY_BUNDLE.number()),
                () -> game.apply(TowerCodes.RIGHT),
                () -> game.apply(TowerCodes.CHOICE, 2),
                () -> game.apply(TowerCodes.RIGHT),
                () -> game.apply(TowerCodes.RIGHT),
                () -> game.apply(TowerCodes.CHOICE, 3),
                () -> game.apply(TowerCodes.TELEPORT, 0, 0),
                () -> game.apply(TowerCodes.UNEQUIP, 0));
        for (Runnable input : inputs) {
            input.run();
            assertThat(game.state()).isNotEqualTo(previous);
            assertThat(game.state().stateHash()).isNotEqualTo(previous.stateHash());
            previous = game.state();
        }
    }

    @Test
    void toString_namesFloorPositionAndHash() {
        TowerState state = game("@").state();
        assertThat(state.toString()).contains("floor=0 (0,0)", "hp=1000", Long.toHexString(state.stateHash()));
    }
}
