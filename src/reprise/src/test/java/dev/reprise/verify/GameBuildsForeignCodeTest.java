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

import dev.reprise.testing.BadGameJars;
import dev.reprise.testing.GameJars;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** A game jar's code is foreign: it runs bounded, on threads of its own, holding no lock of the builds. */
@Timeout(30)
class GameBuildsForeignCodeTest {

    private static final Duration LOAD_TIMEOUT = Duration.ofMillis(500);

    @TempDir
    Path folder;

    @Test
    void build_aJarWhoseStaticInitializerNeverReturns_isSkippedNamed_andTheOthersServe() {
        GameJars.install(folder, "1");
        BadGameJars.provider(folder, "hangs.jar", BadGameJars.HANGS, null, null);

        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).loadTimeout(LOAD_TIMEOUT)
                .build()) {

            assertThat(builds.skipped()).singleElement().satisfies(problem -> {
                assertThat(problem.path()).isEqualTo(folder.resolve("hangs.jar"));
                assertThat(problem.reason()).startsWith("did not load within 500 ms");
            });
            try (GameBuilds.Lease<ReplayVerifierProvider> lease = builds.lease(GameJars.GAME_ID, "1").orElseThrow()) {
                assertThat(lease.service().gameBuilds()).containsExactly("1");
            }
        }
    }

    @Test
    void close_whileAJarAddedLaterStillLoads_returnsAtOnce_andLeasesOfTheOthersGoOn() throws Exception {
        GameJars.install(folder, "1");
        GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).loadTimeout(Duration.ofMinutes(5))
                .build();
        BadGameJars.provider(folder, "hangs.jar", BadGameJars.HANGS, null, null);
        CompletableFuture<Void> refreshing = CompletableFuture.runAsync(builds::refresh);

        // A thread that must not block (an event loop) does not wait for the jar, and no lock keeps it out.
        Optional<GameBuilds.Lease<ReplayVerifierProvider>> leased = Mono.fromCallable(
                () -> builds.lease(GameJars.GAME_ID, "1")).subscribeOn(Schedulers.parallel())
                .block(Duration.ofSeconds(10));
        assertThat(leased).isPresent();
        leased.orElseThrow().close();

        CompletableFuture.runAsync(builds::close).get(10, TimeUnit.SECONDS);
        assertThat(builds.toString()).endsWith("closed]");
        refreshing.cancel(true); // its wait ends with the load timeout; nothing here waits for it
    }

    @Test
    void build_jarsThatThrowOrRunOutOfMemoryOrStack_areSkippedEachWithItsReason() {
        GameJars.install(folder, "1");
        BadGameJars.provider(folder, "a-throws.jar", BadGameJars.THROWS, null, null);
        BadGameJars.provider(folder, "b-memory.jar", "", BadGameJars.OUT_OF_MEMORY, null);
        BadGameJars.provider(folder, "c-stack.jar", "", BadGameJars.STACK_OVERFLOW, null);

        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).loadTimeout(Duration.ofSeconds(20))
                .build()) {

            List<GameBuilds.Problem> skipped = builds.skipped();
            assertThat(skipped).extracting(p -> p.path().getFileName().toString())
                    .containsExactly("a-throws.jar", "b-memory.jar", "c-stack.jar");
            assertThat(skipped.get(0).reason()).startsWith("cannot be loaded: ").contains("bad static init");
            assertThat(skipped.get(1).reason()).isEqualTo("cannot be loaded: OutOfMemoryError while loading its "
                    + "classes and providers");
            assertThat(skipped.get(2).reason()).isEqualTo("cannot be loaded: StackOverflowError while loading its "
                    + "classes and providers");
            assertThat(builds.installed()).extracting(GameBuilds.InstalledBuild::gameId)
                    .containsExactly(GameJars.GAME_ID);
        }
    }

    @Test
    void build_aZipBombNamedJar_isSkippedWithoutReadingItsServiceFileWhole() {
        GameJars.install(folder, "1");
        BadGameJars.zipBomb(folder, "bomb.jar", 4 * 1024 * 1024);

        try (GameBuilds<ReplayVerifierProvider> builds = GameBuilds.verifiers(folder).build()) {

            assertThat(builds.skipped()).singleElement().satisfies(problem -> {
                assertThat(problem.path()).isEqualTo(folder.resolve("bomb.jar"));
                assertThat(problem.reason()).isEqualTo("its META-INF/services/" + ReplayVerifierProvider.class.getName()
                        + " inflates past 64 KiB (a service file lists class names, one a line)");
            });
            assertThat(builds.installed()).hasSize(1);
        }
    }

    @Test
    void loadTimeout_zeroOrNegative_isRefusedNamingIt() {
        GameBuilds.Builder<ReplayVerifierProvider> builder = GameBuilds.verifiers(folder);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> builder.loadTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("loadTimeout must be more than zero, was PT0S");
    }
}
