package dev.reprise.playback;

import dev.reprise.route.ReplayStep;

/**
 * An active step: executed by its code's command; it settles with the command's result.
 *
 * <p>Emitted before its command is subscribed, so {@link #result()} may still be pending when the
 * subscriber sees it. Thread-safe.
 */
public final class ActiveStep extends PlaybackStep {

    ActiveStep(ReplayStep step) {
        super(step);
    }
}
