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
package dev.reprise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.SandboxConfig;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** playback(config): a cold Flux that resets, opens and plays a fresh sandbox on every subscription. */
class ReplaySystemPlaybackTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final ReplaySystem system = new ReplaySystem();
    private final List<String> resets = new CopyOnWriteArrayList<>();
    private final List<Integer> executed = new CopyOnWriteArrayList<>();

    private SandboxConfig<String> config() {
        return SandboxConfig.<String>builder(system.array(), resets::add).save("start").build();
    }

    private void route(ReplayCommand command, int steps) {
        system.registerCommand(1, "walk", command);
        for (int i = 0; i < steps; i++) {
            system.record(1);
        }
    }

    private ReplayCommand walking() {
        return ReplayCommand.sync(step -> executed.add(step.index()));
    }

    @Test
    void playback_isLazy_andPlaysOnDemand() {
        route(walking(), 3);
        Flux<PlaybackStep> playback = system.playback(config());
        assertThat(resets).isEmpty();
        assertThat(system.sandbox()).isEmpty();
        StepVerifier.create(playback, 0)
                .expectSubscription()
                .then(() -> assertThat(resets).containsExactly("start"))
                .then(() -> assertThat(executed).isEmpty())
                .thenRequest(2)
                .expectNextCount(2)
                .then(() -> assertThat(executed).containsExactly(0, 1))
                .thenRequest(1)
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(system.sandbox().orElseThrow().state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void playback_eachSubscriptionPlaysAFreshSandbox_soRepeatWorks() {
        route(walking(), 2);
        StepVerifier.create(system.playback(config()).map(step -> step.step().index()).repeat(1))
                .expectNext(0, 1, 0, 1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(resets).containsExactly("start", "start");
        assertThat(executed).containsExactly(0, 1, 0, 1);
    }

    @Test
    void playback_retry_playsAgainFromTheReset() {
        AtomicInteger calls = new AtomicInteger();
        route(ReplayCommand.active((step, context) -> {
            executed.add(step.index());
            // The second step fails the first time it is played: a flaky game, retried from the start.
            return Mono.just(step.index() == 1 && calls.incrementAndGet() == 1
                    ? ReplayCommandResult.FAILED : ReplayCommandResult.SUCCESS);
        }), 3);
        StepVerifier.create(system.playback(config()).map(step -> step.step().index()).retry(1))
                .expectNext(0, 1, 0, 1, 2)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(resets).hasSize(2);
        assertThat(executed).containsExactly(0, 1, 0, 1, 2);
    }

    @Test
    void playback_withoutRetry_errorsWithTheStepsFailure() {
        route(ReplayCommand.active((step, context) -> Mono.just(ReplayCommandResult.FAILED)), 1);
        StepVerifier.create(system.playback(config()))
                .expectNextCount(1)
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOf(ReplayPlaybackException.class)
                        .hasMessageContaining("walk"))
                .verify(TIMEOUT);
    }

    @Test
    void playback_playsEvenWhenTheConfigStartsPaused() {
        route(walking(), 1);
        SandboxConfig<String> paused = SandboxConfig.<String>builder(system.array(), resets::add)
                .startPaused(true).build();
        StepVerifier.create(system.playback(paused)).expectNextCount(1).expectComplete().verify(TIMEOUT);
    }
}
