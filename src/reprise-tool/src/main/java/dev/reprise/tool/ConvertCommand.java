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
