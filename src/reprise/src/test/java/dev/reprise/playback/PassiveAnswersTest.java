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

import static dev.reprise.command.ReplayCommandResult.FAILED;
import static dev.reprise.command.ReplayCommandResult.IGNORED;
import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.command.ReplayCommandResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** PassiveAnswers.by: claim first, answer from the UI, settle on error and timeout; never races the grace. */
class PassiveAnswersTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    /** An active step, the passive step it leaves for the UI, another active step. */
    private final Harness h = new Harness().active(1).passive(9).record(1, 9, 1);
    private final List<Integer> asked = new CopyOnWriteArrayList<>();

    private Flux<PlaybackStep> answered(Function<PassiveStep, Publisher<ReplayCommandResult>> ui, Duration timeout) {
        return h.sandbox(builder -> builder.startPaused(false)).steps()
                .transform(PassiveAnswers.by(step -> {
                    asked.add(step.step().index());
                    return ui.apply(step);
                }, timeout));
    }

    @Test
    void uiAnsweringAtOnce_completesTheStep_withoutAWarning() {
        StepVerifier.create(answered(step -> Mono.just(SUCCESS), TIMEOUT))
                .expectNextCount(3)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(asked).containsExactly(1);
        assertThat(h.warningCodes()).isEmpty();
        assertThat(h.log).containsExactly("exec1@0", "exec1@2", "fin1");
    }

    @Test
    void uiAnsweringLate_isWaitedFor_neverSkipped() {
        StepVerifier.withVirtualTime(() -> answered(step -> Mono.delay(Duration.ofSeconds(3)).thenReturn(SUCCESS),
                        Duration.ofSeconds(10)))
                .expectNextCount(2)
                .expectNoEvent(Duration.ofSeconds(3))
                .expectNextMatches(step -> step.step().index() == 2)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.warningCodes()).doesNotContain(194);
    }

    @Test
    void aTimeoutTooLongToTime_meansNever_andTheAnswerStillCounts() {
        Duration forever = java.time.temporal.ChronoUnit.FOREVER.getDuration();
        StepVerifier.withVirtualTime(() -> answered(step -> Mono.delay(Duration.ofDays(400)).thenReturn(SUCCESS),
                        forever))
                .expectNextCount(2)
                .thenAwait(Duration.ofDays(400))
                .expectNextMatches(step -> step.step().index() == 2)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.warningCodes()).isEmpty();
    }

    @Test
    void uiNeverAnswering_failsPlaybackWithATimeoutNamingTheStep() {
        StepVerifier.withVirtualTime(() -> answered(step -> Mono.never(), Duration.ofSeconds(2)))
                .expectNextCount(2)
                .expectNoEvent(Duration.ofSeconds(2))
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOfSatisfying(ReplayPlaybackException.class,
                            e -> assertThat(e.phase()).isEqualTo(ReplayPlaybackException.Phase.PASSIVE));
                    assertThat(error.getCause()).isInstanceOf(TimeoutException.class)
                            .hasMessage("The UI did not answer passive step 1 (code 9) within PT2S");
                })
                .verify(TIMEOUT);
    }

    @Test
    void uiNeverAnswering_withIgnoredOnTimeout_goesOnWithoutIt() {
        StepVerifier.withVirtualTime(() -> h.sandbox(builder -> builder.startPaused(false)).steps()
                        .transform(PassiveAnswers.by(step -> Mono.never(), Duration.ofSeconds(2), IGNORED)))
                .expectNextCount(2)
                .expectNoEvent(Duration.ofSeconds(2))
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.warningCodes()).containsExactly(1001);
    }

    @Test
    void uiErroring_failsTheStepWithTheCause() {
        IllegalStateException closed = new IllegalStateException("the dialog was closed");
        StepVerifier.create(answered(step -> Mono.error(closed), TIMEOUT))
                .expectNextCount(2)
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOf(ReplayPlaybackException.class)
                        .hasCause(closed))
                .verify(TIMEOUT);
    }

    @Test
    void uiThrowing_failsTheStepWithWhatItThrew() {
        IllegalArgumentException bug = new IllegalArgumentException("no dialog for code 9");
        StepVerifier.create(answered(step -> {
                    throw bug;
                }, TIMEOUT))
                .expectNextCount(2)
                .expectErrorSatisfies(error -> assertThat(error).hasCause(bug))
                .verify(TIMEOUT);
    }

    @Test
    void uiAnsweringTwice_theFirstAnswerCounts() {
        StepVerifier.create(answered(step -> Flux.just(SUCCESS, FAILED), TIMEOUT))
                .expectNextCount(3)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.warningCodes()).isEmpty();
    }

    @Test
    void aStepSettledBeforeItArrives_isPassedOnUnanswered_andTheUiIsNotCalled() {
        AtomicInteger calls = new AtomicInteger();
        StepVerifier.create(h.sandbox(builder -> builder.startPaused(false)).steps()
                        .doOnNext(step -> {
                            if (step instanceof PassiveStep passive) {
                                passive.complete(SUCCESS); // somebody else answered first
                            }
                        })
                        .transform(PassiveAnswers.by(step -> {
                            calls.incrementAndGet();
                            return Mono.just(FAILED);
                        }, TIMEOUT)))
                .expectNextCount(3)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(calls).hasValue(0);
    }

    @Test
    void timeout_mustBePositive() {
        assertThatThrownBy(() -> PassiveAnswers.by(step -> Mono.just(SUCCESS), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timeout must be positive, was PT0S");
    }

    @Test
    void stopCuttingOffAClaimedStep_warnings194And1002_sayItWasClaimedAndCutOff_notToClaimIt() {
        List<PassiveStep> shown = new CopyOnWriteArrayList<>();
        ReplaySandbox sandbox = h.sandbox(builder -> builder.startPaused(false));
        StepVerifier.create(sandbox.steps().transform(PassiveAnswers.by(step -> {
                    shown.add(step);
                    return Mono.never(); // the UI still answers when the stop comes
                }, TIMEOUT)))
                .expectNextCount(2)
                .then(sandbox::stopNow)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(shown.get(0).complete(SUCCESS)).isFalse(); // the answer comes after all

        assertThat(h.warningCodes()).containsExactly(194, 1002);
        assertThat(h.warnings.get(0).message())
                .isEqualTo("Passive replay step 1 (code 9) was claimed through PassiveAnswers, and its answer was cut "
                        + "off by the stop (or cancel) before it came during the active step of code 1; skipped. An "
                        + "answer that comes later is lost (warning 1002).")
                .doesNotContain("claim() the step first");
        assertThat(h.warnings.get(1).message())
                .isEqualTo("Passive replay step 1 (code 9) was answered SUCCESS after it had been skipped; the answer "
                        + "is lost. It had been claimed, and a stop (or cancel) cut it off (warning 194).");
    }

    @Test
    void lateCompleteOnASkippedStep_returnsFalse_andReportsTheLostAnswer() {
        List<PassiveStep> passives = new CopyOnWriteArrayList<>();
        StepVerifier.create(h.sandbox(builder -> builder.startPaused(false)).steps()
                        .doOnNext(step -> {
                            if (step instanceof PassiveStep passive) {
                                passives.add(passive); // not claimed: the zero grace skips it
                            }
                        }))
                .expectNextCount(3)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(passives.get(0).complete(SUCCESS)).isFalse();
        assertThat(h.warningCodes()).containsExactly(194, 1002);
        assertThat(h.warnings.get(0).message()).isEqualTo("Passive replay step 1 (code 9) was not consumed during the "
                + "active step of code 1; skipped. To keep a late answer, claim() the step first (PassiveAnswers.by "
                + "does) or give the sandbox a passiveGrace.");
        assertThat(h.warnings.get(1).message())
                .isEqualTo("Passive replay step 1 (code 9) was answered SUCCESS after it had been skipped; the answer"
                        + " is lost. Claim the step first (PassiveAnswers.by does) or give the sandbox a passiveGrace.");
    }
}
