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
package dev.reprise.samples.io;

import dev.reprise.command.CommandDictionary;
import dev.reprise.io.Compression;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.route.ReplayArray;
import java.nio.file.Path;
import java.util.Map;
import reactor.core.publisher.Mono;

/**
 * The snippets of {@code docs/replay-file-format.md}: write a route to a replay file without blocking, read
 * it back, check it against the game, and replay its steps.
 */
public final class ReplayFiles {

    /** The commands this sample game registers. */
    static final CommandDictionary COMMANDS = CommandDictionary.of(Map.of(
            0, "up", 1, "right", 2, "down", 3, "left", 4, "teleport", 5, "useItem"));

    private ReplayFiles() {
    }

    /**
     * Writes a route to a replay file atomically on {@code boundedElastic}, so that a game loop never waits on the disk.
     *
     * @param route  the recorded route
     * @param target the file to create or replace
     * @return a Mono that completes when the file is in place
     */
    public static Mono<Void> writeAsync(ReplayArray route, Path target) {
        ReplayFile file = ReplayFile.builder(route.saveState())   // validated and copied here
                .gameId("dev.example.tower")
                .gameBuild("2.8.2")
                .metadata("player", "Ada")
                .dictionary(COMMANDS)
                .compression(Compression.COMPACT)
                .build();
        return file.writeAsync(target);
    }

    /**
     * Reads a replay file, checks it against this game (every mismatch at once), and loads its route.
     *
     * @param source the replay file
     * @return a Mono of the route, ready to play
     */
    public static Mono<ReplayArray> readAsync(Path source) {
        ReplayCompatibility compatibility = ReplayCompatibility.builder("dev.example.tower", COMMANDS).build();
        return ReplayFile.readAsync(source)          // ReplayFormatException for any malformed file
                .map(compatibility::check)      // ReplayMismatchException listing every mismatch
                .map(file -> {
                    ReplayArray route = new ReplayArray();
                    route.loadState(file.save());
                    return route;
                });
    }
}
