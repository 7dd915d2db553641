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
import org.junit.jupiter.params.provider.ValueSource;

/** {@link ParamType}: the engine's table of param tags (docs/route-format.md). */
class ParamTypeTest {

    @Test
    void tags0to9_eachHaveTheirType() {
        ParamType[] expected = {ParamType.BOOLEAN, ParamType.INT8, ParamType.INT16, ParamType.INT32,
            ParamType.INT64_POSITIVE, ParamType.INT64_NEGATIVE, ParamType.FLOAT64, ParamType.BIGINT_POSITIVE,
            ParamType.BIGINT_NEGATIVE, ParamType.LONG_STRING};
        for (int tag = 0; tag < expected.length; tag++) {
            assertThat(ParamType.fromTag(tag)).isEqualTo(expected[tag]);
            assertThat(expected[tag].tag()).isEqualTo(tag);
        }
    }

    @Test
    void tags32to255_areShortStrings() {
        for (int tag = 32; tag < 256; tag++) {
            assertThat(ParamType.fromTag(tag)).isEqualTo(ParamType.SHORT_STRING);
        }
        assertThat(ParamType.SHORT_STRING.tag()).isEqualTo(32);
    }

    @Test
    void tags10to31_areReserved() {
        for (int tag = 10; tag < 32; tag++) {
            int t = tag;
            assertThatThrownBy(() -> ParamType.fromTag(t)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("reserved");
            assertThat(ParamType.ofTagOrNull(tag)).isNull();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, 256, 1000})
    void nonByteTags_throw(int tag) {
        assertThatThrownBy(() -> ParamType.fromTag(tag)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a byte");
    }

    @Test
    void kinds() {
        assertThat(ParamType.INT8.isInteger()).isTrue();
        assertThat(ParamType.INT64_NEGATIVE.isInteger()).isTrue();
        assertThat(ParamType.FLOAT64.isInteger()).isFalse();
        assertThat(ParamType.BOOLEAN.isInteger()).isFalse();
        assertThat(ParamType.LONG_STRING.isString()).isTrue();
        assertThat(ParamType.SHORT_STRING.isString()).isTrue();
        assertThat(ParamType.BIGINT_POSITIVE.isString()).isFalse();
    }
}
