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
package dev.reprise.samples.tower.replay;

import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerInputException;
import dev.reprise.samples.tower.TowerRuleException;

/**
 * Applies a passive {@link TowerCodes#CHOICE} step to a game: the one place where an answer meets the
 * game. {@link TowerCommands#register} registers it as CHOICE's
 * {@link dev.reprise.command.ReplayCommand#passive(java.util.function.Consumer) apply}, so the same code
 * runs when playback applies a recorded answer headless (the verifier, tests) and when a UI said yes
 * to it through {@link dev.reprise.playback.PassiveAnswers} (then playback applies it on the game's
 * thread).
 */
public final class Choices {

    private Choices() {
    }

    /**
     * Applies the answer of a CHOICE step to the game (committing queued moves first, so the choice
     * sees the hero where the moves left it).
     *
     * @param game   the game being replayed
     * @param choice a step of code {@link TowerCodes#CHOICE}: the recorded answer, or one a person chose
     * @throws TowerRuleException  if the answer does not fit the game (the replay diverged), naming the
     *                             step; the game is left unchanged
     * @throws TowerInputException if the step is not a well-formed CHOICE
     */
    public static void apply(TowerGame game, ReplayStep choice) {
        if (choice.code() != TowerCodes.CHOICE) {
            throw new TowerInputException("passive step " + choice.index() + " has code " + choice.code()
                    + ", the tower's only passive input is CHOICE (" + TowerCodes.CHOICE + ")");
        }
        try {
            game.apply(TowerCodes.CHOICE, choice.params());
        } catch (TowerRuleException e) {
            throw new TowerRuleException("CHOICE step " + choice.index() + " " + choice.params() + ": "
                    + e.getMessage());
        }
    }
}
