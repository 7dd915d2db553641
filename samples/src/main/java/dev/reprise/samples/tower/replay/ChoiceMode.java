package dev.reprise.samples.tower.replay;

/**
 * Who answers the passive {@link dev.reprise.samples.tower.TowerCodes#CHOICE CHOICE} steps during
 * playback: the two patterns a Reprise game can use for steps the player answers.
 */
public enum ChoiceMode {

    /**
     * The active command that opened the choice takes the passive steps after it through
     * {@link dev.reprise.command.PlaybackContext#nextPassive()} while it runs (the seed's pattern). The
     * playback needs nothing from its subscriber: any subscriber, even {@code blockLast()}, plays a route.
     */
    BY_COMMAND,

    /**
     * The active commands leave the passive steps alone: whoever subscribes to
     * {@link dev.reprise.playback.ReplaySandbox#steps()} (typically a UI) answers each
     * {@link dev.reprise.playback.PassiveStep} with {@link Choices#answer}. Unanswered steps are skipped
     * with warning 194 once the sandbox's passive grace runs out, so the game then desyncs.
     */
    BY_SUBSCRIBER
}
