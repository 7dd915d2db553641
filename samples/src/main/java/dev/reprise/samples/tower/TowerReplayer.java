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

/**
 * Replays recorded inputs onto a game the way Reprise playback drives commands, without Reprise: this
 * is the contract the playback commands follow.
 *
 * <ul>
 *   <li>Active steps with the same code in a row form a finalize window. A move step only {@linkplain
 *       TowerGame#queueMove queues} its move; the window's finalizer ({@code finalizeRun}) {@linkplain
 *       TowerGame#commitMoves commits} the run when the window closes: before an active step with
 *       another code, and at the end of the route.</li>
 *   <li>A passive {@link TowerCodes#CHOICE} step answers the choice opened by the active step of its
 *       group; applying it commits the queued moves first, so the choice sees the hero where the move
 *       left it.</li>
 *   <li>Every other active step is applied at once.</li>
 * </ul>
 */
public final class TowerReplayer {

    private TowerReplayer() {
    }

    /**
     * Replays inputs onto {@code game} from its current state.
     *
     * @param game the game, usually fresh or {@linkplain TowerGame#reset reset}
     * @param inputs the recorded inputs, in order
     * @return the state after the last window was finalized
     * @throws TowerInputException if an input is malformed
     * @throws TowerRuleException if an input breaks a rule (the replay does not match the game); the
     *     message starts with {@code "input <index> "} and names the input
     */
    public static TowerState replay(TowerGame game, List<RecordedInput> inputs) {
        int window = -1;
        for (int i = 0; i < inputs.size(); i++) {
            RecordedInput input = inputs.get(i);
            int code = input.code();
            try {
                if (TowerCodes.isPassive(code)) {
                    game.apply(code, input.params());
                    continue;
                }
                if (code != window) {
                    finalizeRun(game, window);
                    window = code;
                }
                if (TowerCodes.isMove(code) && input.params().isEmpty()) {
                    game.queueMove(code);
                } else {
                    game.apply(code, input.params());
                }
            } catch (TowerRuleException e) {
                throw new TowerRuleException("input " + i + " " + input + ": " + e.getMessage());
            }
        }
        try {
            finalizeRun(game, window);
        } catch (TowerRuleException e) {
            throw new TowerRuleException("input " + inputs.size() + " (end of route): " + e.getMessage());
        }
        return game.state();
    }

    /** What a command's {@code finalizeRun} does when its window closes. */
    private static void finalizeRun(TowerGame game, int code) {
        if (TowerCodes.isMove(code)) {
            game.commitMoves();
        }
    }
}
