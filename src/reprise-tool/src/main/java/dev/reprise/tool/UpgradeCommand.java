package dev.reprise.tool;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayMismatchException;
import dev.reprise.io.ReplayUpgrade;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code upgrade}: rewrites a replay of an older build as the installed build plays it, by the upgrades
 * the game declares ({@code ReplayVerifier.Builder.upgrade}): renamed and renumbered commands, params added
 * with their default or removed, commands removed. The upgraded file names the installed build in its
 * header and keeps the build that recorded it in the metadata {@value ReplayUpgrade#ORIGIN_BUILD_KEY}.
 * Exit {@link ReplayTool#FAILED}, nothing written, if no declared upgrade starts from the file's build or
 * one cannot be applied.
 */
@Command(name = "upgrade", description = {
    "Rewrites a replay of an older build for the installed build (a ReplayVerifierProvider on the class path, or the "
        + "game jar of --builds: its only build of the game, or the one --build names), applying the upgrades the "
        + "game declares; the origin build is kept in the metadata " + ReplayUpgrade.ORIGIN_BUILD_KEY + ". Written "
        + "atomically.",
    "Exit code 1, nothing written, if the game declares no upgrade from the file's build or one cannot be applied."})
final class UpgradeCommand extends ToolCommand {

    @Parameters(index = "0", paramLabel = "IN", description = "the replay file to upgrade")
    Path input;

    @Parameters(index = "1", paramLabel = "OUT", description = "the upgraded replay file to write (may be IN)")
    Path output;

    @Mixin
    GameOptions games = new GameOptions();

    @Override
    public Integer call() {
        ReplayFile file = ToolFiles.read(input);
        ToolFiles.requireWritable(output);
        return games.play(this, InstalledGames::single, on -> upgrade(file, on));
    }

    private int upgrade(ReplayFile file, InstalledGames.Installed on) {
        ReplayFile upgraded;
        try {
            upgraded = on.provider().verifier().build().upgrade(file);
        } catch (ReplayMismatchException e) {
            throw new ToolFailure(input + ": cannot be upgraded: " + String.join("; ", e.mismatches().stream()
                    .map(m -> m.message()).toList()));
        } catch (IllegalArgumentException e) {
            throw new ToolFailure(input + ": " + e.getMessage());
        }
        if (upgraded == file) {
            throw new ToolFailure(input + ": " + on.name() + " declares no upgrade from build \""
                    + file.gameBuild() + "\": nothing written");
        }
        try {
            upgraded.write(output);
        } catch (IOException e) {
            throw ToolFiles.cannotWrite(output, e);
        }
        out().println(ToolText.escape(input + " (build " + file.gameBuild() + ") -> " + output + " (build "
                + upgraded.gameBuild() + ", recorded by build "
                + upgraded.metadata().get(ReplayUpgrade.ORIGIN_BUILD_KEY) + ")"));
        out().flush();
        return ReplayTool.OK;
    }
}
