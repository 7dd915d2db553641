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
package dev.reprise.io;

import dev.reprise.route.ReplaySave;
import dev.reprise.samples.Demo;
import dev.reprise.samples.tower.TowerGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The eleven routes the decode benchmarks measure: the ten real routes of the old engine
 * (the {@code legacy-routes} folder of the shared test data, see {@code LegacyRoutesTest}) and the
 * demo's tower route ({@link Demo}, recorded again here: the bot is deterministic).
 */
final class BenchmarkRoutes {

    /** The demo's route, by its name in {@link #NAMES}. */
    static final String TOWER = "tower";
    /** Every route, the demo's first. */
    static final List<String> NAMES = List.of(TOWER, "51-alt", "51-fullrun", "51-mod-v3", "antimatter",
            "dongchuangshifa-alt", "dongchuangshifa-main", "onlyup", "pocafup-solver", "whiteisland", "xinxin2");

    private BenchmarkRoutes() {
    }

    /** Loads the route called {@code name}. */
    static ReplaySave load(String name) {
        try {
            if (!name.equals(TOWER)) {
                return LegacyRoute.load(LegacyRoutesTest.folder().resolve(name + ".json")).toRoute();
            }
            Path dir = Files.createTempDirectory("reprise-demo");
            try {
                Demo.run(Demo.SEED, TowerGenerator.DEFAULT_FLOORS, dir, new PrintStream(OutputStream.nullOutputStream()),
                        Duration.ZERO);
                return ReplayFile.read(dir.resolve("tower.reprise")).save();
            } finally {
                Files.deleteIfExists(dir.resolve("tower.reprise"));
                Files.deleteIfExists(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The route's raw bytes, as an uncompressed file stores them: the command area, then the param area. */
    static byte[] raw(ReplaySave save) {
        byte[] commands = save.commandBytes();
        byte[] params = save.paramBytes();
        byte[] raw = new byte[commands.length + params.length];
        System.arraycopy(commands, 0, raw, 0, commands.length);
        System.arraycopy(params, 0, raw, commands.length, params.length);
        return raw;
    }

    /** The smallest file of the route: game id "g", build "1", no metadata, compressed. */
    static byte[] file(ReplaySave save) {
        return ReplayFile.builder(save).gameId("g").gameBuild("1").compression(Compression.COMPACT).build().toBytes();
    }
}
