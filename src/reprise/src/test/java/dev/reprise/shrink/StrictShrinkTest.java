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
package dev.reprise.shrink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.ReplayFile;
import dev.reprise.verify.ReplaySource;
import java.time.Duration;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Shrinking a strict game, which throws on impossible inputs: removing a plant makes its waterings and its
 * harvest fail another way. The shrink tries such a candidate again without the inputs that became
 * impossible, so that it comes as small as with a lenient adapter of the game, which skips them.
 */
class StrictShrinkTest {

    private static final long SEED = 41;
    private static ReplayFile report;

    @BeforeAll
    static void theReport() {
        report = FarmGame.report(600, SEED);
        System.out.println("farm report: " + report.save().length() + " steps, seed " + SEED);
    }

    private static ReplayShrink shrink(Function<ReplayFile, FarmGame> build) {
        return ReplayCheck.of(ReplaySource.of("farm", report), build).ignoringStateHashes()
                .invariant(FarmGame.BARN_HOLDS, FarmGame::barnHolds).shrink().progress(Duration.ofDays(1), line -> { });
    }

    @Test
    void aStrictGame_shrinksAsSmallAsItsLenientAdapter_withTheTriesTheLenientOneTakes() {
        ShrunkReplay lenient = shrink(FarmGame::lenient).run();

        ShrunkReplay strict = shrink(FarmGame::buggy).maxTries(lenient.tries()).run();

        System.out.println("lenient " + lenient.summary());
        System.out.println("strict  " + strict.summary());
        assertThat(strict.status()).isEqualTo(ShrunkReplay.Status.SHRUNK);
        assertThat(strict.failure().orElseThrow().check()).contains(FarmGame.BARN_HOLDS);
        assertThat(strict.stepsAfter()).isLessThanOrEqualTo(2 * lenient.stepsAfter());
    }

    @Test
    void anImpossibleInput_isNotTheBug_evenWhenBothThrowTheSameExceptionInTheSameCommand() {
        // The user's wrapper checks the invariant inside every command: the bug and an impossible harvest
        // both fail the harvest with an IllegalStateException, with other messages.
        ShrunkReplay shrunk = ReplayCheck.of(ReplaySource.of("farm", report), FarmGame::buggyCheckingInCommands)
                .ignoringStateHashes().finalState(game -> { }).shrink().progress(Duration.ofDays(1), line -> { })
                .maxTries(3000).run();

        ReplayFailure failure = shrunk.failure().orElseThrow();
        assertThat(failure.errorMessage()).contains("the barn holds # crops, more than #");
        assertThat(failure.message()).contains("more than " + FarmGame.BARN);
        assertThat(shrunk.stepsAfter()).isGreaterThan(20); // five crops' plants, waterings, days and harvests
    }
}
