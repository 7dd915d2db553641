package dev.reprise.playback;

import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplayStep;
import java.util.Objects;

/**
 * A passive step: a handle for a step that the sandbox never executes. Someone — the active command
 * before it (through {@link dev.reprise.command.PlaybackContext#nextPassive()}), a subscriber of
 * {@link ReplaySandbox#steps()} such as an async UI, or {@link ReplaySandbox#passive()} — applies
 * its params and {@link #complete completes} it.
 *
 * <p>Completing with {@code SUCCESS} or {@code IGNORED} lets playback go on, {@code FAILED} fails it.
 * A handle left unsettled once its group's active step has its result (plus the configured passive
 * grace) is skipped with warning 194 and settles as {@code IGNORED}. Completing is thread-safe,
 * non-blocking and idempotent: only the first completion counts.
 */
public final class PassiveStep extends PlaybackStep {

    private final PlaybackEngine engine;
    /** When the grace of this handle runs out, in scheduler nanoseconds; engine-owned, 0 = not counting. */
    long graceDeadline;
    /** Whether the engine has taken this handle's settlement into account; engine-owned. */
    boolean processed;

    PassiveStep(ReplayStep step, PlaybackEngine engine) {
        super(step);
        this.engine = engine;
    }

    PassiveStep(ReplayStep step, ReplayCommandResult settled) {
        super(step, settled);
        this.engine = null;
        this.processed = true;
    }

    /**
     * Settles this step. Safe from any thread; a second completion, or one after the step was skipped
     * or playback terminated, changes nothing.
     *
     * @param result {@code SUCCESS} or {@code IGNORED} to go on, {@code FAILED} to fail playback
     * @return {@code true} if this call settled the step, {@code false} if it had already settled
     */
    public boolean complete(ReplayCommandResult result) {
        Objects.requireNonNull(result, "result");
        if (!settle(result)) {
            return false;
        }
        if (engine != null) {
            engine.signal();
        }
        return true;
    }
}
