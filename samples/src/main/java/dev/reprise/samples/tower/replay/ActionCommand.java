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
import dev.reprise.samples.tower.TowerInputException;
import dev.reprise.samples.tower.TowerRuleException;
import reactor.core.publisher.Mono;

/**
 * TELEPORT, USE_ITEM, EQUIP, UNEQUIP, SHOP and FLY: applies the step's input to the game at once (which
 * first commits any moves still queued). The choices the input opens are passive CHOICE steps, applied
 * after it by {@link Choices#apply}.
 */
final class ActionCommand extends TowerCommand {

    ActionCommand(TowerGame game) {
        super(game);
    }

    @Override
    public Mono<ReplayCommandResult> execute(ReplayStep step, PlaybackContext context) {
        try {
            game.apply(step.code(), step.params());
        } catch (TowerRuleException e) {
            return Mono.error(new TowerRuleException("step " + step.index() + " " + step.params() + ": "
                    + e.getMessage()));
        } catch (TowerInputException e) {
            return Mono.error(e);
        }
        return SUCCESS;
    }
}
