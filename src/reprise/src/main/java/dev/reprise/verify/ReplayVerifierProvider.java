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

import dev.reprise.io.ReplayUpgrade;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Makes the {@link ReplayVerifier} of one game, for programs that verify any game: the Kafka worker's
 * {@code dev.reprise.kafka.WorkerMain} and the replay tool's {@code verify} command find it with
 * {@link ServiceLoader}. A game jar lists its implementation in
 * {@code META-INF/services/dev.reprise.verify.ReplayVerifierProvider} (or {@code provides} in its module
 * descriptor); the implementation needs a public no-argument constructor. Implementations must be
 * thread-safe. Several builds of a game can be installed at once, each jar in its own class loader
 * ({@link GameBuilds}, {@code replay-tool verify --builds=DIR}).
 */
public interface ReplayVerifierProvider {

    /**
     * Returns the id of the game this provider verifies, as written in its replay files.
     *
     * @return a non-blank game id
     */
    String gameId();

    /**
     * Returns the builds of the game whose replays this provider plays: the build its jar <em>is</em>, whose
     * replays it plays as recorded, and may list the older builds it {@linkplain #upgradedBuilds() upgrades}
     * too. A build listed here that is also in {@link #upgradedBuilds()} counts as upgraded, not as this
     * jar's own: a process serving several builds ({@link GameBuilds}) sends a replay to the jar whose own
     * build it is, and to a jar that upgrades it only when no such jar is installed.
     *
     * @return the builds, as replay files carry them; empty (the default) for any build
     */
    default Set<String> gameBuilds() {
        return Set.of();
    }

    /**
     * Returns the older builds whose replays this provider plays only by upgrading them first: the builds its
     * verifier's {@linkplain ReplayVerifier.Builder#upgrade declared upgrades} start from, so a jar that
     * declares its upgrades says this already. {@link GameBuilds} sends a replay of such a build here only when
     * no installed jar plays that build as recorded, and its verdict then says it was
     * {@linkplain Verdict#upgraded() upgraded}.
     *
     * @return the builds; by default those the upgrades of {@link #verifier()} start from, empty if none
     */
    default Set<String> upgradedBuilds() {
        return verifier().build().upgrades().stream().map(ReplayUpgrade::fromBuild)
                .collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Returns a verifier builder preset for this game (its game id, dictionary, how a file's game is
     * rebuilt, the final hash key); the caller sets the parallelism, timeout and reader, then builds it.
     *
     * @return a new builder
     */
    ReplayVerifier.Builder verifier();

    /**
     * Finds the provider of a game among those the class loader of this interface can see.
     *
     * @param game the game id to find, or {@code null} when exactly one provider is installed
     * @return the provider
     * @throws IllegalArgumentException if none is installed, the game is not found (the message lists the
     *     installed games), or {@code game} is {@code null} and several are installed
     */
    static ReplayVerifierProvider find(@Nullable String game) {
        List<ReplayVerifierProvider> installed = new ArrayList<>();
        ServiceLoader.load(ReplayVerifierProvider.class, ReplayVerifierProvider.class.getClassLoader())
                .forEach(installed::add);
        if (installed.isEmpty()) {
            throw new IllegalArgumentException("no game is installed: put a game jar that lists a "
                    + ReplayVerifierProvider.class.getName() + " in META-INF/services on the class path");
        }
        String games = installed.stream().map(ReplayVerifierProvider::gameId).sorted()
                .collect(Collectors.joining(", "));
        if (game == null) {
            if (installed.size() > 1) {
                throw new IllegalArgumentException("several games are installed (" + games + "): choose one");
            }
            return installed.get(0);
        }
        for (ReplayVerifierProvider provider : installed) {
            if (provider.gameId().equals(game)) {
                return provider;
            }
        }
        throw new IllegalArgumentException("game '" + game + "' is not installed; installed: " + games);
    }
}
