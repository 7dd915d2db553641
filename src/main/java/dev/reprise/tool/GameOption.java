package dev.reprise.tool;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The {@code --game=GAME_ID} option of the commands that play a game ({@code verify}, {@code compat},
 * {@code shrink}, {@code upgrade}), a picocli mixin; {@link InstalledGames} says what it chooses.
 */
final class GameOption {

    @Option(names = "--game", paramLabel = "GAME_ID", description = "the game to play, when several are installed "
            + "(a game jar lists its dev.reprise.verify.ReplayVerifierProvider in META-INF/services)")
    @Nullable String game;
}
