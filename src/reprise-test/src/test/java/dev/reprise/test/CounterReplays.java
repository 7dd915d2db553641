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
package dev.reprise.test;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.verify.CounterGame;
import dev.reprise.verify.ReplayVerifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/** Replay files of the verifier tests' counter game, good and broken, written into a test folder. */
final class CounterReplays {

    /** The verifier of counter replays: game id, final hash checked. */
    static final ReplayVerifier VERIFIER = ReplayVerifier.builder(CounterGame::of).gameId(CounterGame.GAME_ID)
            .finalHashKey(CounterGame.FINAL_KEY).parallelism(2).build();

    private CounterReplays() {
    }

    /** A valid replay: ADD 1..5, hash steps at 4 and 6 (the end). */
    static ReplayFile valid() {
        return CounterGame.record(10, 1, 2, 3, 4, 5);
    }

    /** The valid replay with its last hash step (index 6) changed: a desync there, step 4 the last match. */
    static ReplayFile desynced() {
        ReplayFile file = valid();
        ReplayArray route = new ReplayArray();
        route.loadState(file.save());
        long recorded = ((Number) route.get(6).param(0)).longValue();
        route.set(6, CounterGame.HASH, recorded ^ 1);
        return ReplayFile.builder(route.saveState()).gameId(file.gameId()).gameBuild(file.gameBuild())
                .metadata(file.metadata()).dictionary(file.dictionary()).build();
    }

    /** The valid replay claiming another final hash. */
    static ReplayFile wrongFinalHash() {
        return valid().toBuilder().metadata(CounterGame.FINAL_KEY, HexFormat.of().toHexDigits(42L)).build();
    }

    static Path write(Path folder, String relative, ReplayFile file) throws IOException {
        return write(folder, relative, file.toBytes());
    }

    static Path write(Path folder, String relative, byte[] bytes) throws IOException {
        Path target = folder.resolve(relative);
        Files.createDirectories(target.getParent());
        return Files.write(target, bytes);
    }
}
