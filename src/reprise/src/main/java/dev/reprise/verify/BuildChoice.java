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

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Which of the installed services of a game plays a replay of one build, whatever the order or the names of
 * their jars: first one whose own builds (those it lists, less those it upgrades) hold the build, the one
 * with the fewest own builds among several; else one that plays any build and does not upgrade it; else
 * one that upgrades the build. Two that tie are both named and neither is chosen: the replay is not judged by
 * rules picked at random. Stateless.
 */
final class BuildChoice {

    private BuildChoice() {
    }

    /**
     * One service's claim.
     *
     * @param target         what is chosen
     * @param gameBuilds     the builds it lists; empty for any build
     * @param upgradedBuilds the builds it plays only by upgrading them
     * @param <T>            what is chosen
     */
    record Claim<T>(T target, Set<String> gameBuilds, Set<String> upgradedBuilds) {

        /** How this claim plays {@code build}: 0 as its own build, 1 as any build, 2 upgraded, 3 not at all. */
        int rank(String build) {
            if (upgradedBuilds.contains(build)) {
                return 2;
            }
            if (gameBuilds.contains(build)) {
                return 0;
            }
            return gameBuilds.isEmpty() ? 1 : 3;
        }

        /** How many builds it plays as its own: fewer is the more specific claim to one of them. */
        int ownBuilds() {
            return (int) gameBuilds.stream().filter(b -> !upgradedBuilds.contains(b)).count();
        }
    }

    /**
     * What was chosen.
     *
     * @param chosen    the service, or null if none plays the build or several tie
     * @param upgrading whether the chosen one plays the build only by upgrading it
     * @param tied      the services that tie for it (two or more), empty otherwise
     * @param <T>       what is chosen
     */
    record Pick<T>(@Nullable T chosen, boolean upgrading, List<T> tied) {
    }

    /** Chooses the service that plays {@code build} among the claims of one game. */
    static <T> Pick<T> choose(List<Claim<T>> claims, String build) {
        int best = 3;
        int fewest = Integer.MAX_VALUE;
        List<Claim<T>> leaders = new ArrayList<>();
        for (Claim<T> claim : claims) {
            int rank = claim.rank(build);
            if (rank == 3) {
                continue;
            }
            int own = rank == 0 ? claim.ownBuilds() : 0;
            if (rank < best || rank == best && own < fewest) {
                best = rank;
                fewest = own;
                leaders.clear();
            }
            if (rank == best && own == fewest) {
                leaders.add(claim);
            }
        }
        if (leaders.size() == 1) {
            return new Pick<>(leaders.get(0).target(), best == 2, List.of());
        }
        return new Pick<>(null, false, leaders.stream().map(Claim::target).toList());
    }
}
