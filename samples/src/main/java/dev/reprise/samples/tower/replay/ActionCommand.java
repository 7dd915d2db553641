package dev.reprise.samples.tower.replay;

import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerInputException;
import dev.reprise.samples.tower.TowerRuleException;
import reactor.core.publisher.Mono;

/**
 * TELEPORT, USE_ITEM, EQUIP, UNEQUIP, SHOP and FLY: applies the step's input to the game at once (which
 * first commits any moves still queued), then, in {@link ChoiceMode#BY_COMMAND}, answers the choices the
 * input opened.
 */
final class ActionCommand implements ReplayCommand {

    private static final Mono<ReplayCommandResult> SUCCESS = Mono.just(ReplayCommandResult.SUCCESS);

    private final TowerGame game;
    private final ChoiceMode mode;

    ActionCommand(TowerGame game, ChoiceMode mode) {
        this.game = game;
        this.mode = mode;
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
        return TowerCommands.answerChoices(game, context, mode, SUCCESS);
    }

    @Override
    public String toString() {
        return "ActionCommand[" + mode + "]";
    }
}
