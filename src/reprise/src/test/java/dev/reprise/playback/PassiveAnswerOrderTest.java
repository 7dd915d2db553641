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

import dev.reprise.command.ReplayCommand;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * An answer to a passive step changes the game only after the active step it answers has completed,
 * never while that step's command still runs: a chest opens 50 ms after its step, and the answer "take
 * the gem" needs it open. Whoever answers — headless playback, a UI through PassiveAnswers, with or
 * without runOn, or a stop cutting the group short — the gem is taken after the chest opened.
 */
class PassiveAnswerOrderTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final int CHEST = 16;
    private static final int TAKE = 17;
    private static final int NOTE = 18;

    private final AtomicBoolean open = new AtomicBoolean();
    private final Harness h = new Harness();
    private final Scheduler game = Schedulers.newSingle("game");

    PassiveAnswerOrderTest() {
        h.system.registerCommand(CHEST, "chest", ReplayCommand.active((step, context) ->
                Mono.delay(Duration.ofMillis(50)).doOnNext(tick -> {
                    h.log.add("opened@" + step.index());
                    open.set(true);
                }).thenReturn(SUCCESS)));
        h.system.registerCommand(TAKE, "take", ReplayCommand.passive(step -> {
            if (!open.get()) {
                throw new IllegalStateException("no chest is open");
            }
            h.log.add("took@" + step.index());
        }));
        h.system.registerCommand(NOTE, "note", ReplayCommand.passive());
    }

    @AfterEach
    void tearDown() {
        game.dispose();
    }

    private void expectEnded(Flux<PlaybackStep> steps, ReplaySandbox sandbox) {
        StepVerifier.create(steps).thenConsumeWhile(step -> true).expectComplete().verify(TIMEOUT);
        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void passiveAnswers_theAnswerIsAppliedAfterTheActiveStepCompleted() {
        h.record(CHEST, TAKE, TAKE);
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false));
        expectEnded(sandbox.steps().transform(PassiveAnswers.by(step -> Mono.just(SUCCESS), TIMEOUT)), sandbox);
        assertThat(h.log).containsExactly("opened@0", "took@1", "took@2");
    }

    @Test
    void passiveAnswers_withRunOn_theAnswerIsAppliedAfterTheActiveStepCompleted() {
        h.record(CHEST, TAKE, CHEST, TAKE);
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false).runOn(game));
        expectEnded(sandbox.steps().transform(PassiveAnswers.by(step -> Mono.just(SUCCESS), TIMEOUT)), sandbox);
        assertThat(h.log).containsExactly("opened@0", "took@1", "opened@2", "took@3");
    }

    @Test
    void headless_aSubscriberWaitingOnEachResult_doesNotHurryTheAnswer() {
        h.record(CHEST, TAKE);
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false));
        // A renderer that waits on every step's result at once: nobody but the active command's own wait
        // lets an answer go before its active step has completed.
        expectEnded(sandbox.steps().flatMap(step -> step.result().thenReturn(step)), sandbox);
        assertThat(h.log).containsExactly("opened@0", "took@1");
    }

    @Test
    void headless_stopWhileTheActiveStepRuns_appliesTheAnswerAfterIt() {
        h.record(CHEST, TAKE, CHEST, TAKE);
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false));
        StepVerifier.create(sandbox.steps())
                .expectNextCount(1)
                .then(sandbox::stopNow) // the chest still opening
                .thenConsumeWhile(step -> true)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.STOPPED);
        assertThat(h.log).containsExactly("opened@0", "took@1");
    }

    @Test
    void aDirectCompleteOfOneStep_andAHeadlessAnswerAfterIt_keepRouteOrderAfterTheActiveStep() {
        h.record(CHEST, NOTE, TAKE);
        List<Integer> completed = new CopyOnWriteArrayList<>();
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false));
        expectEnded(sandbox.steps().doOnNext(step -> {
            if (step instanceof PassiveStep note && step.step().code() == NOTE && note.complete(SUCCESS)) {
                completed.add(step.step().index());
            }
        }), sandbox);
        assertThat(completed).containsExactly(1);
        assertThat(h.log).containsExactly("opened@0", "took@2");
    }

    @Test
    void theDialogPattern_anActiveCommandWaitingOnItsPassiveStep_stillGetsTheAnswerFirst() {
        h.system.replaceCommand(CHEST, ReplayCommand.active((step, context) -> context.nextPassive()
                .flatMap(passive -> passive.result())
                .doOnNext(result -> h.log.add("dialog closed " + result))
                .thenReturn(SUCCESS)));
        open.set(true);
        h.record(CHEST, TAKE);
        ReplaySandbox sandbox = h.sandbox(b -> b.startPaused(false));
        expectEnded(sandbox.steps().transform(PassiveAnswers.by(step -> Mono.just(SUCCESS), TIMEOUT)), sandbox);
        assertThat(h.log).containsExactly("took@1", "dialog closed SUCCESS");
    }
}
