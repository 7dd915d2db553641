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

import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplayStep;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * One step as playback emits it: the decoded {@link ReplayStep} and its result once it settles.
 *
 * <p>Either an {@link ActiveStep}, executed by its command, or a {@link PassiveStep}, a handle someone
 * completes. A step settles exactly once.
 *
 * <p><b>A step is emitted before it executes.</b> The sandbox emits an active step and then calls its
 * command's {@code execute}; a passive step is emitted so that someone can answer it. So in
 * {@code onNext} (or right after {@code StepVerifier}'s {@code expectNext}) the game shows the state
 * <em>before</em> the step: a synchronous command has not run yet, an asynchronous one may be running.
 * {@link #result()} is the "after" view: it completes once the step has settled — executed, answered or
 * skipped — so a test or renderer that wants the game after the step waits on it, for instance
 * {@code steps().concatMap(step -> step.result().thenReturn(step))}. The finalize of a window settles
 * later still: {@link ReplaySandbox#windows()} completes each window after it. {@link #result()} is cheap: a step that has settled answers
 * with a shared constant Mono; a sink is created only for a caller that asks before it settles.
 * Thread-safe.
 */
public abstract sealed class PlaybackStep permits ActiveStep, PassiveStep {

    private static final VarHandle OUTCOME;

    static {
        try {
            OUTCOME = MethodHandles.lookup().findVarHandle(PlaybackStep.class, "outcome", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final Mono<ReplayCommandResult>[] SETTLED = settledMonos();

    /** The window of a step built outside playback (tests): number 0, code -1. */
    private static final WindowId NO_WINDOW = new WindowId(0, -1);

    private final ReplayStep step;
    /** {@code null} while pending, a {@code Sinks.One} while pending with a waiter, the result once settled. */
    @SuppressWarnings("unused") // accessed through OUTCOME
    private volatile @Nullable Object outcome;
    /** Set by the engine before the step is emitted; published to the subscriber by {@code onNext}. */
    boolean seeking;
    /** The step's finalize window, shared by all its steps; set like {@link #seeking}. */
    WindowId window = NO_WINDOW;

    PlaybackStep(ReplayStep step) {
        this.step = step;
    }

    /** Creates a step that is settled from the start (a passive step skipped before anyone saw it). */
    PlaybackStep(ReplayStep step, ReplayCommandResult settled) {
        this.step = step;
        this.outcome = settled;
    }

    /**
     * Returns the decoded step: its 0-based index in the route, its code and its params.
     *
     * @return the step, never {@code null}
     */
    public final ReplayStep step() {
        return step;
    }

    /**
     * Tells whether this step was played while {@linkplain ReplaySandbox#seek seeking}: fast-forwarded
     * to reach a target rather than watched, so a subscriber may apply it without showing it.
     *
     * @return {@code true} for a fast-forwarded step
     */
    public final boolean seeking() {
        return seeking;
    }

    /**
     * Returns the running number of this step's finalize window, counted from 0 for the first window
     * this sandbox plays and never reused (not even after a seek). A window is a run of consecutive
     * active steps of one code with the passive steps of their groups, closed by that code's
     * {@code finalizeRun}; a passive step with no active step before it is a window of its own, never
     * finalized. See {@link ReplaySandbox#windows()}.
     *
     * @return the window number, &gt;= 0
     */
    public final long window() {
        return window.number();
    }

    /**
     * Returns the code of this step's finalize window: the code of its active steps (for a lone passive
     * step, its own code). {@link ReplaySandbox#windows()} keys each window by it.
     *
     * @return the window's code
     */
    public final int windowCode() {
        return window.code();
    }

    /**
     * Returns the result this step settles with: the "after" view of a step that was emitted before it
     * ran. Completes at once if it has settled, else when it does (after its command's {@code execute}
     * answered, or its passive answer came); it never errors. Steps left unsettled when playback terminates settle as
     * {@link ReplayCommandResult#IGNORED} (the step that failed as {@link ReplayCommandResult#FAILED}).
     *
     * @return a Mono of the result
     */
    @SuppressWarnings("unchecked")
    public final Mono<ReplayCommandResult> result() {
        for (;;) {
            Object current = outcome;
            if (current instanceof ReplayCommandResult result) {
                return SETTLED[result.ordinal()];
            }
            if (current != null) {
                return ((Sinks.One<ReplayCommandResult>) current).asMono();
            }
            Sinks.One<ReplayCommandResult> sink = Sinks.one();
            if (OUTCOME.compareAndSet(this, null, sink)) {
                return sink.asMono();
            }
        }
    }

    /**
     * Tells whether this step has settled.
     *
     * @return {@code true} once its result is known
     */
    public final boolean isSettled() {
        return outcome instanceof ReplayCommandResult;
    }

    /**
     * Settles this step unless it already has.
     *
     * @return {@code true} if this call settled it
     */
    @SuppressWarnings("unchecked")
    final boolean settle(ReplayCommandResult result) {
        for (;;) {
            Object current = outcome;
            if (current instanceof ReplayCommandResult) {
                return false;
            }
            if (OUTCOME.compareAndSet(this, current, result)) {
                if (current != null) {
                    ((Sinks.One<ReplayCommandResult>) current).emitValue(result, Sinks.EmitFailureHandler.FAIL_FAST);
                }
                return true;
            }
        }
    }

    /** @return whether someone waits on {@link #result()} of this pending step (a command, a UI) */
    final boolean awaited() {
        Object current = outcome;
        return current != null && !(current instanceof ReplayCommandResult);
    }

    /** @return the result, or {@code null} while pending */
    final @Nullable ReplayCommandResult settledResult() {
        Object current = outcome;
        return current instanceof ReplayCommandResult result ? result : null;
    }

    @Override
    public String toString() {
        Object current = outcome;
        return getClass().getSimpleName() + "[index=" + step.index() + ", code=" + step.code()
                + ", params=" + step.params() + ", "
                + (current instanceof ReplayCommandResult ? current : "pending") + "]";
    }

    @SuppressWarnings({"unchecked", "rawtypes"}) // a generic array: filled with Mono<ReplayCommandResult> only
    private static Mono<ReplayCommandResult>[] settledMonos() {
        ReplayCommandResult[] results = ReplayCommandResult.values();
        Mono<ReplayCommandResult>[] monos = new Mono[results.length];
        for (ReplayCommandResult result : results) {
            monos[result.ordinal()] = Mono.just(result);
        }
        return monos;
    }
}
