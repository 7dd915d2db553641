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

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Growth and caps (defect Q-16): buffers grow by their multipliers up to the
 * caps; a write that would pass a cap throws {@link ReplayCapacityException} and leaves nothing behind.
 */
class ReplayArrayCapacityTest {

    private final Warnings warnings = new Warnings();

    private static ReplayArrayConfig caps(int steps, int paramBytes) {
        return ReplayArrayConfig.builder().initCommandLength(2).initParamLength(8)
                .commandExpandMultiplier(2).paramExpandMultiplier(2)
                .commandMaxLength(steps).paramMaxLength(paramBytes).build();
    }

    @Test
    void multiplierJustAboveOne_stillGrowsByAtLeastOneStep() {
        ReplayArray array = new ReplayArray(caps(100, 1000).toBuilder().commandExpandMultiplier(1.0001)
                .paramExpandMultiplier(1.0001).build(), warnings);
        for (int i = 0; i < 50; i++) {
            array.add(1, "abc");
        }
        assertThat(array.length()).isEqualTo(50);
        assertThat(warnings.list).isEmpty();
    }

    @Test
    void growth_stopsAtTheCap_withWarning150Once() {
        ReplayArray array = new ReplayArray(caps(10, 512), warnings);
        for (int i = 0; i < 10; i++) {
            array.add(i);
        }
        assertThat(array.capacity()).isEqualTo(10); // 2 -> 4 -> 8 -> 10
        assertThat(warnings.codes()).containsExactly(150);
        assertThat(warnings.list.get(0).message()).contains("command", "10");
        assertThatThrownBy(() -> array.add(10)).isInstanceOf(ReplayCapacityException.class)
                .hasMessageContaining("10 steps").hasMessageContaining("commandMaxLength");
    }

    @Test
    void initialSizeEqualToTheCap_neverGrows_andTheNextAddThrows() {
        // The reference warns 150 on each of the last 9 adds and then throws a RangeError.
        ReplayArray array = new ReplayArray(REFERENCE_TEST_CONFIG.toBuilder().initCommandLength(10)
                .commandMaxLength(10).build(), warnings);
        for (int i = 0; i < 10; i++) {
            array.add(i, i);
        }
        assertThat(warnings.list).isEmpty();
        assertRefused(array, () -> array.add(10, 1));
    }

    @Test
    void everyAppendPath_atTheStepCap_throwsAndWritesNothing() {
        ReplayArray array = new ReplayArray(caps(4, 512), warnings);
        for (int i = 0; i < 4; i++) {
            array.add(i, i);
        }
        List<Runnable> writes = List.of(() -> array.add(9), () -> array.add(9, 1), () -> array.add(9, 1, 2),
                () -> array.add(9, 1L << 40), () -> array.add(9, "x", true), () -> array.insert(0, 9, 1),
                () -> array.insert(2, 9), () -> array.insert(4, 9));
        for (Runnable write : writes) {
            assertRefused(array, write);
        }
        array.set(0, 9, 1, 2, 3); // set adds no step: fine at the step cap
        array.delete(0);
        array.add(9);
        assertThat(array.length()).isEqualTo(4);
    }

    @Test
    void everyWritePath_pastTheParamCap_throwsAndWritesNothing() {
        ReplayArray array = new ReplayArray(caps(64, 16), warnings);
        array.add(1, "0123456789"); // 11 bytes
        array.add(2, 1);            // 13 bytes
        List<Runnable> writes = List.of(() -> array.add(3, 100_000), () -> array.add(3, 1, 2),
                () -> array.add(3, 1L << 40), () -> array.add(3, "abc"), () -> array.insert(0, 3, 1, 1),
                () -> array.insert(1, 3, "abc"), () -> array.set(1, 3, 1, 2, 3), () -> array.set(0, 3, "0123456789abcd"));
        for (Runnable write : writes) {
            assertRefused(array, write);
        }
        array.add(3, 5); // exactly 15 bytes
        array.set(2, 3, 300); // exactly 16 bytes: the cap itself is allowed
        assertThat(array.paramByteCount()).isEqualTo(16);
        assertThat(warnings.codes()).containsExactly(150);
        assertThat(warnings.list.get(0).message()).contains("param", "16");
        array.set(0, 1, "x"); // shrinking at the cap is fine
        assertThat(array.paramByteCount()).isEqualTo(7);
    }

    @Test
    void oneStepLargerThanTheParamCap_isRefused() {
        ReplayArray array = new ReplayArray(caps(64, 100), warnings);
        assertRefused(array, () -> array.add(1, "x".repeat(200)));
        assertThatThrownBy(() -> array.add(1, "x".repeat(200))).hasMessageContaining("paramMaxLength");
    }

    @Test
    void growth_keepsEveryStep_acrossManyReallocations() {
        ReplayArray array = new ReplayArray(caps(10_000, 1_000_000), warnings);
        for (int i = 0; i < 5000; i++) {
            array.add(i & 0xFF, i, "s" + i);
        }
        for (int i = 0; i < 5000; i += 499) {
            assertThat(array.get(i)).isEqualTo(step(i, i & 0xFF, i, "s" + i));
        }
        assertZeroTails(array);
        assertThat(warnings.list).isEmpty();
    }

    /** The write throws ReplayCapacityException and the route, its bytes and its streams are unchanged. */
    private static void assertRefused(ReplayArray array, Runnable write) {
        ReplaySave before = array.saveState().detach();
        List<ReplayStep> steps = steps(array);
        ReplayReadStream stream = array.createReadStream();
        assertThatThrownBy(write::run).isInstanceOf(ReplayCapacityException.class);
        assertThat(array.saveState()).isEqualTo(before);
        assertThat(steps(array)).isEqualTo(steps);
        assertThat(stream.expired()).isFalse();
        assertZeroTails(array);
    }
}
