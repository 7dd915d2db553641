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

import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.samples.tower.TowerGame;
import reactor.core.publisher.Mono;

/** What the tower's active commands share: the game they drive. */
abstract sealed class TowerCommand implements ReplayCommand permits MoveCommand, ActionCommand {

    /** Shared, so a step allocates no result. */
    static final Mono<ReplayCommandResult> SUCCESS = Mono.just(ReplayCommandResult.SUCCESS);

    final TowerGame game;

    TowerCommand(TowerGame game) {
        this.game = game;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName();
    }
}
