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
package dev.reprise.playback;

import dev.reprise.command.PassiveHandle;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.diagnostic.WarningCode;
import dev.reprise.route.ReplayStep;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;

/**
 * A passive step: a handle for a step that the sandbox never executes. Someone — the active command
 * before it (through {@link dev.reprise.command.PlaybackContext#nextPassive()}), a subscriber of
 * {@link ReplaySandbox#steps()} such as an async UI, or {@link ReplaySandbox#passive()} — applies its
 * params and {@link #complete completes} it.
 *
 * <p>Completing with {@code SUCCESS} or {@code IGNORED} lets playback go on, {@code FAILED} (or
 * {@link #fail}) fails it. A handle left unsettled and unclaimed once its group's active step has its
 * result, or once playback is stopping, is skipped after the configured passive grace:
 * {@link WarningCode#PASSIVE_SKIPPED warning 194}, settled {@code IGNORED}. {@link #claim()} reserves a handle first,
 * so whoever applies it never races the grace: see {@link PassiveHandle}. Thread-safe, non-blocking and idempotent:
 * only the first answer counts. An answer to a step already skipped returns {@code false} and reports
 * {@link WarningCode#PASSIVE_ANSWER_LOST warning 1002}, so a lost answer is never silent.
 */
public final class PassiveStep extends PlaybackStep implements PassiveHandle {

    private static final VarHandle OWNER;
    private static final VarHandle UI;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(PassiveStep.class, "owner", int.class);
            UI = MethodHandles.lookup().findVarHandle(PassiveStep.class, "ui", Disposable.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Nobody holds the handle. */
    private static final int FREE = 0;
    /** A caller claimed it (or is completing it): the grace no longer skips it. */
    private static final int CLAIMED = 1;
    /**
     * The engine skipped it ({@link WarningCode#PASSIVE_SKIPPED warning 194}): every answer loses, and says so
     * ({@link WarningCode#PASSIVE_ANSWER_LOST warning 1002}).
     */
    private static final int SKIPPED = 2;
    /** Playback terminated with it pending: every answer loses. */
    private static final int ABANDONED = 3;
    /** A UI answering through {@link PassiveAnswers} said SUCCESS: playback applies it, then settles it. */
    private static final int ANSWERED = 4;

    /** Marks {@link #ui} once the UI's answer was cut off: a subscription handed over later is disposed. */
    private static final Disposable CUT = () -> { };

    @Nullable
    private final PlaybackEngine engine;
    /** The step's command, which may apply its recorded answer; {@code null} for a lone passive step. */
    @Nullable
    private final ReplayCommand command;
    /** The UI's answer in flight when {@link PassiveAnswers} claimed this step, then {@link #CUT}. */
    @SuppressWarnings("unused") // accessed through UI
    @Nullable
    private volatile Disposable ui;
    /** Whether {@link PassiveAnswers} claimed it: a stop may then cut the UI's answer off. */
    private volatile boolean claimedByUi;
    @SuppressWarnings("unused") // accessed through OWNER
    private volatile int owner;
    /** Why a caller failed the step; written before it settles FAILED, read by the engine after. */
    @Nullable
    private volatile Throwable cause;
    /**
     * Whether the active command took this handle from its context ({@code nextPassive()},
     * {@code passiveSteps()}): if it then waits on the result, the answer must be applied before the
     * command can end (the dialog pattern). Set from the command's thread, read by the engine.
     */
    volatile boolean takenByCommand;
    /** When the grace of this handle runs out, in scheduler nanoseconds; engine-owned, 0 = not counting. */
    long graceDeadline;
    /** Whether the engine has taken this handle's settlement into account; engine-owned. */
    boolean processed;

    PassiveStep(ReplayStep step, @Nullable ReplayCommand command, PlaybackEngine engine) {
        super(step);
        this.engine = engine;
        this.command = command;
    }

    /** A step skipped before anyone saw it: a lone passive step with no active step before it. */
    PassiveStep(ReplayStep step, ReplayCommandResult settled, PlaybackEngine engine) {
        super(step, settled);
        this.engine = engine;
        this.command = null;
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
            lost(failure != null ? "with a failure (" + failure + ")" : result.name());
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

    private void lost(String answer) {
        if ((int) OWNER.getVolatile(this) == SKIPPED && engine != null) {
            engine.answerLost(this, answer, claimedByUi);
        }
    }

    // ------------------------------------------------------------------ PassiveAnswers' side

    /** Claims this step for a UI answering through {@link PassiveAnswers}; see {@link #claim()}. */
    boolean claimForUi() {
        if (!claim()) {
            return false;
        }
        claimedByUi = true;
        return true;
    }

    /** Hands over the UI's answer in flight, so a stop can cancel it; disposed at once if already cut off. */
    void uiAnswer(Disposable answer) {
        if (!UI.compareAndSet(this, null, answer)) {
            answer.dispose(); // cut off meanwhile
        }
    }

    /**
     * The UI answered {@code SUCCESS}: playback applies the step on its own thread, then settles it.
     *
     * @return {@code false} if the step was cut off or settled first: the answer changes nothing
     */
    boolean answeredByUi() {
        if (OWNER.compareAndSet(this, CLAIMED, ANSWERED) && !isSettled()) {
            if (engine != null) {
                engine.signal();
            }
            return true;
        }
        lost(ReplayCommandResult.SUCCESS.name());
        return false;
    }

    // ------------------------------------------------------------------ the engine's side

    /** @return whether a UI answered SUCCESS and playback has to apply and settle the step */
    boolean awaitsApply() {
        return (int) OWNER.getVolatile(this) == ANSWERED && !isSettled();
    }

    /**
     * @return whether the active command took this step from its context and waits on its result: then its
     *         answer is applied without waiting for the active step to complete
     */
    boolean awaitedByCommand() {
        return takenByCommand && awaited();
    }

    /** @return whether nobody claimed or answered this step */
    boolean unclaimed() {
        return (int) OWNER.getVolatile(this) == FREE;
    }

    /**
     * Takes an unclaimed step for playback to apply headless.
     *
     * @return {@code true} if playback now holds it; {@code false} if someone claimed it first
     */
    boolean takeForApply() {
        return OWNER.compareAndSet(this, FREE, ANSWERED);
    }

    /** @return whether the step's command applies recorded answers ({@link ReplayCommand#passive(java.util.function.Consumer)}) */
    boolean appliesAnswers() {
        return command != null && command.appliesAnswers();
    }

    /** Applies the recorded answer through the step's command, if it has an apply; else does nothing. */
    void apply() {
        if (command != null && command.appliesAnswers()) {
            command.applyAnswer(step());
        }
    }

    /**
     * Cuts off a UI's answer still in flight: playback is stopping. Succeeds only for a step claimed by
     * {@link PassiveAnswers} and not answered: its publisher is cancelled and it settles {@code IGNORED}.
     *
     * @return {@code true} if it is now cut off
     */
    boolean cutOff() {
        if (!claimedByUi || !OWNER.compareAndSet(this, CLAIMED, SKIPPED)) {
            return false;
        }
        disposeUi();
        return settle(ReplayCommandResult.IGNORED);
    }

    private void disposeUi() {
        Disposable answer = (Disposable) UI.getAndSet(this, CUT);
        if (answer != null) {
            answer.dispose();
        }
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
        if (claimedByUi) {
            disposeUi();
        }
    }

    /** @return the cause given to {@link #fail}, or {@code null} */
    @Nullable
    Throwable failureCause() {
        return cause;
    }
}
