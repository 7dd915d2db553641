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

import dev.reprise.edit.ReplayEditor;
import dev.reprise.verify.VerifiableGame;

/** The editor's API in a few lines, as docs/editing.md shows it. */
public final class EditTour {

    private EditTour() {
    }

    /**
     * Seeks to {@code step}, changes it, plays to the end, undoes the change and saves a branch.
     *
     * @param game  the game whose route to edit
     * @param step  a step of the route
     * @param code  a code the game registers
     * @param params params of the kinds the route records for {@code code}
     * @return the editor, the change undone and the branch {@code "tried"} saved
     */
    public static ReplayEditor tour(VerifiableGame game, int step, int code, Object... params) {
        ReplayEditor editor = ReplayEditor.open(game);   // edits the route in game.system().array()
        editor.seek(step).block();                        // the game as after the route's first `step` steps
        editor.set(step, code, params);                   // change a step; insert(..) and delete(..) likewise
        editor.seek(editor.length()).block();             // replays from the nearest kept state before `step`
        editor.undo();                                    // and redo(): every change, restore included
        editor.branch("tried");                           // saved with its kept states; restore("tried")
        return editor;
    }
}
