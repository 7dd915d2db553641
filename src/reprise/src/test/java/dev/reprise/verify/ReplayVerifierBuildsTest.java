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

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayUpgrade;
import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Flux;

/** A verifier of several builds ({@link ReplayVerifier#forBuilds}) and of declared builds ({@code gameBuilds}). */
class ReplayVerifierBuildsTest {

    @TempDir
    Path folder;

    private static List<Verdict> verify(ReplayVerifier verifier, Map<String, ReplayFile> replays) {
        List<Verdict> verdicts = verifier.verify(Flux.fromIterable(replays.entrySet())
                        .map(e -> ReplaySource.of(e.getKey(), e.getValue().toBytes())))
                .collectList().block(Duration.ofSeconds(30));
        assertThat(verdicts).isNotNull();
        return verdicts.stream().sorted(Comparator.comparing(Verdict::id)).toList();
    }

    @Test
    void forBuilds_replaysOfTwoBuildsWithDifferentRules_areAllValidInOneRun() {
        GameJars.install(folder, "1");
        GameJars.install(folder, "2");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> b.parallelism(2));

            List<Verdict> verdicts = verify(verifier, Map.of(
                    "a-build-1", GameJars.record("1", 1, 2, 0, 3, 0, 4),
                    "b-build-2", GameJars.record("2", 1, 2, 0, 3, 0, 4),
                    "c-build-1", GameJars.record("1", 5, 0, 0),
                    "d-build-2", GameJars.record("2", 5, 0, 0)));

