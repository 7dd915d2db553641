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
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.replay.StateTrail;
import dev.reprise.samples.tower.replay.TowerCommands;

/**
 * A game of the bot recorded into a Reprise route, the starting point of the samples that play a route
 * back ({@link RecordAndReplaySample} shows the same recording step by step).
 *
 * @param tower the tower played
 * @param recorder the system holding the recorded route
 * @param trail the state hash before every input
 * @param run what the bot's game came to
 */
public record SampleRecording(Tower tower, ReplaySystem recorder, StateTrail trail, TowerBot.Run run) {

    /**
     * Lets the bot play a generated tower while recording every input.
     *
     * @param seed the seed of the tower and the bot
     * @param floors the tower's floor count
     * @param inputLimit the most inputs the bot makes
     * @return the recording
     */
    public static SampleRecording record(long seed, int floors, int inputLimit) {
        Tower tower = TowerGenerator.generate(seed, floors);
        TowerGame game = new TowerGame(tower);
        ReplaySystem recorder = new ReplaySystem();
        StateTrail trail = new StateTrail();
        TowerBot.Run run = new TowerBot(game, seed, inputLimit).play(trail.recording(game, recorder::record));
        return new SampleRecording(tower, recorder, trail, run);
    }

    /**
     * Returns a new system holding a copy of the recorded route, with the tower's commands registered
     * to drive {@code game}.
     *
     * @param game the game to replay onto, usually {@code new TowerGame(tower())}
     * @return the system, ready to create a sandbox
     */
    public ReplaySystem player(TowerGame game) {
        return TowerCommands.player(recorder.saveState(), game);
    }

    /**
     * Returns the state hash the recorded game ended with.
     *
     * @return the hash to compare a replay with
     */
    public long finalHash() {
        return run.finalState().stateHash();
    }
}
