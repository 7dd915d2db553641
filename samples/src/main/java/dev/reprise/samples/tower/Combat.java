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
