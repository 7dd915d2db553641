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
package dev.reprise.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link CommandWidth}: the engine's enum values 1 and 2, both ways (as its saves store them). */
class CommandWidthTest {

    @Test
    void uint8_isSaveValue1_entryOf2Bytes() {
        assertThat(CommandWidth.UINT8.saveValue()).isEqualTo(1);
        assertThat(CommandWidth.UINT8.entrySize()).isEqualTo(2);
        assertThat(CommandWidth.UINT8.maxCode()).isEqualTo(255);
    }

    @Test
    void uint16_isSaveValue2_entryOf3Bytes() {
        assertThat(CommandWidth.UINT16.saveValue()).isEqualTo(2);
        assertThat(CommandWidth.UINT16.entrySize()).isEqualTo(3);
        assertThat(CommandWidth.UINT16.maxCode()).isEqualTo(65535);
    }

    @ParameterizedTest
    @EnumSource(CommandWidth.class)
    void fromSaveValue_invertsSaveValue(CommandWidth width) {
        assertThat(CommandWidth.fromSaveValue(width.saveValue())).isSameAs(width);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 3, -1, 8, 16, Integer.MAX_VALUE})
    void fromSaveValue_unknown_throws(int value) {
        assertThatThrownBy(() -> CommandWidth.fromSaveValue(value)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(String.valueOf(value)).hasMessageContaining("1 (UINT8) or 2 (UINT16)");
    }

    @Test
    void fits_coversExactlyTheRange() {
        assertThat(CommandWidth.UINT8.fits(0)).isTrue();
        assertThat(CommandWidth.UINT8.fits(255)).isTrue();
        assertThat(CommandWidth.UINT8.fits(256)).isFalse();
        assertThat(CommandWidth.UINT8.fits(-1)).isFalse();
        assertThat(CommandWidth.UINT16.fits(65535)).isTrue();
        assertThat(CommandWidth.UINT16.fits(65536)).isFalse();
        assertThat(CommandWidth.UINT16.fits(Integer.MIN_VALUE)).isFalse();
    }
}
