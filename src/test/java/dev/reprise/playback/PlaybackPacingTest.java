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
                .verifyComplete();
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
                .verifyComplete();
    }

    @Test
    void pacing_appliesToStepToo() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox[] sandbox = new ReplaySandbox[1];
        StepVerifier.withVirtualTime(() -> {
                    sandbox[0] = h.sandbox(b -> b.stepInterval(Duration.ofSeconds(1)));
                    return sandbox[0].steps();
                })
                .then(() -> sandbox[0].step())
                .expectNextCount(1)
                .then(() -> sandbox[0].step())
                .expectNoEvent(Duration.ofMillis(999))
                .thenAwait(Duration.ofMillis(1))
                .expectNextCount(1)
                .then(() -> assertThat(sandbox[0].state()).isEqualTo(PlaybackState.PAUSED))
                .thenCancel()
                .verify();
    }

    @Test
    void noInterval_neverTouchesTheScheduler() {
        Harness h = new Harness().active(1).record(1, 1);
        reactor.test.scheduler.VirtualTimeScheduler scheduler = reactor.test.scheduler.VirtualTimeScheduler.create();
        ReplaySandbox sandbox = h.sandbox(b -> b.scheduler(scheduler));
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(2).verifyComplete();
        assertThat(scheduler.now(java.util.concurrent.TimeUnit.NANOSECONDS)).isZero();
    }
}
