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

import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayAssertionsTest {

    private static final ReplayVerifier VERIFIER = CounterReplays.VERIFIER;

    @TempDir
    Path folder;

    @Test
    void assertReplays_aFolderOfValidReplays_nestedToo_passes() throws IOException {
        CounterReplays.write(folder, "a.reprise", CounterReplays.valid());
        CounterReplays.write(folder, "levels/deep/b.reprise", CounterReplays.valid());
        CounterReplays.write(folder, "notes.txt", new byte[] {1, 2, 3}); // not a replay: not walked

        assertThatCode(() -> ReplayAssertions.assertReplays(folder, VERIFIER)).doesNotThrowAnyException();
    }

    @Test
    void assertReplays_listsEveryReplayThatIsNotValid_sortedByPath() throws IOException {
        CounterReplays.write(folder, "b-valid.reprise", CounterReplays.valid());
        CounterReplays.write(folder, "desync/turned.reprise", CounterReplays.desynced());
        CounterReplays.write(folder, "a-junk.reprise", new byte[] {1, 2, 3});
        CounterReplays.write(folder, "c-claim.reprise", CounterReplays.wrongFinalHash());

        assertThatThrownBy(() -> ReplayAssertions.assertReplays(folder, VERIFIER))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("3 of 4 replays under " + folder + " are not valid:\n  a-junk.reprise: INVALID_FILE")
                .hasMessageContaining("\n  c-claim.reprise: REJECTED at step 7 of 7, claimed final state hash "
                        + HexFormat.of().toHexDigits(42L) + ", replayed ")
                .hasMessageContaining("\n  desync/turned.reprise: DESYNC at step 6 of 7, recorded state hash ")
                .hasMessageContaining("the last matching hash step was 4")
                .satisfies(error -> assertThat(error.getMessage().indexOf("c-claim"))
                        .isLessThan(error.getMessage().indexOf("desync/turned")))
                .message().doesNotContain("b-valid");
    }

    @Test
    void assertReplays_desync_namesBothHashes() throws IOException {
        Path file = CounterReplays.write(folder, "d.reprise", CounterReplays.desynced());
        Verdict verdict = VERIFIER.verify(ReplaySource.of("d.reprise", file)).block();

        assertThatThrownBy(() -> ReplayAssertions.assertReplays(file, VERIFIER))
                .hasMessageContaining("d.reprise: DESYNC at step 6 of 7, recorded state hash "
                        + HexFormat.of().toHexDigits(verdict.expectedHash().getAsLong()) + ", replayed "
                        + HexFormat.of().toHexDigits(verdict.actualHash().getAsLong()));
    }

    @Test
    void assertReplays_aFolderWithoutReplays_fails() throws IOException {
        Files.createDirectories(folder.resolve("empty/inside"));

        assertThatThrownBy(() -> ReplayAssertions.assertReplays(folder, VERIFIER))
                .isInstanceOf(AssertionError.class)
                .hasMessage("no replay file (*.reprise) under " + folder.toAbsolutePath().normalize());
    }

    @Test
    void assertReplays_aMissingPath_isRefused() {
        Path missing = folder.resolve("nope");

        assertThatThrownBy(() -> ReplayAssertions.assertReplays(missing, VERIFIER))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no such file or folder: " + missing.toAbsolutePath().normalize());
    }

    @Test
    void assertReplays_aFolderGivenThroughASymlink_isWalked() throws IOException {
        Path real = folder.resolve("real");
        CounterReplays.write(real, "a.reprise", CounterReplays.valid());
        CounterReplays.write(real, "sub/b.reprise", CounterReplays.desynced());
        Path linked = Files.createSymbolicLink(folder.resolve("linked"), Path.of("real"));

        assertThatThrownBy(() -> ReplayAssertions.assertReplays(linked, VERIFIER))
                .hasMessageStartingWith("1 of 2 replays under " + linked + " are not valid:\n  sub/b.reprise: DESYNC");
    }

    @Test
    void assertReplays_anUnreadableFile_failsNamingIt() throws IOException {
        CounterReplays.write(folder, "good.reprise", CounterReplays.valid());
        Files.createSymbolicLink(folder.resolve("gone.reprise"), folder.resolve("deleted-long-ago"));

        assertThatThrownBy(() -> ReplayAssertions.assertReplays(folder, VERIFIER))
                .hasMessageStartingWith("1 of 2 replays under " + folder + " are not valid:\n  gone.reprise: INVALID_FILE");
    }

    @Test
    void assertReplays_oneSource_failsWithItsVerdict() throws IOException {
        Path file = CounterReplays.write(folder, "x.reprise", CounterReplays.desynced());

        assertThatThrownBy(() -> ReplayAssertions.assertReplays(ReplaySource.of("x.reprise", file), VERIFIER))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("replay x.reprise: expected VALID, was:\n  x.reprise: DESYNC at step 6 of 7");
    }

    @Test
    void assertOutcome_aKnownDesync_passesAndGivesTheVerdict() throws IOException {
        Path file = CounterReplays.write(folder, "x.reprise", CounterReplays.desynced());

        Verdict verdict = ReplayAssertions.assertOutcome(ReplaySource.of("x.reprise", file), VERIFIER, Outcome.DESYNC);

        assertThat(verdict.stepReached()).isEqualTo(6);
    }

    @Test
    void assertOutcome_aDesyncThatNoLongerDesyncs_fails() throws IOException {
        Path file = CounterReplays.write(folder, "x.reprise", CounterReplays.valid());

        assertThatThrownBy(() -> ReplayAssertions.assertOutcome(ReplaySource.of("x.reprise", file), VERIFIER,
                        Outcome.DESYNC))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("replay x.reprise: expected DESYNC, was:\n  x.reprise: VALID at step 7 of 7");
    }
}
