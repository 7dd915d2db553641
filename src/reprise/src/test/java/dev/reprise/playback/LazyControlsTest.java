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
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** Methods returning a Mono act on subscription (each one); void methods act at once. */
class LazyControlsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void delayedStop_doesNotStopBeforeTheDelay() {
        Harness h = new Harness().active(1);
        for (int i = 0; i < 30; i++) {
            h.record(1);
        }
        ReplaySandbox[] sandbox = new ReplaySandbox[1];
        StepVerifier.withVirtualTime(() -> {
                    sandbox[0] = h.sandbox(b -> b.stepInterval(Duration.ofMillis(100)));
                    sandbox[0].play();
                    sandbox[0].steps().subscribe();
                    return Mono.delay(Duration.ofSeconds(1)).then(sandbox[0].stop());
                })
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(999))
                .then(() -> assertThat(sandbox[0].state()).isEqualTo(PlaybackState.PLAYING))
                .thenAwait(Duration.ofMillis(1))
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(sandbox[0].state()).isEqualTo(PlaybackState.STOPPED);
        assertThat(sandbox[0].replayed()).isBetween(10, 11); // a step every 100 ms, from 0 ms to 1 s
    }

    @Test
    void unsubscribedMonos_doNothing() {
        Harness h = new Harness().active(1).record(1, 1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        sandbox.play();
        sandbox.pause();
        sandbox.stop();
        sandbox.step();
        sandbox.seek(1);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
        assertThat(h.log).containsExactly("exec1@0", "exec1@1", "exec1@2", "fin1");
    }

    @Test
    void eachSubscriptionToStep_playsOneMoreGroup() {
        Harness h = new Harness().active(1).record(1, 1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        Mono<PlaybackStep> step = sandbox.step();
        StepVerifier.create(step).expectNextMatches(s -> s.step().index() == 0).expectComplete().verify(TIMEOUT);
        StepVerifier.create(step).expectNextMatches(s -> s.step().index() == 1).expectComplete().verify(TIMEOUT);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
        assertThat(h.log).containsExactly("exec1@0", "exec1@1");
    }

    @Test
    void nowTwins_actAtOnce() {
        Harness h = new Harness().active(1).record(1, 1, 1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe();
        sandbox.stepNow();
        assertThat(h.log).containsExactly("exec1@0");
        sandbox.seekNow(3);
        assertThat(sandbox.replayed()).isEqualTo(3);
        sandbox.play();
        sandbox.pauseNow();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);

        ReplaySandbox other = new Harness().active(1).record(1, 1).sandbox();
        other.steps().subscribe();
        other.stepNow();
        other.stopNow();
        assertThat(other.state()).isEqualTo(PlaybackState.STOPPED);
        other.stepNow(); // after termination: nothing
        other.seekNow(1);
        other.pauseNow();
        assertThat(other.state()).isEqualTo(PlaybackState.STOPPED);
    }

    @Test
    void pauseNow_pausesBeforeTheNextGroup() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.steps().subscribe(step -> sandbox.pauseNow());
        sandbox.play();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
        assertThat(h.log).containsExactly("exec1@0");
    }
}
