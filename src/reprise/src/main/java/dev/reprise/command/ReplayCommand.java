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
package dev.reprise.command;

import dev.reprise.diagnostic.WarningCode;
import dev.reprise.route.ReplayStep;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * What a command code means during playback: how a step of that code is executed and how a run of
 * consecutive steps of that code is finalized.
 *
 * <p>An {@link ReplayCommandType#ACTIVE ACTIVE} command's {@link #execute} is subscribed once per step;
 * the step settles with the Mono's value ({@link ReplayCommandResult#SUCCESS} if it completes empty,
 * {@link ReplayCommandResult#FAILED} with the cause if it errors). A
 * {@link ReplayCommandType#PASSIVE PASSIVE} command is never executed: its steps are handed out as
 * {@link PassiveHandle} handles, and {@link #applyAnswer} says how a recorded answer changes the game.
 * {@link #finalizeRun} is awaited once when a run of active steps of this code ends (the original engine's
 * {@code finalize}; that name clashes with {@code Object.finalize}).
 *
 * <p>Which operations belong to which kind:
 * <ul>
 *   <li><b>active</b> (a lambda of this interface, {@link #sync}, {@link #active}, {@link #withFinalizer}):
 *       {@link #execute} and {@link #finalizeRun}. {@code execute} is the one abstract method, so an active
 *       command is all a lambda or a class of its own can be;</li>
 *   <li><b>passive</b> (only {@link #passive()} and {@link #passive(Consumer)} make one): {@link #type()}
 *       {@code PASSIVE}, {@link #appliesAnswers()} and {@link #applyAnswer}. A game never implements
 *       {@code execute} for a passive code: the factories do, and the sandbox never calls it.</li>
 * </ul>
 *
 * <p>Implementations are called from the thread that drives playback, one call at a time per sandbox;
 * the returned Monos may complete on any thread. The static factories build commands from lambdas;
 * Monos that are already resolved ({@code Mono.just}, {@code Mono.empty}) are read without a
 * subscription, which keeps synchronous commands cheap.
 */
public interface ReplayCommand {

    /**
     * Returns whether the sandbox executes steps of this code or hands them out.
     *
     * @return {@link ReplayCommandType#ACTIVE} unless overridden
     */
    default ReplayCommandType type() {
        return ReplayCommandType.ACTIVE;
    }

    /**
     * Plays one step. Never called for a passive command.
     *
     * @param step    the step, with its 0-based index and decoded params
     * @param context speed, progress and the passive steps that follow this step; valid during the call
     *                and until the returned Mono settles
     * @return the step's result; empty counts as {@code SUCCESS}, an error as {@code FAILED}
     */
    Mono<ReplayCommandResult> execute(ReplayStep step, PlaybackContext context);

    /**
     * Closes a run of consecutive active steps of this code: awaited before the next active step of
     * another code, at the end of the route and when playback stops; never on pause.
     *
     * @param context speed and progress; no passive steps are offered during a finalize
     * @return the result; empty (the default) counts as {@code SUCCESS}
     */
    default Mono<ReplayCommandResult> finalizeRun(PlaybackContext context) {
        return Mono.empty();
    }

    /**
     * Returns an active command whose {@link #execute} is the given function.
     *
     * @param execute plays a step; must not return {@code null}
     * @return the command
     */
    static ReplayCommand active(BiFunction<? super ReplayStep, ? super PlaybackContext,
            ? extends Mono<ReplayCommandResult>> execute) {
        return new LambdaCommand(execute, LambdaCommand.NO_FINALIZER);
    }

    /**
     * Returns an active command that plays each step synchronously with {@code action} and succeeds,
     * or fails with the exception {@code action} throws. Allocation-free per step.
     *
     * @param action plays a step on the calling thread
     * @return the command
     */
    static ReplayCommand sync(Consumer<? super ReplayStep> action) {
        Objects.requireNonNull(action, "action");
        return active((step, context) -> {
            action.accept(step);
            return LambdaCommand.SUCCESS;
        });
    }

    /**
     * Returns an active command whose {@link #execute} and {@link #finalizeRun} are the given functions.
     *
     * @param execute  plays a step; must not return {@code null}
     * @param finalize closes a run of steps of this code; must not return {@code null}
     * @return the command
     */
    static ReplayCommand withFinalizer(
            BiFunction<? super ReplayStep, ? super PlaybackContext, ? extends Mono<ReplayCommandResult>> execute,
            Function<? super PlaybackContext, ? extends Mono<ReplayCommandResult>> finalize) {
        return new LambdaCommand(execute, Objects.requireNonNull(finalize, "finalize"));
    }

    /**
     * Tells whether this command applies recorded answers of its passive steps through
     * {@link #applyAnswer}: {@code true} for {@link #passive(Consumer)}.
     *
     * @return {@code false} unless overridden: active commands and the {@link #passive()} marker, whose
     *         steps whoever completes them applies
     */
    default boolean appliesAnswers() {
        return false;
    }

    /**
     * Applies the recorded answer of a passive step of this code to the game: what the {@code apply} of
     * {@link #passive(Consumer)} does. Playback calls it only when {@link #appliesAnswers()} is
     * {@code true}, never concurrently with another command call, on the thread that runs commands (the
     * {@code runOn} worker when set): when nobody claims the step (headless playback: a verifier, a test,
     * a server), and when a UI answering through {@code PassiveAnswers} answers {@code SUCCESS}; in route
     * order, once the active step the answer belongs to has completed (at once only if that step's command
     * took this step from its context and waits on its result, the dialog pattern). A step
     * completed by someone else (the active command before it, a UI completing the handle itself) is
     * never applied.
     *
     * @param step the passive step, with its 0-based index and decoded params
     * @throws UnsupportedOperationException unless overridden
     */
    default void applyAnswer(ReplayStep step) {
        throw new UnsupportedOperationException(this + " applies no recorded answers (step " + step.index() + ")");
    }

    /**
     * Returns the passive marker: a command whose steps are never executed but handed out as
     * {@link PassiveHandle} handles, for someone (the active command before it, a UI) to apply and
     * complete. Its {@link #execute} answers with an error. Headless, nobody applies such a step: it is
     * skipped ({@link WarningCode#PASSIVE_SKIPPED warning 194}). Prefer {@link #passive(Consumer)}, which serves a UI
     * and headless playback with one definition.
     *
     * @return the shared passive command
     */
    static ReplayCommand passive() {
        return PassiveCommand.INSTANCE;
    }

    /**
     * Returns a passive command that knows how a recorded answer changes the game, so the same command
     * serves every context. Headless (nobody claims the step), playback applies the step through
     * {@code apply} right after the active step it answers has completed, in route order, and settles it
     * {@code SUCCESS}. With a UI answering through {@code PassiveAnswers.by}, the UI only shows the step
     * and answers: on {@code SUCCESS} playback calls {@code apply} on the game's thread, on
     * {@code IGNORED} or {@code FAILED} it applies nothing. A step the active command completes itself is
     * not applied again. {@code apply} runs where commands run (the {@code runOn} worker when set); if it
     * throws, playback fails naming the step (phase {@code PASSIVE}).
     *
     * @param apply changes the game as the recorded answer says
     * @return the command
     */
    static ReplayCommand passive(Consumer<? super ReplayStep> apply) {
        return new AnsweredPassiveCommand(apply);
    }
}
