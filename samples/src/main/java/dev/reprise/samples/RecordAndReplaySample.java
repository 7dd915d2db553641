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

import dev.reprise.ReplaySystem;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.replay.ReplayVerdict;
import dev.reprise.samples.tower.replay.StateTrail;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Sample 1, record and replay: a bot plays the tower while {@link ReplaySystem#record} captures every
 * input; the route is saved to a replay file, loaded back, verified against the game's commands,
 * replayed through a {@link ReplaySandbox} onto a fresh game, and the final states are compared.
 *
 * <p>Run it with {@code ./mvnw -q -DskipTests test-compile exec:java
 * -Dexec.mainClass=dev.reprise.samples.RecordAndReplaySample}.
 */
public final class RecordAndReplaySample {

    private RecordAndReplaySample() {
    }

    /**
     * Records a game of the bot on the tower of {@code seed}, saves it to {@code file}, loads it back and
     * replays it.
     *
     * @param seed the seed of the tower and of the bot
     * @param floors the tower's floor count
     * @param file where the replay file is written
     * @return whether the replay reproduced the game
     * @throws IOException if the file cannot be written or read
     */
    public static ReplayVerdict recordSaveAndReplay(long seed, int floors, Path file) throws IOException {
        // 1. Record: every input the bot makes goes into the route before the game applies it.
        Tower tower = TowerGenerator.generate(seed, floors);
        TowerGame recordedGame = new TowerGame(tower);
        ReplaySystem recorder = new ReplaySystem();
        StateTrail trail = new StateTrail();
        TowerBot.Run run = new TowerBot(recordedGame, seed).play(trail.recording(recordedGame, recorder::record));

        // 2. Save the route with the game's id and command names.
        ReplayFile.builder(recorder.saveState())
                .gameId(TowerCommands.GAME_ID)
                .dictionary(TowerCommands.dictionary())
                .metadata("seed", Long.toString(seed))
                .build()
                .write(file);

        // 3. Load it into a fresh system whose commands drive a fresh game.
        TowerGame replayedGame = new TowerGame(tower);
        ReplaySystem player = new ReplaySystem();
        TowerCommands.register(player, replayedGame);
        ReplayFile loaded = TowerCommands.compatibility().check(ReplayFile.read(file));
        player.loadState(loaded.save());

        // 4. Replay: the sandbox resets the game, then plays every step in route order.
        ReplaySandbox sandbox = player.createReplaySandbox(
                TowerCommands.sandbox(player.array(), replayedGame).build());
        sandbox.play();
        return ReplayVerdict.judge(sandbox.steps(), replayedGame, trail, run.finalState().stateHash())
                .blockOptional().orElseThrow();
    }

    /**
     * Runs the sample on a 10-floor tower and prints the verdict.
     *
     * @param args ignored
     * @throws IOException if the temporary replay file cannot be written or read
     */
    public static void main(String[] args) throws IOException {
        Path file = Files.createTempFile("tower-", ".reprise");
        try {
            ReplayVerdict verdict = recordSaveAndReplay(42L, 10, file);
            System.out.printf("%d steps, %d bytes on disk: %s%n", verdict.steps(), Files.size(file),
                    verdict.describe());
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
