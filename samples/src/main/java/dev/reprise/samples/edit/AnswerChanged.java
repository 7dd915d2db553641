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
import dev.reprise.io.ReplayFile;
import dev.reprise.samples.tower.TowerCodes;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A QA test case made from a player's replay: "what if the player had answered that dialog otherwise?".
 * The answer is changed, the run is cut right after it, played to make sure the game's rules still hold,
 * and saved as a new replay file with a fresh final hash, which the tower's verifier then plays as any
 * other replay.
 */
public final class AnswerChanged {

    private AnswerChanged() {
    }

    /**
     * Writes the test case: {@code player}'s replay with the answer at {@code choiceStep} changed to
     * {@code option}, ending right after it.
     *
     * @param player     the player's replay of the tower
     * @param choiceStep the index of a {@code CHOICE} step of the replay
     * @param option     the answer to give instead
     * @param testCase   the new file to write (never the player's file)
     * @return the file written
     * @throws IOException if the file cannot be written
     */
    public static ReplayFile answerOtherwise(ReplayFile player, int choiceStep, int option, Path testCase)
            throws IOException {
        EditableTower tower = EditableTower.of(player);
        ReplayEditor editor = ReplayEditor.open(tower);
        editor.set(choiceStep, TowerCodes.CHOICE, option);   // the one answer changed
        while (editor.length() > choiceStep + 1) {
            editor.delete(editor.length() - 1);              // the test case ends with it
        }
        editor.seek(editor.length()).block();                // plays it; fails if the game refuses the answer
        ReplayFile edited = tower.toFile();                  // with the final state's hash
        edited.write(testCase);                              // atomic: a new file or the old one, never half
        return edited;
    }
}
