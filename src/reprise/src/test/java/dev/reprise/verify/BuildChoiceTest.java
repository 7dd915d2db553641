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
package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BuildChoiceTest {

    /** A jar of build 1; one of build 2 that lists 1 too and upgrades it (the older docs); one of any build. */
    private static final BuildChoice.Claim<String> ONE = new BuildChoice.Claim<>("one", Set.of("1"), Set.of());
    private static final BuildChoice.Claim<String> TWO = new BuildChoice.Claim<>("two", Set.of("1", "2"), Set.of("1"));
    private static final BuildChoice.Claim<String> ANY = new BuildChoice.Claim<>("any", Set.of(), Set.of());

    /** Every order of the claims. */
    private static List<List<BuildChoice.Claim<String>>> orders(List<BuildChoice.Claim<String>> claims) {
        if (claims.size() <= 1) {
            return List.of(claims);
        }
        List<List<BuildChoice.Claim<String>>> orders = new ArrayList<>();
        for (int i = 0; i < claims.size(); i++) {
            List<BuildChoice.Claim<String>> rest = new ArrayList<>(claims);
            BuildChoice.Claim<String> first = rest.remove(i);
            for (List<BuildChoice.Claim<String>> order : orders(rest)) {
                List<BuildChoice.Claim<String>> whole = new ArrayList<>(List.of(first));
                whole.addAll(order);
                orders.add(whole);
            }
        }
        return orders;
    }

    @Test
    void choose_aBuildsOwnJar_winsOverAnyBuildAndOverAnUpgrade_inEveryOrder() {
        for (List<BuildChoice.Claim<String>> order : orders(List.of(ONE, TWO, ANY))) {
            assertThat(BuildChoice.choose(order, "1")).as("%s", order)
                    .isEqualTo(new BuildChoice.Pick<>("one", false, List.of()));
            assertThat(BuildChoice.choose(order, "2")).as("%s", order)
                    .isEqualTo(new BuildChoice.Pick<>("two", false, List.of()));
            assertThat(BuildChoice.choose(order, "3")).as("%s", order)
                    .isEqualTo(new BuildChoice.Pick<>("any", false, List.of()));
        }
    }

    @Test
    void choose_withoutTheBuildsOwnJar_upgrades_inEveryOrder() {
        for (List<BuildChoice.Claim<String>> order : orders(List.of(TWO, new BuildChoice.Claim<>("three",
                Set.of("3"), Set.of("2"))))) {
            assertThat(BuildChoice.choose(order, "1")).isEqualTo(new BuildChoice.Pick<>("two", true, List.of()));
            assertThat(BuildChoice.choose(order, "2")).isEqualTo(new BuildChoice.Pick<>("two", false, List.of()));
            assertThat(BuildChoice.choose(order, "4").chosen()).isNull();
        }
    }

    @Test
    void choose_theJarOfFewerOwnBuilds_isTheMoreSpecific_andEqualClaimsTie() {
        BuildChoice.Claim<String> both = new BuildChoice.Claim<>("both", Set.of("1", "2"), Set.of());
        BuildChoice.Claim<String> copy = new BuildChoice.Claim<>("copy", Set.of("1"), Set.of());
        for (List<BuildChoice.Claim<String>> order : orders(List.of(both, ONE))) {
            assertThat(BuildChoice.choose(order, "1").chosen()).isEqualTo("one");
        }
        for (List<BuildChoice.Claim<String>> order : orders(List.of(ONE, copy, both))) {
            BuildChoice.Pick<String> pick = BuildChoice.choose(order, "1");
            assertThat(pick.chosen()).isNull();
            assertThat(pick.tied()).containsExactlyInAnyOrder("one", "copy");
        }
    }
}
