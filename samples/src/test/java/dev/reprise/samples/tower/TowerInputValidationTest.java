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

import static dev.reprise.samples.tower.TowerTestSupport.assertRejected;
import static dev.reprise.samples.tower.TowerTestSupport.game;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TowerInputValidationTest {

    private final TowerGame game = game("@.w");

    @Test
    void unknownCode_isRejectedWithTheKnownCodes() {
        assertRejected(game, TowerInputException.class, 8).hasMessageContaining("unknown tower input code 8")
                .hasMessageContaining("[0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18]");
        assertRejected(game, TowerInputException.class, -1);
        assertRejected(game, TowerInputException.class, 255);
    }

    @Test
    void wrongParamCount_isRejected() {
        assertRejected(game, TowerInputException.class, TowerCodes.UP, 1)
                .hasMessage("UP (code 0) takes 0 param(s), got 1: [1]");
        assertRejected(game, TowerInputException.class, TowerCodes.TELEPORT, 1)
                .hasMessageContaining("TELEPORT (code 4) takes 2 param(s), got 1");
        assertRejected(game, TowerInputException.class, TowerCodes.EQUIP, 1, 0);
    }

    @Test
    void wrongParamType_isRejectedNamingTheParam() {
        assertRejected(game, TowerInputException.class, TowerCodes.EQUIP, 1, 0, 1)
                .hasMessage("EQUIP (code 6) param 2 (autoUnload) must be Boolean, got Integer 1");
        assertRejected(game, TowerInputException.class, TowerCodes.TELEPORT, 1, "0")
                .hasMessage("TELEPORT (code 4) param 1 (y) must be Integer, got String 0");
        assertRejected(game, TowerInputException.class, TowerCodes.USE_ITEM, 8L)
                .hasMessageContaining("must be Integer, got Long 8");
        assertRejected(game, TowerInputException.class, TowerCodes.FLY, 0.0);
    }

    @Test
    void nullParam_isRejected() {
        TowerState before = game.state();
        assertThatThrownBy(() -> game.apply(TowerCodes.CHOICE, Arrays.asList((Object) null)))
                .isInstanceOf(TowerInputException.class).hasMessageContaining("got null");
        assertThat(game.state()).isSameAs(before);
    }

    @Test
    void shortAndByteParams_areAcceptedAsIntegers() {
        game.apply(TowerCodes.TELEPORT, (short) 1, (byte) 0);
        assertThat(game.state().position()).isEqualTo(new Position(1, 0));
    }

    @Test
    void rejectedInput_keepsQueuedMoves() {
        game.queueMove(TowerCodes.RIGHT);
        assertRejected(game, TowerInputException.class, TowerCodes.EQUIP, 1);
        assertThat(game.queuedMoves()).isEqualTo(1);
    }

    @Test
    void everySpec_describesItsParams() {
        assertThat(TowerCodes.all()).extracting(InputSpec::code)
                .containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18);
        assertThat(TowerCodes.spec(TowerCodes.EQUIP).params()).extracting(InputSpec.Param::type)
                .isEqualTo(List.of(Integer.class, Integer.class, Boolean.class));
        assertThat(TowerCodes.all()).filteredOn(InputSpec::passive).extracting(InputSpec::name)
                .containsExactly("CHOICE");
        assertThat(TowerCodes.nameOf(99)).isEqualTo("code 99");
    }
}
