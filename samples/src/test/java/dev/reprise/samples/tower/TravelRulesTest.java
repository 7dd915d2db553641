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

import static dev.reprise.samples.tower.TowerTestSupport.assertRejected;
import static dev.reprise.samples.tower.TowerTestSupport.game;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TravelRulesTest {

    private static final String[] FLOORS = {
        "@..#.\n..>#.\n#####",
        ".<...\n....>\n.....",
        "...<.\n.....\n....."};

    @Test
    void teleport_toReachableOpenTile_movesWithoutTriggeringIt() {
        TowerGame game = game(FLOORS);
        assertThat(game.apply(TowerCodes.TELEPORT, 2, 1)).isEqualTo(Outcome.TELEPORTED);
        assertThat(game.state().floor()).isZero();
        assertThat(game.state().position()).isEqualTo(new Position(2, 1));
    }

    @Test
    void teleport_unreachableWallOrOutside_isRejected() {
        TowerGame game = game(FLOORS);
        assertRejected(game, TowerRuleException.class, TowerCodes.TELEPORT, 4, 0).hasMessageContaining("cannot be reached");
        assertRejected(game, TowerRuleException.class, TowerCodes.TELEPORT, 3, 0).hasMessageContaining("not an open tile");
        assertRejected(game, TowerRuleException.class, TowerCodes.TELEPORT, 5, 0).hasMessageContaining("outside");
    }

    @Test
    void teleport_doesNotPassClosedTiles() {
        TowerGame game = game("@Y.");
        assertRejected(game, TowerRuleException.class, TowerCodes.TELEPORT, 2, 0);
    }

    @Test
    void fly_toReachedFloor_landsOnItsArrivalTile() {
        TowerGame game = game(FLOORS);
        game.apply(TowerCodes.TELEPORT, 1, 1);
        game.apply(TowerCodes.RIGHT);
        game.apply(TowerCodes.TELEPORT, 3, 1);
        game.apply(TowerCodes.RIGHT);
        assertThat(game.state().floor()).isEqualTo(2);
        assertThat(game.apply(TowerCodes.FLY, 0)).isEqualTo(Outcome.FLEW);
        assertThat(game.state().floor()).isZero();
        assertThat(game.state().position()).isEqualTo(new Position(0, 0));
        game.apply(TowerCodes.FLY, 1);
        assertThat(game.state().position()).isEqualTo(new Position(1, 0));
        assertThat(game.state().highestFloor()).isEqualTo(2);
    }

    @Test
    void fly_toFloorNotReached_isRejected() {
        TowerGame game = game(FLOORS);
        assertRejected(game, TowerRuleException.class, TowerCodes.FLY, 1).hasMessageContaining("only floors 0..0");
        assertRejected(game, TowerRuleException.class, TowerCodes.FLY, -1);
    }
}
