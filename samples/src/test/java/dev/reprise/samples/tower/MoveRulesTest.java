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

import org.junit.jupiter.api.Test;

class MoveRulesTest {

    @Test
    void move_ontoEmptyTile_movesHero() {
        TowerGame game = game("@.");
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.MOVED);
        assertThat(game.state().position()).isEqualTo(new Position(1, 0));
    }

    @Test
    void move_intoWallOrEdge_isBlockedAndChangesNothing() {
        TowerGame game = game("@#");
        TowerState before = game.state();
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.BLOCKED);
        assertThat(game.apply(TowerCodes.LEFT)).isEqualTo(Outcome.BLOCKED);
        assertThat(game.apply(TowerCodes.UP)).isEqualTo(Outcome.BLOCKED);
        assertThat(game.state()).isEqualTo(before);
    }

    @Test
    void door_withoutKey_blocks_withKey_opensAndKeepsHeroInPlace() {
        TowerGame game = game("y@Y.");
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.BLOCKED);
        assertThat(game.apply(TowerCodes.LEFT)).isEqualTo(Outcome.PICKED_UP);
        assertThat(game.state().keys(KeyColour.YELLOW)).isEqualTo(1);
        game.apply(TowerCodes.RIGHT);
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.OPENED_DOOR);
        assertThat(game.state().keys(KeyColour.YELLOW)).isZero();
        assertThat(game.state().position()).isEqualTo(new Position(1, 0));
        assertThat(game.state().tile(0, 2, 0)).isEqualTo('.');
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.MOVED);
    }

    @Test
    void door_ofAnotherColour_staysShut() {
        TowerGame game = game("b@R");
        game.apply(TowerCodes.LEFT);
        game.apply(TowerCodes.RIGHT);
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.BLOCKED);
        assertThat(game.state().keys(KeyColour.BLUE)).isEqualTo(1);
    }

    @Test
    void items_actOnPickup_andLeaveEmptyFloor() {
        TowerGame game = game("@hHadg");
        for (int i = 0; i < 5; i++) {
            assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.PICKED_UP);
        }
        TowerState s = game.state();
        assertThat(s.hp()).isEqualTo(1000 + 100 + 300);
        assertThat(s.attack()).isEqualTo(12);
        assertThat(s.defence()).isEqualTo(12);
        assertThat(s.gold()).isEqualTo(25);
        assertThat(s.tile(0, 3, 0)).isEqualTo('.');
    }

    @Test
    void inventoryItemsAndEquipment_goToInventoryAndBag() {
        TowerGame game = game("@ekwU");
        for (int i = 0; i < 4; i++) {
            game.apply(TowerCodes.RIGHT);
        }
        TowerState s = game.state();
        assertThat(s.itemCount(Item.ELIXIR)).isEqualTo(1);
        assertThat(s.itemCount(Item.KEY_BUNDLE)).isEqualTo(1);
        assertThat(s.bagCount(Equipment.IRON_SWORD)).isEqualTo(1);
        assertThat(s.bagCount(Equipment.SILVER_SHIELD)).isEqualTo(1);
        assertThat(s.equipped(Equipment.WEAPON)).isNull();
        assertThat(s.hp()).isEqualTo(1000);
    }

    @Test
    void monster_beatable_isFoughtFromNeighbouringTile() {
        // red slime: 45 hp, 14 atk, 3 def -> 7 per strike, 7 strikes, 6 counters of 4.
        TowerGame game = game("@1.");
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.FOUGHT);
        TowerState s = game.state();
        assertThat(s.hp()).isEqualTo(1000 - 24);
        assertThat(s.gold()).isEqualTo(3);
        assertThat(s.position()).isEqualTo(new Position(0, 0));
        assertThat(s.tile(0, 1, 0)).isEqualTo('.');
    }

    @Test
    void monster_heroCannotHurt_blocks() {
        TowerGame game = game("@9");
        TowerState before = game.state();
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.BLOCKED);
        assertThat(game.state()).isEqualTo(before);
    }

    @Test
    void stairs_upAndDown_moveBetweenFloorsToTheMatchingStairs() {
        TowerGame game = game("@.>\n...", ".<.\n..>", "...\n.<.");
        game.apply(TowerCodes.RIGHT);
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.CHANGED_FLOOR);
        assertThat(game.state().floor()).isEqualTo(1);
        assertThat(game.state().position()).isEqualTo(new Position(1, 0));
        game.apply(TowerCodes.DOWN);
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.CHANGED_FLOOR);
        assertThat(game.state().floor()).isEqualTo(2);
        assertThat(game.state().position()).isEqualTo(new Position(1, 1));
        assertThat(game.state().highestFloor()).isEqualTo(2);
        game.apply(TowerCodes.UP);
        game.apply(TowerCodes.DOWN);
        assertThat(game.state().floor()).isEqualTo(1);
        assertThat(game.state().position()).isEqualTo(new Position(2, 1));
    }

    @Test
    void event_isSteppedOnto_andOpensItsChoice() {
        TowerGame game = game("@F");
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.CHOICE_OPENED);
        assertThat(game.state().position()).isEqualTo(new Position(1, 0));
        assertThat(game.state().choice()).contains(new Choice(Dialog.FAIRY, 0, 1, 0));
    }

    @Test
    void shop_isBumpedInto_marksItVisited_andOpensTheShop() {
        TowerGame game = game("@$");
        assertThat(game.apply(TowerCodes.RIGHT)).isEqualTo(Outcome.CHOICE_OPENED);
        assertThat(game.state().position()).isEqualTo(new Position(0, 0));
        assertThat(game.state().visitedShop(0)).isTrue();
        assertThat(game.state().choice()).contains(new Choice(Dialog.SHOP, 0, 1, 0));
    }
}
