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
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayStep;
import dev.reprise.viewer.GameReplay;
import dev.reprise.viewer.ViewerGame;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The getting-started game in the replay viewer: a plug-in written against the library alone, as a
 * game's own jar holds it. It has no renderer script, so the page shows its state as a table; each
 * chest's choice is a dialog in the interactive mode. A jar lists it in
 * {@code META-INF/services/dev.reprise.viewer.ViewerGame}.
 */
public final class CoinViewer implements ViewerGame {

    /** Made by {@link java.util.ServiceLoader}. */
    public CoinViewer() {
    }

    @Override
    public String gameId() {
        return CoinReplay.GAME_ID;
    }

    @Override
    public ReplayCompatibility compatibility() {
        return ReplayCompatibility.builder(CoinReplay.GAME_ID, CoinReplay.replaySystem(new CoinGame()).commandDictionary())
                .build();
    }

    @Override
    public GameReplay open(ReplayFile file) {
        CoinGame game = new CoinGame();
        ReplaySystem system = CoinReplay.replaySystem(game); // the same commands as every other use of the game
        system.loadState(file.save());
        return new Session(game, system);
    }

    /**
     * Records the sample game the viewer's tests open: right, a chest answered with the gold, down, a
     * chest answered with the key, right.
     *
     * @param file where to write it
     * @throws IOException if it cannot be written
     */
    public static void writeSample(Path file) throws IOException {
        CoinGame game = new CoinGame();
        ReplaySystem replay = CoinReplay.replaySystem(game);
        CoinReplay.Inputs inputs = new CoinReplay.Inputs(replay, game);
        inputs.right();
        inputs.openChest();
        inputs.choose(0);
        inputs.down();
        inputs.openChest();
        inputs.choose(1);
        inputs.right();
        CoinReplay.write(replay, file);
    }

    /**
     * One page's game: its state as one table row, and the chest's choice as a dialog; the choice is
     * applied by the {@code passive(apply)} the game registered.
     */
    private record Session(CoinGame game, ReplaySystem system) implements GameReplay {

        @Override
        public SandboxConfig.Builder<?> sandbox() {
            return SandboxConfig.builder(system.array(), save -> game.reset());
        }

        @Override
        public Object state() {
            return Map.of("state", game.state());
        }

        @Override
        public @Nullable Prompt prompt(ReplayStep step) {
            int recorded = step.intParam(0);
            return recorded == 0 || recorded == 1 ? new Prompt("chest", List.of("the gold", "the key"), recorded) : null;
        }
    }
}
