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
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplaySave;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/**
 * The cookbook's "saving off the game thread": the file is encoded and written on
 * {@code Schedulers.boundedElastic()} by {@link ReplayFile#save}, and loaded by {@link ReplayFile#load},
 * while the game thread only takes a snapshot and hands the result back to itself.
 */
class SavingOffTheGameThreadTest {

    @TempDir
    Path dir;

    private final Scheduler gameThread = Schedulers.newSingle("game");

    @AfterEach
    void dispose() {
        gameThread.dispose();
    }

    @Test
    void saveAndLoad_runOffTheGameThread_andHandTheRouteBack() {
        SampleRecording recording = SampleRecording.record(9L, 3, 500);
        ReplaySystem recorder = recording.recorder();
        Path file = dir.resolve("autosave.reprise");
        AtomicReference<String> writer = new AtomicReference<>();

        // On the game thread: snapshot the route (detach() copies it, so recording may go on at once),
        // then let the io Mono encode and write it on boundedElastic.
        ReplaySave snapshot = recorder.saveState().detach();
        Mono<Void> saved = ReplayFile.builder(snapshot)
                .gameId(TowerCommands.GAME_ID)
                .dictionary(TowerCommands.dictionary())
                .build()
                .writeAsync(file)
                .doOnSuccess(done -> writer.set(Thread.currentThread().getName()));

        // Later: load on boundedElastic, check, and come back to the game thread to load the route.
        TowerGame game = new TowerGame(recording.tower());
        ReplaySystem player = new ReplaySystem();
        TowerCommands.register(player, game);
        Mono<Integer> loaded = ReplayFile.readAsync(file)
                .map(TowerCommands.compatibility()::check)
                .publishOn(gameThread)
                .map(replay -> {
                    player.loadState(replay.save());
                    return player.array().length();
                });

        StepVerifier.create(saved.then(loaded))
                .expectNext(recorder.array().length())
                .expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(writer.get()).startsWith("boundedElastic");
    }
}
