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

import static dev.reprise.route.RouteTestSupport.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** {@link ReplayArray#ensureCapacity}: pre-sizing both areas, within the caps, without touching the route. */
class ReplayArrayEnsureCapacityTest {

    private final Warnings warnings = new Warnings();
    private final ReplayArray array = mixedRoute(new ReplayArray(REFERENCE_TEST_CONFIG, warnings));

    @Test
    void ensureCapacity_grows_soThatTheRecordingDoesNotHaveTo() {
        array.ensureCapacity(50, 300);
        assertThat(array.capacity()).isEqualTo(50);
        assertThat(array.paramCapacity()).isEqualTo(300);
        byte[] params = array.paramBuffer();
        byte[] commands = array.commandBuffer();
        for (int i = array.length(); i < 50; i++) {
            array.add(1, i);
        }
        assertThat(array.paramBuffer()).as("no growth while recording").isSameAs(params);
        assertThat(array.commandBuffer()).isSameAs(commands);
        assertThat(array.get(0)).isEqualTo(mixedSteps().get(0));
        assertZeroTails(array);
    }

    @Test
    void ensureCapacity_neverShrinks_andKeepsTheRouteAndItsStreams() {
        ReplaySave before = array.saveState().detach();
        ReplayReadStream stream = array.createReadStream();
        ReplayCursor cursor = array.cursor(0);
        array.ensureCapacity(1, 1);
        assertThat(array.capacity()).isEqualTo(32);
        assertThat(array.paramCapacity()).isEqualTo(128);
        array.ensureCapacity(40, 200);
        assertThat(array.saveState()).isEqualTo(before);
        assertThat(stream.expired()).isFalse();
        assertThat(streamed(array, 0)).isEqualTo(mixedSteps());
        assertThat(stream.read()).isEqualTo(mixedSteps().get(0));
        assertThat(cursor.next()).isTrue();
        assertThat(cursor.step()).isEqualTo(mixedSteps().get(0));
        assertThat(warnings.list).isEmpty();
    }

    @Test
    void ensureCapacity_toTheCaps_warns150_andBeyondThrowsGrowingNothing() {
        assertThatThrownBy(() -> array.ensureCapacity(65, 10)).isInstanceOf(ReplayCapacityException.class)
                .hasMessageContaining("65 steps").hasMessageContaining("64 (commandMaxLength)");
        assertThatThrownBy(() -> array.ensureCapacity(40, 513)).isInstanceOf(ReplayCapacityException.class)
                .hasMessageContaining("513 param bytes").hasMessageContaining("512 (paramMaxLength)");
        assertThat(array.capacity()).isEqualTo(32);
        assertThat(array.paramCapacity()).isEqualTo(128);
        array.ensureCapacity(64, 512);
        assertThat(warnings.codes()).containsExactly(150, 150);
        assertThat(array.capacity()).isEqualTo(64);
        assertThat(array.paramCapacity()).isEqualTo(512);
    }

    @Test
    void ensureCapacity_rejectsNegativeCounts() {
        assertThatThrownBy(() -> array.ensureCapacity(-1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> array.ensureCapacity(0, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ensureCapacity_worksWhileDisabled() {
        array.disable();
        array.ensureCapacity(40, 200);
        assertThat(array.capacity()).isEqualTo(40);
    }
}
