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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.testing.GameJars;
import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import dev.reprise.verify.Reproduction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link ReplayAssertions#assertCompatible}: build-1 replays on build 2, whose "scale" triples. */
class ReplayAssertionsCompatTest {

    @TempDir
    Path root;
    private Path replays;
    private GameBuilds<ReplayVerifierProvider> builds;
    private GameBuilds.Lease<ReplayVerifierProvider> build2;
    private ReplayVerifier verifier;

    @BeforeEach
    void install() throws IOException {
        Path jars = Files.createDirectory(root.resolve("jars"));
        GameJars.install(jars, "2");
        replays = Files.createDirectory(root.resolve("replays"));
        builds = GameBuilds.verifiers(jars).build();
        build2 = builds.lease(GameJars.GAME_ID, "2").orElseThrow();
        verifier = build2.service().verifier().parallelism(2).build();
    }

    @AfterEach
    void close() {
        build2.close();
        builds.close();
    }

    @Test
    void assertCompatible_replaysThatReproduce_pass() throws IOException {
        GameJars.record("1", 1, 2, 3).write(replays.resolve("a.reprise"));
        GameJars.record("2", 1, 0, 2).write(replays.resolve("b.reprise"));

        assertThatCode(() -> ReplayAssertions.assertCompatible(replays, verifier)).doesNotThrowAnyException();
    }

    @Test
    void assertCompatible_namesTheFirstDivergenceOfEachReplayThatDoesNotReproduce() throws IOException {
        GameJars.record("1", 1, 2, 3).write(replays.resolve("a-adds.reprise"));
        GameJars.record("1", 1, 0, 2).write(replays.resolve("b-scales.reprise"));
        Files.write(replays.resolve("c-junk.reprise"), new byte[] {1, 2, 3});

        assertThatThrownBy(() -> ReplayAssertions.assertCompatible(replays, verifier))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("2 of 3 replays under " + replays + " do not reproduce on this build:\n"
                        + "  b-scales.reprise: DIVERGES at step 2 (hash): recorded state hash "
                        + HexFormat.of().toHexDigits(GameJars.hash(2)) + ", replayed "
                        + HexFormat.of().toHexDigits(GameJars.hash(3)) + "; diverged in steps 0..1 [build 1]\n"
                        + "  c-junk.reprise: UNREADABLE: Not a Reprise replay file")
                .message().doesNotContain("a-adds");
    }

    @Test
    void assertReproduces_oneReplay_returnsItsReproduction_orFailsNamingItsDivergence() throws IOException {
        Path adds = replays.resolve("adds.reprise");
        GameJars.record("1", 4, 5).write(adds);
        Path scales = replays.resolve("scales.reprise");
        GameJars.record("1", 4, 0, 5).write(scales);

        Reproduction found = ReplayAssertions.assertReproduces(ReplaySource.of("adds", adds), verifier);

        assertThat(found.recordedBuild()).contains("1");
        assertThatThrownBy(() -> ReplayAssertions.assertReproduces(ReplaySource.of("scales", scales), verifier))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("replay scales does not reproduce on this build: DIVERGES at step 2 (hash)");
    }
}
