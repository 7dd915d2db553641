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
package dev.reprise.samples.tower;

import static dev.reprise.samples.tower.TowerTestSupport.game;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.testing.SeededCases;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TowerGameTest {

    private static final Tower TOWER = TowerGenerator.generate(11, 3);

    @Test
    void commitMoves_equalsApplyingEachMove() {
        SeededCases.check(200, gen -> commitMovesEqualsApplyingEachMove(gen.list(0, 60, g -> g.between(0, 3))));
    }

    private static void commitMovesEqualsApplyingEachMove(List<Integer> moves) {
        TowerGame oneByOne = new TowerGame(TOWER);
        TowerGame queued = new TowerGame(TOWER);
        List<Outcome> expected = new ArrayList<>();
        int applied = 0;
        for (int move : moves) {
            if (oneByOne.state().choice().isPresent()) {
                break; // a choice needs an answer before another move; the bot answers it, random moves cannot
            }
            expected.add(oneByOne.apply(move));
            queued.queueMove(move);
            applied++;
        }
        assertThat(queued.queuedMoves()).isEqualTo(applied);
        assertThat(queued.state()).isEqualTo(new TowerGame(TOWER).state());
        assertThat(queued.commitMoves()).isEqualTo(expected);
        assertThat(queued.state()).isEqualTo(oneByOne.state());
        assertThat(queued.state().stateHash()).isEqualTo(oneByOne.state().stateHash());
        assertThat(queued.queuedMoves()).isZero();
    }

    @Test
    void apply_commitsQueuedMovesFirst() {
        TowerGame game = game("@..F");
        game.queueMove(TowerCodes.RIGHT);
        game.queueMove(TowerCodes.RIGHT);
        game.queueMove(TowerCodes.RIGHT);
        assertThat(game.apply(TowerCodes.CHOICE, 1)).isEqualTo(Outcome.CHOICE_CLOSED);
        assertThat(game.queuedMoves()).isZero();
        assertThat(game.state().position()).isEqualTo(new Position(3, 0));
        assertThat(game.state().gold()).isEqualTo(30);
    }

    @Test
    void commitMoves_failingMove_leavesStateAndQueueAsTheyWere() {
        TowerGame game = game("@F..");
        game.queueMove(TowerCodes.RIGHT);
        game.queueMove(TowerCodes.RIGHT);
        TowerState before = game.state();
        assertThatThrownBy(game::commitMoves).isInstanceOf(TowerRuleException.class)
                .hasMessageStartingWith("queued move 1 of 2: RIGHT (code 1) while FAIRY waits for a CHOICE");
        assertThat(game.state()).isSameAs(before);
        assertThat(game.queuedMoves()).isEqualTo(2);
    }

    @Test
    void commitMoves_withNothingQueued_changesNothing() {
        TowerGame game = game("@.");
        TowerState before = game.state();
        assertThat(game.commitMoves()).isEmpty();
        assertThat(game.state()).isEqualTo(before);
    }

    @Test
    void queueMove_rejectsOtherCodes() {
        TowerGame game = game("@.");
        assertThatThrownBy(() -> game.queueMove(TowerCodes.TELEPORT)).isInstanceOf(TowerInputException.class)
                .hasMessageContaining("only moves");
        assertThat(game.queuedMoves()).isZero();
    }

    @Test
    void queueMove_growsPastItsInitialCapacity() {
        TowerGame game = game("@" + ".".repeat(40));
        for (int i = 0; i < 40; i++) {
            game.queueMove(TowerCodes.RIGHT);
        }
        assertThat(game.commitMoves()).hasSize(40).containsOnly(Outcome.MOVED);
        assertThat(game.state().x()).isEqualTo(40);
    }

    @Test
    void statesHandedOut_neverChange() {
        TowerGame game = game("@h");
        TowerState start = game.state();
        long hash = start.stateHash();
        game.apply(TowerCodes.RIGHT);
        assertThat(start.stateHash()).isEqualTo(hash);
        assertThat(start.tile(0, 1, 0)).isEqualTo('h');
        assertThat(game.state().tile(0, 1, 0)).isEqualTo('.');
    }

    @Test
    void reset_restoresASnapshot_andDropsQueuedMoves() {
        TowerGame game = game("@h.");
        TowerState start = game.state();
        game.apply(TowerCodes.RIGHT);
        game.queueMove(TowerCodes.RIGHT);
        game.reset(start);
        assertThat(game.state()).isSameAs(start);
        assertThat(game.queuedMoves()).isZero();
        assertThat(game.initialState()).isEqualTo(start);
        assertThatThrownBy(() -> game.reset(game("@").state())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("another tower");
    }
}
