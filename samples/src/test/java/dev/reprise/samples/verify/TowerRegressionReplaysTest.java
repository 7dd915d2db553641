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
package dev.reprise.samples.verify;

import dev.reprise.test.ReplayAssertions;
import dev.reprise.test.ReplayFilesSource;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;

/**
 * The tower game's replays as its regression suite: every file of {@code samples/src/test/replays} is its
 * own test — the valid ones must still replay to the state they claim, the known desyncs must still be
 * caught as desyncs (a desync that stops being one means the state hashes no longer see the change).
 */
class TowerRegressionReplaysTest {

    private static final ReplayVerifier VERIFIER = TowerVerification.verifier().parallelism(2).build();

    @ParameterizedTest
    @ReplayFilesSource("samples/src/test/replays/valid")
    void everyValidReplay_stillReplays(ReplaySource replay) {
        ReplayAssertions.assertReplays(replay, VERIFIER);
    }

    @ParameterizedTest
    @ReplayFilesSource("samples/src/test/replays/desync")
    void everyKnownDesync_isStillCaught(ReplaySource replay) {
        ReplayAssertions.assertOutcome(replay, VERIFIER, Outcome.DESYNC);
    }

    @Test
    void theReplayCorpus_reproducesOnThisBuild() {
        // The release gate: what `replay-tool compat` checks, as a test. A rule change that breaks old
        // replays fails it, naming the first divergence of each.
        ReplayAssertions.assertCompatible(Path.of("samples/src/test/replays/valid"), VERIFIER);
    }

    @Test
    void bug42_heroCrossesTwoFloors() {
        ReplayAssertions.assertReplays(Path.of("samples/src/test/replays/valid/bug-0042-two-floors.reprise"), VERIFIER);
    }
}
