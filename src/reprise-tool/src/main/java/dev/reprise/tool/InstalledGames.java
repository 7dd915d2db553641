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

import dev.reprise.io.ReplayFile;
import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.GameCode;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;

/**
 * The games a command plays: the {@link ReplayVerifierProvider}s on the class path ({@code --game} chooses
 * one when several are), or every game jar of a {@code --builds} folder, each in its own class loader
 * ({@link GameBuilds}). Every command that plays a game finds it here:
 * <ul>
 *   <li>{@code verify}: {@link #verifier}, each replay played on the build its file names;</li>
 *   <li>{@code compat}, {@code upgrade}: {@link #single()}, the one build every replay is played on
 *       ({@code --build} chooses one of the folder's);</li>
 *   <li>{@code shrink}, {@code cut}: {@link #playing(ReplayFile)}, the build that plays one file: the
 *       {@code --build} of the folder, else the jar of the file's game and build; on the class path the
 *       {@code --game}, else the file's own game.</li>
 * </ul>
 * The class path is looked at when a game is asked for, so a command that can do without one ({@code cut})
 * runs where none is installed. Jars of the folder that cannot be loaded are named on standard error when it
 * is opened. The game's code runs bounded by the setup timeout ({@link GameCode}): a folder's jar that does
 * not load in time is skipped and named; a class path's provider or a verifier that does not come, or that
 * throws (a {@link java.util.ServiceConfigurationError}, a {@link NoClassDefFoundError}, a
 * {@link StackOverflowError}), fails the command as a setup failure, in one line. Close it when the command is done: that ends the leases of the builds played on and retires the
 * folder's jars. Not thread-safe: one command's.
 */
final class InstalledGames implements AutoCloseable {

    private final @Nullable String game;
    private final @Nullable String build;
    private final @Nullable GameBuilds<ReplayVerifierProvider> builds;
    private final Duration setupTimeout;
    /** The builds played on, leased until {@link #close()}. */
    private final List<GameBuilds.Lease<ReplayVerifierProvider>> held = new ArrayList<>();

    private InstalledGames(@Nullable String game, @Nullable String build,
                           @Nullable GameBuilds<ReplayVerifierProvider> builds, Duration setupTimeout) {
        this.game = game;
        this.build = build;
        this.builds = builds;
        this.setupTimeout = setupTimeout;
    }

