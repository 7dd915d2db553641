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
