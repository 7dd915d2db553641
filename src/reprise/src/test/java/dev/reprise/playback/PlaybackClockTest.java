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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;
import reactor.test.publisher.TestPublisher;
import reactor.util.context.Context;

/** clock(ticks): each tick lets speed() groups go, fractions carry over, nothing before the first tick. */
class PlaybackClockTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private final TestPublisher<Long> clock = TestPublisher.create();

    private static Harness route(int steps) {
        Harness h = new Harness().active(1);
        for (int i = 0; i < steps; i++) {
            h.record(1);
        }
        return h;
    }

    private ReplaySandbox clocked(Harness h, Consumer<SandboxConfig.Builder<Object>> more) {
        return h.sandbox(builder -> more.accept(builder.clock(clock).startPaused(false)));
    }

    @Test
    void nothingRunsBeforeTheFirstTick_thenOneGroupPerTick() {
        Harness h = route(3);
        ReplaySandbox sandbox = clocked(h, builder -> { });
        StepVerifier.create(sandbox.steps())
                .expectSubscription()
                .then(() -> assertThat(h.log).isEmpty())
                .then(clock::assertSubscribers)
                .then(() -> clock.next(0L))
                .expectNextMatches(step -> step.step().index() == 0)
                .then(() -> assertThat(h.log).containsExactly("exec1@0"))
                .then(() -> clock.next(1L))
                .expectNextMatches(step -> step.step().index() == 1)
                .then(() -> clock.next(2L))
                .expectNextMatches(step -> step.step().index() == 2)
                .expectComplete() // the end: the window is finalized without waiting for a tick
                .verify(TIMEOUT);
        clock.assertCancelled();
    }

    @Test
    void halfSpeed_playsAGroupEveryOtherTick() {
        Harness h = route(2);
        ReplaySandbox sandbox = clocked(h, builder -> { });
        sandbox.setSpeed(0.5);
        StepVerifier.create(sandbox.steps())
                .then(() -> clock.next(0L))
                .then(() -> assertThat(h.log).isEmpty())
                .then(() -> clock.next(1L))
                .expectNextCount(1)
                .then(() -> clock.next(2L))
                .then(() -> assertThat(h.log).containsExactly("exec1@0"))
                .then(() -> clock.next(3L))
                .expectNextCount(1)
                .thenCancel()
                .verify(TIMEOUT);
    }

    @Test
    void speedThree_playsThreeGroupsPerTick() {
        Harness h = route(7);
        ReplaySandbox sandbox = clocked(h, builder -> { });
        sandbox.setSpeed(3);
        StepVerifier.create(sandbox.steps())
                .then(() -> clock.next(0L))
                .expectNextCount(3)
                .then(() -> assertThat(h.log).hasSize(3))
                .then(() -> clock.next(1L))
                .expectNextCount(3)
                .then(() -> assertThat(h.log).hasSize(6))
                .then(() -> clock.next(2L))
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void fractionalSpeed_carriesTheFractionOver() {
        Harness h = route(6);
        ReplaySandbox sandbox = clocked(h, builder -> { });
        sandbox.setSpeed(1.5);
        StepVerifier.create(sandbox.steps())
                .then(() -> clock.next(0L))
                .expectNextCount(1) // 1.5: one group, 0.5 carried
                .then(() -> clock.next(1L))
                .expectNextCount(2) // 2.0: two groups
                .then(() -> clock.next(2L))
                .expectNextCount(1)
                .then(() -> clock.next(3L))
                .expectNextCount(2)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.log).hasSize(7).endsWith("fin1");
    }

    @Test
    void clock_isSubscribedWhenPlaybackStarts_notBefore() {
        Harness h = route(1);
        ReplaySandbox sandbox = h.sandbox(builder -> builder.clock(clock).startPaused(true));
        StepVerifier.create(sandbox.steps())
                .expectSubscription()
                .then(clock::assertNoSubscribers)
                .then(sandbox::play)
                .then(clock::assertSubscribers)
                .then(() -> clock.next(0L))
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        clock.assertCancelled();
        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void pause_holdsTicks_andResumeDoesNotBurst() {
        Harness h = route(5);
        ReplaySandbox sandbox = clocked(h, builder -> { });
        StepVerifier.create(sandbox.steps())
                .then(() -> clock.next(0L))
                .expectNextCount(1)
                .then(sandbox::pauseNow)
                .then(() -> clock.next(1L, 2L, 3L))
                .then(() -> assertThat(h.log).hasSize(1))
                .then(sandbox::play)
                .then(() -> assertThat(h.log).as("the pause's ticks are dropped").hasSize(1))
                .then(() -> clock.next(4L))
                .expectNextCount(1)
                .then(() -> assertThat(h.log).hasSize(2))
                .thenCancel()
                .verify(TIMEOUT);
    }

    @Test
    void step_whilePaused_waitsForATick() {
        Harness h = route(2);
        ReplaySandbox sandbox = h.sandbox(builder -> builder.clock(clock).startPaused(true));
        StepVerifier.create(sandbox.steps())
                .then(() -> sandbox.step().subscribe())
                .then(() -> assertThat(h.log).isEmpty())
                .then(() -> clock.next(0L))
                .expectNextCount(1)
                .then(() -> assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED))
                .then(sandbox::stopNow)
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void clockCompleting_stopsPlayback_andFailing_failsIt() {
        Harness h = route(3);
        ReplaySandbox sandbox = clocked(h, builder -> { });
        StepVerifier.create(sandbox.steps())
                .then(() -> clock.next(0L))
                .expectNextCount(1)
                .then(clock::complete)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);

        TestPublisher<Long> failing = TestPublisher.create();
        Harness other = route(3);
        ReplaySandbox broken = other.sandbox(builder -> builder.clock(failing).startPaused(false));
        IllegalStateException boom = new IllegalStateException("the game loop died");
        StepVerifier.create(broken.steps())
                .then(() -> failing.error(boom))
                .expectErrorMatches(error -> error == boom)
                .verify(TIMEOUT);
        assertThat(broken.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void virtualTimeInterval_playsAGroupPerFrame() {
        Harness h = route(3);
        StepVerifier.withVirtualTime(() -> clockedBy(h, Flux.interval(Duration.ofMillis(16))).steps())
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(16))
                .expectNextMatches(step -> step.step().index() == 0)
                .expectNoEvent(Duration.ofMillis(16))
                .expectNextMatches(step -> step.step().index() == 1)
                .thenAwait(Duration.ofMillis(16))
                .expectNextCount(1)
                .thenAwait(Duration.ofMillis(16))
                .expectComplete()
                .verify(TIMEOUT);
    }

    private static ReplaySandbox clockedBy(Harness h, Flux<Long> ticks) {
        return h.sandbox(builder -> builder.clock(ticks).startPaused(false));
    }

    @Test
    void build_refusesAStepIntervalTogetherWithAClock() {
        Harness h = route(1);
        SandboxConfig.Builder<Object> builder = SandboxConfig.builder(h.system.array(), save -> { })
                .clock(clock)
                .stepInterval(Duration.ofMillis(16));
        assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("stepInterval(PT0.016S) and clock(...) were both set");
    }

    @Test
    void clock_isSubscribedWithTheSubscribersContext() {
        Harness h = route(2);
        AtomicReference<String> seen = new AtomicReference<>();
        Flux<Long> contextual = Flux.deferContextual(context -> {
            seen.set(context.getOrDefault("game", "none"));
            return Flux.just(0L).concatWith(Flux.never());
        });
        ReplaySandbox sandbox = h.sandbox(builder -> builder.clock(contextual).startPaused(false));
        StepVerifier.create(sandbox.steps().contextWrite(Context.of("game", "tower")))
                .expectNextCount(1)
                .thenCancel()
                .verify(TIMEOUT);
        assertThat(seen).hasValue("tower");
    }
}
