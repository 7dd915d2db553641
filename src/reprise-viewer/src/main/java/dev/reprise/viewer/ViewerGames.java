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
import dev.reprise.verify.GameBuilds;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The games a viewer plays, and which one plays a file:
 * <ul>
 *   <li>{@link #of fixed games} (the class path's, or instances given to {@link ViewerServer#start}): one per
 *       game id, each playing the builds its {@link ViewerGame#gameBuilds()} lists (any if none); its page
 *       assets are served at {@code /games/<gameId>/<name>};</li>
 *   <li>{@link #folder every game jar of a folder} ({@link GameBuilds}, each jar in its own class loader): a
 *       file plays on the jar whose game id and builds match its header, leased for as long as a session has
 *       the file open; its assets are served from that jar at {@code /games/<gameId>/@<build>/<name>} (the
 *       file's build, URL-encoded), so two builds of one game never serve each other's.</li>
 * </ul>
 * A file of a build no installed game plays is refused naming the builds installed. Thread-safe.
 */
abstract sealed class ViewerGames implements AutoCloseable permits ViewerGames.Fixed, ViewerGames.Folder {

    /** A game id that can name an asset folder and a path segment. */
    static final Pattern GAME_ID = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}");
    private static final String RENDERER = "renderer.js";

    /**
     * Returns fixed games.
     *
     * @throws IllegalArgumentException if none is given, two share a game id, or an id is not a plain name
     */
    static ViewerGames of(List<? extends ViewerGame> games) {
        if (games.isEmpty()) {
            throw new IllegalArgumentException("a viewer needs at least one game: put a game jar that lists a "
                    + ViewerGame.class.getName() + " in META-INF/services on the class path");
        }
        Map<String, ViewerGame> byId = new LinkedHashMap<>();
        for (ViewerGame game : games) {
            String id = game.gameId();
            if (!GAME_ID.matcher(id).matches()) {
                throw new IllegalArgumentException("game id \"" + id + "\" of " + game.getClass().getName()
                        + " is not a plain name: letters, digits and . _ - only");
            }
            if (byId.putIfAbsent(id, game) != null) {
                throw new IllegalArgumentException("two games have the id \"" + id + "\": "
                        + byId.get(id).getClass().getName() + " and " + game.getClass().getName());
            }
        }
        return new Fixed(byId);
    }

    /**
     * Returns the games of a folder's jars, which it then owns: {@link #close()} retires them.
     *
     * @param builds the loaded folder
     */
    static ViewerGames folder(GameBuilds<ViewerGame> builds) {
        return new Folder(builds);
    }

    /** Loads the game jars of a folder: {@link ViewerGame}s keyed by their game id and builds. */
    static GameBuilds<ViewerGame> load(Path folder) {
        return GameBuilds.builder(folder, ViewerGame.class, ViewerGame::gameId, ViewerGame::gameBuilds).build();
    }

    /**
     * Finds the game that plays a file, leased until the returned value is closed.
     *
     * @throws IllegalArgumentException naming the games (or the game's builds) installed if none plays it
     */
    abstract Played play(ReplayFile file);

    /**
     * Finds the first game that offers a live game, leased until the returned value is closed.
     *
     * @return the game, or empty if none does
     */
    abstract Optional<Played> live();

    /**
     * Reads a game's page asset from the game's own jar.
     *
     * @param gameId a plain game id
     * @param build  the build of the asset's address ({@code @<build>} decoded), or {@code null} for an address
     *               without one
     * @param name   a plain asset name
     * @return the bytes, or empty if no such game, build or asset is served
     */
    abstract Optional<byte[]> asset(String gameId, @Nullable String build, String name);

    /** @return what is installed, for the line the command line prints */
    abstract String describe();

    /** @return the jars of a builds folder that are not in use, and why; empty for given games */
    abstract List<GameBuilds.Problem> skipped();

    /** Retires what these games own (a folder's jars); the games given to {@link #of} are left alone. */
    @Override
    public abstract void close();

    /**
     * One game as a session plays it: the game, where its assets are served, and the lease that keeps its jar
     * loaded. Closing twice does nothing.
     */
    static final class Played implements AutoCloseable {

        private final ViewerGame game;
        private final String assets;
        private final GameBuilds.@Nullable Lease<ViewerGame> lease;
        private final @Nullable String renderer;

        /**
         * @param lease the lease of a folder's jar (whose resources are then looked up in the jar only), or
         *              {@code null} for a given game
         */
        private Played(ViewerGame game, String assets, GameBuilds.@Nullable Lease<ViewerGame> lease) {
            this.game = game;
            this.assets = assets;
            this.lease = lease;
            this.renderer = resource(game, RENDERER, lease != null) == null ? null : assets + RENDERER;
        }

        ViewerGame game() {
            return game;
        }

        /** @return the address of the game's assets, ending in {@code /} */
        String assets() {
            return assets;
        }

        /** @return the address of the game's renderer script, or {@code null} if its jar has none */
        @Nullable
        String renderer() {
            return renderer;
        }

        @Override
        public void close() {
            if (lease != null) {
                lease.close();
            }
        }
    }

    /**
     * Finds a game's resource under {@link ViewerGame#RESOURCES}: in the game's own jar only if
     * {@code ownOnly} (a folder's jar, whose parent loader may hold another build's), else wherever the
     * game's class loader finds it.
     */
    private static @Nullable URL resource(ViewerGame game, String name, boolean ownOnly) {
        String path = ViewerGame.RESOURCES + game.gameId() + "/" + name;
        ClassLoader loader = game.getClass().getClassLoader();
        if (loader == null) {
            loader = ClassLoader.getSystemClassLoader();
        }
        return ownOnly && loader instanceof URLClassLoader jar ? jar.findResource(path) : loader.getResource(path);
    }

    private static Optional<byte[]> read(@Nullable URL url) {
        if (url == null) {
            return Optional.empty();
        }
        try {
            URLConnection connection = url.openConnection();
            connection.setUseCaches(false); // a cached jar file would stay open after its build is unloaded
            try (InputStream in = connection.getInputStream()) {
                return Optional.of(in.readAllBytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The games given to the server: one per game id. */
    static final class Fixed extends ViewerGames {

        private final Map<String, ViewerGame> byId;

        private Fixed(Map<String, ViewerGame> byId) {
            this.byId = Map.copyOf(byId);
        }

        @Override
        Played play(ReplayFile file) {
            ViewerGame game = byId.get(file.gameId());
            if (game == null) {
                throw new IllegalArgumentException("a replay of \"" + file.gameId() + "\", the viewer knows "
                        + byId.keySet().stream().sorted().toList());
            }
            Set<String> builds = game.gameBuilds();
            if (!builds.isEmpty() && !builds.contains(file.gameBuild())) {
                throw unknownBuild(file, "build " + String.join(", ", builds.stream().sorted().toList()));
            }
            return played(game);
        }

        private static Played played(ViewerGame game) {
            return new Played(game, "/games/" + game.gameId() + "/", null);
        }

        @Override
        Optional<Played> live() {
            return byId.values().stream().filter(game -> game.live().isPresent()).findFirst().map(Fixed::played);
        }

        @Override
        Optional<byte[]> asset(String gameId, @Nullable String build, String name) {
            ViewerGame game = byId.get(gameId);
            return game == null || build != null ? Optional.empty() : read(resource(game, name, false));
        }

        @Override
        String describe() {
            return String.join(", ", byId.keySet());
        }

        @Override
        List<GameBuilds.Problem> skipped() {
            return List.of();
        }

        @Override
        public void close() {
            // The caller's games: it closes them.
        }
    }

    /** The games of a folder's jars, each file leased to the jar of its build. */
    static final class Folder extends ViewerGames {

        private final GameBuilds<ViewerGame> builds;

        private Folder(GameBuilds<ViewerGame> builds) {
            this.builds = builds;
        }

        @Override
        Played play(ReplayFile file) {
            GameBuilds.Lease<ViewerGame> lease = builds.lease(file.gameId(), file.gameBuild()).orElse(null);
            if (lease == null) {
                List<GameBuilds.InstalledBuild> ofGame = builds.installed().stream()
                        .filter(b -> b.gameId().equals(file.gameId())).toList();
                if (ofGame.isEmpty()) {
                    throw new IllegalArgumentException("a replay of \"" + file.gameId() + "\", the viewer knows "
                            + builds.installed().stream().map(GameBuilds.InstalledBuild::gameId).distinct().sorted()
                                    .toList() + " (the game jars of " + builds.folder() + ")");
                }
                throw unknownBuild(file, ofGame.stream().map(GameBuilds.InstalledBuild::describe)
                        .collect(Collectors.joining(", ")) + " in " + builds.folder());
            }
            return played(lease, file.gameBuild());
        }

        private static Played played(GameBuilds.Lease<ViewerGame> lease, String build) {
            try {
                ViewerGame game = lease.service();
                if (!GAME_ID.matcher(game.gameId()).matches()) {
                    throw new IllegalArgumentException("game id \"" + game.gameId() + "\" of "
                            + lease.build().jar().getFileName() + " is not a plain name: letters, digits and . _ - only");
                }
                String segment = "@" + URLEncoder.encode(build, StandardCharsets.UTF_8).replace("+", "%20");
                return new Played(game, "/games/" + game.gameId() + "/" + segment + "/", lease);
            } catch (RuntimeException | Error e) {
                lease.close();
                throw e;
            }
        }

        @Override
        Optional<Played> live() {
            for (GameBuilds.InstalledBuild installed : builds.installed()) {
                String build = installed.gameBuilds().stream().sorted().findFirst().orElse("");
                GameBuilds.Lease<ViewerGame> lease = builds.lease(installed.gameId(), build).orElse(null);
                if (lease == null) {
                    continue; // removed meanwhile
                }
                if (lease.service().live().isPresent()) {
                    return Optional.of(played(lease, build));
                }
                lease.close();
            }
            return Optional.empty();
        }

        @Override
        Optional<byte[]> asset(String gameId, @Nullable String build, String name) {
            if (build == null) {
                return Optional.empty();
            }
            try (GameBuilds.Lease<ViewerGame> lease = builds.lease(gameId, build).orElse(null)) {
                return lease == null ? Optional.empty() : read(resource(lease.service(), name, true));
            }
        }

        @Override
        String describe() {
            List<String> each = new ArrayList<>();
            for (GameBuilds.InstalledBuild installed : builds.installed()) {
                each.add(installed.gameId() + " " + installed.describe());
            }
            return each.isEmpty() ? "none yet" : String.join(", ", each);
        }

        @Override
        List<GameBuilds.Problem> skipped() {
            return builds.skipped();
        }

        @Override
        public void close() {
            builds.close();
        }
    }

    /** A file of a build that no installed game plays: the operator's answer is to install it. */
    private static IllegalArgumentException unknownBuild(ReplayFile file, String installed) {
        return new IllegalArgumentException("a replay of build \"" + file.gameBuild() + "\" of \"" + file.gameId()
                + "\", which no installed game plays (install a game jar of that build); installed: " + installed);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + describe() + "]";
    }
}
