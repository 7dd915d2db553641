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
