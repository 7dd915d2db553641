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

import static dev.reprise.command.ReplayCommandResult.FAILED;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.GroupedFlux;
import reactor.test.StepVerifier;

/** Playback starts on the first request unless startPaused; terminated() tells how it ended. */
class PlaybackStartTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private static ReplaySandbox startingOnRequest(Harness h) {
        return h.sandbox(builder -> builder.startPaused(false));
    }

    @Test
    void steps_subscribedWithoutDemand_staysReady_andTheFirstRequestStartsPlaying() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = startingOnRequest(h);
        StepVerifier.create(sandbox.steps(), 0)
                .expectSubscription()
                .then(() -> assertThat(sandbox.state()).isEqualTo(PlaybackState.READY))
                .then(() -> assertThat(h.log).isEmpty())
                .thenRequest(1)
                .expectNextMatches(step -> step.step().index() == 0)
                .then(() -> assertThat(sandbox.state()).isEqualTo(PlaybackState.PLAYING))
                .then(() -> assertThat(h.log).containsExactly("exec1@0"))
                .thenRequest(1)
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void windows_theFirstRequestStartsPlaying() {
        Harness h = new Harness().active(1, 2).record(1, 2);
        ReplaySandbox sandbox = startingOnRequest(h);
        StepVerifier.create(sandbox.windows().concatMap(GroupedFlux::collectList), 0)
                .expectSubscription()
                .then(() -> assertThat(sandbox.state()).isEqualTo(PlaybackState.READY))
                .thenRequest(2)
                .expectNextCount(2)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.log).containsExactly("exec1@0", "fin1", "exec2@1", "fin2");
    }

    @Test
    void startPaused_waitsForPlay_evenWithDemand() {
        Harness h = new Harness().active(1).record(1);
        StepVerifier.withVirtualTime(() -> h.sandbox(builder -> builder.startPaused(true)).steps())
                .expectSubscription()
                .expectNoEvent(Duration.ofDays(1))
                .then(() -> assertThat(h.system.sandbox().orElseThrow().state()).isEqualTo(PlaybackState.READY))
                .then(() -> h.system.sandbox().orElseThrow().play())
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void startPaused_stepPlaysOneGroup_andStaysPaused() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = h.sandbox(builder -> builder.startPaused(true));
        StepVerifier.create(sandbox.steps())
                .then(() -> sandbox.step().subscribe())
                .expectNextMatches(step -> step.step().index() == 0)
                .then(() -> assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED))
                .then(sandbox::stopNow)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.log).containsExactly("exec1@0", "fin1");
    }

    @Test
    void play_onAPlayingSandbox_doesNothing() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = startingOnRequest(h);
        List<PlaybackState> seen = new CopyOnWriteArrayList<>();
        sandbox.states().subscribe(seen::add);
        StepVerifier.create(sandbox.steps(), 1)
                .expectNextCount(1)
                .then(sandbox::play)
                .then(sandbox::play)
                .thenRequest(1)
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(seen).containsExactly(PlaybackState.READY, PlaybackState.PLAYING, PlaybackState.ENDED);
    }

    @Test
    void terminated_completesWithEnded_andReplaysItToLateSubscribers() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = startingOnRequest(h);
        StepVerifier.create(sandbox.terminated(), 0)
                .expectSubscription()
                .then(() -> sandbox.steps().subscribe())
                .thenRequest(1)
                .expectNext(PlaybackState.ENDED)
                .expectComplete()
                .verify(TIMEOUT);
        StepVerifier.create(sandbox.terminated()).expectNext(PlaybackState.ENDED).expectComplete().verify(TIMEOUT);
    }

    @Test
    void terminated_onStop_completesWithStopped() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier.create(sandbox.terminated())
                .then(() -> sandbox.steps().subscribe())
                .then(sandbox::stopNow)
                .expectNext(PlaybackState.STOPPED)
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void terminated_onFailure_completesWithFailed_neverErrors() {
        Harness h = new Harness().active(1, FAILED, FAILED).record(1);
        ReplaySandbox sandbox = startingOnRequest(h);
        sandbox.steps().subscribe(step -> { }, error -> { });
        StepVerifier.create(sandbox.terminated())
                .expectNext(PlaybackState.FAILED)
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void terminated_beforeTheEnd_isPending() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier.create(sandbox.terminated())
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(20))
                .thenCancel()
                .verify(TIMEOUT);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.READY);
    }
}
