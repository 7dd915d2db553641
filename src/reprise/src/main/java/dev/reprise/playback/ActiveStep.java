package dev.reprise.playback;

import dev.reprise.route.ReplayStep;

/**
 * An active step: executed by its code's command; it settles with the command's result.
 *
 * <p>Emitted before its command is subscribed, so {@link #result()} may still be pending when the
 * subscriber sees it. Thread-safe.
 */
public final class ActiveStep extends PlaybackStep {

    private final int passiveCount;

    ActiveStep(ReplayStep step, int passiveCount) {
        super(step);
        this.passiveCount = passiveCount;
    }

    /**
     * Returns how many passive steps follow this step in its group: the {@link PassiveStep}s emitted
     * right after it, which its command may take through its context.
     *
     * @return the number of passive steps in this step's group, &gt;= 0
     */
    public int passiveCount() {
        return passiveCount;
    }
}
