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

import dev.reprise.io.Compression;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileHeader;
import dev.reprise.route.ReplayReadStream;
import dev.reprise.route.ReplayStep;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code info}: header, counts, sizes and a command histogram. */
@Command(name = "info", description = "Prints the header, counts, size, bytes per step and a command histogram.")
final class InfoCommand extends ToolCommand {

    @Parameters(index = "0", paramLabel = "FILE", description = "the replay file")
    Path path;

    @Override
    public Integer call() {
        ToolFiles.Loaded loaded = ToolFiles.readWithHeader(path);
        ReplayFile file = loaded.file();
        ReplayFileHeader header = loaded.header();
        PrintWriter out = out();
        out.printf(Locale.ROOT, "file            %s%n", ToolText.escape(path.toString()));
        out.printf(Locale.ROOT, "format          %s, %s body%n", header.version(),
                header.compression() == Compression.NONE ? "uncompressed" : "compressed");
        out.printf(Locale.ROOT, "game            %s (build %s)%n", show(file.gameId()), show(file.gameBuild()));
        out.printf(Locale.ROOT, "steps           %d (command width %s)%n", header.steps(), header.commandWidth());
        out.printf(Locale.ROOT, "route bytes     %d commands + %d params%n",
                header.steps() * header.commandWidth().entrySize(), header.paramBytes());
        out.printf(Locale.ROOT, "file size       %d bytes (body %d)%n", header.fileBytes(), header.bodyBytes());
        out.printf(Locale.ROOT, "bytes per step  %.3f%n", header.bytesPerStep());
        file.metadata().forEach((key, value) -> out.printf(Locale.ROOT, "meta            %s = %s%n",
                ToolText.escape(key), ToolText.escape(value)));
        out.printf(Locale.ROOT, "dictionary      %d commands%n", file.dictionary().size());
        if (header.skippedSections() > 0) {
            out.printf(Locale.ROOT, "skipped         %d sections of a newer minor version%n", header.skippedSections());
        }
        Map<Integer, Integer> histogram = new TreeMap<>();
        ReplayReadStream stream = ToolFiles.route(file).createReadStream();
        for (ReplayStep step = stream.read(); step != null; step = stream.read()) {
            histogram.merge(step.code(), 1, Integer::sum);
        }
        out.println("commands        code  name                  steps      share");
        histogram.forEach((code, count) -> out.printf(Locale.ROOT, "                %4d  %-20s %7d %9.2f%%%n", code,
                ToolText.escape(file.dictionary().name(code).orElse("?")), count, 100.0 * count / header.steps()));
        out.flush();
        return ReplayTool.OK;
    }

    private static String show(String s) {
        return s.isEmpty() ? "(none)" : ToolText.escape(s);
    }
}
