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
package dev.reprise.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.samples.tower.Item;
import dev.reprise.samples.tower.Position;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerRuleException;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.test.PlaybackStepVerifier;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/**
 * Sample 4: how a game team tests its Reprise commands and replays, with the test kit's
 * {@link PlaybackStepVerifier} (a {@link StepVerifier} script that knows steps, groups and windows) and with
 * {@link StepVerifier} itself.
 *
 * <p>The pattern: play the inputs on a "recording" game while {@link ReplaySystem#record} captures
 * them (so the expected outcome comes from the game itself), then replay the route onto a second game
 * and drive the playback step by step: each {@code expectActive} plays exactly one step and waits until
 * it has executed, so the test can look at the game between steps; {@code withVirtualTime} tests pacing
 * without waiting. See {@code docs/testing.md}.
 */
class TestingWithStepVerifierSampleTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** A 4x3 floor: the hero starts top left, a fairy waits at (1,1). */
    private final Tower tower = Tower.parse("@...\n.F..\n....");
    private final TowerGame recorded = new TowerGame(tower);
    private final TowerGame replayed = new TowerGame(tower);
    private final ReplaySystem system = new ReplaySystem();

    TestingWithStepVerifierSampleTest() {
        TowerCommands.register(system, replayed);
    }

    /** Records an input and applies it to the recording game, like a player's input handler. */
    private void play(int code, Object... params) {
        system.record(code, params);
        recorded.apply(code, params);
    }

    private SandboxConfig<?> config() {
        return TowerCommands.sandbox(system.array(), replayed).build();
    }

    @Test
    void moves_queueWhileTheirRunLasts_andCommitWhenTheWindowCloses() {
        play(TowerCodes.RIGHT);
        play(TowerCodes.RIGHT);
        play(TowerCodes.DOWN);
        play(TowerCodes.DOWN);

        PlaybackStepVerifier.create(system, config())
                .expectActive(TowerCodes.RIGHT)
                .then(() -> {
                    assertThat(replayed.queuedMoves()).isEqualTo(1);
                    assertThat(replayed.state().position()).isEqualTo(new Position(0, 0));
                })
                .expectActive(TowerCodes.RIGHT)
                .then(() -> assertThat(replayed.queuedMoves()).isEqualTo(2))
                .expectActive(TowerCodes.DOWN)
                .then(() -> {
                    // DOWN closed the RIGHT window: its finalizeRun committed both moves.
                    assertThat(replayed.state().position()).isEqualTo(new Position(2, 0));
                    assertThat(replayed.queuedMoves()).isEqualTo(1);
                })
                .expectWindow(TowerCodes.DOWN, 1) // the window's last step, then its finalizeRun
                .then(() -> assertThat(replayed.queuedMoves()).isZero())
                .expectEnded()
                .verify(TIMEOUT);

        assertThat(replayed.state()).isEqualTo(recorded.state());
    }

    @Test
    void choice_isAnsweredByTheMoveThatOpenedIt() {
        play(TowerCodes.DOWN);
        play(TowerCodes.RIGHT); // onto the fairy: a choice opens
        play(TowerCodes.CHOICE, 1); // +30 gold

        PlaybackStepVerifier.create(system, config())
                .expectActive(TowerCodes.DOWN)
                .expectActive(TowerCodes.RIGHT)
                .expectPassive(TowerCodes.CHOICE) // taken by the RIGHT command: nobody answers it here
                .then(() -> assertThat(replayed.state().gold()).isEqualTo(30))
                .expectEnded()
                .verify(TIMEOUT);

        assertThat(replayed.state()).isEqualTo(recorded.state());
    }

    @Test
    void pacing_isTestedInVirtualTime() {
        play(TowerCodes.RIGHT);
        play(TowerCodes.RIGHT);
        play(TowerCodes.RIGHT);

        PlaybackStepVerifier.withVirtualTime(system, () -> TowerCommands.sandbox(system.array(), replayed)
                        .stepInterval(Duration.ofMillis(100)).build())
                .thenControl(sandbox -> sandbox.setSpeed(2)) // 100 ms at speed 2: a step every 50 ms
                .expectActive(TowerCodes.RIGHT)
                .expectNoStep(Duration.ofMillis(49))
                .thenAwait(Duration.ofMillis(1))
                .expectActive(TowerCodes.RIGHT)
                .expectNoStep(Duration.ofMillis(49))
                .thenAwait(Duration.ofMillis(1))
                .expectActive(TowerCodes.RIGHT)
                .expectEnded()
                .verify(TIMEOUT);

        assertThat(replayed.state()).isEqualTo(recorded.state());
    }

    @Test
    void pausedPlayback_waitsForever_andStepPlaysExactlyOneGroup() {
        play(TowerCodes.RIGHT);
        play(TowerCodes.RIGHT);
        play(TowerCodes.DOWN);

        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = system.createReplaySandbox(TowerCommands.sandbox(system.array(), replayed)
                            .startPaused(true) // READY until play() or step(), even once subscribed
                            .build());
                    return sandbox.steps().doOnSubscribe(s -> sandbox.step().subscribe());
                })
                .expectSubscription()
                .expectNextMatches(step -> step.step().code() == TowerCodes.RIGHT)
                .expectNoEvent(Duration.ofDays(1))
                .then(() -> assertThat(system.sandbox().orElseThrow().state()).isEqualTo(PlaybackState.PAUSED))
                .then(() -> system.sandbox().orElseThrow().step().subscribe())
                .expectNextMatches(step -> step.step().code() == TowerCodes.RIGHT)
                .expectNoEvent(Duration.ofDays(1))
                .then(() -> system.sandbox().orElseThrow().play())
                .expectNextMatches(step -> step.step().code() == TowerCodes.DOWN)
                .expectComplete()
                .verify(TIMEOUT);

        assertThat(replayed.state()).isEqualTo(recorded.state());
    }

    @Test
    void aRouteThatNoLongerFitsTheGame_failsAtTheStepThatBreaksARule() {
        play(TowerCodes.RIGHT);
        system.record(TowerCodes.USE_ITEM, Item.ELIXIR.number()); // the hero has no elixir

        PlaybackStepVerifier.create(system, config())
                .expectActive(TowerCodes.RIGHT)
                .expectFailedAt(1)
                .verify(TIMEOUT);
        assertThat(system.sandbox().orElseThrow().state()).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void aRouteThatNoLongerFitsTheGame_failsWithTheRuleItBreaks() {
        play(TowerCodes.RIGHT);
        system.record(TowerCodes.USE_ITEM, Item.ELIXIR.number());
        StepVerifier.create(system.playback(config()))
                .expectNextCount(2)
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(ReplayPlaybackException.class);
                    ReplayPlaybackException failure = (ReplayPlaybackException) error;
                    assertThat(failure.stepIndex()).isEqualTo(1);
                    assertThat(failure.code()).isEqualTo(TowerCodes.USE_ITEM);
                    assertThat(failure.phase()).isEqualTo(ReplayPlaybackException.Phase.EXECUTE);
                    assertThat(failure.getCause()).isInstanceOf(TowerRuleException.class)
                            .hasMessageContaining("step 1");
                })
                .verify(TIMEOUT);
    }

    @Test
    void aRecordedBotGame_replaysToTheRecordedState() {
        SampleRecording recording = SampleRecording.record(5L, 3, 1_000);
        TowerGame game = new TowerGame(recording.tower());
        ReplaySystem player = recording.player(game);

        PlaybackStepVerifier.create(player, TowerCommands.sandbox(player.array(), game).build())
                .expectSteps(player.array().length())
                .expectEnded()
                .verify(TIMEOUT);

        assertThat(game.state().stateHash()).isEqualTo(recording.finalHash());
    }
}
