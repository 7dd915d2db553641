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
package dev.reprise.samples.edit;

import dev.reprise.ReplaySystem;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.verify.VerifiableGame;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The tower as a {@link dev.reprise.edit.ReplayEditor} plays it: a fresh game of a replay file's tower,
 * with the file's route loaded, whose sandbox keeps snapshots so that the editor can keep states. Not
 * thread-safe, like the game.
 */
public final class EditableTower implements VerifiableGame {

    private final TowerGame game;
    private final long seed;
    private final int floors;
    private final ReplaySystem system = new ReplaySystem();

    private EditableTower(long seed, int floors) {
        this.seed = seed;
        this.floors = floors;
        this.game = new TowerGame(TowerGenerator.generate(seed, floors));
        TowerCommands.register(system, game);
    }

    /**
     * Returns the tower of a replay file, with the file's route loaded, ready to edit.
     *
     * @param file a tower replay, as {@link TowerVerification#record} writes them
     * @return the game
     * @throws IllegalArgumentException if the file lacks the tower's seed or floors
     */
    public static EditableTower of(ReplayFile file) {
        Objects.requireNonNull(file, "file");
        EditableTower tower = new EditableTower(number(file, TowerVerification.SEED_KEY),
                (int) number(file, TowerVerification.FLOORS_KEY));
        tower.system.loadState(file.save());
        return tower;
    }

    /**
     * Returns the edited route as a tower replay file, with the final hash of the game's current state:
     * seek to the end first.
     *
     * @return a new file
     */
    public ReplayFile toFile() {
        return TowerVerification.write(system, seed, floors, game.state().stateHash());
    }

    @Override
    public ReplaySystem system() {
        return system;
    }

    @Override
    public SandboxConfig<?> sandbox(ReplayArray route) {
        return TowerCommands.sandbox(route, game, true).build();
    }

    @Override
    public OptionalLong stateHash() {
        return OptionalLong.of(game.state().stateHash());
    }

    private static long number(ReplayFile file, String key) {
        String value = file.metadata().get(key);
        if (value == null) {
            throw new IllegalArgumentException("The tower replay has no metadata \"" + key + "\"");
        }
        return Long.parseLong(value);
    }
}
