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
package dev.reprise.test;

import static dev.reprise.testing.TradeJars.BUY;
import static dev.reprise.testing.TradeJars.SELL;
import static dev.reprise.testing.TradeJars.TRAVEL;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.testing.TradeJars;
import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.GameFactory;
import dev.reprise.verify.ReplayVerifierProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayAssertionsDeterministicTest {

    @TempDir
    Path root;

    @Test
    void assertDeterministic_anHonestGame_passes_aGameSharingAStaticCounter_failsWithTheCheckStepAndField()
            throws IOException {
        Path replays = Files.createDirectory(root.resolve("replays"));
        TradeJars.record("1", BUY, 5, TRAVEL, 1, SELL, 1, SELL, 1).write(replays.resolve("a.reprise"));
        TradeJars.record("1", BUY, 2, SELL, 1).write(replays.resolve("b.reprise"));
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(TradeJars.install(root.resolve("jars"),
                "1", "leaky")).build()) {
            assertThatCode(() -> ReplayAssertions.assertDeterministic(replays, games(builds, "1")))
                    .doesNotThrowAnyException();

            assertThatThrownBy(() -> ReplayAssertions.assertDeterministic(replays, games(builds, "leaky")))
                    .isInstanceOf(AssertionError.class)
                    .hasMessageContaining("2 of 2 replays under " + replays + " are not deterministic")
                    .hasMessageContaining("a.reprise: games: PARTS at step 2 (sell, [1]) after 2 steps alike: gold ")
                    .hasMessageContaining("b.reprise: games: PARTS at step 1 (sell, [1])");
        }
    }

    private static GameFactory games(GameBuilds<ReplayVerifierProvider> builds, String build) {
        return builds.lease(TradeJars.GAME_ID, build).orElseThrow().service().verifier().build().games();
    }
}
