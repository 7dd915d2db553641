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

import static dev.reprise.playback.RaceGame.await;
import static dev.reprise.playback.RaceGame.awaitUntil;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommandResult;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.test.util.RaceTestUtils;

/**
 * Each wake-up of the drain, raced against another one, thousands of times: the two signals a step of playback
 * needs come at once from two threads (two racers, so that both run at once on a 2-core machine), and then
 * nothing else comes. If the drain loses either one — a drain that drops a wake-up arriving while it runs, or an
 * entry point that skips the drain when it sees one running — playback stands still and the bounded wait fails.
 *
 * <p>Planted defects, each caught here: a drain loop that drops a wake-up arriving while it runs; and entry
 * points that skip the drain when one is running, for a command's result or passive answer ({@code signal}), a
 * control ({@code post}) and a {@code cancel}. The same defect in {@code request(n)} loses a signal only in the
 * few nanoseconds between the drain's demand check and its release, and was caught in one run of three; the
 * Reactive Streams TCK runs catch a {@code request(n)} that never drains in every run.
 */
class PlaybackLostSignalTest {

    /** Episodes per race: a few seconds on a loaded 2-core machine; a planted lost signal fails well before. */
    private static final int EPISODES = 5_000;

    @Test
    void commandsResult_racesThePassiveAnswer_everyGroupSettles() throws Exception {
        RaceGame game = RaceGame.ofGroups(EPISODES, 1);
        ReplaySandbox sandbox = game.sandbox();
        RaceGame.Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
        sandbox.play();
        for (int episode = 0; episode < EPISODES; episode++) {
            int dispatched = 2 * episode + 2;
            awaitUntil(() -> steps.received.size() >= dispatched && !game.pending.isEmpty());
            PassiveStep passive = (PassiveStep) steps.received.get(dispatched - 1);
            RaceTestUtils.race(game::completeCommand, () -> passive.complete(ReplayCommandResult.SUCCESS));
        }
        assertThat(await(sandbox.terminated().toFuture())).isEqualTo(PlaybackState.ENDED);
        game.assertConsistent(sandbox, steps);
    }

    @Test
    void step_racesTheCommandsResult_everyStepIsDispatched() throws Exception {
        RaceGame game = RaceGame.ofGroups(EPISODES + 1, 0);
        ReplaySandbox sandbox = game.sandbox();
        RaceGame.Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
        CompletableFuture<PlaybackStep> inFlight = sandbox.step().toFuture();
        AtomicReference<CompletableFuture<PlaybackStep>> next = new AtomicReference<>();
        for (int episode = 0; episode < EPISODES; episode++) {
            int executed = episode + 1;
            awaitUntil(() -> game.executed.size() == executed && !game.pending.isEmpty());
            RaceTestUtils.race(game::completeCommand, () -> next.set(sandbox.step().toFuture()));
            assertThat(await(inFlight).step().index()).isEqualTo(episode);
            inFlight = next.get();
        }
        game.completeCommandsUntil(() -> sandbox.replayed() == EPISODES + 1);
        assertThat(await(inFlight).step().index()).isEqualTo(EPISODES);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
        game.assertConsistent(sandbox, steps);
    }

    @Test
    void request_racesTheCommandsResult_everyStepIsDispatched() {
        RaceGame game = RaceGame.ofGroups(EPISODES + 1, 0);
        ReplaySandbox sandbox = game.sandbox();
        RaceGame.Steps steps = game.subscribe(sandbox, 1);
        sandbox.play();
        for (int episode = 0; episode < EPISODES; episode++) {
            int executed = episode + 1;
            awaitUntil(() -> game.executed.size() == executed && !game.pending.isEmpty());
            RaceTestUtils.race(game::completeCommand, () -> steps.request(1));
        }
        game.completeCommandsUntil(() -> sandbox.replayed() == EPISODES + 1);
        game.assertConsistent(sandbox, steps);
    }

    @Test
    void cancel_racesTheCommandsResult_andPlaybackEnds() throws Exception {
        for (int round = 0; round < EPISODES; round++) {
            RaceGame game = RaceGame.ofGroups(2, 0);
            ReplaySandbox sandbox = game.sandbox();
            RaceGame.Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
            sandbox.step().subscribe();
            awaitUntil(() -> !game.pending.isEmpty());
            RaceTestUtils.race(game::completeCommand, steps::cancel);
            assertThat(await(sandbox.terminated().toFuture())).isEqualTo(PlaybackState.STOPPED);
            assertThat(game.executed).containsExactly(0);
        }
    }
}
