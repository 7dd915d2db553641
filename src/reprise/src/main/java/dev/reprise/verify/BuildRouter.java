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
package dev.reprise.verify;

import dev.reprise.io.ReplayFile;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * How a verifier of {@linkplain ReplayVerifier#forBuilds several builds} finds the verifier of a replay: it
 * leases the provider of the file's game and build from the {@link GameBuilds}, and builds that provider's
 * verifier with the run's options once per jar (kept with the jar, dropped when it is unloaded).
 * Thread-safe.
 *
 * @param <P> the provider type
 */
final class BuildRouter<P extends ReplayVerifierProvider> {

    private final GameBuilds<P> builds;
    private final UnaryOperator<ReplayVerifier.Builder> options;

    BuildRouter(GameBuilds<P> builds, UnaryOperator<ReplayVerifier.Builder> options) {
        this.builds = builds;
        this.options = options;
    }

    /**
     * A replay's verifier, and the lease that keeps its jar loaded until the replay's verdict.
     *
     * @param verifier  the verifier of the file's build, with the run's options
     * @param lease     to close once the replay is done
     * @param jar       the file name of the leased jar
     * @param upgrading whether the jar plays the file's build only by upgrading it
     */
    record Routed(ReplayVerifier verifier, GameBuilds.Lease<?> lease, String jar, boolean upgrading) {
    }

    /**
     * Leases the build that plays {@code file}.
     *
     * @return the routed verifier, or empty if no installed jar plays the file's build of its game, or two jars
     *     tie for it ({@link #tied})
     * @throws RuntimeException if the provider fails to make its verifier (the lease is closed then)
     */
    Optional<Routed> route(ReplayFile file) {
        GameBuilds.Lease<P> lease = builds.route(file.gameId(), file.gameBuild()).lease();
        if (lease == null) {
            return Optional.empty();
        }
        try {
            ReplayVerifier verifier = lease.derived(this, provider -> options.apply(provider.verifier()).build());
            return Optional.of(new Routed(verifier, lease, String.valueOf(lease.build().jar().getFileName()),
                    lease.upgrading()));
        } catch (RuntimeException | Error e) {
            lease.close();
            throw e;
        }
    }

    /**
     * Says which jars tie for a build none was leased for, for the reason of its replay.
     *
     * @return e.g. {@code 1 (game-1.jar), 1 (game-1-copy.jar)}, or empty if none tie
     */
    String tied(String gameId, String gameBuild) {
        return builds.route(gameId, gameBuild).tied().stream().map(GameBuilds.InstalledBuild::describe)
                .collect(Collectors.joining(", "));
    }

    /**
     * Says which builds of {@code gameId} are installed, for the reason of a replay none plays.
     *
     * @return e.g. {@code 1 (game-1.jar), 2 (game-2.jar)}, or empty if none is
     */
    String installed(String gameId) {
        return builds.installed().stream().filter(b -> b.gameId().equals(gameId))
                .map(GameBuilds.InstalledBuild::describe).collect(Collectors.joining(", "));
    }

    /** The installed games, for the reason of a replay of a game none plays. */
    String games() {
        List<String> games = builds.installed().stream().map(GameBuilds.InstalledBuild::gameId).distinct()
                .sorted().toList();
        return games.isEmpty() ? "none (" + builds.folder() + " holds no game jar)" : String.join(", ", games);
    }
}
