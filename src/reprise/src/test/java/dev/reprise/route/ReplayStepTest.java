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

import static dev.reprise.route.RouteTestSupport.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ReplayStep}: an immutable value with typed accessors; and {@link ReplayArray#get}'s bounds. */
class ReplayStepTest {

    @Test
    void typedAccessors() {
        ReplayStep s = step(4, 9, 7, 2147483648L, 1.5, true, "x", BigInteger.TEN);
        assertThat(s.paramCount()).isEqualTo(6);
        assertThat(s.intParam(0)).isEqualTo(7);
        assertThat(s.longParam(0)).isEqualTo(7L);
        assertThat(s.longParam(1)).isEqualTo(2147483648L);
        assertThat(s.doubleParam(0)).isEqualTo(7.0);
        assertThat(s.doubleParam(1)).isEqualTo(2147483648.0);
        assertThat(s.doubleParam(2)).isEqualTo(1.5);
        assertThat(s.booleanParam(3)).isTrue();
        assertThat(s.stringParam(4)).isEqualTo("x");
        assertThat(s.bigIntegerParam(5)).isEqualTo(BigInteger.TEN);
        assertThat(s.bigIntegerParam(0)).isEqualTo(BigInteger.valueOf(7));
        assertThat(s.bigIntegerParam(1)).isEqualTo(BigInteger.valueOf(2147483648L));
        assertThat(s.param(4)).isEqualTo("x");
    }

    @Test
    void mismatch_throwsNamingStepParamAndType() {
        ReplayStep s = step(4, 9, 2147483648L, "x", BigInteger.ONE);
        assertThatThrownBy(() -> s.intParam(0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Param 0 of step 4 (code 9)").hasMessageContaining("Long");
        assertThatThrownBy(() -> s.longParam(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> s.doubleParam(2)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> s.booleanParam(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> s.stringParam(0)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> s.bigIntegerParam(1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> s.param(3)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void params_areCopiedAndImmutable() {
        List<Object> source = new ArrayList<>(List.of(1, 2));
        ReplayStep s = new ReplayStep(0, 1, source);
        source.add(3);
        assertThat(s.params()).containsExactly(1, 2);
        assertThatThrownBy(() -> s.params().add(4)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> new ReplayStep(0, 1, Arrays.asList(1, null))).isInstanceOf(NullPointerException.class);
    }

    @Test
    void equality_isByValue() {
        assertThat(step(1, 2, 3, "a")).isEqualTo(step(1, 2, 3, "a")).hasSameHashCodeAs(step(1, 2, 3, "a"));
        assertThat(step(1, 2, 3)).isNotEqualTo(step(0, 2, 3));
        assertThat(step(1, 2, 3)).isNotEqualTo(step(1, 2, 3L));
    }

    @Test
    void get_outOfRange_throws() {
        ReplayArray array = new ReplayArray();
        assertThatThrownBy(() -> array.get(0)).isInstanceOf(IndexOutOfBoundsException.class);
        array.add(1);
        array.add(2);
        assertThat(array.get(1)).isEqualTo(step(1, 2));
        assertThatThrownBy(() -> array.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> array.get(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> array.get(999)).isInstanceOf(IndexOutOfBoundsException.class)
                .hasMessageContaining("999");
    }
}
