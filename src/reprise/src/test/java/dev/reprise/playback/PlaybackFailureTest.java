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

import java.time.Duration;
import static dev.reprise.command.ReplayCommandResult.FAILED;
import static dev.reprise.command.ReplayCommandResult.IGNORED;
import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplaySave;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/** FAILED, IGNORED and errors from execute, passive completion and finalize; route changes. */
class PlaybackFailureTest {

    private static void expectFailure(ReplaySandbox sandbox, int index, int code, ReplayPlaybackException.Phase phase) {
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .thenConsumeWhile(step -> true)
                .expectErrorSatisfies(Harness.failedAt(index, code, phase))
                .verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void executeFailed_namesTheRegisteredCommand() {
        Harness h = new Harness().record(1);
        h.system.registerCommand(1, "jump", ReplayCommand.active((step, context) -> Mono.just(FAILED)));
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .expectErrorSatisfies(error -> assertThat(error)
                        .isInstanceOfSatisfying(ReplayPlaybackException.class, e -> {
                            assertThat(e.commandName()).contains("jump");
                            assertThat(e.phase()).isEqualTo(ReplayPlaybackException.Phase.EXECUTE);
                            assertThat(e).hasMessageContaining("(code 1, jump) failed in execute");
                        }))
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void unknownCode_hasNoCommandName() {
        Harness h = new Harness().record(7);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectErrorSatisfies(error -> assertThat(((ReplayPlaybackException) error).commandName()).isEmpty())
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void executeFailed_fails() {
        Harness h = new Harness().active(1).active(2, FAILED, SUCCESS).record(1, 2, 1);
        expectFailure(h.sandbox(), 1, 2, ReplayPlaybackException.Phase.EXECUTE);
        assertThat(h.log).containsExactly("exec1@0", "fin1", "exec2@1");
    }

    @Test
    void executeMonoError_failsWithTheCause() {
        IllegalStateException boom = new IllegalStateException("boom");
        Harness h = new Harness().command(1, ReplayCommand.active((s, c) -> Mono.error(boom))).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(ReplayPlaybackException.class).hasCause(boom))
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void executeAsyncError_failsWithTheCause() {
        Harness h = new Harness().command(1, ReplayCommand.active((s, c) ->
                Mono.<ReplayCommandResult>error(new IllegalStateException("late")).hide())).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .expectErrorSatisfies(e -> assertThat(e.getCause()).hasMessage("late"))
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void executeThrows_orReturnsNull_fails() {
        Harness h = new Harness()
                .command(1, ReplayCommand.active((s, c) -> null))
                .command(2, ReplayCommand.sync(s -> {
                    throw new IllegalArgumentException("thrown");
                }))
                .record(2);
        expectFailure(h.sandbox(), 0, 2, ReplayPlaybackException.Phase.EXECUTE);
        Harness nulls = new Harness().command(1, ReplayCommand.active((s, c) -> null)).record(1);
        expectFailure(nulls.sandbox(), 0, 1, ReplayPlaybackException.Phase.EXECUTE);
    }

    @Test
    void executeIgnored_warnsAndGoesOn() {
        Harness h = new Harness().active(1, IGNORED, SUCCESS).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        List<ReplayCommandResult> results = new CopyOnWriteArrayList<>();
        StepVerifier.create(sandbox.steps())
                .consumeNextWith(step -> step.result().subscribe(results::add))
                .expectNextCount(1)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(results).containsExactly(IGNORED);
        assertThat(h.warningCodes()).containsExactly(1001, 1001);
    }

    @Test
    void passiveCompletedIgnored_warnsAndGoesOn() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .consumeNextWith(step -> ((PassiveStep) step).complete(IGNORED))
                .expectNextCount(1)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(1001);
    }

    @Test
    void finalizeFailed_atTheEnd_fails() {
        Harness h = new Harness().active(1, SUCCESS, FAILED).record(1);
        expectFailure(h.sandbox(), 0, 1, ReplayPlaybackException.Phase.FINALIZE);
        assertThat(h.log).containsExactly("exec1@0", "fin1");
    }

    @Test
    void finalizeError_fails() {
        Harness h = new Harness().command(1, ReplayCommand.withFinalizer((s, c) -> Mono.empty(),
                c -> Mono.error(new IllegalStateException("fin")))).active(2).record(1, 2);
        expectFailure(h.sandbox(), 0, 1, ReplayPlaybackException.Phase.FINALIZE);
        assertThat(h.log).isEmpty();
    }

    @Test
    void finalizeIgnored_warnsAndGoesOn() {
        Harness h = new Harness().active(1, SUCCESS, IGNORED).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(1001);
        assertThat(h.warnings.get(0).message()).contains(ReplayPlaybackException.Phase.FINALIZE.label());
    }

    @Test
    void unknownCodeInTheMiddle_failsAfterTheStepsBefore() {
        Harness h = new Harness().active(1).record(1, 5, 1);
        expectFailure(h.sandbox(), 1, 5, ReplayPlaybackException.Phase.EXECUTE);
        assertThat(h.log).containsExactly("exec1@0");
        assertThat(h.warningCodes()).containsExactly(157);
    }

    @Test
    void failure_settlesPendingPassiveSteps_andCancelsNothingLeftBehind() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        Harness h = new Harness().passive(9)
                .command(1, ReplayCommand.active((s, c) -> release.asMono())).record(1, 9);
        ReplaySandbox sandbox = h.sandbox();
        List<PlaybackStep> seen = new CopyOnWriteArrayList<>();
        sandbox.steps().subscribe(seen::add, error -> { });
        sandbox.play();
        release.tryEmitValue(FAILED);
        StepVerifier.create(seen.get(0).result()).expectNext(FAILED).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(seen.get(1).result()).expectNext(IGNORED).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(sandbox.passive()).isNull();
    }

    @Test
    void routeModifiedDuringAStep_failsAtTheNextGroupWith156() {
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        Harness h = new Harness().command(1, ReplayCommand.active((s, c) -> release.asMono())).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .then(() -> {
                    h.system.record(1);
                    release.tryEmitValue(SUCCESS);
                })
                .expectError(ConcurrentModificationException.class)
                .verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(156);
    }

    @Test
    void loadStateDuringPlayback_failsAtOnce_cancellingTheCommandInFlight() {
        AtomicBoolean cancelled = new AtomicBoolean();
        Harness h = new Harness().command(1, ReplayCommand.active((s, c) ->
                Mono.<ReplayCommandResult>never().doOnCancel(() -> cancelled.set(true)))).record(1);
        ReplaySave snapshot = h.system.saveState().detach();
        h.record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .then(() -> h.system.loadState(snapshot))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(ConcurrentModificationException.class)
                        .hasMessageContaining("156"))
                .verify(java.time.Duration.ofSeconds(5));
        assertThat(cancelled).isTrue();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
        assertThat(h.warningCodes()).containsExactly(156);
        StepVerifier.create(sandbox.stop()).expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void loadStateWhileReady_failsTheSandbox_andPlayChangesNothing() {
        Harness h = new Harness().active(1).record(1);
        ReplaySave snapshot = h.system.saveState().detach();
        h.record(1);
        ReplaySandbox sandbox = h.sandbox();
        h.system.loadState(snapshot);
        sandbox.play();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
        assertThat(h.warningCodes()).containsExactly(156);
        StepVerifier.create(sandbox.steps()).expectError(ConcurrentModificationException.class).verify(Duration.ofSeconds(10));
    }

    @Test
    void subscriberThatThrowsInOnNext_failsPlayback() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        List<Throwable> errors = new CopyOnWriteArrayList<>();
        sandbox.steps().subscribe(new reactor.core.publisher.BaseSubscriber<>() {
            @Override
            protected void hookOnNext(PlaybackStep value) {
                throw new IllegalStateException("hook");
            }

            @Override
            protected void hookOnError(Throwable throwable) {
                errors.add(throwable);
            }
        });
        sandbox.play();
        assertThat(sandbox.state()).isIn(PlaybackState.FAILED, PlaybackState.STOPPED);
        StepVerifier.create(sandbox.pause()).expectComplete().verify(Duration.ofSeconds(10));
    }
}
