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
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * A new playback never inherits the old one's game: the old one is stopped (its finalizeRun included) and
 * the new one resets the game only once the old one has ended.
 */
class ReplaySystemSuccessionTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** A walk adds 1 and answers 50 ms later; its finalizeRun adds 1000. Straight replay of 3 walks: 1003. */
    private static ReplaySystem walks(AtomicInteger game, Duration answerAfter) {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(1, ReplayCommand.withFinalizer(
                (step, context) -> {
                    game.addAndGet(1);
                    return Mono.delay(answerAfter).thenReturn(ReplayCommandResult.SUCCESS);
                },
                context -> {
                    game.addAndGet(1000);
                    return Mono.empty();
                }));
        system.record(1);
        system.record(1);
        system.record(1);
        return system;
    }

    private static SandboxConfig<Object> config(ReplaySystem system, AtomicInteger game) {
        return SandboxConfig.builder(system.array(), save -> game.set(0)).build();
    }

    @Test
    void playback_subscribedAgainWhileTheFirstPlays_endsWithAStraightReplaysState() throws InterruptedException {
        AtomicInteger game = new AtomicInteger();
        ReplaySystem system = walks(game, Duration.ofMillis(50));
        var playback = system.playback(config(system, game));

        playback.subscribe();
        Thread.sleep(10); // the first playback's walk is in flight
        playback.blockLast(TIMEOUT);

        assertThat(game).hasValue(1003);
    }

    @Test
    void createReplaySandbox_whileOnePlays_endsWithAStraightReplaysState() throws InterruptedException {
        AtomicInteger game = new AtomicInteger();
        ReplaySystem system = walks(game, Duration.ofMillis(50));
        ReplaySandbox first = system.createReplaySandbox(config(system, game));
        first.steps().subscribe();
        Thread.sleep(10);

        ReplaySandbox second = system.createReplaySandbox(config(system, game));
        second.steps().blockLast(TIMEOUT);

        assertThat(first.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.STOPPED);
        assertThat(second.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.ENDED);
        assertThat(game).hasValue(1003);
    }

    @Test
    void createReplaySandbox_afterReleaseSandbox_stillWaitsForTheReleasedOne() throws InterruptedException {
        AtomicInteger game = new AtomicInteger();
        ReplaySystem system = walks(game, Duration.ofMillis(50));
        system.createReplaySandbox(config(system, game)).steps().subscribe();
        Thread.sleep(10);
        system.releaseSandbox(); // a graceful stop: its finalizeRun would come after the next reset

        system.createReplaySandbox(config(system, game)).steps().blockLast(TIMEOUT);

        assertThat(game).hasValue(1003);
    }

    /** Seeded: the second playback starts at a random moment of the first, with and without runOn. */
    @Test
    void succession_atRandomMoments_alwaysEndsWithAStraightReplaysState() throws InterruptedException {
        Random random = new Random(26_1L);
        Scheduler gameThread = Schedulers.newSingle("game");
        try {
            for (int run = 0; run < 40; run++) {
                AtomicInteger game = new AtomicInteger();
                ReplaySystem system = walks(game, Duration.ofMillis(random.nextInt(4)));
                SandboxConfig.Builder<Object> builder = SandboxConfig.builder(system.array(), save -> game.set(0));
                if (random.nextBoolean()) {
                    builder.runOn(gameThread);
                }
                SandboxConfig<Object> config = builder.build();
                var playback = system.playback(config);
                playback.subscribe();
                Thread.sleep(random.nextInt(8));
                playback.blockLast(TIMEOUT);
                assertThat(game).as("run %d", run).hasValue(1003);
            }
        } finally {
            gameThread.dispose();
        }
    }
}
