package dev.reprise.samples.tower.replay;

import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.samples.tower.TowerGame;
import reactor.core.publisher.Mono;

/** What the tower's active commands share: the game they drive and who answers the choices they open. */
abstract sealed class TowerCommand implements ReplayCommand permits MoveCommand, ActionCommand {

    /** Shared, so a step that opens no choice allocates no result. */
    static final Mono<ReplayCommandResult> SUCCESS = Mono.just(ReplayCommandResult.SUCCESS);

    final TowerGame game;
    final ChoiceMode mode;

    TowerCommand(TowerGame game, ChoiceMode mode) {
        this.game = game;
        this.mode = mode;
    }

    /** The step's result: at once, or, in {@link ChoiceMode#BY_COMMAND}, after answering its choices. */
    final Mono<ReplayCommandResult> answerChoices(PlaybackContext context) {
        if (mode == ChoiceMode.BY_SUBSCRIBER || context.passiveSteps().isEmpty()) {
            return SUCCESS;
        }
        return Choices.answerPending(game, context).then(SUCCESS);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + mode + "]";
    }
}
