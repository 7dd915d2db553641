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

import org.junit.jupiter.api.Test;

class TowerTest {

    @Test
    void parse_readsSizeStartAndStairs() {
        Tower tower = Tower.parse("#@.\n..>", "<..\n...");
        assertThat(tower.floors()).isEqualTo(2);
        assertThat(tower.width()).isEqualTo(3);
        assertThat(tower.height()).isEqualTo(2);
        assertThat(tower.start()).isEqualTo(new Position(1, 0));
        assertThat(tower.tile(0, 1, 0)).isEqualTo('.');
        assertThat(tower.arrivalFromBelow(0)).isEqualTo(tower.start());
        assertThat(tower.arrivalFromBelow(1)).isEqualTo(new Position(0, 0));
        assertThat(tower.arrivalFromAbove(0)).isEqualTo(new Position(2, 1));
    }

    @Test
    void toText_roundTrips() {
        Tower tower = TowerGenerator.generate(3, 4);
        assertThat(Tower.parse(tower.toText()).toText()).isEqualTo(tower.toText());
    }

    @Test
    void parse_rejectsBadFloorsNamingWhere() {
        assertThatThrownBy(() -> Tower.parse("@?")).hasMessage("floor 0 (1,0): unknown tile '?'");
        assertThatThrownBy(() -> Tower.parse("@>", "<")).hasMessage("floor 1 row 0 has 1 tiles, expected 2");
        assertThatThrownBy(() -> Tower.parse("@>\n..", "<.")).hasMessage("floor 1 has 1 rows, floor 0 has 2");
        assertThatThrownBy(() -> Tower.parse("..")).hasMessage("floor 0 has no hero start '@'");
        assertThatThrownBy(() -> Tower.parse("@@")).hasMessageContaining("'@' must appear exactly once");
        assertThatThrownBy(() -> Tower.parse("@>")).hasMessageContaining("top floor 0 cannot have stairs up");
        assertThatThrownBy(() -> Tower.parse("@.", "<.")).hasMessage("floor 0 needs stairs up '>'");
        assertThatThrownBy(() -> Tower.parse("@>", "..")).hasMessage("floor 1 needs stairs down '<'");
        assertThatThrownBy(() -> Tower.parse("@<")).hasMessage("floor 0 cannot have stairs down '<'");
        assertThatThrownBy(() -> Tower.parse(">@>", "<..")).hasMessageContaining("a second '>'");
        assertThatThrownBy(() -> Tower.parse(new String[0])).hasMessageContaining("1 to 64 floors");
    }
}
