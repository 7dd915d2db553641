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
package dev.reprise.viewer;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayCompatibility;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * A game the replay viewer can show: the one thing a game implements to plug in. {@link ViewerMain}
 * finds every implementation on the class path with {@link ServiceLoader}: a game jar lists its class
 * in {@code META-INF/services/dev.reprise.viewer.ViewerGame} (or {@code provides} in its module
 * descriptor), and the class has a public no-argument constructor. Code that starts a
 * {@link ViewerServer} itself may pass instances instead.
 *
 * <p>The viewer knows no game: a game gives its id (files are matched to it by the id they carry), the
 * verifier its files are checked with, and for each opened file a {@link GameReplay}: its commands, its
 * state as JSON and how its passive steps are shown. Its drawing is optional: a renderer script in the
 * game's own jar, at {@code META-INF/reprise/viewer/<gameId>/renderer.js} (see {@link #RESOURCES}), draws
 * the state on the page's canvas; a game without one gets its state shown as a table.
 *
 * <p>Several builds of one game can be served at once: {@code ViewerMain --builds=DIR} loads every game jar
 * of a folder, each in its own class loader, and plays each replay on the jar whose {@link #gameId()} and
 * {@link #gameBuilds()} match its header; each jar's assets are then served at
 * {@code /games/<gameId>/@<build>/<name>}.
 *
 * <p>Implementations are shared by all sessions and must be thread-safe; what {@link #open} returns
 * belongs to one session. {@link ViewerMain} closes an implementation on the class path that is also
 * {@link AutoCloseable} when it stops.
 */
public interface ViewerGame {

    /**
     * The classpath folder holding each game's page assets, one subfolder per game id:
     * {@code META-INF/reprise/viewer/<gameId>/renderer.js} (the renderer, optional) and any other file
     * it loads (names of letters, digits, {@code . _ -}; {@code .js}, {@code .css}, {@code .png},
     * {@code .svg}, {@code .json}), served at {@code /games/<gameId>/<name>} from the game's class loader.
     */
    String RESOURCES = "META-INF/reprise/viewer/";

    /**
     * Returns the game's id as written in its replay files: files are matched to a game by it.
     *
     * @return a non-blank id, e.g. {@code com.example.racer}; letters, digits and {@code . _ -} only, as
     *     it is also the name of the game's asset folder
     */
    String gameId();

    /**
     * Returns the builds of the game whose replays this implementation plays: its own build, and the older
     * builds its {@link #compatibility()} upgrades. A viewer serving several builds ({@code --builds=DIR},
     * {@link ViewerOptions#withBuilds}) sends each replay to the game jar that lists its build, so two jars
     * of one game each list their own; a viewer of given games refuses a replay of a build its game does not
     * list, naming the builds it plays.
     *
     * @return the builds, as replay files carry them; empty (the default) for any build
     */
    default Set<String> gameBuilds() {
        return Set.of();
    }

    /**
     * Returns the compatibility every file of this game is checked for before it is played (its game id
     * and command dictionary).
     *
     * @return the check, e.g. {@code ReplayCompatibility.builder(gameId, system.commandDictionary()).build()}
     */
    ReplayCompatibility compatibility();

    /**
     * Opens one session's game on a verified file: a fresh game, a system with the game's commands and
     * the file's route.
     *
     * @param file a file {@link #compatibility()} accepted
     * @return the session's game
     * @throws IllegalArgumentException with a reason a person can read if the file lacks what the game
     *     needs (e.g. metadata); the page shows it
     */
    GameReplay open(ReplayFile file);

    /**
     * Returns the game being played live, for spectators.
     *
     * @return the live game, or empty (the default) if this game offers none
     */
    default Optional<LiveGame> live() {
        return Optional.empty();
    }

    /**
     * Finds every game installed on the class path: the {@link ServiceLoader} entries that the class
     * loader of this interface can see, in the order it finds them.
     *
     * @return the games, possibly empty
     * @throws java.util.ServiceConfigurationError if an entry names a class that cannot be made
     */
    static List<ViewerGame> installed() {
        List<ViewerGame> games = new ArrayList<>();
        ServiceLoader.load(ViewerGame.class, ViewerGame.class.getClassLoader()).forEach(games::add);
        return games;
    }
}
