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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.testing.GameJars;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a program serving a folder of game jars checks and prints: the game it needs, and the builds. */
class GameBuildsRequireGameTest {

    @TempDir
    Path folder;

    @Test
    void requireGame_aGameTheFolderHolds_returnsTheBuilds_andAnyGameToo() {
        GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            assertThat(builds.requireGame(GameJars.GAME_ID)).isSameAs(builds);
            assertThat(builds.requireGame(null)).isSameAs(builds);
            assertThat(builds.lease(GameJars.GAME_ID, "1")).as("still open").isPresent();
        }
    }

    @Test
    void requireGame_aGameTheFolderLacks_closesTheBuilds_andNamesTheFolderAndItsGames() {
        GameJars.install(folder, "1");
        GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build();

        assertThatThrownBy(() -> builds.requireGame("other.game")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("game 'other.game' is not installed in " + folder + "; installed: " + GameJars.GAME_ID);
        assertThatThrownBy(() -> builds.lease(GameJars.GAME_ID, "1")).as("closed")
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void requireGame_anEmptyFolder_saysNoGameJarIsInstalled() {
        GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build();

        assertThatThrownBy(() -> builds.requireGame(null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no game jar is installed in " + folder);
    }

    @Test
    void describe_namesEachJarWithItsGameAndBuilds() {
        GameJars.install(folder, "1");
        GameJars.install(folder, "2");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            assertThat(GameBuilds.describe(builds.installed()))
                    .isEqualTo(GameJars.GAME_ID + " 1 (builds-1.jar), " + GameJars.GAME_ID + " 2 (builds-2.jar)");
        }
        assertThat(GameBuilds.describe(List.of())).isEqualTo("no game jar");
    }
}
