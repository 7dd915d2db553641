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
package dev.reprise.samples.viewer.tower;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.viewer.GameReplay;
import dev.reprise.viewer.LiveGame;
import dev.reprise.viewer.ViewerGame;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The tower game's viewer plug-in: the tower's commands, its state as JSON (its renderer,
 * {@code META-INF/reprise/viewer/dev.reprise.samples.tower/renderer.js} in the samples' resources, draws
 * it) and its CHOICE dialogs; optionally the bot playing live. Listed in
 * {@code META-INF/services/dev.reprise.viewer.ViewerGame}, so {@link dev.reprise.viewer.ViewerMain} finds it.
 *
 * <p>A tower replay file names its tower by metadata: {@code seed} (required, as the demo writes it)
 * and {@code floors} (default {@link TowerGenerator#DEFAULT_FLOORS}). Thread-safe.
 */
public final class TowerViewer implements ViewerGame, AutoCloseable {

    /** The metadata key of the tower's seed. */
    public static final String SEED = "seed";
    /** The metadata key of the tower's floor count. */
    public static final String FLOORS = "floors";

    /** Makes the live game when it is first asked for; {@code null} for a plug-in of replays only. */
    private final @Nullable Supplier<TowerLive> liveGame;
    private @Nullable TowerLive live;
    private boolean closed;

    /**
     * Returns the plug-in as {@link java.util.ServiceLoader} makes it: replays, and the bot playing live
     * (the first tower of seed 1, {@link TowerGenerator#DEFAULT_FLOORS} floors, 20 inputs a second), started
     * only when the viewer first asks for the live game.
     */
    public TowerViewer() {
        this(() -> new TowerLive(1, TowerGenerator.DEFAULT_FLOORS, 100_000, Duration.ofMillis(50)));
    }

    private TowerViewer(@Nullable Supplier<TowerLive> liveGame) {
        this.liveGame = liveGame;
    }

    /**
     * Returns the plug-in without a live game.
     *
     * @return the plug-in
     */
    public static TowerViewer replaysOnly() {
        return new TowerViewer(null);
    }

    /**
     * Returns the plug-in with the bot playing live on a thread of its own (stopped by {@link #close()}).
     *
     * @param seed the first tower's seed (the next game takes the next seed)
     * @param floors the towers' floor count
     * @param inputLimit the most inputs per game
     * @param pace the wait before each input the bot makes
     * @return the plug-in
     */
    public static TowerViewer withLiveBot(long seed, int floors, int inputLimit, Duration pace) {
        TowerViewer viewer = new TowerViewer(() -> new TowerLive(seed, floors, inputLimit, pace));
        viewer.live(); // started now, as before
        return viewer;
    }

    @Override
    public String gameId() {
        return TowerCommands.GAME_ID;
    }

    @Override
    public ReplayCompatibility compatibility() {
        return TowerCommands.compatibility();
    }

    @Override
    public GameReplay open(ReplayFile file) {
        return new TowerReplay(tower(file), file.save());
    }

    /**
     * Returns the tower a replay file was recorded on, from its metadata.
     *
     * @param file a tower replay file
     * @return the tower
     * @throws IllegalArgumentException if the metadata does not name a tower
     */
    public static Tower tower(ReplayFile file) {
        String seed = file.metadata().get(SEED);
        if (seed == null) {
            throw new IllegalArgumentException("the file has no \"" + SEED + "\" metadata: the tower viewer needs the "
                    + "seed of the tower it was recorded on");
        }
        String floors = file.metadata().getOrDefault(FLOORS, Integer.toString(TowerGenerator.DEFAULT_FLOORS));
        try {
            return TowerGenerator.generate(Long.parseLong(seed), Integer.parseInt(floors));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the file's tower metadata is not a number: seed \"" + seed
                    + "\", floors \"" + floors + "\"", e);
        }
    }

    @Override
    public synchronized Optional<LiveGame> live() {
        if (live == null && liveGame != null && !closed) {
            live = liveGame.get();
        }
        return Optional.ofNullable(live);
    }

    /** Stops the live bot, if any. */
    @Override
    public synchronized void close() {
        closed = true;
        if (live != null) {
            live.close();
        }
    }
}
