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
package dev.reprise.tool;

import dev.reprise.command.CommandDictionary;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code sample}: writes a small replay file to try the other commands on. */
@Command(name = "sample", description = "Writes a small sample replay file (a walk through a tower).")
final class SampleCommand extends ToolCommand {

    @Parameters(index = "0", paramLabel = "OUTPUT", description = "the replay file to write")
    Path output;

    @Override
    public Integer call() {
        ToolFiles.requireWritable(output);
        ReplayArray route = new ReplayArray();
        for (int floor = 1; floor <= 3; floor++) {
            for (int i = 0; i < 12; i++) {
                route.add(i % 5 == 4 ? 3 : i % 3 == 0 ? 0 : 1);
            }
            route.add(4, 6, floor + 2);
            route.add(5, 47);
            route.add(10, "MT" + (floor + 1));
        }
        long size;
        try {
            ReplayFile.builder(route.saveState()).gameId("dev.reprise.sample").gameBuild("1.0")
                    .metadata("player", "sample")
                    .dictionary(CommandDictionary.of(Map.of(0, "up", 1, "right", 3, "left",
                            4, "teleport", 5, "useItem", 10, "fly")))
                    .build().write(output);
            size = Files.size(output);
        } catch (IOException e) {
            throw ToolFiles.cannotWrite(output, e);
        }
        out().printf(Locale.ROOT, "wrote %s (%d bytes)%n", output, size);
        out().flush();
        return ReplayTool.OK;
    }
}
