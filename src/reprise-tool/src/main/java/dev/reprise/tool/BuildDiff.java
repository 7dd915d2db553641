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
import dev.reprise.verify.Lockstep;
import dev.reprise.verify.LockstepResult;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * One replay played on two builds of a folder side by side ({@link Lockstep}), for {@code diff} and
 * {@code compat --explain}: the left build defaults to the one that recorded the replay, the right to the newest
 * of the folder; each side plays the route upgraded as its build declares. Not thread-safe: one command's.
 */
final class BuildDiff {

    /** Orders builds: numbers by value ({@code 9} before {@code 10}), and before other names, which go by text. */
    static final Comparator<String> BUILD_ORDER = Comparator.<String, Boolean>comparing(b -> !b.matches("\\d{1,18}"))
            .thenComparing(b -> b.matches("\\d{1,18}") ? Long.parseLong(b) : 0L).thenComparing(Function.identity());

    private final GameBuilds<ReplayVerifierProvider> builds;
    private final Lockstep lockstep;

    BuildDiff(GameBuilds<ReplayVerifierProvider> builds, Lockstep lockstep) {
        this.builds = builds;
        this.lockstep = lockstep;
    }

    /**
     * Returns the installed build named {@code build}, if some jar of the folder plays it (of any game).
     *
     * @return whether one does
     */
    boolean installed(String build) {
        return builds.installed().stream().anyMatch(b -> b.gameBuilds().isEmpty() || b.gameBuilds().contains(build));
    }

    /** @return the folder's builds, e.g. {@code test.trade 1 (trade-1.jar), test.trade 2, upgrades 1 (trade-2.jar)} */
    String describe() {
        return GameBuilds.describe(builds.installed());
    }

    /**
     * Plays a replay on two builds side by side.
     *
     * @param file  the replay
     * @param left  the left build, or null for the one that recorded it
     * @param right the right build, or null for the newest build of its game in the folder
     * @return a cold Mono of the result
     * @throws IllegalArgumentException if its game or a build is not installed (the message names those that are)
     */
    Mono<LockstepResult> compare(ReplayFile file, @Nullable String left, @Nullable String right) {
        List<GameBuilds.InstalledBuild> ofGame = builds.installed().stream()
                .filter(b -> b.gameId().equals(file.gameId())).toList();
        if (ofGame.isEmpty()) {
            throw new IllegalArgumentException("recorded by game \"" + file.gameId() + "\", which no game jar of "
                    + builds.folder() + " plays; it holds " + describe());
        }
        String l = left != null ? left : file.gameBuild();
        String r = right != null ? right : ofGame.stream().flatMap(b -> b.gameBuilds().stream()).max(BUILD_ORDER)
                .orElse(l);
        GameBuilds.Lease<ReplayVerifierProvider> leftLease = lease(file, l, ofGame);
        GameBuilds.Lease<ReplayVerifierProvider> rightLease;
        try {
            rightLease = lease(file, r, ofGame);
        } catch (RuntimeException e) {
            leftLease.close();
            throw e;
        }
        return Mono.defer(() -> lockstep.compare(side(file, l, leftLease), side(file, r, rightLease)))
                .doFinally(signal -> {
                    leftLease.close();
                    rightLease.close();
                });
    }

    private GameBuilds.Lease<ReplayVerifierProvider> lease(ReplayFile file, String build,
                                                           List<GameBuilds.InstalledBuild> ofGame) {
        Optional<GameBuilds.Lease<ReplayVerifierProvider>> lease = builds.lease(file.gameId(), build);
        return lease.orElseThrow(() -> new IllegalArgumentException("build \"" + build + "\" of game \""
                + file.gameId() + "\" is not installed in " + builds.folder() + ", which holds "
                + GameBuilds.describe(ofGame)));
    }

    /** A build's side: the route upgraded as the build declares, when it does. */
    private static Lockstep.Side side(ReplayFile file, String build, GameBuilds.Lease<ReplayVerifierProvider> lease) {
        ReplayVerifier verifier = Objects.requireNonNull(lease.service().verifier(), "verifier").build();
        return Lockstep.Side.of("build " + build, verifier.upgrade(file), verifier.games());
    }
}
