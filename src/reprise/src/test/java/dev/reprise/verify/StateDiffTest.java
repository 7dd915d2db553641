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

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StateDiffTest {

    enum Weather { SUN, RAIN }

    record Hero(int gold, Weather weather) {
    }

    @Test
    void of_nestedMapsAndLists_namesEachDifferingFieldByItsPath_andNotTheOthers() {
        Map<String, ?> left = Map.of("hero", Map.of("gold", 52, "hp", 10), "stock", List.of(1, 2, 3));
        Map<String, ?> right = Map.of("hero", Map.of("gold", 44, "hp", 10), "stock", List.of(1, 2, 4));

        StateDiff diff = StateDiff.of(left, right, 10);

        assertThat(diff.differences()).containsExactlyInAnyOrder(new FieldDifference("hero.gold", "52", "44"),
                new FieldDifference("stock[2]", "3", "4"));
        assertThat(diff.count()).isEqualTo(2);
    }

    @Test
    void of_keysAndElementsOnOneSide_areListedAsSuch() {
        StateDiff diff = StateDiff.of(Map.of("a", 1, "list", List.of(1)), Map.of("b", 2, "list", List.of(1, 2)), 10);

        assertThat(diff.differences()).containsExactlyInAnyOrder(new FieldDifference("a", "1", null),
                new FieldDifference("b", null, "2"), new FieldDifference("list[1]", null, "2"));
        assertThat(new FieldDifference("a", "1", null).line()).isEqualTo("a only on the left: 1");
    }

    @Test
    void of_recordsEnumsNumbersAndOtherValues_areComparedAsDescribeStatePromises() {
        Map<String, Object> left = new LinkedHashMap<>();
        left.put("hero", new Hero(5, Weather.SUN));
        left.put("count", 3); // an Integer on one side, a Long on the other: the same number
        left.put("sword", new StringBuilder("iron"));
        left.put("nothing", null);
        Map<String, Object> right = new LinkedHashMap<>();
        right.put("hero", new Hero(5, Weather.RAIN));
        right.put("count", 3L);
        right.put("sword", new StringBuilder("iron"));
        right.put("nothing", null);

        StateDiff diff = StateDiff.of(left, right, 10);

        assertThat(diff.differences()).containsExactly(new FieldDifference("hero.weather", "SUN", "RAIN"));
    }

    @Test
    void of_aMillionDifferingFields_keepsTheFirstAndCountsAll() {
        Map<String, Integer> left = new HashMap<>();
        Map<String, Integer> right = new HashMap<>();
        for (int i = 0; i < 1_000_000; i++) {
            left.put("f" + i, i);
            right.put("f" + i, i + 1);
        }

        StateDiff diff = StateDiff.of(left, right, 5);

        assertThat(diff.differences()).hasSize(5);
        assertThat(diff.count()).isEqualTo(1_000_000);
        assertThat(diff.same()).isFalse();
    }

    @Test
    void of_equalStates_areSame() {
        assertThat(StateDiff.of(Map.of("a", List.of(Map.of("b", 1.5))), Map.of("a", List.of(Map.of("b", 1.5))), 3)
                .same()).isTrue();
    }
}
