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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.io.ReplayFile;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.Verdict;
import java.time.Duration;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class TowerVerificationTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Test
    void record_thenVerify_isValidWithTheClaimedFinalHash() {
        ReplayFile file = TowerVerification.record(7, 3, 500);
        Verdict verdict = TowerVerification.verifier().build().verify(ReplaySource.of("seven", file.toBytes()))
                .block(TIMEOUT);

        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.VALID);
        assertThat(verdict.stepReached()).isEqualTo(file.save().length());
        assertThat(verdict.actualHash()).hasValue(HexFormat.fromHexDigitsToLong(
                file.metadata().get(TowerVerification.FINAL_HASH_KEY)));
    }

    @Test
    void record_writesSeedFloorsAndHashSteps() {
        ReplayFile file = TowerVerification.record(7, 3, 500);

        assertThat(file.gameId()).isEqualTo(TowerCommands.GAME_ID);
        assertThat(file.metadata()).containsEntry(TowerVerification.SEED_KEY, "7")
                .containsEntry(TowerVerification.FLOORS_KEY, "3").containsKey(TowerVerification.FINAL_HASH_KEY);
        assertThat(file.dictionary().name(TowerCommands.STATE_HASH)).hasValue(TowerCommands.STATE_HASH_NAME);
    }

    @Test
    void reachedFloor_refusesAGameBelowIt() {
        ReplayFile file = TowerVerification.record(7, 3, 500);
        ReplaySource source = ReplaySource.of("seven", file);

        Verdict low = TowerVerification.verifier().accept(TowerVerification.reachedFloor(1)).build()
                .verify(source).block(TIMEOUT);
        Verdict high = TowerVerification.verifier().accept(TowerVerification.reachedFloor(4)).build()
                .verify(source).block(TIMEOUT);

        assertThat(low.outcome()).as(low.reason()).isEqualTo(Outcome.VALID);
        assertThat(high.outcome()).isEqualTo(Outcome.REJECTED); // a 3-floor tower has no floor 4
        assertThat(high.reason()).contains("acceptance");
    }

    @Test
    void game_withoutFloors_throwsNamingTheKey() {
        ReplayFile file = TowerVerification.record(7, 2, 50);
        ReplayFile demoStyle = ReplayFile.builder(file.save()).gameId(TowerCommands.GAME_ID)
                .metadata(TowerVerification.SEED_KEY, "7").build();

        assertThatThrownBy(() -> TowerVerification.game(demoStyle)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"floors\"");
    }

    @Test
    void verify_floorsOutOfRange_isInvalidFile() {
        ReplayFile file = TowerVerification.record(7, 2, 50).toBuilder()
                .metadata(TowerVerification.FLOORS_KEY, "1000").build();
        Verdict verdict = TowerVerification.verifier().build().verify(ReplaySource.of("tall", file)).block(TIMEOUT);

        assertThat(verdict.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(verdict.reason()).contains("1000");
    }

    @Test
    void verify_otherSeedThanRecorded_isDesync() {
        ReplayFile file = TowerVerification.record(7, 3, 500).toBuilder()
                .metadata(TowerVerification.SEED_KEY, "8").build();
        Verdict verdict = TowerVerification.verifier().build().verify(ReplaySource.of("seed 8", file)).block(TIMEOUT);

        assertThat(verdict.outcome()).as(verdict.reason()).isIn(Outcome.DESYNC, Outcome.FAILED);
        assertThat(verdict.valid()).isFalse();
    }
}
