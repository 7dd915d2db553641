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
package dev.reprise.shrink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RouteGroupsTest {

    private static final int ACTIVE = 1;
    private static final int PASSIVE = 2;
    private static final int HASH = 9;

    private static RouteGroups groups(ReplayArray route) {
        return RouteGroups.of(route.saveState(), code -> code == PASSIVE, code -> code == HASH);
    }

    @Test
    void anActiveStepAndThePassiveStepsAfterIt_areOneGroup_andLeadingPassiveStepsAreAlone() {
        ReplayArray route = TestRoute.of().step(PASSIVE, 1).step(PASSIVE, 2).step(ACTIVE).step(PASSIVE, 3)
                .step(PASSIVE, 4).step(HASH, 77L).step(ACTIVE, "x").build();

        RouteGroups groups = groups(route);

        assertThat(groups.groups()).isEqualTo(5);
        assertThat(groups.steps()).isEqualTo(7);
        assertThat(new int[] {groups.size(0), groups.size(1), groups.size(2), groups.size(3), groups.size(4)})
                .containsExactly(1, 1, 3, 1, 1);
        assertThat(groups.isHash(3)).isTrue();
        assertThat(groups.isHash(2)).isFalse();
        assertThat(groups.groupsCovering(0)).isZero();
        assertThat(groups.groupsCovering(3)).isEqualTo(3); // step 2 starts group 2, which ends at step 4
        assertThat(groups.groupsCovering(7)).isEqualTo(5);
    }

    @Test
    void theRouteOfASelection_holdsItsGroupsSteps_asTheyWere() {
        ReplayArray route = TestRoute.of(CommandWidth.UINT16).step(ACTIVE, 1, "one").step(PASSIVE, 2.5)
                .step(HASH, Long.MAX_VALUE).step(300, true).step(PASSIVE, -7).build();
        RouteGroups groups = groups(route);

        ReplaySave kept = groups.save(new int[] {0, 2});

        ReplayArray expected = TestRoute.of(CommandWidth.UINT16).step(ACTIVE, 1, "one").step(PASSIVE, 2.5)
                .step(300, true).step(PASSIVE, -7).build();
        assertThat(kept).isEqualTo(expected.saveState());
        assertThat(groups.save(new int[0]).length()).isZero();
    }

    @Test
    void theRouteOfASelection_canCarryOtherHashes() {
        ReplayArray route = TestRoute.of().step(ACTIVE).step(HASH, 5).step(ACTIVE).step(HASH, 6).build();
        RouteGroups groups = groups(route);

        ReplaySave fresh = groups.save(new int[] {1, 2, 3}, Map.of(0, 50L, 2, 60L));

        assertThat(fresh).isEqualTo(TestRoute.of().step(HASH, 50L).step(ACTIVE).step(HASH, 60L).build()
                .saveState());
    }
}
