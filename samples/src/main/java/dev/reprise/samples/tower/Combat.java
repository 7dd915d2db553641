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

import java.util.OptionalLong;

/**
 * The classic mota fixed damage formula. The hero strikes first; each strike deals {@code max(atk -
 * def, 0)}; the monster strikes back after every hero strike that does not kill it. The fight is
 * decided before it starts: no randomness, no partial fights.
 */
final class Combat {

    private Combat() {
    }

    /**
     * Returns the total damage the hero takes beating a monster, or empty when the hero cannot hurt it.
     * The hero wins only if this is below its hp.
     */
    static OptionalLong damage(int heroAttack, int heroDefence, Monster monster) {
        int perStrike = heroAttack - monster.defence();
        if (perStrike <= 0) {
            return OptionalLong.empty();
        }
        long strikesNeeded = (monster.hp() + perStrike - 1L) / perStrike;
        long perCounter = Math.max(monster.attack() - heroDefence, 0);
        return OptionalLong.of((strikesNeeded - 1) * perCounter);
    }

    /** Returns the damage the hero in {@code state} takes beating {@code monster}, or empty if it cannot win. */
    static OptionalLong winningDamage(TowerState state, Monster monster) {
        OptionalLong damage = damage(state.effectiveAttack(), state.effectiveDefence(), monster);
        return damage.isPresent() && damage.getAsLong() < state.hp() ? damage : OptionalLong.empty();
    }
}
