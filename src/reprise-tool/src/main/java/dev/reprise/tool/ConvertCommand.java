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
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code convert}: compressed ↔ uncompressed. */
@Command(name = "convert", description = "Rewrites a replay file with another body compression (atomically).")
final class ConvertCommand extends ToolCommand {

    @Parameters(index = "0", paramLabel = "INPUT", description = "the replay file to read")
    Path input;

    @Parameters(index = "1", paramLabel = "OUTPUT", description = "the replay file to write (may be the input)")
    Path output;

    @Option(names = "--compression", required = true,
            description = "NONE or COMPACT (compressed: the smaller of raw DEFLATE and a context-modelled coder)")
    Compression compression;

    @Override
    public Integer call() {
        ReplayFile file = ToolFiles.read(input);
        ToolFiles.requireWritable(output);
        long before;
        long after;
        try {
            before = Files.size(input);
            file.toBuilder().compression(compression).build().write(output);
            after = Files.size(output);
        } catch (IOException e) {
            throw ToolFiles.cannotWrite(output, e);
        }
        out().printf(Locale.ROOT, "%s (%d bytes, %s) -> %s (%d bytes, %s)%n", input, before,
                file.compression(), output, after, compression);
        out().flush();
        return ReplayTool.OK;
    }
}
