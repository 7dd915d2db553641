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

import static dev.reprise.playback.RaceGame.ACTIVE;
import static dev.reprise.playback.RaceGame.PASSIVE;
import static dev.reprise.playback.RaceGame.await;
import static dev.reprise.playback.RaceGame.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommandResult;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.test.util.RaceTestUtils;

/**
 * Controls (pause, step, seek, stop) raced against what else reaches the drain — a command's result, a passive
 * answer, a request, a cancel — each from its own thread, many rounds each: every round checks that each
 * control answers, that steps came in route order, none twice, and that {@code replayed()} stands at the end
 * of the last group. Four or five racers on a 2-core machine seldom meet inside the drain, so a lost wake-up
 * is {@link PlaybackLostSignalTest}'s to catch: two racers, thousands of times, nothing else to rescue it.
 */
class PlaybackRaceTest {

    /** Rounds per race. */
    private static final int ROUNDS = 200;
    /** Groups raced in one long playback. */
    private static final int EPISODES = 2_000;

    @Test
    void stepAndPause_raceTheCommandsResult_andBothAnswer() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            RaceGame game = RaceGame.of(ACTIVE, ACTIVE, ACTIVE);
            ReplaySandbox sandbox = game.sandbox();
            RaceGame.Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
            CompletableFuture<PlaybackStep> first = sandbox.step().toFuture();
            List<CompletableFuture<?>> answers = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    () -> answers.add(sandbox.step().toFuture()),
                    () -> answers.add(sandbox.pause().toFuture()));
            assertThat(await(first)).extracting(step -> step.step().index()).isEqualTo(0);
            game.completeCommandsUntil(() -> answers.stream().allMatch(CompletableFuture::isDone));
            for (CompletableFuture<?> answer : answers) {
                await(answer);
            }
            assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
            assertThat(game.executed).containsExactly(0, 1);
            game.assertConsistent(sandbox, steps);
            assertThat(sandbox.replayed()).isEqualTo(2);
        }
    }

    /**
     * One long playback, group after group: the group's command result, its passive answer, the step that
     * asks for the next group and a pause race, and then nothing else happens — so if the drain loses any of
     * those signals, the next group is never dispatched and the bounded wait fails.
     */
    @Test
    void stepRacesTheResultAndTheAnswerOfTheGroupInFlight_everyGroupIsDispatched() throws Exception {
        int[] codes = new int[2 * (EPISODES + 1)];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = i % 2 == 0 ? ACTIVE : PASSIVE;
        }
        RaceGame game = RaceGame.of(codes);
        ReplaySandbox sandbox = game.sandbox();
        RaceGame.Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
        CompletableFuture<PlaybackStep> inFlight = sandbox.step().toFuture();
        List<CompletableFuture<?>> pauses = new CopyOnWriteArrayList<>();
        for (int episode = 0; episode < EPISODES; episode++) {
            PassiveStep passive = (PassiveStep) steps.received.get(2 * episode + 1);
            List<CompletableFuture<PlaybackStep>> next = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    () -> passive.complete(ReplayCommandResult.SUCCESS),
                    () -> next.add(sandbox.step().toFuture()),
                    () -> pauses.add(sandbox.pause().toFuture()));
            // Nothing else comes now: only the raced signals can settle this group and dispatch the next.
            awaitUntil(() -> !game.pending.isEmpty());
            assertThat(await(inFlight).step().index()).isEqualTo(2 * episode);
            inFlight = next.get(0);
        }
        game.completeCommand();
        assertThat(await(inFlight).step().index()).isEqualTo(2 * EPISODES);
        for (CompletableFuture<?> pause : pauses) {
            await(pause);
        }
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
        game.assertConsistent(sandbox, steps);
    }

    @Test
    void stop_racesAPassiveAnswer_aRequestAndAStep_andPlaybackEnds() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            RaceGame game = RaceGame.of(ACTIVE, PASSIVE, ACTIVE, PASSIVE, ACTIVE, PASSIVE);
            ReplaySandbox sandbox = game.sandbox();
            RaceGame.Steps steps = game.subscribe(sandbox, 2);
            // The active step's command runs, its passive step waits for that result and for its answer.
            CompletableFuture<PlaybackStep> first = sandbox.step().toFuture();
            PassiveStep passive = (PassiveStep) steps.received.get(1);
            List<CompletableFuture<?>> answers = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    () -> passive.complete(ReplayCommandResult.SUCCESS),
                    () -> steps.request(1),
                    () -> answers.add(sandbox.step().toFuture()),
                    () -> answers.add(sandbox.stop().toFuture()));
            game.completeCommandsUntil(() -> sandbox.state().isTerminal());
            await(first);
            for (CompletableFuture<?> answer : answers) {
                await(answer);
            }
            assertThat(await(sandbox.terminated().toFuture())).isEqualTo(PlaybackState.STOPPED);
            assertThat(steps.done).isTrue();
            game.assertConsistent(sandbox, steps);
        }
    }

    @Test
    void cancel_racesAStep_andTheCommandsResult_andPlaybackEnds() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            RaceGame game = RaceGame.of(ACTIVE, PASSIVE, ACTIVE, PASSIVE, ACTIVE);
            ReplaySandbox sandbox = game.sandbox();
            RaceGame.Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
            CompletableFuture<PlaybackStep> first = sandbox.step().toFuture();
            List<CompletableFuture<?>> answers = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    steps::cancel,
                    () -> answers.add(sandbox.step().toFuture()),
                    () -> answers.add(sandbox.pause().toFuture()));
            game.completeCommandsUntil(() -> sandbox.state().isTerminal());
            await(first);
            for (CompletableFuture<?> answer : answers) {
                await(answer);
            }
            assertThat(await(sandbox.terminated().toFuture())).isEqualTo(PlaybackState.STOPPED);
            game.assertConsistent(sandbox, steps);
        }
    }

    @Test
    void seekAndPlay_raceTheCommandsResult_aPassiveAnswerAndAPause_andTheSeekLands() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            RaceGame game = RaceGame.of(ACTIVE, PASSIVE, ACTIVE, PASSIVE, ACTIVE, PASSIVE, ACTIVE, PASSIVE);
            ReplaySandbox sandbox = game.sandbox();
            RaceGame.Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
            CompletableFuture<PlaybackStep> first = sandbox.step().toFuture();
            PassiveStep passive = (PassiveStep) steps.received.get(1);
            List<CompletableFuture<?>> answers = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    () -> passive.complete(ReplayCommandResult.SUCCESS),
                    () -> answers.add(sandbox.seek(6).toFuture()),
                    () -> answers.add(sandbox.pause().toFuture()));
            game.completeCommandsUntil(() -> answers.stream().allMatch(CompletableFuture::isDone));
            await(first);
            for (CompletableFuture<?> answer : answers) {
                await(answer);
            }
            assertThat(sandbox.replayed()).isEqualTo(6);
            assertThat(game.executed).containsExactly(0, 2, 4);
            game.assertConsistent(sandbox, steps);
            await(sandbox.stop().toFuture());
            assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
        }
    }
}
