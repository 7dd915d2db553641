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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.testing.SeededCases;
import org.junit.jupiter.api.Test;

class TowerGeneratorTest {

    @Test
    void sameSeed_sameTower_otherSeed_otherTower() {
        assertThat(TowerGenerator.generate(42, 5).toText()).isEqualTo(TowerGenerator.generate(42, 5).toText());
        assertThat(TowerGenerator.generate(43, 5).toText()).isNotEqualTo(TowerGenerator.generate(42, 5).toText());
    }

    @Test
    void generate_defaultTower_hasDefaultFloorsOfThirteenSquares() {
        Tower tower = TowerGenerator.generate(1);
        assertThat(tower.floors()).isEqualTo(TowerGenerator.DEFAULT_FLOORS);
        assertThat(tower.width()).isEqualTo(13);
        assertThat(tower.height()).isEqualTo(13);
    }

    @Test
    void generate_rejectsFloorCountOutOfRange() {
        assertThatThrownBy(() -> TowerGenerator.generate(1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> TowerGenerator.generate(1, 65)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyTileIsReachable_ignoringWhatStandsOnIt() {
        SeededCases.check(30, gen -> everyTileIsReachable(gen.longs()));
    }

    private static void everyTileIsReachable(long seed) {
        Tower tower = TowerGenerator.generate(seed, 6);
        for (int f = 0; f < tower.floors(); f++) {
            Position arrival = tower.arrivalFromBelow(f);
            boolean[] seen = new boolean[tower.width() * tower.height()];
            int reached = flood(tower, f, arrival.x(), arrival.y(), seen);
            int open = 0;
            for (int y = 0; y < tower.height(); y++) {
                for (int x = 0; x < tower.width(); x++) {
                    open += tower.tile(f, x, y) != '#' ? 1 : 0;
                }
            }
            assertThat(reached).as("floor %d of seed %d", f, seed).isEqualTo(open);
        }
    }

    @Test
    void everyTowerIsSolved_byTheBot() {
        SeededCases.check(15, gen -> {
            long seed = gen.longs();
            Tower tower = TowerGenerator.generate(seed, 10);
            TowerBot.Run run = new TowerBot(new TowerGame(tower), seed).play(new InputLog());
            assertThat(run.highestFloor()).isEqualTo(9);
        });
    }

    @Test
    void floorsHaveTheShopEventsAndEquipmentTheBotNeeds() {
        Tower tower = TowerGenerator.generate(5, 8);
        String all = String.join("", tower.toText());
        assertThat(all).contains("$", "A", "M", "F", "e", "k", "w", "u", "W", "U", "Y", ">", "<", "@");
    }

    private static int flood(Tower tower, int floor, int x, int y, boolean[] seen) {
        if (x < 0 || y < 0 || x >= tower.width() || y >= tower.height() || seen[y * tower.width() + x]
                || tower.tile(floor, x, y) == '#') {
            return 0;
        }
        seen[y * tower.width() + x] = true;
        return 1 + flood(tower, floor, x + 1, y, seen) + flood(tower, floor, x - 1, y, seen)
                + flood(tower, floor, x, y + 1, seen) + flood(tower, floor, x, y - 1, seen);
    }
}
