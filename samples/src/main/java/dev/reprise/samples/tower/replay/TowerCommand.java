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
