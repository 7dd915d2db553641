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

import static dev.reprise.command.ReplayCommandResult.IGNORED;
import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.PassiveHandle;
import dev.reprise.command.ReplayCommand;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * Stop and cancel end a playback whose active command waits on its passive step (the dialog pattern:
 * {@code context.nextPassive().flatMap(PassiveHandle::result)}) when nobody answers.
 */
class DialogStopTest {

    /** Route {@code [42 talk, 43 passive]}: the talk command waits for the choice that follows it. */
    static Harness dialog() {
        Harness h = new Harness().passive(43);
        h.command(42, ReplayCommand.withFinalizer(
                (step, context) -> context.nextPassive()
                        .flatMap(PassiveHandle::result)
                        .thenReturn(SUCCESS),
                context -> {
                    h.log.add("fin42");
                    return Mono.empty();
                }));
        return h.record(42, 43);
    }

    @Test
    void stop_settlesTheUnansweredPassiveStep_andEndsThePlayback() {
        Harness h = dialog();
        ReplaySandbox sandbox = h.sandbox();
        List<PlaybackStep> seen = new CopyOnWriteArrayList<>();
        sandbox.play();
        sandbox.steps().subscribe(seen::add);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PLAYING);

        sandbox.stop().block(Duration.ofSeconds(2));

        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
        assertThat(seen).hasSize(2);
        StepVerifier.create(seen.get(1).result()).expectNext(IGNORED).expectComplete().verify(Duration.ofSeconds(1));
        StepVerifier.create(seen.get(0).result()).expectNext(SUCCESS).expectComplete().verify(Duration.ofSeconds(1));
        assertThat(h.warningCodes()).contains(194);
        assertThat(h.log).containsExactly("fin42");
    }

    @Test
    void cancel_settlesTheUnansweredPassiveStep_andEndsThePlayback() {
        Harness h = dialog();
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .expectNextCount(2)
                .thenCancel()
                .verify(Duration.ofSeconds(2));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
        assertThat(h.log).containsExactly("fin42");
    }

    @Test
    void stop_givesThePendingPassiveStepItsGrace_thenSkipsIt() {
        Harness h = dialog();
        ReplaySandbox[] sandbox = new ReplaySandbox[1];
        StepVerifier.withVirtualTime(() -> {
                    sandbox[0] = h.sandbox(b -> b.passiveGrace(Duration.ofMillis(10)));
                    sandbox[0].play();
                    return sandbox[0].steps();
                })
                .expectNextCount(2)
                .then(() -> sandbox[0].stopNow())
                .expectNoEvent(Duration.ofMillis(9))
                .then(() -> assertThat(sandbox[0].state()).isEqualTo(PlaybackState.PLAYING))
                .thenAwait(Duration.ofMillis(1))
                .expectComplete()
                .verify(Duration.ofSeconds(5));
        assertThat(sandbox[0].state()).isEqualTo(PlaybackState.STOPPED);
        assertThat(h.warningCodes()).containsExactly(194);
    }

    @Test
    void stop_anAnswerWithinTheGrace_counts() {
        Harness h = dialog();
        PassiveStep[] choice = new PassiveStep[1];
        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = h.sandbox(b -> b.passiveGrace(Duration.ofMillis(10)));
                    sandbox.play();
                    return sandbox.steps().doOnNext(step -> {
                        if (step instanceof PassiveStep passive) {
                            choice[0] = passive;
                            sandbox.stopNow();
                        }
                    });
                })
                .expectNextCount(2)
                .thenAwait(Duration.ofMillis(5))
                .then(() -> assertThat(choice[0].complete(SUCCESS)).isTrue())
                .expectComplete()
                .verify(Duration.ofSeconds(5));
        assertThat(h.warnings).isEmpty();
        StepVerifier.create(choice[0].result()).expectNext(SUCCESS).expectComplete().verify(Duration.ofSeconds(1));
    }

    /** Stress: stop or cancel from another thread, racing a UI that may or may not answer. */
    @Test
    void stopOrCancelFromAnotherThread_alwaysEndsTheDialog() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            Harness h = dialog();
            h.record(42, 43, 42, 43);
            ReplaySandbox sandbox = h.sandbox();
            boolean answer = random.nextBoolean();
            boolean cancel = random.nextBoolean();
            sandbox.play();
            Disposable subscription = sandbox.steps().subscribe(step -> {
                if (answer && step instanceof PassiveStep passive) {
                    Thread ui = new Thread(() -> passive.complete(SUCCESS));
                    ui.start();
                }
            }, error -> { });
            Thread stopper = new Thread(cancel ? subscription::dispose : sandbox::stopNow);
            stopper.start();
            stopper.join(5_000);
            PlaybackState last = sandbox.states().blockLast(Duration.ofSeconds(5));
            assertThat(last).as("round %d, answer=%s, cancel=%s, seed %d", round, answer, cancel, seed)
                    .isIn(PlaybackState.STOPPED, PlaybackState.ENDED);
        }
    }
}
