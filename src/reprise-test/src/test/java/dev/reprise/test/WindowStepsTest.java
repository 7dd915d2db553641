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
package dev.reprise.test;

import static dev.reprise.test.WalkGame.RIGHT;
import static dev.reprise.test.WalkGame.TALK;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.ReplaySandbox;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

class WindowStepsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final WalkGame game = new WalkGame();

    private ReplaySandbox sandbox() {
        return PlaybackSession.open(game.system, game.config().build());
    }

    @Test
    void withoutDemand_nothingIsDispatched_andDemandCarriesAcrossWindows() {
        game.record(RIGHT, TALK, TALK, RIGHT);
        WindowSteps steps = new WindowSteps(sandbox().windows());

        StepVerifier.create(steps, 0)
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(50))
                .then(() -> assertThat(game.queued).hasValue(0))
                .thenRequest(3) // RIGHT | TALK TALK: three windows' worth of steps, one request
                .expectNextCount(3)
                .expectNoEvent(Duration.ofMillis(50))
                .then(() -> assertThat(game.x).as("the RIGHT window was finalized").hasValue(1))
                .thenRequest(1)
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(game.x).hasValue(2);
    }

    @Test
    void closeOpenWindow_finalizesWithoutDispatchingTheNextStep() throws Exception {
        game.record(RIGHT, RIGHT, TALK);
        WindowSteps steps = new WindowSteps(sandbox().windows());

        StepVerifier.create(steps, 0)
                .thenRequest(2)
                .expectNextCount(2)
                .then(() -> {
                    try {
                        steps.closeOpenWindow().get(10, TimeUnit.SECONDS);
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                    assertThat(game.x).hasValue(2);
                    assertThat(game.talks).hasValue(0);
                })
                .expectNoEvent(Duration.ofMillis(50))
                .thenRequest(1)
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(game.talks).hasValue(1);
    }

    @Test
    void cancel_stopsPlayback() {
        game.record(RIGHT, TALK);
        ReplaySandbox sandbox = sandbox();

        StepVerifier.create(new WindowSteps(sandbox.windows()), 0)
                .thenRequest(1)
                .expectNextCount(1)
                .thenCancel()
                .verify(TIMEOUT);
        assertThat(sandbox.states().filter(PlaybackState::isTerminal).blockFirst(TIMEOUT))
                .isEqualTo(PlaybackState.STOPPED);
    }

    @Test
    void aSecondSubscriber_isRefused() {
        game.record(RIGHT);
        WindowSteps steps = new WindowSteps(sandbox().windows());
        steps.subscribe();

        StepVerifier.create(steps).expectError(IllegalStateException.class).verify(TIMEOUT);
    }
}
