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
import java.time.Duration;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import picocli.CommandLine.Mixin;

/**
 * The options that choose the build a command plays every replay on ({@code compat}, {@code upgrade},
 * {@code shrink}), a picocli mixin: {@code --game} ({@link GameOption}), {@code --builds} and {@code --build}
 * ({@link BuildsOption}).
 */
final class GameOptions {

    @Mixin
    GameOption game = new GameOption();

    @Mixin
    BuildsOption builds = new BuildsOption();

    /**
     * Finds the games these options name.
     *
     * @param command the command, for a usage error and its standard error
     * @return the games; close them when the command is done
     * @throws IllegalArgumentException saying why no game can be played
     */
    InstalledGames open(ToolCommand command) {
        return builds.open(game.game, command);
    }

    /**
     * Finds the games these options name, the game's setup bounded by {@code setupTimeout}.
     *
     * @see #open(ToolCommand)
     */
    InstalledGames open(ToolCommand command, Duration setupTimeout) {
        return builds.open(game.game, command, setupTimeout);
    }

    /**
     * Plays on the build {@code choose} picks, then closes the games; a game that cannot be found or chosen
     * is a usage error of the command.
     *
     * @param command the command
     * @param choose  picks the build
     * @param play    plays on it, returning the exit code
     * @return the exit code
     * @see BuildsOption#play
     */
    int play(ToolCommand command, Function<InstalledGames, InstalledGames.Installed> choose,
             ToIntFunction<InstalledGames.Installed> play) {
        return play(command, ReplayVerifier.RECOMMENDED_TIMEOUT, choose, play);
    }

    /**
     * Plays as {@link #play(ToolCommand, Function, ToIntFunction)} does, the game's setup bounded by
     * {@code setupTimeout} (a command's {@code --timeout}).
     */
    int play(ToolCommand command, Duration setupTimeout, Function<InstalledGames, InstalledGames.Installed> choose,
             ToIntFunction<InstalledGames.Installed> play) {
        return builds.play(game.game, command, setupTimeout, choose, play);
    }

    /** Returns whether the games come from a {@code --builds} folder rather than the class path. */
    boolean folder() {
        return builds.builds != null;
    }
}
