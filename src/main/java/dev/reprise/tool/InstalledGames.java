package dev.reprise.tool;

import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The games a command plays: the {@link ReplayVerifierProvider}s on the class path ({@code --game} chooses
 * one when several are), or every game jar of a {@code --builds} folder, each in its own class loader
 * ({@link GameBuilds}). Jars of the folder that cannot be loaded are named on standard error. Close it when
 * the command is done: that retires the folder's jars.
 */
final class InstalledGames implements AutoCloseable {

    private final @Nullable ReplayVerifierProvider provider;
    private final @Nullable GameBuilds<ReplayVerifierProvider> builds;
    private final @Nullable String game;
    /** The build {@link #single()} plays on, leased until {@link #close()}. */
    private GameBuilds.@Nullable Lease<ReplayVerifierProvider> held;

    private InstalledGames(@Nullable ReplayVerifierProvider provider, @Nullable GameBuilds<ReplayVerifierProvider> builds,
                      @Nullable String game) {
        this.provider = provider;
        this.builds = builds;
        this.game = game;
    }

    /**
     * Finds the games.
     *
     * @param game   the {@code --game} option, or null
     * @param folder the {@code --builds} option, or null for the class path
     * @param err    where jars that cannot be loaded are named
     * @return the games; at least one is installed
     * @throws IllegalArgumentException saying why no game can be played: none installed, the game not found
     *     (naming the installed ones), several and no {@code --game}, a folder that is missing
     */
    static InstalledGames open(@Nullable String game, @Nullable Path folder, PrintWriter err) {
        if (folder == null) {
            return new InstalledGames(ReplayVerifierProvider.find(game), null, game);
        }
        GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build();
        for (GameBuilds.Problem problem : builds.skipped()) {
            err.println("replay-tool: " + ToolText.escape(problem.path() + ": skipped, " + problem.reason()));
        }
        err.flush();
        if (builds.installed().stream().noneMatch(b -> game == null || b.gameId().equals(game))) {
            String installed = games(builds.installed());
            builds.close();
            throw new IllegalArgumentException(game == null ? "no game jar is installed in " + folder
                    : "game '" + game + "' is not installed in " + folder + "; installed: " + installed);
        }
        return new InstalledGames(null, builds, game);
    }

    /**
     * Returns a verifier of every game and build installed, each replay checked against the builds its game
     * plays ({@link ReplayVerifierProvider#gameBuilds()}): a replay of another build is {@code UNKNOWN_BUILD}.
     *
     * @param options the run's options (parallelism, timeout, reader)
     * @return the verifier
     */
    ReplayVerifier verifier(UnaryOperator<ReplayVerifier.Builder> options) {
        ReplayVerifierProvider single = provider;
        if (single != null) {
            return options.apply(single.verifier().gameBuilds(single.gameBuilds())).build();
        }
        return ReplayVerifier.forBuilds(Objects.requireNonNull(builds, "a folder when no provider"), options);
    }

    /**
     * Returns the one installed build of the game, to play every replay on, whatever build recorded it.
     *
     * @return the provider and what it is
     * @throws IllegalArgumentException if the folder holds several builds of the game, or several games and
     *     no {@code --game} (the message names them)
     */
    Installed single() {
        ReplayVerifierProvider single = provider;
        if (single != null) {
            String builds = single.gameBuilds().isEmpty() ? "any build"
                    : "build " + String.join(", ", single.gameBuilds().stream().sorted().toList());
            return new Installed(single, single.gameId() + " " + builds);
        }
        GameBuilds<ReplayVerifierProvider> folder = Objects.requireNonNull(builds, "a folder when no provider");
        List<GameBuilds.InstalledBuild> candidates = folder.installed().stream()
                .filter(b -> game == null || b.gameId().equals(game)).toList();
        if (candidates.size() != 1) {
            throw new IllegalArgumentException("choose one build to play on: " + folder.folder() + " holds "
                    + candidates.stream().map(b -> b.gameId() + " " + b.describe()).collect(Collectors.joining(", "))
                    + (game == null ? " (--game chooses a game)" : ""));
        }
        GameBuilds.InstalledBuild only = candidates.get(0);
        String build = only.gameBuilds().isEmpty() ? "" : only.gameBuilds().stream().sorted().findFirst().orElse("");
        GameBuilds.Lease<ReplayVerifierProvider> lease = folder.lease(only.gameId(), build)
                .orElseThrow(() -> new IllegalArgumentException(only.jar() + " was removed meanwhile"));
        held = lease; // the command plays on it from start to end
        return new Installed(lease.service(), only.gameId() + " " + only.describe());
    }

    @Override
    public void close() {
        GameBuilds.Lease<ReplayVerifierProvider> lease = held;
        if (lease != null) {
            lease.close();
        }
        GameBuilds<ReplayVerifierProvider> folder = builds;
        if (folder != null) {
            folder.close();
        }
    }

    private static String games(List<GameBuilds.InstalledBuild> installed) {
        return installed.isEmpty() ? "none" : installed.stream().map(GameBuilds.InstalledBuild::gameId).distinct()
                .sorted().collect(Collectors.joining(", "));
    }

    /**
     * The build a command plays every replay on.
     *
     * @param provider its provider
     * @param name     the game and build, for the summary: e.g. {@code test.builds 2 (builds-2.jar)}
     */
    record Installed(ReplayVerifierProvider provider, String name) {
    }
}
