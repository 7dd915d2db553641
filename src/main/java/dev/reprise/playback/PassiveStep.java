package dev.reprise.playback;

import dev.reprise.command.PassiveHandle;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplayStep;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A passive step: a handle for a step that the sandbox never executes. Someone — the active command
 * before it (through {@link dev.reprise.command.PlaybackContext#nextPassive()}), a subscriber of
 * {@link ReplaySandbox#steps()} such as an async UI, or {@link ReplaySandbox#passive()} — applies its
 * params and {@link #complete completes} it.
 *
 * <p>Completing with {@code SUCCESS} or {@code IGNORED} lets playback go on, {@code FAILED} (or
 * {@link #fail}) fails it. A handle left unsettled and unclaimed once its group's active step has its
 * result, or once playback is stopping, is skipped after the configured passive grace: warning 194,
 * settled {@code IGNORED}. {@link #claim()} reserves a handle first, so whoever applies it never races
 * the grace: see {@link PassiveHandle}. Thread-safe, non-blocking and idempotent: only the first answer
 * counts. An answer to a step already skipped returns {@code false} and reports warning 1002
 * ({@link dev.reprise.WarningCode#PASSIVE_ANSWER_LOST}), so a lost answer is never silent.
 */
public final class PassiveStep extends PlaybackStep implements PassiveHandle {

    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(PassiveStep.class, "owner", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Nobody holds the handle. */
    private static final int FREE = 0;
    /** A caller claimed it (or is completing it): the grace no longer skips it. */
    private static final int CLAIMED = 1;
    /** The engine skipped it (warning 194): every answer loses, and says so (warning 1002). */
    private static final int SKIPPED = 2;
    /** Playback terminated with it pending: every answer loses. */
    private static final int ABANDONED = 3;

    @Nullable
    private final PlaybackEngine engine;
    @SuppressWarnings("unused") // accessed through OWNER
    private volatile int owner;
    /** Why a caller failed the step; written before it settles FAILED, read by the engine after. */
    @Nullable
    private volatile Throwable cause;
    /** When the grace of this handle runs out, in scheduler nanoseconds; engine-owned, 0 = not counting. */
    long graceDeadline;
    /** Whether the engine has taken this handle's settlement into account; engine-owned. */
    boolean processed;

    PassiveStep(ReplayStep step, PlaybackEngine engine) {
        super(step);
        this.engine = engine;
    }

    /** A step skipped before anyone saw it: a lone passive step with no active step before it. */
    PassiveStep(ReplayStep step, ReplayCommandResult settled, PlaybackEngine engine) {
        super(step, settled);
        this.engine = engine;
        this.owner = SKIPPED;
        this.processed = true;
    }

    @Override
    public boolean claim() {
        return OWNER.compareAndSet(this, FREE, CLAIMED) && !isSettled();
    }

    /**
     * Settles this step. Safe from any thread; a second completion, or one after the step was skipped
     * or playback terminated, changes nothing.
     *
     * @param result {@code SUCCESS} or {@code IGNORED} to go on, {@code FAILED} to fail playback
     * @return {@code true} if this call settled the step, {@code false} if it had already settled
     */
    @Override
    public boolean complete(ReplayCommandResult result) {
        Objects.requireNonNull(result, "result");
        return answer(result, null);
    }

    @Override
    public boolean fail(Throwable cause) {
        Objects.requireNonNull(cause, "cause");
        return answer(ReplayCommandResult.FAILED, cause);
    }

    private boolean answer(ReplayCommandResult result, @Nullable Throwable failure) {
        // Claim implicitly; a claimed handle may be answered by its claimer (callers are not tracked).
        if (!OWNER.compareAndSet(this, FREE, CLAIMED) && (int) OWNER.getVolatile(this) != CLAIMED) {
            if ((int) OWNER.getVolatile(this) == SKIPPED && engine != null) {
                engine.answerLost(this, failure != null ? "with a failure (" + failure + ")" : result.name());
            }
            return false;
        }
        if (failure != null) {
            cause = failure;
        }
        if (!settle(result)) {
            return false;
        }
        if (engine != null) {
            engine.signal();
        }
        return true;
    }

    /**
     * Skips this handle for the engine: succeeds only if nobody claimed it.
     *
     * @return {@code true} if it is now skipped (and settled {@code IGNORED})
     */
    boolean skip() {
        return OWNER.compareAndSet(this, FREE, SKIPPED) && settle(ReplayCommandResult.IGNORED);
    }

    /** Settles this handle {@code IGNORED} whoever holds it: playback terminated. */
    void abandon() {
        owner = ABANDONED;
        settle(ReplayCommandResult.IGNORED);
    }

    /** @return the cause given to {@link #fail}, or {@code null} */
    @Nullable
    Throwable failureCause() {
        return cause;
    }
}
