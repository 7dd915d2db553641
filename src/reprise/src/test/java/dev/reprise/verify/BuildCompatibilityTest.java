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
import dev.reprise.testing.GameJars;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** Replays of build 1 played on build 2, whose "scale" multiplies by 3 instead of 2. */
class BuildCompatibilityTest {

    @TempDir
    Path folder;
    private GameBuilds<ReplayVerifierProvider> builds;
    private GameBuilds.Lease<ReplayVerifierProvider> installed;

    @BeforeEach
    void installBuild(org.junit.jupiter.api.TestInfo test) {
        GameJars.install(folder, test.getTags().contains("build-3") ? "3" : "2");
        builds = GameBuilds.verifiers(folder).build();
        installed = builds.installed().stream().findFirst()
                .flatMap(b -> builds.lease(b.gameId(), b.gameBuilds().iterator().next())).orElseThrow();
    }

    @AfterEach
    void close() {
        installed.close();
        builds.close();
    }

    private BuildCompatibility report() {
        return BuildCompatibility.of(installed.service().verifier().parallelism(2).build());
    }

    private List<Reproduction> check(ReplaySource... sources) {
        List<Reproduction> all = report().check(Flux.just(sources)).collectList().block(Duration.ofSeconds(30));
        assertThat(all).isNotNull().hasSize(sources.length);
        return all.stream().sorted(Comparator.comparingLong(Reproduction::position)).toList();
    }

    @Test
    void check_replaysThatNeverScale_reproduce_theOthersDivergeAtTheFirstHashStepAfterTheScale() {
        ReplayFile never = GameJars.record("1", 1, 2, 3, 4, 5);
        ReplayFile scaled = GameJars.record("1", 1, 2, 3, 0, 5, 6);

        List<Reproduction> found = check(ReplaySource.of("never", never), ReplaySource.of("scaled", scaled));

        assertThat(found.get(0).status()).isEqualTo(Reproduction.Status.REPRODUCES);
        assertThat(found.get(0).describe()).isEqualTo("REPRODUCES [build 1]");
        Reproduction diverged = found.get(1);
        // Steps: add add hash add scale hash ...: the scale is step 4, the hash after it step 5.
        assertThat(diverged.status()).isEqualTo(Reproduction.Status.DIVERGES);
        assertThat(diverged.step()).isEqualTo(OptionalInt.of(5));
        assertThat(diverged.command()).contains("hash");
        assertThat(diverged.recordedBuild()).contains("1");
        assertThat(diverged.upgraded()).isFalse();
        long recorded = GameJars.hash((1 + 2 + 3) * 2);
        long replayed = GameJars.hash((1 + 2 + 3) * 3);
        assertThat(diverged.describe()).isEqualTo("DIVERGES at step 5 (hash): recorded state hash "
                + HexFormat.of().toHexDigits(recorded) + ", replayed " + HexFormat.of().toHexDigits(replayed)
                + "; diverged in steps 3..4 [build 1]");
        assertThat(diverged.verdict().outcome()).isEqualTo(Outcome.DESYNC);
        assertThat(diverged).hasToString("scaled: " + diverged.describe());
    }

    @Test
    void check_aFinalHashThatDiffers_divergesAtTheEnd() {
        ReplayFile file = GameJars.record("2", 1, 2);
        ReplayFile lying = file.toBuilder().metadata(GameJars.FINAL_HASH, HexFormat.of().toHexDigits(42L)).build();

        Reproduction found = check(ReplaySource.of("lying", lying)).get(0);

        assertThat(found.status()).isEqualTo(Reproduction.Status.DIVERGES);
        assertThat(found.step()).isEqualTo(OptionalInt.of(file.save().length()));
        assertThat(found.describe()).startsWith("DIVERGES at the end (step 3): final state hash ")
                .endsWith(", the file claims 000000000000002a [build 2]");
    }

    @Test
    void check_anUnreadableFile_isUnreadable_andAFileTheGameRefuses_fails() {
        ReplayFile other = GameJars.record("2", 1).toBuilder().gameId("other.game").build();

        List<Reproduction> found = check(ReplaySource.of("junk", new byte[] {1, 2, 3}),
                ReplaySource.of("other", other));

        assertThat(found.get(0).status()).isEqualTo(Reproduction.Status.UNREADABLE);
        assertThat(found.get(0).recordedBuild()).isEmpty();
        assertThat(found.get(0).describe()).startsWith("UNREADABLE: Not a Reprise replay file");
        assertThat(found.get(1).status()).isEqualTo(Reproduction.Status.FAILS);
        assertThat(found.get(1).step()).isEmpty();
        assertThat(found.get(1).describe()).isEqualTo("FAILS: INVALID_FILE, recorded by game \"other.game\", but this "
                + "verifier checks game \"test.builds\" [build 2]");
    }

    @Test
    @org.junit.jupiter.api.Tag("build-3")
    void check_replaysOfAnOlderBuild_areUpgradedFirst_andReproduce() {
        ReplayFile two = GameJars.record("2", 1, 0, 2, 0, 3);

        Reproduction found = report().check(ReplaySource.of("two", two)).block(Duration.ofSeconds(30));

        assertThat(found).isNotNull();
        assertThat(found.status()).isEqualTo(Reproduction.Status.REPRODUCES);
        assertThat(found.upgraded()).isTrue();
        assertThat(found.describe()).isEqualTo("REPRODUCES [build 2, upgraded]");
    }

    @Test
    void check_isCold_andHonoursDemand() {
        BuildCompatibility report = report();
        Flux<Reproduction> found = report.check(Flux.just(ReplaySource.of("a", GameJars.record("2", 1)),
                ReplaySource.of("b", GameJars.record("2", 2))));

        StepVerifier.create(found, 0)
                .thenRequest(1).expectNextMatches(Reproduction::reproduces)
                .thenRequest(1).expectNextMatches(Reproduction::reproduces)
                .verifyComplete();
        assertThat(found.count().block(Duration.ofSeconds(30))).isEqualTo(2);
    }
}
