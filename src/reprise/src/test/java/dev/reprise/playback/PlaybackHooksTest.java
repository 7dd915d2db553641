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

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplayStep;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.Scannable;
import reactor.core.publisher.Hooks;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * Reactor's global hooks reach the playback as they reach any operator: assembly hooks see
 * {@code steps()} and {@code windows()}, an exception a command throws goes through
 * {@code Hooks.onOperatorError}. (The clock's context: {@link PlaybackClockTest}; discards:
 * {@link PlaybackWindowsTest}.)
 */
class PlaybackHooksTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final String KEY = "reprise-hooks-test";

    @AfterEach
    void resetHooks() {
        Hooks.resetOnEachOperator(KEY);
        Hooks.resetOnOperatorError(KEY);
        Hooks.resetOnOperatorDebug();
    }

    @Test
    void stepsAndWindows_passThroughOnAssembly() {
        ReplaySandbox sandbox = new Harness().active(1).record(1).sandbox();
        List<String> assembled = new CopyOnWriteArrayList<>();
        Hooks.onEachOperator(KEY, publisher -> {
            assembled.add(Scannable.from(publisher).stepName());
            return publisher;
        });
        sandbox.steps();
        sandbox.windows();
        assertThat(assembled).containsExactly("playback", "playbackWindows");
    }

    @Test
    void onOperatorDebug_tracesAFailureToThePlayback() {
        Hooks.onOperatorDebug();
        Harness h = new Harness().active(1, ReplayCommandResult.FAILED, ReplayCommandResult.SUCCESS).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .expectErrorSatisfies(error -> assertThat(error.getSuppressed())
                        .anySatisfy(trace -> assertThat(trace.getMessage())
                                .contains("Assembly trace from producer [dev.reprise.playback.PlaybackEngine]")))
                .verify(TIMEOUT);
    }

    @Test
    void commandThatThrows_goesThroughOnOperatorError_withItsStep() {
        AtomicReference<Object> signal = new AtomicReference<>();
        Hooks.onOperatorError(KEY, (error, data) -> {
            if (data instanceof ReplayStep) {
                signal.set(data);
                return new IllegalStateException("seen by the hook", error);
            }
            return error;
        });
        Harness h = new Harness().command(1, ReplayCommand.sync(step -> {
            throw new IllegalArgumentException("boom");
        })).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .expectErrorSatisfies(error -> {
                    Harness.failedAt(0, 1, ReplayPlaybackException.Phase.EXECUTE).accept(error);
                    assertThat(error.getCause()).isInstanceOf(IllegalStateException.class)
                            .hasMessage("seen by the hook")
                            .cause().hasMessage("boom");
                })
                .verify(TIMEOUT);
        assertThat(signal.get()).isInstanceOfSatisfying(ReplayStep.class, step -> assertThat(step.index()).isZero());
    }

    @Test
    void finalizeThatThrows_goesThroughOnOperatorError() {
        List<Throwable> seen = new CopyOnWriteArrayList<>();
        Hooks.onOperatorError(KEY, (error, data) -> {
            seen.add(error);
            return error;
        });
        Harness h = new Harness().command(1, ReplayCommand.withFinalizer(
                (step, context) -> Mono.just(ReplayCommandResult.SUCCESS),
                context -> {
                    throw new IllegalStateException("finalize threw");
                })).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .expectErrorSatisfies(Harness.failedAt(0, 1, ReplayPlaybackException.Phase.FINALIZE))
                .verify(TIMEOUT);
        assertThat(seen).extracting(Throwable::getMessage).contains("finalize threw");
    }
}
