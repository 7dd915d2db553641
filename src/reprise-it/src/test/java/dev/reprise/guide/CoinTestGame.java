package dev.reprise.guide;

import dev.reprise.ReplaySystem;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import dev.reprise.verify.VerifiableGame;
import java.util.Map;

/**
 * The guide's coin game as the test kit and the verifier play it: a {@link VerifiableGame} is the game's
 * system (its commands registered) and how to reset the game before a replay. The game needs no change:
 * this adapter holds both.
 *
 * @param game   the game
 * @param system its system, playing onto it
 */
record CoinTestGame(CoinGame game, ReplaySystem system) implements VerifiableGame {

    /** A fresh game for a replay file: what {@code ReplayCheck.of(file, CoinTestGame::of)} calls. */
    static CoinTestGame of(ReplayFile file) {
        CoinGame game = new CoinGame();
        return new CoinTestGame(game, CoinReplay.replaySystem(game));
    }

    @Override
    public SandboxConfig<?> sandbox(ReplayArray route) {
        return SandboxConfig.builder(route, save -> game.reset()).build();
    }

    @Override
    public Map<String, ?> describeState() {
        return game.describe();
    }
}
