package dev.reprise.samples.viewer.tower;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileVerifier;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.viewer.GameReplay;
import dev.reprise.samples.viewer.LiveGame;
import dev.reprise.samples.viewer.ViewerGame;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * The tower game's viewer plug-in: the tower's commands, its state as JSON ({@code tower.js} draws it)
 * and its CHOICE dialogs; optionally the bot playing live.
 *
 * <p>A tower replay file names its tower by metadata: {@code seed} (required, as the demo writes it)
 * and {@code floors} (default {@link TowerGenerator#DEFAULT_FLOORS}). Thread-safe.
 */
public final class TowerViewer implements ViewerGame, AutoCloseable {

    /** The metadata key of the tower's seed. */
    public static final String SEED = "seed";
    /** The metadata key of the tower's floor count. */
    public static final String FLOORS = "floors";

    private final @Nullable TowerLive live;

    private TowerViewer(@Nullable TowerLive live) {
        this.live = live;
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
        return new TowerViewer(new TowerLive(seed, floors, inputLimit, pace));
    }

    @Override
    public String gameId() {
        return TowerCommands.GAME_ID;
    }

    @Override
    public String renderer() {
        return "tower.js";
    }

    @Override
    public ReplayFileVerifier verifier() {
        return TowerCommands.verifier();
    }

    @Override
    public GameReplay replay(ReplayFile file, boolean interactive) {
        return new TowerReplay(tower(file), file.route(), interactive);
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
    public @Nullable LiveGame live() {
        return live;
    }

    /** Stops the live bot, if any. */
    @Override
    public void close() {
        if (live != null) {
            live.close();
        }
    }
}