            assertThat(verdicts).extracting(Verdict::outcome).containsOnly(Outcome.VALID);
            assertThat(verdicts).extracting(Verdict::reason).allMatch(r -> r.contains("final state hash matches"));
        }
    }

    @Test
    void forBuilds_aReplayOfABuildNoJarPlays_isUnknownBuild_namingTheInstalledBuilds() {
        GameJars.install(folder, "1");
        GameJars.install(folder, "2");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> b.parallelism(1));

            List<Verdict> verdicts = verify(verifier, Map.of(
                    "third", GameJars.record("2", "3", 1, 2, 0),
                    "other-game", GameJars.record("1", 1).toBuilder().gameId("other.game").build()));

            assertThat(verdicts.get(1).outcome()).isEqualTo(Outcome.UNKNOWN_BUILD);
            assertThat(verdicts.get(1).reason()).isEqualTo("recorded by build \"3\" of game \"test.builds\", which no "
                    + "installed game jar plays; installed builds of test.builds: 1 (builds-1.jar), 2 (builds-2.jar)");
            assertThat(verdicts.get(1).stepCount()).isPositive();
            assertThat(verdicts.get(0).outcome()).isEqualTo(Outcome.INVALID_FILE);
            assertThat(verdicts.get(0).reason()).isEqualTo("recorded by game \"other.game\", which no installed game "
                    + "jar plays; installed games: test.builds");
        }
    }

    @Test
    void forBuilds_aJarAddedBetweenReplays_playsTheNextReplay() {
        GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> b.parallelism(1));
            ReplaySource replay = ReplaySource.of("two", GameJars.record("2", 1, 0, 2).toBytes());
            assertThat(verifier.verify(replay).block(Duration.ofSeconds(30)))
                    .extracting(Verdict::outcome).isEqualTo(Outcome.UNKNOWN_BUILD);

            GameJars.install(folder, "2");

            assertThat(verifier.verify(replay).block(Duration.ofSeconds(30)))
                    .extracting(Verdict::outcome).isEqualTo(Outcome.VALID);
        }
    }

    @Test
    void forBuilds_aReplayPlayedOnAnotherBuildsRules_desyncs() {
        GameJars.install(folder, "2");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> b.parallelism(1));
            // Recorded by build 1's rules but labelled build 2: the routing trusts the header.
            Verdict verdict = verifier.verify(ReplaySource.of("liar", GameJars.record("1", "2", 1, 0, 2, 3)))
                    .block(Duration.ofSeconds(30));

            assertThat(verdict).isNotNull().extracting(Verdict::outcome).isEqualTo(Outcome.DESYNC);
        }
    }

    @Test
    void gameBuilds_aFileOfAnotherBuild_isUnknownBuild_namingTheBuildsPlayed_neverPlayed() {
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).gameBuilds(Set.of("2", "1")).build();
        ReplayFile file = CounterGame.record(0, 1, 2).toBuilder().gameBuild("7").build();
        int created = CounterGame.CREATED.get();

        Verdict verdict = verifier.verify(ReplaySource.of("seven", file)).block(Duration.ofSeconds(30));

        assertThat(verdict).isNotNull();
        assertThat(verdict.outcome()).isEqualTo(Outcome.UNKNOWN_BUILD);
        assertThat(verdict.reason()).isEqualTo("recorded by build \"7\" of game \"test.counter\", which this verifier "
                + "does not play; it plays builds 1, 2");
        assertThat(CounterGame.CREATED.get()).isEqualTo(created);
        assertThat(verifier.verify(ReplaySource.of("one", CounterGame.record(0, 1, 2))).block(Duration.ofSeconds(30)))
                .extracting(Verdict::outcome).isEqualTo(Outcome.VALID);
    }

    @Test
    void gameBuilds_aFileOfABuildADeclaredUpgradeStartsFrom_playsUpgraded_andSaysSo() {
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).gameBuilds(Set.of("2"))
                .upgrade(ReplayUpgrade.builder("1", "2").build()).build();

        Verdict verdict = verifier.verify(ReplaySource.of("one", CounterGame.record(0, 1, 2)))
                .block(Duration.ofSeconds(30));

        assertThat(verdict).isNotNull();
        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.VALID);
        assertThat(verdict.upgraded()).isTrue();
        assertThat(verdict.playedBuild()).isEqualTo("2");
        assertThat(verdict.jar()).isEmpty();
    }

    @Test
    void upgrade_aReplayOfTheOlderBuild_isUpgradedAndPlays_carryingItsOriginBuild() {
        GameJars.install(folder, "3");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> b.parallelism(1));
            ReplayFile two = GameJars.record("2", 1, 2, 0, 3, 0);

            ReplayFile upgraded = verifier.upgrade(two);

            assertThat(upgraded.gameBuild()).isEqualTo("3");
            assertThat(upgraded.metadata()).containsEntry(ReplayUpgrade.ORIGIN_BUILD_KEY, "2")
                    .containsEntry(GameJars.FINAL_HASH, two.metadata().get(GameJars.FINAL_HASH));
            assertThat(upgraded.dictionary().asMap()).containsEntry(GameJars.PLUS, "plus").containsEntry(2, "scale")
                    .doesNotContainKey(GameJars.ADD);
            assertThat(verifier.verify(ReplaySource.of("upgraded", upgraded)).block(Duration.ofSeconds(30)))
                    .extracting(Verdict::outcome).isEqualTo(Outcome.VALID);
            // The verifier upgrades a build-2 file by itself, too.
            assertThat(verifier.verify(ReplaySource.of("two", two)).block(Duration.ofSeconds(30)))
                    .extracting(Verdict::outcome).isEqualTo(Outcome.VALID);
        }
    }

    @Test
    void forBuilds_eachJarsVerifier_isBuiltOncePerJar() {
        GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            int[] built = {0};
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> {
                built[0]++;
                return b.parallelism(2);
            });
            int before = built[0];

            List<Verdict> verdicts = verify(verifier, java.util.stream.IntStream.range(0, 6).boxed()
                    .collect(Collectors.toMap(i -> "r" + i, i -> GameJars.record("1", i + 1, 0))));

            assertThat(verdicts).extracting(Verdict::outcome).containsOnly(Outcome.VALID);
            assertThat(built[0] - before).isEqualTo(1);
        }
    }

    @Test
    void forBuilds_twoJarsClaimingBuild1_playEachReplayOnTheJarOfItsOwnBuild_underEveryFileNameOrder()
            throws IOException {
        for (String[] names : new String[][] {{"a.jar", "b.jar"}, {"b.jar", "a.jar"}}) {
            Path dir = Files.createDirectory(folder.resolve("one-as-" + names[0]));
            GameJars.install(dir, "1", names[0]);
            GameJars.install(dir, GameJars.TWO_UPGRADING_ONE, names[1]); // lists build 1 and upgrades it
            try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(dir).build()) {
                ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> b.parallelism(1));

                List<Verdict> verdicts = verify(verifier, Map.of(
                        "a-one", GameJars.record("1", 1, 0, 2, 0),
                        "b-two", GameJars.record("2", 1, 0, 2, 0)));

                assertThat(verdicts).as("jar names %s", List.of(names)).extracting(Verdict::outcome)
                        .containsExactly(Outcome.VALID, Outcome.VALID);
                assertThat(verdicts).extracting(Verdict::playedBuild).containsExactly("1", "2");
                assertThat(verdicts).extracting(Verdict::jar).containsExactly(names[0], names[1]);
                assertThat(verdicts).extracting(Verdict::upgraded).containsExactly(false, false);
            }
        }
    }

    @Test
    void forBuilds_theBuild1JarRemoved_build1ReplaysPlayUpgradedOnBuild2_andTheVerdictSaysSo() throws IOException {
        Path one = GameJars.install(folder, "1");
        GameJars.install(folder, GameJars.TWO_UPGRADING_ONE);
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> b.parallelism(1));
            Map<String, ReplayFile> replays = Map.of("a-scales", GameJars.record("1", 1, 0, 2, 0),
                    "b-adds", GameJars.record("1", 1, 2, 3));
            assertThat(verify(verifier, replays)).extracting(Verdict::outcome)
                    .containsExactly(Outcome.VALID, Outcome.VALID);

            Files.delete(one);
            builds.refresh();
            List<Verdict> verdicts = verify(verifier, replays);

            // Build 2's rules differ: the replay that scales diverges, and its verdict says by whose rules.
            assertThat(verdicts).extracting(Verdict::outcome).containsExactly(Outcome.DESYNC, Outcome.VALID);
            assertThat(verdicts).extracting(Verdict::upgraded).containsExactly(true, true);
            assertThat(verdicts).extracting(Verdict::playedBuild).containsOnly("2");
            assertThat(verdicts).extracting(Verdict::jar).containsOnly("builds-2-from-1.jar");
        }
    }

    @Test
    void forBuilds_twoJarsOfOneBuild_tie_soTheReplayIsUnknownBuild_namingBoth() {
        GameJars.install(folder, "1", "a.jar");
        GameJars.install(folder, "1", "b.jar");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> b.parallelism(1));

            Verdict verdict = verifier.verify(ReplaySource.of("one", GameJars.record("1", 1, 0)))
                    .block(Duration.ofSeconds(30));

            assertThat(verdict).isNotNull();
            assertThat(verdict.outcome()).isEqualTo(Outcome.UNKNOWN_BUILD);
            assertThat(verdict.reason()).isEqualTo("recorded by build \"1\" of game \"test.builds\", which several "
                    + "installed game jars claim alike, so none plays it: 1 (a.jar), 1 (b.jar); keep one of them");
        }
    }
}
