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

class ChoiceRulesTest {

    /** A hero with 100 gold (four gold bags), next to a shop. */
    private static TowerGame richHeroAtShop() {
        TowerGame game = game("$@gggg");
        for (int i = 0; i < 4; i++) {
            game.apply(TowerCodes.RIGHT);
        }
        game.apply(TowerCodes.TELEPORT, 1, 0);
        assertThat(game.state().gold()).isEqualTo(100);
        return game;
    }

    @Test
    void shop_purchasesRaiseStatsAndPrice_andStayOpenUntilLeft() {
        TowerGame game = richHeroAtShop();
        game.apply(TowerCodes.LEFT);
        assertThat(game.apply(TowerCodes.CHOICE, 0)).isEqualTo(Outcome.CHOICE_ANSWERED);
        assertThat(game.apply(TowerCodes.CHOICE, 1)).isEqualTo(Outcome.CHOICE_ANSWERED);
        assertThat(game.apply(TowerCodes.CHOICE, 2)).isEqualTo(Outcome.CHOICE_ANSWERED);
        TowerState s = game.state();
        assertThat(s.gold()).isEqualTo(100 - 20 - 25 - 30);
        assertThat(s.attack()).isEqualTo(12);
        assertThat(s.defence()).isEqualTo(12);
        assertThat(s.hp()).isEqualTo(1200);
        assertThat(s.shopPurchases()).isEqualTo(3);
        assertThat(s.choice()).isPresent();
        assertThat(game.apply(TowerCodes.CHOICE, 3)).isEqualTo(Outcome.CHOICE_CLOSED);
        assertThat(game.state().choice()).isEmpty();
        assertThat(game.state().tile(0, 0, 0)).isEqualTo('$');
    }

    @Test
    void shop_unaffordable_isRejectedAndLeavesShopOpen() {
        TowerGame game = game("$@");
        game.apply(TowerCodes.LEFT);
        assertRejected(game, TowerRuleException.class, TowerCodes.CHOICE, 0).hasMessageContaining("20 gold");
        assertThat(game.state().choice()).isPresent();
    }

    @Test
    void shopCode_opensVisitedShopFromAfar_onlyOnceVisited() {
        TowerGame game = richHeroAtShop();
        assertRejected(game, TowerRuleException.class, TowerCodes.SHOP, 0).hasMessageContaining("not visited");
        game.apply(TowerCodes.LEFT);
        game.apply(TowerCodes.CHOICE, 3);
        game.apply(TowerCodes.TELEPORT, 5, 0);
        assertThat(game.apply(TowerCodes.SHOP, 0)).isEqualTo(Outcome.CHOICE_OPENED);
        assertThat(game.state().choice()).contains(new Choice(Dialog.SHOP, 0, 0, 0));
        game.apply(TowerCodes.CHOICE, 0);
        assertThat(game.state().attack()).isEqualTo(12);
    }

    @Test
    void altar_tradesHpForStats_andIsUsedUp() {
        TowerGame game = game("@A.");
        game.apply(TowerCodes.RIGHT);
        assertThat(game.apply(TowerCodes.CHOICE, 1)).isEqualTo(Outcome.CHOICE_CLOSED);
        assertThat(game.state().hp()).isEqualTo(850);
        assertThat(game.state().defence()).isEqualTo(13);
        assertThat(game.state().tile(0, 1, 0)).isEqualTo('.');
    }

    @Test
    void merchant_sellsKeysForGold_orIsLeft() {
        TowerGame game = game("@gMM");
        game.apply(TowerCodes.RIGHT);
        game.apply(TowerCodes.RIGHT);
        game.apply(TowerCodes.CHOICE, 0);
        assertThat(game.state().keys(KeyColour.YELLOW)).isEqualTo(1);
        assertThat(game.state().gold()).isEqualTo(5);
        game.apply(TowerCodes.RIGHT);
        assertRejected(game, TowerRuleException.class, TowerCodes.CHOICE, 1).hasMessageContaining("50 gold");
        assertThat(game.apply(TowerCodes.CHOICE, 3)).isEqualTo(Outcome.CHOICE_CLOSED);
        assertThat(game.state().gold()).isEqualTo(5);
    }

    @Test
    void fairy_givesTheChosenGift() {
        TowerGame game = game("@FFF");
        game.apply(TowerCodes.RIGHT);
        game.apply(TowerCodes.CHOICE, 0);
        game.apply(TowerCodes.RIGHT);
        game.apply(TowerCodes.CHOICE, 1);
        game.apply(TowerCodes.RIGHT);
        game.apply(TowerCodes.CHOICE, 2);
        TowerState s = game.state();
        assertThat(s.hp()).isEqualTo(1150);
        assertThat(s.gold()).isEqualTo(30);
        assertThat(s.itemCount(Item.ELIXIR)).isEqualTo(1);
    }

    @Test
    void choice_withNothingOpen_isRejected() {
        TowerGame game = game("@.");
        assertRejected(game, TowerRuleException.class, TowerCodes.CHOICE, 0).hasMessageContaining("no choice is open");
    }

    @Test
    void choice_outOfRange_isRejected() {
        TowerGame game = game("@F");
        game.apply(TowerCodes.RIGHT);
        assertRejected(game, TowerRuleException.class, TowerCodes.CHOICE, 3).hasMessageContaining("options 0..2");
        assertRejected(game, TowerRuleException.class, TowerCodes.CHOICE, -1);
    }

    @Test
    void otherInputs_whileChoiceOpen_areRejected() {
        TowerGame game = game("@F.");
        game.apply(TowerCodes.RIGHT);
        assertRejected(game, TowerRuleException.class, TowerCodes.RIGHT).hasMessageContaining("waits for a CHOICE");
        assertRejected(game, TowerRuleException.class, TowerCodes.FLY, 0);
    }
}
