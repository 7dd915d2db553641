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

import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which jar {@link GameBuilds#lease} hands out: by the build a jar is and upgrades, never by its file name. */
class GameBuildsRoutingTest {

    @TempDir
    Path root;

    @Test
    void lease_aBuildsOwnJar_beforeOneThatUpgradesIt_underEveryFileNameOrder_andTheUpgradeOnlyWithoutIt()
            throws IOException {
        for (List<String> names : List.of(List.of("a.jar", "b.jar"), List.of("b.jar", "a.jar"))) {
            Path folder = Files.createDirectory(root.resolve("one-as-" + names.get(0)));
            Path one = GameJars.install(folder, "1", names.get(0));
            GameJars.install(folder, GameJars.TWO_UPGRADING_ONE, names.get(1));
            try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
                try (GameBuilds.Lease<ReplayVerifierProvider> lease = builds.lease(GameJars.GAME_ID, "1").orElseThrow()) {
                    assertThat(lease.build().jar().getFileName()).as("%s", names).hasToString(names.get(0));
                    assertThat(lease.upgrading()).isFalse();
                }
                assertThat(builds.installed()).extracting(GameBuilds.InstalledBuild::describe)
                        .contains("2, upgrades 1 (" + names.get(1) + ")");

                Files.delete(one);
                builds.refresh();

                try (GameBuilds.Lease<ReplayVerifierProvider> lease = builds.lease(GameJars.GAME_ID, "1").orElseThrow()) {
                    assertThat(lease.build().jar().getFileName()).hasToString(names.get(1));
                    assertThat(lease.upgrading()).isTrue();
                    assertThat(lease.build().ownBuilds()).isEqualTo(Set.of("2"));
                }
            }
        }
    }
}
