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

import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerRuleException;
import reactor.core.publisher.Mono;

/**
 * UP, RIGHT, DOWN or LEFT: each step only queues its move; {@link #finalizeRun} commits the whole run
 * when the window of same-code steps closes.
 *
 * <p>Why finalize exists: a game animates a run of moves as one walk and settles the hero once at its
 * end (in motajs, the hero's walk is queued while arrow keys repeat). Queuing is also what the
 * recording did in effect: the run ends exactly where the window closes, so committing there lands the
 * hero on the same tile. A move followed by choices (it stepped onto a shop or an event) commits the
 * queue at once, so the dialog is open for whoever answers it.
 */
final class MoveCommand extends TowerCommand {

    MoveCommand(TowerGame game) {
        super(game);
    }

    @Override
    public Mono<ReplayCommandResult> execute(ReplayStep step, PlaybackContext context) {
        game.queueMove(step.code());
        if (!context.passiveSteps().isEmpty()) {
            // The move opened a choice: the walk ends here, so whoever answers sees the dialog.
            try {
                game.commitMoves();
            } catch (TowerRuleException e) {
                return Mono.error(new TowerRuleException("step " + step.index() + ": " + e.getMessage()));
            }
        }
        return SUCCESS;
    }

    @Override
    public Mono<ReplayCommandResult> finalizeRun(PlaybackContext context) {
        return Mono.fromCallable(() -> {
            game.commitMoves();
            return ReplayCommandResult.SUCCESS;
        });
    }
}
