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
import static org.awaitility.Awaitility.await;

import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GameBuildsTest {

    private static final String CLASS_FILE = GameJars.PROVIDER.replace('.', '/') + ".class";

    @TempDir
    Path folder;

    @Test
    void lease_twoBuildsWithTheSameClassNames_eachPlaysItsOwnBuildFromItsOwnLoader() {
        GameJars.install(folder, "1");
        GameJars.install(folder, "2");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build();
             GameBuilds.Lease<ReplayVerifierProvider> one = builds.lease(GameJars.GAME_ID, "1").orElseThrow();
             GameBuilds.Lease<ReplayVerifierProvider> two = builds.lease(GameJars.GAME_ID, "2").orElseThrow()) {

            Class<?> first = one.service().getClass();
            Class<?> second = two.service().getClass();
            assertThat(first.getName()).isEqualTo(GameJars.PROVIDER).isEqualTo(second.getName());
            assertThat(first).isNotSameAs(second);
            assertThat(first.getClassLoader()).isNotSameAs(second.getClassLoader());
            // Reprise's own types come from the parent: the same interface for both.
            assertThat(one.service()).isInstanceOf(ReplayVerifierProvider.class);
            assertThat(one.service().gameBuilds()).containsExactly("1");
            assertThat(two.build()).isEqualTo(new GameBuilds.InstalledBuild(GameJars.GAME_ID, Set.of("2"),
                    folder.resolve("builds-2.jar")));
            assertThat(builds.installed()).extracting(GameBuilds.InstalledBuild::describe)
                    .containsExactly("1 (builds-1.jar)", "2 (builds-2.jar)");
        }
    }

    @Test
    void lease_aBuildNoJarPlays_orAnotherGame_isEmpty() {
        GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            assertThat(builds.lease(GameJars.GAME_ID, "3")).isEmpty();
            assertThat(builds.lease("other.game", "1")).isEmpty();
        }
    }

    @Test
    void installed_servicesTheParentLoaderSees_areNotBuilds() {
        // The samples' tower provider is on the test class path, so the jar's loader sees its service file.
        assertThat(ReplayVerifierProvider.find(null).gameId()).isEqualTo("dev.reprise.samples.tower");
        GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {

            assertThat(builds.installed()).extracting(GameBuilds.InstalledBuild::gameId)
                    .containsExactly(GameJars.GAME_ID);
            assertThat(builds.lease("dev.reprise.samples.tower", "")).isEmpty();
        }
    }

    @Test
    void lease_aJarAddedWhileRunning_isUsedForTheNextReplay() {
        GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            assertThat(builds.lease(GameJars.GAME_ID, "2")).isEmpty();

            GameJars.install(folder, "2");

            // The default rescan interval is a second: a jar moved in is seen at once all the same.
            Optional<GameBuilds.Lease<ReplayVerifierProvider>> lease = builds.lease(GameJars.GAME_ID, "2");
            assertThat(lease).isPresent();
            lease.get().close();
        }
    }

    @Test
    void retire_aJarRemovedWhileLeased_staysUsableUntilItsLeaseEnds_thenItIsUnloaded() throws IOException {
        Path jar = GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            GameBuilds.Lease<ReplayVerifierProvider> lease = builds.lease(GameJars.GAME_ID, "1").orElseThrow();
            URLClassLoader loader = (URLClassLoader) lease.service().getClass().getClassLoader();

            Files.delete(jar);
            builds.refresh();

            assertThat(builds.lease(GameJars.GAME_ID, "1")).isEmpty(); // retired: no new lease
            // In flight: the replay's verifier still builds and plays its game from the jar.
            Verdict verdict = lease.service().verifier().build()
                    .verify(ReplaySource.of("in-flight", GameJars.record("1", 1, 2, 0)))
                    .block(Duration.ofSeconds(30));
            assertThat(verdict).isNotNull().extracting(Verdict::outcome).isEqualTo(Outcome.VALID);
            assertThat(loader.findResource(CLASS_FILE)).isNotNull();

            lease.close();

            assertThat(loader.findResource(CLASS_FILE)).as("a closed class loader finds nothing").isNull();
        }
    }

    @Test
    void retire_aJarRemovedAfterItsReplays_hasItsClassLoaderCollected() throws IOException {
        Path jar = GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            ReplayVerifier verifier = ReplayVerifier.forBuilds(builds, b -> b.parallelism(2));
            assertThat(verifier.verify(ReplaySource.of("one", GameJars.record("1", 1, 0, 2)))
                    .block(Duration.ofSeconds(30))).extracting(Verdict::outcome).isEqualTo(Outcome.VALID);
            WeakReference<ClassLoader> loader = loaderOf(builds, "1");

            Files.delete(jar);
            assertThat(verifier.verify(ReplaySource.of("gone", GameJars.record("1", 1, 0, 2)))
                    .block(Duration.ofSeconds(30))).extracting(Verdict::outcome).isEqualTo(Outcome.INVALID_FILE);

            // The verifier, which built the jar's own verifier, is still in use: it must not hold the jar.
            await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).until(() -> {
                System.gc();
                return loader.get() == null;
            });
            assertThat(verifier.parallelism()).isEqualTo(2);
        }
    }

    /** A weak reference to the class loader of the build that plays {@code build}, its lease closed. */
    private static WeakReference<ClassLoader> loaderOf(GameBuilds<ReplayVerifierProvider> builds, String build) {
        try (GameBuilds.Lease<ReplayVerifierProvider> lease = builds.lease(GameJars.GAME_ID, build).orElseThrow()) {
            return new WeakReference<>(lease.service().getClass().getClassLoader());
        }
    }

    @Test
    void close_unloadsEveryBuildNotLeased_andRefusesNewLeases() {
        GameJars.install(folder, "1");
        GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build();
        WeakReference<ClassLoader> loader;
        try (GameBuilds.Lease<ReplayVerifierProvider> lease = builds.lease(GameJars.GAME_ID, "1").orElseThrow()) {
            loader = new WeakReference<>(lease.service().getClass().getClassLoader());
        }

        builds.close();

        assertThatThrownBy(() -> builds.lease(GameJars.GAME_ID, "1")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).until(() -> {
            System.gc();
            return loader.get() == null;
        });
    }

    @Test
    void lease_closed_refusesItsService() {
        GameJars.install(folder, "1");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {
            GameBuilds.Lease<ReplayVerifierProvider> lease = builds.lease(GameJars.GAME_ID, "1").orElseThrow();
            lease.close();
            lease.close(); // twice: nothing more

            assertThatThrownBy(lease::service).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("builds-1.jar").hasMessageContaining("closed");
        }
    }

    @Test
    void skipped_aJarThatIsNoJar_orListsNoService_isSkippedWithItsReason_andLoadedOnceFixed() throws IOException {
        Path broken = Files.writeString(folder.resolve("broken.jar"), "not a jar");
        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).rescanInterval(Duration.ZERO)
                .build()) {
            assertThat(builds.installed()).isEmpty();
            assertThat(builds.skipped()).singleElement().satisfies(p -> {
                assertThat(p.path()).isEqualTo(broken);
                assertThat(p.reason()).startsWith("cannot be loaded: ").contains("zip");
            });

            Files.copy(GameJars.jar("2"), broken, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

            assertThat(builds.installed()).extracting(GameBuilds.InstalledBuild::gameBuilds).containsExactly(Set.of("2"));
            assertThat(builds.skipped()).isEmpty();
        }
    }

    @Test
    void builder_aFolderThatIsMissing_isRefusedNamingIt() {
        Path missing = folder.resolve("nope");

        assertThatThrownBy(() -> GameBuilds.verifiers(missing).build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(missing.toString()).hasMessageContaining("missing");
        assertThatThrownBy(() -> GameBuilds.verifiers(folder).rescanInterval(Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rescanInterval");
    }
}
