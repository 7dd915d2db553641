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

import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/** stepInterval / speed between dispatches, on the configured scheduler (virtual time here). */
class PlaybackPacingTest {

    @Test
    void stepInterval_spacesDispatches() {
        Harness h = new Harness().active(1).record(1, 1, 1);
        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = h.sandbox(b -> b.stepInterval(Duration.ofMillis(100)));
                    sandbox.play();
                    return sandbox.steps();
                })
                .expectNextCount(1)
                .expectNoEvent(Duration.ofMillis(99))
                .thenAwait(Duration.ofMillis(1))
                .expectNextCount(1)
                .expectNoEvent(Duration.ofMillis(99))
                .thenAwait(Duration.ofMillis(1))
                .expectNextCount(1)
                .expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void speedChangeMidPlay_retimesTheWaitAtOnce() {
        Harness h = new Harness().active(1).record(1, 1, 1, 1);
        ReplaySandbox[] sandbox = new ReplaySandbox[1];
        StepVerifier.withVirtualTime(() -> {
                    sandbox[0] = h.sandbox(b -> b.stepInterval(Duration.ofMillis(100)));
                    sandbox[0].play();
                    return sandbox[0].steps();
                })
                .expectNextCount(1)                      // t = 0
                .expectNoEvent(Duration.ofMillis(40))
                .then(() -> sandbox[0].setSpeed(4))      // wait is now 25 ms from the last dispatch: due already
                .expectNextCount(1)                      // t = 40
                .expectNoEvent(Duration.ofMillis(24))
                .thenAwait(Duration.ofMillis(1))
                .expectNextCount(1)                      // t = 65
                .then(() -> sandbox[0].setSpeed(0.5))    // 200 ms
                .expectNoEvent(Duration.ofMillis(199))
                .thenAwait(Duration.ofMillis(1))
                .expectNextCount(1)                      // t = 265
                .expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void pacing_appliesToStepToo() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox[] sandbox = new ReplaySandbox[1];
        StepVerifier.withVirtualTime(() -> {
                    sandbox[0] = h.sandbox(b -> b.stepInterval(Duration.ofSeconds(1)));
                    return sandbox[0].steps();
                })
                .then(() -> sandbox[0].stepNow())
                .expectNextCount(1)
                .then(() -> sandbox[0].stepNow())
                .expectNoEvent(Duration.ofMillis(999))
                .thenAwait(Duration.ofMillis(1))
                .expectNextCount(1)
                .then(() -> assertThat(sandbox[0].state()).isEqualTo(PlaybackState.PAUSED))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void noInterval_neverTouchesTheScheduler() {
        Harness h = new Harness().active(1).record(1, 1);
        reactor.test.scheduler.VirtualTimeScheduler scheduler = reactor.test.scheduler.VirtualTimeScheduler.create();
        ReplaySandbox sandbox = h.sandbox(b -> b.scheduler(scheduler));
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(2).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(scheduler.now(java.util.concurrent.TimeUnit.NANOSECONDS)).isZero();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(doubles = {1e-12, Double.MIN_VALUE})
    void tinySpeed_waitsForeverInsteadOfOverflowing_untilTheSpeedChanges(double speed) {
        Harness h = new Harness().active(1);
        for (int i = 0; i < 200; i++) {
            h.record(1);
        }
        reactor.test.scheduler.VirtualTimeScheduler clock = reactor.test.scheduler.VirtualTimeScheduler.create();
        clock.advanceTimeBy(Duration.ofDays(1)); // a clock far from 0, as a real one is
        ReplaySandbox sandbox = h.sandbox(b -> b.stepInterval(Duration.ofMillis(10)).scheduler(clock));
        sandbox.setSpeed(speed);
        java.util.List<PlaybackStep> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        sandbox.steps().subscribe(seen::add);
        sandbox.play();
        assertThat(seen).hasSize(1);
        clock.advanceTimeBy(Duration.ofSeconds(1));
        assertThat(seen).as("steps played in 1 s at speed %s", speed).hasSize(1);
        sandbox.setSpeed(1);
        assertThat(seen).hasSize(2);
        clock.advanceTimeBy(Duration.ofMillis(9));
        assertThat(seen).hasSize(2);
        clock.advanceTimeBy(Duration.ofMillis(1));
        assertThat(seen).hasSize(3);
        sandbox.stopNow();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
    }

    @Test
    void pacingDue_saturatesInsteadOfOverflowing() {
        assertThat(IntervalPacing.due(1_000, 10_000_000, 1e-12)).isEqualTo(Long.MAX_VALUE);
        assertThat(IntervalPacing.due(1_000, 10_000_000, Double.MIN_VALUE)).isEqualTo(Long.MAX_VALUE);
        assertThat(IntervalPacing.due(Long.MAX_VALUE - 5, 10, 1)).isEqualTo(Long.MAX_VALUE);
        assertThat(IntervalPacing.due(1_000, 10_000_000, 2)).isEqualTo(5_001_000);
    }
}
