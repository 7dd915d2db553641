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
import dev.reprise.diagnostic.WarningCode;
import dev.reprise.internal.Require;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Answers passive steps from an asynchronous UI without races: an operator for
 * {@code sandbox.steps().transform(PassiveAnswers.by(ui, timeout))}.
 *
 * <p>Each {@link PassiveStep} is {@linkplain PassiveStep#claim() claimed} the moment it arrives, so the
 * passive grace can never skip it and playback waits for its answer; it is then handed to {@code ui},
 * which shows it and answers with a {@link ReplayCommandResult}: the first value counts (an empty
 * publisher answers {@code SUCCESS}, as an empty command Mono does). {@code ui} only answers; the game is
 * changed by the library, on the game's thread:
 * <ul>
 *   <li>{@code SUCCESS}: playback calls the step's {@code apply} ({@link
 *       dev.reprise.command.ReplayCommand#passive(java.util.function.Consumer)}) on the thread that runs
 *       commands (the {@code runOn} worker when set), in route order and only once the active step it
 *       answers has completed (or at once if that step's command waits on it, the dialog pattern), then
 *       settles the step; with the
 *       {@link dev.reprise.command.ReplayCommand#passive() passive()} marker nothing is applied (the UI
 *       applied it);</li>
 *   <li>{@code IGNORED}: nothing is applied, playback goes on ({@link WarningCode#COMMAND_IGNORED warning 1001} for
 *       a timeout, below);</li>
 *   <li>{@code FAILED}, an error, or {@code ui} throwing: nothing is applied, playback fails naming the
 *       step ({@link ReplayPlaybackException}, phase {@code PASSIVE}).</li>
 * </ul>
 * A step no answer comes for in time settles as the timeout choice says. A step that somebody else
 * already settled or claimed is passed on unanswered, and {@code ui} is never called for it. Every step,
 * active or passive, is passed on downstream at once, unchanged, one for one: demand and cancellation go
 * straight through.
 *
 * <p><b>Stop and cancel.</b> A stop (or cancelling the playback) while the UI still answers ends playback
 * {@code STOPPED} once the passive grace ran out, never waiting for the UI's timeout: the UI's publisher
 * is cancelled, the step settles {@code IGNORED} ({@link WarningCode#PASSIVE_SKIPPED warning 194}, saying the step
 * was claimed and cut off by the stop) and an answer that comes later changes nothing
 * ({@link WarningCode#PASSIVE_ANSWER_LOST warning 1002}). An answer that came before is applied first.
 *
 * <p>The timeout is timed on {@code Schedulers.parallel()} (a virtual-time scheduler in
 * {@code StepVerifier.withVirtualTime}). {@code ui} is called on the thread that emits the step.
 */
public final class PassiveAnswers {

    /** A timeout this long or longer cannot be timed in nanoseconds: it means no timeout. */
    private static final Duration NEVER = Duration.ofNanos(Long.MAX_VALUE);

    private PassiveAnswers() {
    }

    /**
     * Returns the operator with the default timeout choice: a step the UI does not answer within
     * {@code timeout} fails playback ({@link ReplayPlaybackException}, phase {@code PASSIVE}) with a
     * {@link TimeoutException} naming the step as its cause.
     *
     * @param ui      shows a passive step and answers it: the first value counts, later ones are ignored
     * @param timeout how long to wait for an answer, positive; from about 292 years on
     *                ({@code Long.MAX_VALUE} nanoseconds, for instance {@code ChronoUnit.FOREVER.getDuration()})
     *                it means no timeout
     * @return the operator, for {@link Flux#transform}
     * @throws IllegalArgumentException if the timeout is not positive
     */
    public static Function<Flux<PlaybackStep>, Flux<PlaybackStep>> by(
            Function<? super PassiveStep, ? extends Publisher<ReplayCommandResult>> ui, Duration timeout) {
        return by(ui, timeout, ReplayCommandResult.FAILED);
    }

    /**
     * Returns the operator, choosing how a step the UI does not answer within {@code timeout} settles:
     * {@link ReplayCommandResult#FAILED} fails playback with a {@link TimeoutException} naming the step
     * (the default), {@link ReplayCommandResult#IGNORED} lets playback go on without it
     * ({@link WarningCode#COMMAND_IGNORED warning 1001}), {@link ReplayCommandResult#SUCCESS} goes on as if it was
     * answered.
     *
     * @param ui        shows a passive step and answers it: the first value counts, later ones are ignored
     * @param timeout   how long to wait for an answer, positive; from about 292 years on it means no timeout
     * @param onTimeout how a step settles when its answer is late
     * @return the operator, for {@link Flux#transform}
     * @throws IllegalArgumentException if the timeout is not positive
     */
    public static Function<Flux<PlaybackStep>, Flux<PlaybackStep>> by(
            Function<? super PassiveStep, ? extends Publisher<ReplayCommandResult>> ui, Duration timeout,
            ReplayCommandResult onTimeout) {
        Objects.requireNonNull(ui, "ui");
        Require.positive(timeout, "timeout");
        Objects.requireNonNull(onTimeout, "onTimeout");
        return steps -> steps.doOnNext(step -> {
            if (step instanceof PassiveStep passive && passive.claimForUi()) {
                answer(passive, ui, timeout, onTimeout);
            }
        });
    }

    /** Asks the UI for a claimed step and settles the step with what it says; never leaves it claimed. */
    private static void answer(PassiveStep step, Function<? super PassiveStep, ? extends Publisher<ReplayCommandResult>> ui,
                               Duration timeout, ReplayCommandResult onTimeout) {
        try {
            Mono<ReplayCommandResult> answer = Mono.from(Objects.requireNonNull(ui.apply(step),
                            "the ui returned a null publisher"))
                    .defaultIfEmpty(ReplayCommandResult.SUCCESS);
            if (timeout.compareTo(NEVER) < 0) {
                answer = answer.timeout(timeout);
            }
            step.uiAnswer(answer.subscribe(result -> settle(step, result, null),
                    error -> {
                        if (error instanceof TimeoutException) {
                            settle(step, onTimeout, new TimeoutException("The UI did not answer passive step "
                                    + step.step().index() + " (code " + step.step().code() + ") within "
                                    + timeout));
                        } else {
                            step.fail(error);
                        }
                    }));
        } catch (Throwable error) {
            GameErrors.throwIfUnrecoverable(error); // a UI's StackOverflowError fails the step as any error
            step.fail(error);
        }
    }

    private static void settle(PassiveStep step, ReplayCommandResult result, @Nullable TimeoutException timedOut) {
        if (result == ReplayCommandResult.SUCCESS) {
            step.answeredByUi(); // the library applies it on the game's thread, then settles it
        } else if (result == ReplayCommandResult.FAILED && timedOut != null) {
            step.fail(timedOut);
        } else {
            step.complete(result);
        }
    }
}
