package dev.reprise.tool;

import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The {@code --game=GAME_ID} option of the commands that play a game ({@code verify}, {@code compat},
 * {@code shrink}, {@code upgrade}), a picocli mixin; {@link InstalledGames} says what it chooses.
 */
final class GameOption {

    @Option(names = "--game", paramLabel = "GAME_ID", description = "the game to play, by its id, when several "
            + "are installed")
    @Nullable String game;
}
