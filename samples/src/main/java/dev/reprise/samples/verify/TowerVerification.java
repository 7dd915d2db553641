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
package dev.reprise.samples.verify;

import dev.reprise.ReplaySystem;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.VerifiableGame;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * Verifying tower replays in bulk: a replay file of the tower carries what it takes to rebuild its game
 * (the tower's seed and floor count) and the final state hash it claims, and {@link #verifier()} is a
 * {@link ReplayVerifier} preset that rebuilds the game from them, plays the route headless and checks
 * the state hashes inside the route and at the end.
 *
 * <table>
 *   <caption>Metadata of a verifiable tower replay</caption>
 *   <tr><th>key</th><th>value</th></tr>
 *   <tr><td>{@value #SEED_KEY}</td><td>the tower's generation seed, a decimal {@code long}</td></tr>
 *   <tr><td>{@value #FLOORS_KEY}</td><td>the tower's floor count, 1..{@link Tower#MAX_FLOORS}</td></tr>
 *   <tr><td>{@value #FINAL_HASH_KEY}</td><td>the state hash the recorded game ended with, 16 hex digits
 *       ({@code HexFormat.of().toHexDigits(hash)})</td></tr>
 * </table>
 */
public final class TowerVerification {

    /** The metadata key of the tower's generation seed (the key the demo writes too). */
    public static final String SEED_KEY = "seed";
    /** The metadata key of the tower's floor count. */
    public static final String FLOORS_KEY = "floors";
    /** The metadata key of the final state hash the recording claims. */
    public static final String FINAL_HASH_KEY = "final-state-hash";
    /** Inputs between two state-hash steps in the routes {@link #record} writes. */
    public static final int HASH_INTERVAL = 50;

    private TowerVerification() {
    }

    /**
     * Returns a verifier builder preset for tower replays: the tower's game id and command dictionary,
     * the game rebuilt from {@value #SEED_KEY} and {@value #FLOORS_KEY}, and the final state hash checked
     * against {@value #FINAL_HASH_KEY}. Set the parallelism, runOn scheduler, budgets or an acceptance check on
     * it before building.
     *
     * @return a new builder
     */
    public static ReplayVerifier.Builder verifier() {
        return ReplayVerifier.builder(TowerVerification::game)
                .gameId(TowerCommands.GAME_ID)
                .dictionary(TowerCommands.dictionary())
                .finalHashKey(FINAL_HASH_KEY);
    }

    /**
     * Rebuilds the game a tower replay was recorded on: the tower generated from the file's seed and floor
     * count, a fresh game on it, and a system with the tower's commands (choices answered by the commands,
     * as headless playback needs).
     *
     * @param file a tower replay file
     * @return a fresh game, at the tower's start once its sandbox resets it
     * @throws IllegalArgumentException if the seed or floor count is missing or malformed
     */
    public static VerifiableGame game(ReplayFile file) {
        long seed = longEntry(file, SEED_KEY);
        long floors = longEntry(file, FLOORS_KEY);
        if (floors < 1 || floors > Tower.MAX_FLOORS) {
            throw new IllegalArgumentException("metadata \"" + FLOORS_KEY + "\" must be 1.." + Tower.MAX_FLOORS
                    + ", was " + floors);
        }
        return new Game(new TowerGame(TowerGenerator.generate(seed, (int) floors)));
    }

    /**
     * Lets the bot play a generated tower while a state-hash step is recorded every
     * {@link #HASH_INTERVAL} inputs and at the end, and returns the route as a verifiable replay file.
     *
     * @param seed the seed of the tower and the bot
     * @param floors the tower's floor count, 1..{@link Tower#MAX_FLOORS}
     * @param inputLimit the most inputs the bot makes, at least 1
     * @return the replay file, with the metadata {@link #verifier()} needs
     */
    public static ReplayFile record(long seed, int floors, int inputLimit) {
        TowerGame game = new TowerGame(TowerGenerator.generate(seed, floors));
        ReplaySystem system = new ReplaySystem();
        TowerCommands.register(system, game); // so the recorder knows CHOICE is passive
        StateHashRecorder recorder = new StateHashRecorder(system, TowerCommands.STATE_HASH, HASH_INTERVAL,
                () -> game.state().stateHash());
        new TowerBot(game, seed, inputLimit).play(recorder::record);
        recorder.recordHash();
        return write(system, seed, floors, game.state().stateHash());
    }

    /**
     * Returns a recorded route as a verifiable replay file: the tower's game id and dictionary, and the
     * seed, floor count and final state hash in the metadata.
     *
     * @param recorder the system holding the recorded route (copied now)
     * @param seed the tower's generation seed
     * @param floors the tower's floor count
     * @param finalHash the state hash the recorded game ended with
     * @return the file
     */
    public static ReplayFile write(ReplaySystem recorder, long seed, int floors, long finalHash) {
        Objects.requireNonNull(recorder, "recorder");
        return ReplayFile.builder(recorder.saveState()).gameId(TowerCommands.GAME_ID)
                .dictionary(TowerCommands.dictionary())
                .metadata(SEED_KEY, Long.toString(seed))
                .metadata(FLOORS_KEY, Integer.toString(floors))
                .metadata(FINAL_HASH_KEY, HexFormat.of().toHexDigits(finalHash))
                .build();
    }

    /**
     * Returns an acceptance check for {@link ReplayVerifier.Builder#accept}: the replayed hero must have
     * reached at least floor {@code floor} (1-based, as players count).
     *
     * @param floor the lowest acceptable highest floor, at least 1
     * @return the check; it refuses games not built by {@link #game}
     * @throws IllegalArgumentException if {@code floor} is below 1
     */
    public static Predicate<VerifiableGame> reachedFloor(int floor) {
        if (floor < 1) {
            throw new IllegalArgumentException("floor must be at least 1, was " + floor);
        }
        return verifiable -> verifiable instanceof Game game && game.game.state().highestFloor() + 1 >= floor;
    }

    private static long longEntry(ReplayFile file, String key) {
        String value = file.metadata().get(key);
        if (value == null) {
            throw new IllegalArgumentException("the file has no metadata \"" + key + "\"");
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("metadata \"" + key + "\" is not a number: \"" + value + "\"", e);
        }
    }

    /** A tower game for one replay: its system plays onto it, its state hash is the tower's. */
    private static final class Game implements VerifiableGame {

        private final TowerGame game;
        private final ReplaySystem system = new ReplaySystem();

        Game(TowerGame game) {
            this.game = game;
            TowerCommands.register(system, game);
        }

        @Override
        public ReplaySystem system() {
            return system;
        }

        @Override
        public SandboxConfig<?> sandbox(ReplayArray route) {
            return TowerCommands.sandbox(route, game).build();
        }

        @Override
        public OptionalLong stateHash() {
            return OptionalLong.of(game.state().stateHash());
        }

        @Override
        public Map<String, ?> describeState() {
            return game.state().describe();
        }

        @Override
        public String toString() {
            return "TowerVerification.Game[floors=" + game.tower().floors() + ", state=" + game.state().stateHash() + "]";
        }
    }
}
