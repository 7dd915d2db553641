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
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/** Backpressure: one unit of demand per emitted step, nothing dispatched without demand. */
class PlaybackDemandTest {

    @Test
    void noDemand_dispatchesNothing() {
        Harness h = new Harness().active(1).record(1, 1, 1);
        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = h.sandbox();
                    sandbox.play();
                    return sandbox.steps();
                }, 0)
                .expectSubscription()
                .expectNoEvent(Duration.ofHours(1))
                .then(() -> assertThat(h.log).isEmpty())
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void eachUnitOfDemand_dispatchesExactlyOneGroup() {
        Harness h = new Harness().active(1).record(1, 1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps(), 0)
                .then(() -> assertThat(h.log).isEmpty())
                .thenRequest(1)
                .assertNext(step -> assertThat(step.step().index()).isZero())
                .then(() -> assertThat(h.log).containsExactly("exec1@0"))
                .thenRequest(1)
                .assertNext(step -> assertThat(step.step().index()).isEqualTo(1))
                .then(() -> assertThat(h.log).containsExactly("exec1@0", "exec1@1"))
                .thenRequest(1)
                .expectNextCount(1)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.log).containsExactly("exec1@0", "exec1@1", "exec1@2", "fin1");
    }

    @Test
    void passiveSteps_waitForDemand_andAreNotSkippedForLackOfIt() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps(), 0)
                .thenRequest(1)
                .expectNextMatches(step -> step instanceof ActiveStep)
                .then(() -> {
                    // A's result is in, but its passive steps were not emitted: they wait, offered.
                    assertThat(sandbox.passive()).isNotNull();
                    assertThat(sandbox.passive().step().index()).isEqualTo(1);
                    assertThat(h.warnings).isEmpty();
                    assertThat(sandbox.replayed()).isZero();
                })
                .thenRequest(1)
                .consumeNextWith(step -> ((PassiveStep) step).complete(ReplayCommandResult.SUCCESS))
                .then(() -> assertThat(sandbox.passive().step().index()).isEqualTo(2))
                .thenRequest(1)
                .consumeNextWith(step -> ((PassiveStep) step).complete(ReplayCommandResult.SUCCESS))
                .then(() -> {
                    assertThat(sandbox.replayed()).isEqualTo(3);
                    assertThat(h.log).containsExactly("exec1@0");
                })
                .thenRequest(1)
                .expectNextMatches(step -> step.step().index() == 3)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(h.warnings).isEmpty();
    }

    @Test
    void unboundedDemand_playsEverything() {
        Harness h = new Harness().active(1, 2).passive(9).record(1, 9, 2, 9, 9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .thenConsumeWhile(step -> {
                    if (step instanceof PassiveStep passive) {
                        passive.complete(ReplayCommandResult.SUCCESS);
                    }
                    return true;
                })
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(sandbox.replayed()).isEqualTo(6);
        assertThat(h.warnings).isEmpty();
    }

    @Test
    void secondSubscriber_getsIllegalStateException() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        StepVerifier.create(sandbox.steps())
                .expectErrorSatisfies(error -> assertThat(error)
                        .isInstanceOf(IllegalStateException.class).hasMessageContaining("one subscriber"))
                .verify(Duration.ofSeconds(10));
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1, Long.MIN_VALUE})
    void nonPositiveRequest_failsWithTheRule39IllegalArgumentException(long n) {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier.create(sandbox.steps(), 0)
                .consumeSubscriptionWith(subscription -> subscription.request(n))
                .expectErrorSatisfies(error -> assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class)
                        .hasMessage("Spec. Rule 3.9 - Cannot request a non strictly positive number: " + n))
                .verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
        assertThat(h.log).isEmpty();
    }

    @Test
    void nonPositiveRequest_afterCancel_isIgnored() {
        Sinks.One<ReplayCommandResult> running = Sinks.one();
        Harness h = new Harness().command(1, ReplayCommand.active((step, context) -> running.asMono())).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        Subscription[] held = new Subscription[1];
        sandbox.steps().subscribe(new BaseSubscriber<>() {
            @Override
            protected void hookOnSubscribe(Subscription subscription) {
                held[0] = subscription;
                subscription.request(1);
            }
        });
        held[0].cancel(); // stops once the command in flight settles
        held[0].request(0); // rule 3.6: after a cancel, a request does nothing, even a bad one
        running.tryEmitValue(ReplayCommandResult.SUCCESS);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
    }

    @Test
    void subscriberAfterTermination_getsTheTerminalSignal() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier.create(sandbox.stop()).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(sandbox.steps()).expectComplete().verify(Duration.ofSeconds(10));
    }
}
