package dev.reprise.internal.support;

import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * How the programs that verify any game find the builds they play, the replay tool's and the Kafka
 * worker's alike: the class path's provider, playing only the builds it lists, or every game jar of a
 * folder ({@link GameBuilds}). Not API. Stateless and thread-safe.
 */
public final class InstalledBuilds {

    private InstalledBuilds() {
    }

    /**
     * Returns the verifier of a provider found on the class path, with the run's options: a replay of a build
     * the provider does not list ({@link ReplayVerifierProvider#gameBuilds()}, empty for any) is
     * {@code UNKNOWN_BUILD}.
     *
     * @param provider the provider
     * @param options  the run's options (parallelism, timeout, budgets, reader)
     * @return the verifier
     */
    public static ReplayVerifier verifier(ReplayVerifierProvider provider, UnaryOperator<ReplayVerifier.Builder> options) {
        return options.apply(provider.verifier().gameBuilds(provider.gameBuilds())).build();
    }

    /**
     * Loads a folder of game jars and names each jar that cannot be loaded; refuses a folder that holds no
     * jar of the game wanted, closing what it loaded.
     *
     * @param folder  the folder's builder ({@link GameBuilds#verifiers}, or of another service)
     * @param game    the game that must be installed, or null for any
     * @param skipped told of each jar (or the folder) that could not be loaded, with the reason
     * @param <S>     the service type
     * @return the builds; close them when done
     * @throws IllegalArgumentException if the folder is missing, not a folder or not readable, or holds no jar
     *     of the game (the message names the folder and the games it holds)
     */
    public static <S> GameBuilds<S> open(GameBuilds.Builder<S> folder, @Nullable String game,
                                         Consumer<GameBuilds.Problem> skipped) {
        GameBuilds<S> builds = folder.build();
        builds.skipped().forEach(skipped);
        List<GameBuilds.InstalledBuild> installed = builds.installed();
        if (installed.stream().noneMatch(b -> game == null || b.gameId().equals(game))) {
            builds.close();
            throw new IllegalArgumentException(game == null ? "no game jar is installed in " + builds.folder()
                    : "game '" + game + "' is not installed in " + builds.folder() + "; installed: " + games(installed));
        }
        return builds;
    }

    /**
     * Describes what a folder holds, one entry per game jar, for start-up lines and messages.
     *
     * @param installed what {@link GameBuilds#installed()} lists
     * @return e.g. {@code test.builds 1 (builds-1.jar), test.builds 2 (builds-2.jar)}, or {@code no game jar}
     */
    public static String describe(List<GameBuilds.InstalledBuild> installed) {
        return installed.isEmpty() ? "no game jar" : installed.stream().map(b -> b.gameId() + " " + b.describe())
                .collect(Collectors.joining(", "));
    }

    private static String games(List<GameBuilds.InstalledBuild> installed) {
        return installed.isEmpty() ? "none" : installed.stream().map(GameBuilds.InstalledBuild::gameId).distinct()
                .sorted().collect(Collectors.joining(", "));
    }
}
