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
