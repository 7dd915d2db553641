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
