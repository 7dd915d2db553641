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
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Flux;

/** The Java examples of {@code docs/builds.md}, compiled and run. */
class BuildsExamplesTest {

    // docs/builds.md, "Declaring upgrades"
    static final ReplayUpgrade FROM_1_4 = ReplayUpgrade.builder("1.4", "1.5")
            .renamed("jump", "leap")          // leap has another code in 1.5: codes follow names
            .paramAdded("move", 2, 1)         // move gained a speed: every 1.4 move moved at 1
            .paramRemoved("shoot", 2)         // shoot's third param is gone
            .removed("debug-mark")            // a step that never changed the state
            .build();

    @TempDir
    Path dir;

    @Test
    void declaringUpgrades() {
        assertThat(FROM_1_4.changes()).hasSize(4);
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).gameId("mygame").upgrade(FROM_1_4).build();
        assertThat(verifier.toString()).contains("upgrades=1");
    }

    @Test
    void aJarSaysTheBuildItIs_andItsDeclaredUpgradesSayWhichItUpgrades() {
        // docs/builds.md, "Serving several builds", 1.
        ReplayVerifierProvider provider = new ReplayVerifierProvider() {
            @Override
            public String gameId() {
                return "mygame";
            }

            @Override
            public Set<String> gameBuilds() {
                return Set.of("1.5");          // the build this jar is: its replays play as recorded
            }

            @Override
            public ReplayVerifier.Builder verifier() {
                return ReplayVerifier.builder(MyGame::forReplay).gameId("mygame")
                        .upgrade(FROM_1_4);    // it upgrades build 1.4's replays (see below)
            }
        };

        assertThat(provider.upgradedBuilds()).containsExactly("1.4");
    }

    @Test
    void servingSeveralBuilds() {
        GameJars.install(dir, "1");
        GameJars.install(dir, "2");
        Flux<ReplaySource> sources = Flux.just(ReplaySource.of("a", GameJars.record("1", 1, 0)),
                ReplaySource.of("b", GameJars.record("2", 1, 0)));
        List<Verdict> verdicts;

        // docs/builds.md, "Serving several builds"
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(dir).build()) {
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds,
                    b -> b.parallelism(8).timeout(Duration.ofSeconds(30)));   // applied to every build's verifier
            verdicts = verifier.verify(sources).collectList().block(Duration.ofSeconds(30));
        }

        assertThat(verdicts).extracting(Verdict::outcome).containsOnly(Outcome.VALID).hasSize(2);
    }

    /** The page's game, as a game names its factory: here the counter game of these tests. */
    private static final class MyGame {

        static CounterGame forReplay(ReplayFile file) {
            return CounterGame.of(file);
        }
    }
}
