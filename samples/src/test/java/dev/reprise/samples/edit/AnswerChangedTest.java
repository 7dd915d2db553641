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

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AnswerChangedTest {

    @TempDir
    Path folder;

    @Test
    void answerOtherwise_writesATestCaseThatVerifies_andLeavesThePlayersFileAlone() throws Exception {
        ReplayFile player = TowerVerification.record(7, 3, 600);
        Path playerFile = folder.resolve("player.replay");
        player.write(playerFile);
        byte[] playerBytes = Files.readAllBytes(playerFile);
        ReplayArray route = new ReplayArray();
        route.loadState(player.save());
        ReplayFile testCase = null;
        int changed = -1;
        for (int step = 0; step < route.length() && testCase == null; step++) {
            if (route.get(step).code() != TowerCodes.CHOICE) {
                continue;
            }
            int other = route.get(step).intParam(0) == 0 ? 1 : 0;
            try {
                testCase = AnswerChanged.answerOtherwise(player, step, other, folder.resolve("case.replay"));
                changed = step;
            } catch (RuntimeException refusedByTheGame) {
                // that dialog does not offer the other answer: try the next one
            }
        }

        assertThat(testCase).as("some answer of the player's run can be changed").isNotNull();
        Verdict verdict = TowerVerification.verifier().build()
                .verify(ReplaySource.of("case", folder.resolve("case.replay")))
                .block(Duration.ofSeconds(60));
        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.VALID);
        ReplayArray saved = new ReplayArray();
        saved.loadState(ReplayFile.read(folder.resolve("case.replay")).save());
        assertThat(saved.length()).isEqualTo(changed + 1);
        assertThat(saved.get(changed).intParam(0)).isNotEqualTo(route.get(changed).intParam(0));
        assertThat(Files.readAllBytes(playerFile)).isEqualTo(playerBytes);
    }
}
