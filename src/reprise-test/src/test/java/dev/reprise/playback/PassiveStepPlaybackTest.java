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

import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.PassiveHandle;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import dev.reprise.test.PlaybackStepVerifier;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** Passive handles: offered to the command, emitted after it, grace, skipping. */
class PassiveStepPlaybackTest {

    @Test
    void activeCommand_takesItsPassiveSteps_whileItRuns() {
        List<Object> applied = new CopyOnWriteArrayList<>();
        Harness h = new Harness().passive(9);
        h.command(1, ReplayCommand.active((step, context) -> {
            assertThat(context.passiveSteps()).hasSize(2);
            PassiveHandle first = context.nextPassive().block();
            applied.add(first.step().param(0));
            first.complete(SUCCESS);
            PassiveHandle second = context.nextPassive().block();
            applied.add(second.step().param(0));
            second.complete(SUCCESS);
            assertThat(context.nextPassive().blockOptional()).isEmpty();
            return Mono.just(SUCCESS);
        }));
        h.system.record(1);
        h.system.record(9, 7);
        h.system.record(9, 8);
        PlaybackStepVerifier.create(h.system, h.config())
                .expectActive(1)
                .then(() -> assertThat(applied).containsExactly(7, 8))
                .expectPassive(9)
                .expectPassive(9)
                .expectEnded()
                .verify(Duration.ofSeconds(10));
        assertThat(h.warnings).isEmpty();
    }