    /**
     * Finds the games.
     *
     * @param game   the {@code --game} option, or null
     * @param folder the {@code --builds} option, or null for the class path
     * @param build  the {@code --build} option, or null
     * @param err    where jars that cannot be loaded are named
     * @param setupTimeout the most a jar may take to load, or the game's code to find its provider or make
     *               its verifier
     * @return the games; a folder holds at least one jar of the game
     * @throws IllegalArgumentException saying why no game can be played: a folder that is missing or holds no
     *     jar of the game (naming the games it holds), or a build chosen without a folder
     */
    static InstalledGames open(@Nullable String game, @Nullable Path folder, @Nullable String build,
                               PrintWriter err, Duration setupTimeout) {
        if (folder == null) {
            if (build != null) {
                throw new IllegalArgumentException("a build is chosen among the game jars of a folder, and there "
                        + "is no folder");
            }
            return new InstalledGames(game, null, null, setupTimeout);
        }
        GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).loadTimeout(setupTimeout).build();
        builds.skipped().forEach(problem -> {
            err.println("replay-tool: " + ToolText.escape(problem.path() + ": skipped, " + problem.reason()));
            err.flush();
        });
        return new InstalledGames(game, build, builds.requireGame(game), setupTimeout);
    }

    /**
     * Returns a verifier of every game and build installed, each replay checked against the builds its game
     * plays ({@link ReplayVerifierProvider#gameBuilds()}): a replay of another build is {@code UNKNOWN_BUILD}.
     *
     * @param options the run's options (parallelism, timeout, reader)
     * @return the verifier
     * @throws IllegalArgumentException if the class path has no game, not the one {@code --game} names, or
     *     several and no {@code --game}
     * @throws GameCode.Failure if the game's provider or one installed build's verifier cannot be made
     */
    ReplayVerifier verifier(UnaryOperator<ReplayVerifier.Builder> options) {
        GameBuilds<ReplayVerifierProvider> folder = builds;
        if (folder == null) {
            ReplayVerifierProvider provider = classPath(game, setupTimeout).provider();
            return GameCode.call(provider.gameId() + "'s verifier()", setupTimeout,
                    () -> options.apply(provider.verifier().gameBuilds(provider.gameBuilds())).build());
        }
        // Each jar's verifier is made when its first replay comes; one that cannot be made fails now instead.
        for (GameBuilds.InstalledBuild installed : folder.installed()) {
            String played = installed.ownBuilds().stream().sorted().findFirst().orElse("");
            folder.lease(installed.gameId(), played).ifPresent(lease -> {
                try (lease) {
                    GameCode.call(installed.gameId() + " " + installed.describe() + ": its verifier()", setupTimeout,
                            () -> options.apply(lease.service().verifier()).build());
                }
            });
        }
        return ReplayVerifier.forBuilds(folder, options);
    }

    /**
     * Returns the one installed build of the game, to play every replay on, whatever build recorded it: the
     * class path's game, or the folder's only jar of the game, or the jar that plays {@code --build} (the one
     * a replay of that build would be played on by {@link #verifier}: the jar whose own build it is, else one
     * that plays any build, else one that upgrades it). Its name names the one build played and its jar.
     *
     * @return the provider and what it is
     * @throws IllegalArgumentException if no build or several fit (the message names the folder's builds), or
     *     the class path has no game, not the one {@code --game} names, or several and no {@code --game}
     */
    Installed single() {
        GameBuilds<ReplayVerifierProvider> folder = builds;
        if (folder == null) {
            return classPath(game, setupTimeout);
        }
        List<GameBuilds.InstalledBuild> ofGame = folder.installed().stream()
                .filter(b -> game == null || b.gameId().equals(game)).toList();
        String chosen = build;
        List<GameBuilds.InstalledBuild> candidates = chosen == null ? ofGame : playing(ofGame, chosen);
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no game jar in " + folder.folder() + " plays build \"" + chosen
                    + "\"" + (game == null ? "" : " of " + game) + "; it holds " + GameBuilds.describe(ofGame));
        }
        boolean severalGames = candidates.stream().map(GameBuilds.InstalledBuild::gameId).distinct().count() > 1;
        if (severalGames || chosen == null && candidates.size() > 1) {
            throw new IllegalArgumentException("choose one build to play on: " + folder.folder() + " holds "
                    + GameBuilds.describe(candidates) + (severalGames
                    ? " (--game chooses a game, --build=BUILD a build)" : " (--build=BUILD chooses one)"));
        }
        GameBuilds.InstalledBuild first = candidates.get(0);
        String played = chosen != null ? chosen : first.ownBuilds().stream().sorted().findFirst()
                .orElse(first.gameBuilds().stream().sorted().findFirst().orElse("")); // "" leases an any-build jar
        return lease(folder, first.gameId(), played).orElseThrow(() -> new IllegalArgumentException(
                "no one game jar in " + folder.folder() + " plays build \"" + played + "\"; it holds "
                        + GameBuilds.describe(ofGame)));
    }

    /**
     * Returns the installed build that plays one replay file: on the class path the game {@code --game}
     * names, else the file's own; in a folder the jar of {@code --build} ({@link #single()}), else the jar
     * that plays the file's game (or {@code --game}) and build, as {@code verify --builds} would play it.
     *
     * @param file the replay file
     * @return the provider and what it is
     * @throws IllegalArgumentException if no installed build plays the file (the message says which are
     *     installed), or {@code --game} or {@code --build} names one that is not
     */
    Installed playing(ReplayFile file) {
        String id = game != null ? game : file.gameId();
        GameBuilds<ReplayVerifierProvider> folder = builds;
        if (folder == null) {
            if (game != null) {
                return classPath(game, setupTimeout);
            }
            try {
                return classPath(id, setupTimeout);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("game \"" + id + "\" is not installed", e);
            }
        }
        if (build != null) {
            return single();
        }
        return lease(folder, id, file.gameBuild()).orElseThrow(() -> new IllegalArgumentException(
                "build \"" + file.gameBuild() + "\" of game \"" + id + "\" is not installed in " + folder.folder()
                        + ", which holds " + GameBuilds.describe(folder.installed())));
    }

    @Override
    public void close() {
        for (GameBuilds.Lease<ReplayVerifierProvider> lease : held) {
            lease.close();
        }
        held.clear();
        GameBuilds<ReplayVerifierProvider> folder = builds;
        if (folder != null) {
            folder.close();
        }
    }

    /** The class path's game {@code id} (or its only one, for null), found bounded by the setup timeout. */
    private static Installed classPath(@Nullable String id, Duration setupTimeout) {
        return GameCode.call("the class path's game providers", setupTimeout, () -> {
            ReplayVerifierProvider provider = ReplayVerifierProvider.find(id);
            String builds = provider.gameBuilds().isEmpty() ? "any build"
                    : "build " + String.join(", ", provider.gameBuilds().stream().sorted().toList());
            return new Installed(provider, provider.gameId() + " " + builds, setupTimeout);
        });
    }

    /**
     * Leases the folder's jar that plays a build, held until {@link #close()}, named by the one build it plays
     * on: {@code gameBuild} as recorded, else the jar's own build.
     */
    private Optional<Installed> lease(GameBuilds<ReplayVerifierProvider> folder, String id,
                                                String gameBuild) {
        return folder.lease(id, gameBuild).map(lease -> {
            held.add(lease); // the command plays on it from start to end
            GameBuilds.InstalledBuild jar = lease.build();
            String own = jar.gameBuilds().isEmpty() ? "any build"
                    : String.join(", ", jar.ownBuilds().stream().sorted().toList());
            String played = lease.upgrading() || gameBuild.isEmpty() || jar.gameBuilds().isEmpty() ? own : gameBuild;
            return new Installed(lease.service(), id + " " + played + " (" + jar.jar().getFileName() + ")",
                    setupTimeout);
        });
    }

    /** The jars that play {@code build}: those that list or upgrade it, else those that play any build. */
    private static List<GameBuilds.InstalledBuild> playing(List<GameBuilds.InstalledBuild> jars, String build) {
        List<GameBuilds.InstalledBuild> listing = jars.stream().filter(b -> b.gameBuilds().contains(build)
                || b.upgradedBuilds().contains(build)).toList();
        return listing.isEmpty() ? jars.stream().filter(b -> b.gameBuilds().isEmpty()).toList() : listing;
    }

    /**
     * The build a command plays on.
     *
     * @param provider its provider
     * @param name     the game and build, for messages and summaries: e.g. {@code test.builds 2 (builds-2.jar)}
     * @param setupTimeout the most the game may take to make its verifier
     */
    record Installed(ReplayVerifierProvider provider, String name, Duration setupTimeout) {

        Installed {
            Objects.requireNonNull(provider, "provider");
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(setupTimeout, "setupTimeout");
        }

        /**
         * Returns the verifier builder of this build, made bounded by the setup timeout.
         *
         * @return the game's preset builder
         * @throws GameCode.Failure if the game's {@code verifier()} throws or does not return in time
         */
        ReplayVerifier.Builder builder() {
            return GameCode.call(name + ": its verifier()", setupTimeout, provider::verifier);
        }

        /**
         * Returns the verifier of this build for one replay at a time, bounded by the timeout, reading files
         * as the tool does.
         *
         * @param timeout the most one replay may take
         * @return the verifier
         */
        ReplayVerifier verifier(Duration timeout) {
            return builder().parallelism(1).timeout(timeout).reader(ToolFiles.READER).testCases(true).build();
        }
    }
}
