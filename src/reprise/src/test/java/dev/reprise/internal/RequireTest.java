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
package dev.reprise.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RequireTest {

    @Test
    void atLeastOne_belowOne_namesTheOptionTheUnitAndTheValue() {
        assertThatThrownBy(() -> Require.atLeastOne(0, "interval", "step"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("interval must be at least 1 step, was 0");
        assertThatThrownBy(() -> Require.atLeastOne(-3, "maxSteps"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxSteps must be at least 1, was -3");
    }

    @Test
    void atLeastOne_one_passes() {
        assertThatCode(() -> Require.atLeastOne(1, "maxSteps")).doesNotThrowAnyException();
    }

    @Test
    void positive_zeroNegativeOrNull_isRefusedByName() {
        assertThatThrownBy(() -> Require.positive(Duration.ZERO, "timeout"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("timeout must be positive, was PT0S");
        assertThatThrownBy(() -> Require.positive(Duration.ofSeconds(-1), "timeout"))
                .hasMessage("timeout must be positive, was PT-1S");
        assertThatThrownBy(() -> Require.positive(null, "timeout"))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("timeout");
    }

    @Test
    void positive_positive_returnsIt() {
        Duration second = Duration.ofSeconds(1);
        assertThat(Require.positive(second, "timeout")).isSameAs(second);
    }
}