    @Test
    void passiveAtTheStartOfTheRoute_isEmittedSettledIgnored_with194() {
        Harness h = new Harness().active(1).passive(9).record(9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .assertNext(step -> {
                    assertThat(step).isInstanceOf(PassiveStep.class);
                    assertThat(step.isSettled()).isTrue();
                    StepVerifier.create(step.result()).expectNext(ReplayCommandResult.IGNORED).expectComplete().verify(Duration.ofSeconds(10));
                    assertThat(((PassiveStep) step).complete(SUCCESS)).isFalse();
                })
                .expectNextMatches(step -> step instanceof ActiveStep)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(194, 1002); // the complete on the skipped step: a lost answer
        assertThat(h.log).containsExactly("exec1@1", "fin1");
    }

    @Test
    void passiveCompletedInsideOnNext_isNotSkipped() {
        Harness h = new Harness().active(1).passive(9).record(1, 9);
        PlaybackStepVerifier.create(h.system, h.config())
                .expectActive(1)
                .expectPassive(9).answer(SUCCESS) // inside onNext: before the zero grace can skip it
                .expectEnded()
                .verify(Duration.ofSeconds(10));
        assertThat(h.warnings).isEmpty();
    }

    @Test
    void passiveCompletedLate_withoutGrace_isSkipped() {
        Harness h = new Harness().active(1).passive(9).record(1, 9);
        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = h.sandbox();
                    sandbox.play();
                    return sandbox.steps();
                })
                .expectNextCount(1)
                .consumeNextWith(step -> Mono.delay(Duration.ofMillis(50))
                        .subscribe(tick -> assertThat(((PassiveStep) step).complete(SUCCESS)).isFalse()))
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(194);
    }

    @Test
    void passiveCompletedLate_withinGrace_counts() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 1);
        List<ReplayCommandResult> results = new CopyOnWriteArrayList<>();
        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = h.sandbox(b -> b.passiveGrace(Duration.ofMillis(100)));
                    sandbox.play();
                    return sandbox.steps();
                })
                .expectNextCount(1)
                .consumeNextWith(step -> {
                    step.result().subscribe(results::add);
                    Mono.delay(Duration.ofMillis(60)).subscribe(tick -> ((PassiveStep) step).complete(SUCCESS));
                })
                .expectNoEvent(Duration.ofMillis(59))
                .thenAwait(Duration.ofMillis(1))
                .expectNextMatches(step -> step.step().index() == 2)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(results).containsExactly(SUCCESS);
        assertThat(h.warnings).isEmpty();
    }

    @Test
    void passiveNotCompleted_isSkippedWhenTheGraceRunsOut() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 1);
        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = h.sandbox(b -> b.passiveGrace(Duration.ofMillis(100)));
                    sandbox.play();
                    return sandbox.steps();
                })
                .expectNextCount(2)
                .expectNoEvent(Duration.ofMillis(99))
                .then(() -> assertThat(h.warnings).isEmpty())
                .thenAwait(Duration.ofMillis(1))
                .expectNextMatches(step -> step.step().index() == 2)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.warningCodes()).containsExactly(194);
    }

    @Test
    void asyncUi_completesPassiveStepsFromAnotherThread() throws Exception {
        ExecutorService ui = Executors.newSingleThreadExecutor();
        try {
            Harness h = new Harness().passive(9);
            // The active command shows a choice and waits for the UI to answer its passive step.
            h.command(1, ReplayCommand.active((step, context) ->
                    context.nextPassive().flatMap(PassiveHandle::result).thenReturn(SUCCESS)));
            h.record(1, 9, 1, 9);
            ReplaySandbox sandbox = h.sandbox();
            sandbox.play();
            List<String> uiThreads = new CopyOnWriteArrayList<>();
            StepVerifier.create(sandbox.steps())
                    .thenConsumeWhile(step -> {
                        if (step instanceof PassiveStep passive) {
                            ui.execute(() -> {
                                uiThreads.add(Thread.currentThread().getName());
                                passive.complete(SUCCESS);
                            });
                        }
                        return true;
                    })
                    .expectComplete()
                    .verify(Duration.ofSeconds(10));
            assertThat(uiThreads).hasSize(2);
            assertThat(sandbox.replayed()).isEqualTo(4);
            assertThat(h.warnings).isEmpty();
        } finally {
            ui.shutdownNow();
        }
    }

    @Test
    void racingCompletionsAndSkips_settleEachHandleExactlyOnce() throws Exception {
        ExecutorService ui = Executors.newSingleThreadExecutor();
        try {
            Harness h = new Harness().active(1).passive(9);
            int groups = 2_000;
            for (int i = 0; i < groups; i++) {
                h.record(1, 9);
            }
            ReplaySandbox sandbox = h.sandbox();
            sandbox.play();
            List<ReplayCommandResult> results = new CopyOnWriteArrayList<>();
            List<Boolean> completedByUi = new CopyOnWriteArrayList<>();
            StepVerifier.create(sandbox.steps().doOnNext(step -> {
                        if (step instanceof PassiveStep passive) {
                            passive.result().subscribe(results::add);
                            ui.execute(() -> completedByUi.add(passive.complete(SUCCESS)));
                        }
                    }))
                    .expectNextCount(2L * groups)
                    .expectComplete()
                    .verify(Duration.ofSeconds(30));
            ui.submit(() -> { }).get();
            assertThat(results).hasSize(groups);
            long skipped = results.stream().filter(r -> r == ReplayCommandResult.IGNORED).count();
            assertThat(h.warningCodes().stream().filter(code -> code == 194).count()).isEqualTo(skipped);
            assertThat(completedByUi.stream().filter(won -> won).count()).isEqualTo(groups - skipped);
        } finally {
            ui.shutdownNow();
        }
    }

    @Test
    void passive_returnsTheOldestUnsettled_andCompletingTwiceIsHarmless() {
        Harness h = new Harness().passive(9);
        List<PassiveStep> seenByCommand = new CopyOnWriteArrayList<>();
        reactor.core.publisher.Sinks.One<ReplayCommandResult> release = reactor.core.publisher.Sinks.one();
        h.command(1, ReplayCommand.active((step, context) -> release.asMono()));
        h.record(1, 9, 9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps(), 1)
                .expectNextCount(1)
                .then(() -> {
                    PassiveStep first = sandbox.passive();
                    seenByCommand.add(first);
                    assertThat(first.step().index()).isEqualTo(1);
                    assertThat(sandbox.passive()).isSameAs(first);
                    assertThat(first.complete(SUCCESS)).isTrue();
                    assertThat(first.complete(SUCCESS)).isFalse();
                    assertThat(sandbox.passive().step().index()).isEqualTo(2);
                    sandbox.passive().complete(SUCCESS);
                    assertThat(sandbox.passive()).isNull();
                    release.tryEmitValue(SUCCESS);
                })
                .thenRequest(Long.MAX_VALUE)
                .expectNextCount(3)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.warnings).isEmpty();
        assertThat(sandbox.replayed()).isEqualTo(4);
    }
}
