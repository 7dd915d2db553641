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

import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link ReplayArrayConfig}: the engine's defaults and validation of every option. */
class ReplayArrayConfigTest {

    @Test
    void defaults_matchTheReferenceSystem() {
        ReplayArrayConfig d = ReplayArrayConfig.DEFAULTS;
        assertThat(d.initCommandLength()).isEqualTo(1000);
        assertThat(d.initParamLength()).isEqualTo(10_000);
        assertThat(d.commandExpandMultiplier()).isEqualTo(1.2);
        assertThat(d.paramExpandMultiplier()).isEqualTo(1.2);
        assertThat(d.commandWidth()).isEqualTo(CommandWidth.UINT8);
        assertThat(d.commandMaxLength()).isEqualTo(1_000_000);
        assertThat(d.paramMaxLength()).isEqualTo(10_000_000);
        assertThat(ReplayArrayConfig.builder().build()).isEqualTo(d).hasSameHashCodeAs(d);
    }

    @Test
    void defaultArray_usesTheDefaults() {
        ReplayArray array = new ReplayArray();
        assertThat(array.config()).isSameAs(ReplayArrayConfig.DEFAULTS);
        assertThat(array.commandWidth()).isEqualTo(CommandWidth.UINT8);
        assertThat(array.length()).isZero();
        assertThat(array.capacity()).isEqualTo(1000);
        assertThat(array.commandBuffer()).hasSize(2000);
        assertThat(array.paramBuffer()).hasSize(10_000);
    }

    @Test
    void builder_setsEveryOption_andToBuilderCopiesThem() {
        ReplayArrayConfig c = ReplayArrayConfig.builder().initCommandLength(5).initParamLength(6)
                .commandExpandMultiplier(1.5).paramExpandMultiplier(3).commandWidth(CommandWidth.UINT16)
                .commandMaxLength(50).paramMaxLength(60).build();
        assertThat(c.initCommandLength()).isEqualTo(5);
        assertThat(c.initParamLength()).isEqualTo(6);
        assertThat(c.commandExpandMultiplier()).isEqualTo(1.5);
        assertThat(c.paramExpandMultiplier()).isEqualTo(3);
        assertThat(c.commandWidth()).isEqualTo(CommandWidth.UINT16);
        assertThat(c.commandMaxLength()).isEqualTo(50);
        assertThat(c.paramMaxLength()).isEqualTo(60);
        assertThat(c.toBuilder().build()).isEqualTo(c);
        assertThat(c.toBuilder().paramMaxLength(61).build()).isNotEqualTo(c);
        assertThat(c.toString()).contains("initCommandLength=5", "commandWidth=UINT16", "paramMaxLength=60");
        assertThat(new ReplayArray(c).commandBuffer()).hasSize(15);
    }

    static Stream<Arguments> badOptions() {
        return Stream.of(
                bad("initCommandLength", b -> b.initCommandLength(0)),
                bad("initCommandLength", b -> b.initCommandLength(-1)),
                bad("initCommandLength", b -> b.initCommandLength(ReplayArrayConfig.MAX_STEPS_LIMIT + 1)),
                bad("initParamLength", b -> b.initParamLength(0)),
                bad("initParamLength", b -> b.initParamLength(Integer.MIN_VALUE)),
                bad("commandMaxLength", b -> b.commandMaxLength(0)),
                bad("commandMaxLength", b -> b.commandMaxLength(-5)),
                bad("commandMaxLength", b -> b.commandMaxLength(Integer.MAX_VALUE)),
                bad("paramMaxLength", b -> b.paramMaxLength(0)),
                bad("paramMaxLength", b -> b.paramMaxLength(Integer.MAX_VALUE)),
                bad("commandExpandMultiplier", b -> b.commandExpandMultiplier(Double.NaN)),
                bad("commandExpandMultiplier", b -> b.commandExpandMultiplier(Double.POSITIVE_INFINITY)),
                bad("paramExpandMultiplier", b -> b.paramExpandMultiplier(Double.NEGATIVE_INFINITY)),
                bad("commandMaxLength", b -> b.initCommandLength(100).commandMaxLength(99).build()),
                bad("paramMaxLength", b -> b.initParamLength(100).paramMaxLength(99).build()),
                bad("commandMaxLength", b -> b.commandMaxLength(10).build()),
                bad("paramMaxLength", b -> b.paramMaxLength(9999).build()));
    }

    private static Arguments bad(String option, Consumer<ReplayArrayConfig.Builder> setting) {
        return Arguments.of(option, setting);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badOptions")
    void badOption_throwsNamingIt(String option, Consumer<ReplayArrayConfig.Builder> setting) {
        assertThatThrownBy(() -> setting.accept(ReplayArrayConfig.builder()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(option);
    }

    @Test
    void nullWidth_throws() {
        assertThatThrownBy(() -> ReplayArrayConfig.builder().commandWidth(null))
                .isInstanceOf(NullPointerException.class).hasMessageContaining("commandWidth");
        assertThatThrownBy(() -> new ReplayArray(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void smallestConfig_isUsable() {
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().initCommandLength(1).initParamLength(1)
                .commandMaxLength(1).paramMaxLength(1).build());
        array.add(1);
        assertThat(array.length()).isEqualTo(1);
        assertThatThrownBy(() -> array.add(2)).isInstanceOf(ReplayCapacityException.class);
        array.set(0, 3);
        assertThatThrownBy(() -> array.set(0, 3, 1)).isInstanceOf(ReplayCapacityException.class);
    }

    @ParameterizedTest
    @ValueSource(doubles = {1, 0.5, 0, -3, Double.NEGATIVE_INFINITY})
    void multiplierOfOneOrLess_isRefusedByTheBuilder_namingTheOption(double multiplier) {
        // The original engine accepted it and used 2 with warning 149, raised before anyone could listen.
        assertThatThrownBy(() -> ReplayArrayConfig.builder().commandExpandMultiplier(multiplier))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("commandExpandMultiplier must be a finite number above 1, was " + multiplier);
        assertThatThrownBy(() -> ReplayArrayConfig.builder().paramExpandMultiplier(multiplier))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("paramExpandMultiplier must be a finite number above 1, was " + multiplier);
    }

    @Test
    void multiplierJustAboveOne_isAccepted() {
        ReplayArrayConfig c = ReplayArrayConfig.builder().commandExpandMultiplier(1.0001).paramExpandMultiplier(1.5).build();
        assertThat(c.commandExpandMultiplier()).isEqualTo(1.0001);
        assertThat(c.paramExpandMultiplier()).isEqualTo(1.5);
    }
}
