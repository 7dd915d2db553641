package dev.reprise.samples.tower.replay;

import dev.reprise.command.PassiveHandle;
import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.playback.PassiveStep;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerInputException;
import dev.reprise.samples.tower.TowerRuleException;
import reactor.core.publisher.Mono;

/**
 * Applies passive {@link TowerCodes#CHOICE} steps to a game and settles their handles: the one place
 * where a recorded answer meets the game, shared by the commands ({@link ChoiceMode#BY_COMMAND}) and by
 * UIs ({@link ChoiceMode#BY_SUBSCRIBER}).
 *
 * <p>Call it from one thread at a time per game: playback waits for every handle of a group before it
 * plays the next group, so a UI thread answering a handle never races the commands.
 */
public final class Choices {

    private Choices() {
    }

    /**
     * Applies the recorded answer of a passive step to the game (committing queued moves first, so the
     * choice sees the hero where the moves left it) and completes the handle with {@code SUCCESS}.
     *
     * @param game the game being replayed
     * @param choice a passive step of code {@link TowerCodes#CHOICE}
     * @return {@code true} if this call settled the handle
     * @throws TowerRuleException if the answer does not fit the game (the replay diverged); the handle
     *     is left unsettled so the caller decides how playback fails
     * @throws TowerInputException if the step is not a well-formed CHOICE
     */
    public static boolean answer(TowerGame game, PassiveHandle choice) {
        if (choice.step().code() != TowerCodes.CHOICE) {
            throw new TowerInputException("passive step " + choice.step().index() + " has code "
                    + choice.step().code() + ", the tower's only passive input is CHOICE ("
                    + TowerCodes.CHOICE + ")");
        }
        try {
            game.apply(TowerCodes.CHOICE, choice.step().params());
        } catch (TowerRuleException e) {
            throw new TowerRuleException("CHOICE step " + choice.step().index() + " " + choice.step().params()
                    + ": " + e.getMessage());
        }
        return choice.complete(ReplayCommandResult.SUCCESS);
    }

    /**
     * Answers, one after the other, every passive step still pending in the group in flight: what an
     * active command does in {@link ChoiceMode#BY_COMMAND}. Each step is taken with
     * {@link PlaybackContext#nextPassive()}, looked up when subscribed, so the next one is found only
     * after the previous one settled.
     *
     * @param game the game being replayed
     * @param context the playback context handed to the active command
     * @return completes when no passive step is pending; errors with {@link TowerRuleException} naming
     *     the step if an answer does not fit the game
     */
    public static Mono<Void> answerPending(TowerGame game, PlaybackContext context) {
        return context.nextPassive().flatMap(choice -> {
            answer(game, choice);
            return answerPending(game, context);
        });
    }
}
