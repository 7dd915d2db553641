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
package dev.reprise.samples.tower.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.tower.InputRecorder;
import dev.reprise.samples.tower.Item;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReplayVerdictTest {

    /** The hero starts left of a fairy, with open floor behind it. */
    private final Tower tower = Tower.parse("@F...");
    private final TowerGame recorded = new TowerGame(tower);
    private final ReplaySystem system = new ReplaySystem();
    private final StateTrail trail = new StateTrail();
    private final InputRecorder recorder = trail.recording(recorded, system::record);

    private void play(int code, Object... params) {
        recorder.record(code, params);
        recorded.apply(code, params);
    }

    private ReplayVerdict replay() {
        TowerGame game = new TowerGame(tower);
        ReplaySystem player = new ReplaySystem();
        TowerCommands.register(player, game);
        player.loadState(system.saveState());
        ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        sandbox.play();
        return ReplayVerdict.judge(sandbox.steps(), game, trail, recorded.state().stateHash())
                .block(Duration.ofSeconds(10));
    }

    private void playTheFairyAndWalkOn() {
        play(TowerCodes.RIGHT);
        play(TowerCodes.CHOICE, 1); // +30 gold
        play(TowerCodes.RIGHT);
        play(TowerCodes.RIGHT);
    }

    @Test
    void faithfulReplay_matches() {
        playTheFairyAndWalkOn();

        ReplayVerdict verdict = replay();

        assertThat(verdict.reproduced()).isTrue();
        assertThat(verdict.firstDivergence()).isEqualTo(-1);
        assertThat(verdict.steps()).isEqualTo(4);
        assertThat(verdict.describe()).startsWith("MATCH: final state hash ");
    }

    @Test
    void anotherAnswer_isFoundAtTheFirstComparableStepAfterIt() {
        playTheFairyAndWalkOn();
        system.array().set(1, TowerCodes.CHOICE, 0); // +150 hp instead

        ReplayVerdict verdict = replay();

        assertThat(verdict.reproduced()).isFalse();
        assertThat(verdict.failure()).isNull();
        assertThat(verdict.firstDivergence()).isEqualTo(2);
        assertThat(verdict.replayedHash()).isNotEqualTo(verdict.recordedHash());
        assertThat(verdict.describe()).startsWith("MISMATCH: first differing step 2, recorded hash ");
    }

    @Test
    void aStepThatBreaksARule_failsPlayback_andTheVerdictNamesIt() {
        playTheFairyAndWalkOn();
        system.array().insert(2, TowerCodes.USE_ITEM, Item.ELIXIR.number()); // the hero has none

        ReplayVerdict verdict = replay();

        assertThat(verdict.reproduced()).isFalse();
        assertThat(verdict.failure()).isNotNull();
        assertThat(verdict.failure().stepIndex()).isEqualTo(2);
        assertThat(verdict.describe()).startsWith("MISMATCH: playback failed at step 2 (execute): step 2 [8]: ");
    }
}
