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
package dev.reprise.samples.edit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.edit.ReplayEditor;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.verify.TowerVerification;
import org.junit.jupiter.api.Test;

class EditTourTest {

    @Test
    void tour_onTheTower_undoesTheChange_andSavesABranch() {
        ReplayFile player = TowerVerification.record(11, 2, 300);
        EditableTower tower = EditableTower.of(player);
        ReplayArray original = new ReplayArray();
        original.loadState(player.save());
        int step = 0;
        while (!TowerCodes.isMove(original.get(step).code())) {
            step++;
        }
        int move = original.get(step).code(); // the same move again: the tower's rules still hold after it

        ReplayEditor editor = EditTour.tour(tower, step, move);

        assertThat(editor.branches()).containsExactly("tried");
        assertThat(editor.route().get(step)).isEqualTo(original.get(step));
        editor.seek(editor.length()).block();
        assertThat(editor.keptSteps()).contains(editor.length());
    }
}
