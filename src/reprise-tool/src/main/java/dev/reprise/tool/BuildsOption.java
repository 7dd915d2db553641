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

import dev.reprise.verify.ReplayVerifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The {@code --builds=DIR} and {@code --build=BUILD} options of the commands that play every replay on one
 * build ({@code compat}, {@code upgrade}, {@code shrink}, {@code cut}), a picocli mixin: the game jars of a
 * folder instead of the class path's games, and which of them to play on when the folder holds several
 * builds of the game. {@link InstalledGames} says what they choose; {@link GameOptions} adds {@code --game}.
 */
final class BuildsOption {

    @Option(names = "--builds", paramLabel = "DIR", description = "play on a game jar of DIR, each jar in its own "
            + "class loader, instead of the class path's game")
    @Nullable Path builds;

    @Option(names = "--build", paramLabel = "BUILD", description = "with --builds: the build to play on (the jar "
            + "of DIR that plays it), when DIR holds several builds of the game")
    @Nullable String build;

    /**
     * Finds the games these options and {@code --game} name.
     *
     * @param game    the {@code --game} option, or null
     * @param command the command, for a usage error and for its standard error, where jars of the folder that
     *                cannot be loaded are named
     * @return the games; close them when the command is done
     * @throws IllegalArgumentException saying why no game can be played (see {@link #usage})
     * @throws picocli.CommandLine.ParameterException if {@code --build} comes without {@code --builds}
     */
    InstalledGames open(@Nullable String game, ToolCommand command) {
        return open(game, command, ReplayVerifier.RECOMMENDED_TIMEOUT);
    }

    /**
     * Finds the games these options and {@code --game} name, the game's setup bounded by {@code setupTimeout}.
     *
     * @see #open(String, ToolCommand)
     */
    InstalledGames open(@Nullable String game, ToolCommand command, Duration setupTimeout) {
        if (build != null && builds == null) {
            throw command.usage("--build chooses among the game jars of --builds=DIR, and there is no --builds");
        }
        return InstalledGames.open(game, builds, build, command.err(), setupTimeout);
    }

    /**
     * Returns a usage error of {@code command} saying why no game can be played or chosen; on the class path
     * it names {@code --game}, which chooses one (the folder's messages name their options).
     *
     * @param command the command
     * @param why     what {@link InstalledGames} said
     * @return the error, to throw
     */
    CommandLine.ParameterException usage(ToolCommand command, IllegalArgumentException why) {
        return command.usage(why.getMessage() + (builds == null ? " (--game)" : ""));
    }

    /**
     * Plays on the build {@code choose} picks among the games these options and {@code --game} name, then
     * closes the games; a game that cannot be found or chosen is a usage error of the command.
     *
     * @param game    the {@code --game} option, or null
     * @param command the command
     * @param setupTimeout the most the game may take to load and make its verifier
     * @param choose  picks the build: {@link InstalledGames#single()}, or {@link InstalledGames#playing} a file
     * @param play    plays on it, returning the exit code
     * @return the exit code
     */
    int play(@Nullable String game, ToolCommand command, Duration setupTimeout,
             Function<InstalledGames, InstalledGames.Installed> choose, ToIntFunction<InstalledGames.Installed> play) {
        InstalledGames games;
        try {
            games = open(game, command, setupTimeout);
        } catch (IllegalArgumentException e) {
            throw usage(command, e);
        }
        try (games) {
            InstalledGames.Installed on;
            try {
                on = choose.apply(games);
            } catch (IllegalArgumentException e) {
                throw usage(command, e);
            }
            return play.applyAsInt(on);
        }
    }
}
