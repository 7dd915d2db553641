package dev.reprise.samples.tower;

import java.util.List;

/** The effect of one input code on a working copy of the state; params were already checked. */
@FunctionalInterface
interface TowerAction {

    /**
     * Applies the input to {@code state}, which the caller discards if this throws.
     *
     * @throws TowerRuleException if the input breaks a rule in this state
     */
    Outcome apply(TowerState state, Tower tower, List<Object> params);

    static int intParam(List<Object> params, int index) {
        return ((Number) params.get(index)).intValue();
    }
}
