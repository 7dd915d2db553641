package dev.reprise.playback;

import dev.reprise.command.ReplayCommandResult;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Answers passive steps from an asynchronous UI without races: an operator for
 * {@code sandbox.steps().transform(PassiveAnswers.by(ui, timeout))}.
 *
 * <p>Each {@link PassiveStep} is {@linkplain PassiveStep#claim() claimed} the moment it arrives, so the
 * passive grace can never skip it and playback waits for its answer; it is then handed to {@code ui},
 * and completed with the first result {@code ui}'s publisher emits (an empty publisher answers
 * {@code SUCCESS}, as an empty command Mono does), failed with the cause if it errors or {@code ui}
 * throws, and settled as the timeout choice says if no answer comes in time. A step that somebody else
 * already settled or claimed is passed on unanswered, and {@code ui} is never called for it. Every step,
 * active or passive, is passed on downstream at once, unchanged, one for one: demand and cancellation
 * go straight through. An answer in flight is not cancelled with the downstream subscription: it still
 * settles the step (or times out), which a stopping playback waits for.
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
     * (the default), {@link ReplayCommandResult#IGNORED} lets playback go on without it (warning 1001),
     * {@link ReplayCommandResult#SUCCESS} goes on as if it was answered.
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
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(onTimeout, "onTimeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
        return steps -> steps.doOnNext(step -> {
            if (step instanceof PassiveStep passive && passive.claim()) {
                answer(passive, ui, timeout, onTimeout);
            }
        });
    }

    /** Asks the UI for a claimed step and settles the step with what it says. */
    private static void answer(PassiveStep step, Function<? super PassiveStep, ? extends Publisher<ReplayCommandResult>> ui,
                               Duration timeout, ReplayCommandResult onTimeout) {
        Mono<ReplayCommandResult> answer;
        try {
            answer = Mono.from(Objects.requireNonNull(ui.apply(step), "the ui returned a null publisher"));
        } catch (Throwable error) {
            Exceptions.throwIfJvmFatal(error);
            step.fail(error);
            return;
        }
        answer = answer.defaultIfEmpty(ReplayCommandResult.SUCCESS);
        if (timeout.compareTo(NEVER) < 0) {
            answer = answer.timeout(timeout);
        }
        answer.subscribe(result -> settle(step, result, null),
                        error -> {
                            if (error instanceof TimeoutException) {
                                settle(step, onTimeout, new TimeoutException("The UI did not answer passive step "
                                        + step.step().index() + " (code " + step.step().code() + ") within "
                                        + timeout));
                            } else {
                                step.fail(error);
                            }
                        });
    }

    private static void settle(PassiveStep step, ReplayCommandResult result, @Nullable TimeoutException timedOut) {
        if (result == ReplayCommandResult.FAILED && timedOut != null) {
            step.fail(timedOut);
        } else {
            step.complete(result);
        }
    }
}
