package dev.reprise.tool;

import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code check}: the checksum and the whole structure of one file, for any game (no game is played;
 * {@code verify} plays the replay too, in whichever game is installed).
 */
@Command(name = "check", description = "Checks the checksum and the whole structure of a file of any game; "
        + "exit code 1 if invalid. (verify also plays it.)")
final class CheckCommand extends ToolCommand {

    @Parameters(index = "0", paramLabel = "FILE", description = "the replay file")
    Path path;

    @Override
    public Integer call() {
        var header = ToolFiles.readWithHeader(path).header();
        out().printf(Locale.ROOT, "OK: %s: format %s, %d steps, %d bytes, checksum and structure valid%n",
                path, header.version(), header.steps(), header.fileBytes());
        out().flush();
        return ReplayTool.OK;
    }
}
