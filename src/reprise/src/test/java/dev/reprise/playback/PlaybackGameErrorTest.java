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
import dev.reprise.playback.ReplayPlaybackException.Phase;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * A game whose code recurses without end or asks for one allocation no heap holds (what a hostile parameter
 * can make it do): Reactor would rethrow the StackOverflowError or OutOfMemoryError as fatal, but the
 * replay must end FAILED, naming the step and the phase, never stay PLAYING.
 */
class PlaybackGameErrorTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Scheduler game = Schedulers.newSingle("game");

    @AfterEach
    void tearDown() {
        game.dispose();
    }

    /** Recurses until the stack overflows; the guard is never met, it keeps the compiler from seeing that. */
    static long recurse(long depth) {
        return depth == Long.MIN_VALUE ? 0 : 1 + recurse(depth + 1);
    }

    /** Asks for an array larger than any JVM allows: an OutOfMemoryError without filling the heap. */
    static byte[] hugeAllocation() {
        return new byte[Integer.MAX_VALUE];
    }

    private static void expectFailure(ReplaySandbox sandbox, int index, int code, Phase phase,
                                      Class<? extends Throwable> cause) {
        StepVerifier.create(sandbox.steps())
                .thenConsumeWhile(step -> true)
                .expectErrorSatisfies(error -> {
                    Harness.failedAt(index, code, phase).accept(error);
                    assertThat(error).hasCauseInstanceOf(cause);
                })
                .verify(TIMEOUT);
        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void executeOverflowingTheStack_failsNamingTheStep() {
        Harness h = new Harness().active(1).command(2, ReplayCommand.sync(step -> recurse(0))).record(1, 2, 1);
        expectFailure(h.sandbox(b -> b.startPaused(false)), 1, 2, Phase.EXECUTE, StackOverflowError.class);
        assertThat(h.log).containsExactly("exec1@0", "fin1");
    }

    @Test
    void executeMonoOverflowingTheStackWhenSubscribed_failsNamingTheStep() {
        Harness h = new Harness().command(2, ReplayCommand.active((step, context) ->
                Mono.fromCallable(() -> recurse(0)).thenReturn(ReplayCommandResult.SUCCESS))).record(2);
        expectFailure(h.sandbox(b -> b.startPaused(false)), 0, 2, Phase.EXECUTE, StackOverflowError.class);
    }

    @Test
    void executeAskingForAHugeArray_failsNamingTheStep() {
        Harness h = new Harness().command(2, ReplayCommand.sync(step -> hugeAllocation())).record(2);
        expectFailure(h.sandbox(b -> b.startPaused(false)), 0, 2, Phase.EXECUTE, OutOfMemoryError.class);
    }

    @Test
    void passiveApplyOverflowingTheStack_failsNamingThePassiveStep() {
        Harness h = new Harness().active(1).command(9, ReplayCommand.passive(step -> recurse(0))).record(1, 9);
        expectFailure(h.sandbox(b -> b.startPaused(false)), 1, 9, Phase.PASSIVE, StackOverflowError.class);
    }

    @Test
    void finalizeOverflowingTheStack_failsNamingTheWindow() {
        Harness h = new Harness().command(1, ReplayCommand.withFinalizer((step, context) -> Mono.empty(),
                context -> Mono.fromRunnable(() -> recurse(0)))).record(1, 1);
        expectFailure(h.sandbox(b -> b.startPaused(false)), 1, 1, Phase.FINALIZE, StackOverflowError.class);
    }

    @Test
    void withRunOn_executeOverflowingTheStack_failsNamingTheStep() {
        Harness h = new Harness().active(1).command(2, ReplayCommand.sync(step -> recurse(0))).record(1, 2);
        expectFailure(h.sandbox(b -> b.startPaused(false).runOn(game)), 1, 2, Phase.EXECUTE,
                StackOverflowError.class);
    }

    @Test
    void uiOverflowingTheStack_failsThePassiveStep() {
        Harness h = new Harness().active(1).passive(9).record(1, 9);
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false));
        StepVerifier.create(sandbox.steps().transform(PassiveAnswers.by(step -> {
                    recurse(0);
                    return Mono.just(ReplayCommandResult.SUCCESS);
                }, TIMEOUT)))
                .expectNextCount(2)
                .expectErrorSatisfies(error -> {
                    Harness.failedAt(1, 9, Phase.PASSIVE).accept(error);
                    assertThat(error).hasCauseInstanceOf(StackOverflowError.class);
                })
                .verify(TIMEOUT);
        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void subscriberOverflowingTheStack_failsPlayback() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false));
        StepVerifier.create(sandbox.steps().doOnNext(step -> recurse(0)))
                .expectError(StackOverflowError.class)
                .verify(TIMEOUT);
        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.FAILED);
    }
}
