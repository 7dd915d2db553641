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
package dev.reprise.samples.edit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.edit.ReplayEditor;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.Verdict;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A tower replay's state-hash steps, after an edit before them: refreshed, and the file saved verifies. */
class EditedHashStepsTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void anAnswerChanged_beforeHashSteps_playsToTheEnd_andItsFileVerifiesWithTheirHashes() {
        ReplayFile player = TowerVerification.record(7, 3, 600);
        ReplayArray original = new ReplayArray();
        original.loadState(player.save());
        for (int step = 0; step < original.length(); step++) {
            if (original.get(step).code() != TowerCodes.CHOICE) {
                continue;
            }
            EditableTower tower = EditableTower.of(player);
            ReplayEditor editor = ReplayEditor.open(tower);
            editor.set(step, TowerCodes.CHOICE, original.get(step).intParam(0) == 0 ? 1 : 0);
            try {
                editor.seek(editor.length()).block(WAIT);
            } catch (RuntimeException refused) {
                assertThat(rootCause(refused)).as("the edit's own hash steps never desync")
                        .isNotInstanceOf(ReplayDesyncException.class);
                continue; // the game refuses the other answer, or a later input, on this route: try the next
            }
            ReplayFile edited = tower.toFile();
            Verdict verdict = TowerVerification.verifier().build()
                    .verify(ReplaySource.of("edited", edited.toBytes())).block(WAIT);
            assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.VALID);
            assertThat(refreshedAfter(step, original, editor.route())).as("hash steps refreshed").isPositive();
            return;
        }
        throw new AssertionError("no answer of the player's run could be changed");
    }

    private static int refreshedAfter(int step, ReplayArray original, ReplayArray edited) {
        int refreshed = 0;
        for (int i = step + 1; i < edited.length(); i++) {
            if (edited.get(i).code() == TowerCommands.STATE_HASH && !edited.get(i).equals(original.get(i))) {
                refreshed++;
            }
        }
        return refreshed;
    }

    private static Throwable rootCause(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
