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

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.testing.SeededCases;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CombatTest {

    private static final Monster SLIME = new Monster(0, "test slime", 50, 20, 5, 7);

    @Test
    void damage_heroStrikesFirst_monsterStrikesBackAfterEverySurvivingHit() {
        // 15 per strike: 4 strikes kill 50 hp, the monster answers the first 3 with 20 - 12 = 8 each.
        assertThat(Combat.damage(20, 12, SLIME)).isEqualTo(OptionalLong.of(24));
    }

    @Test
    void damage_oneStrikeKill_costsNothing() {
        assertThat(Combat.damage(55, 0, SLIME)).isEqualTo(OptionalLong.of(0));
    }

    @Test
    void damage_defenceAtLeastMonsterAttack_costsNothing() {
        assertThat(Combat.damage(6, 20, SLIME)).isEqualTo(OptionalLong.of(0));
    }

    @Test
    void damage_heroCannotHurtMonster_isEmpty() {
        assertThat(Combat.damage(5, 100, SLIME)).isEmpty();
    }

    @Test
    void winningDamage_damageEqualToHp_isALoss() {
        TowerGame game = new TowerGame(Tower.parse("@"));
        // start: 1000 hp, 10 attack, 10 defence; 1 per strike against defence 9 means 200 strikes.
        Monster brute = new Monster(9, "brute", 201, 15, 9, 0);
        assertThat(Combat.damage(10, 10, brute)).isEqualTo(OptionalLong.of(1000));
        assertThat(Combat.winningDamage(game.state(), brute)).isEmpty();
        Monster weaker = new Monster(9, "weaker", 200, 15, 9, 0);
        assertThat(Combat.winningDamage(game.state(), weaker)).isEqualTo(OptionalLong.of(995));
    }

    @Test
    void damage_equalsRoundByRoundFight() {
        SeededCases.check(300, gen -> damageEqualsRoundByRoundFight(gen.between(1, 300), gen.between(0, 80),
                gen.between(0, 80), gen.between(0, 80), gen.between(0, 80)));
    }

    private static void damageEqualsRoundByRoundFight(int hp, int attack, int defence, int heroAttack,
                                                      int heroDefence) {
        Monster monster = new Monster(1, "m", hp, attack, defence, 0);
        OptionalLong damage = Combat.damage(heroAttack, heroDefence, monster);
        if (heroAttack <= defence) {
            assertThat(damage).isEmpty();
            return;
        }
        long taken = 0;
        int left = hp;
        while (true) {
            left -= heroAttack - defence;
            if (left <= 0) {
                break;
            }
            taken += Math.max(attack - heroDefence, 0);
        }
        assertThat(damage).isEqualTo(OptionalLong.of(taken));
    }
}
