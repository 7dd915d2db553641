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

import static dev.reprise.route.RouteTestSupport.steps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The typed {@code add} overloads write exactly the bytes of {@code add(int, Object...)} for the same
 * values boxed: property-style, over seeded random routes (the failing seed is in the message).
 */
class TypedOverloadsTest {

    private static final int CASES = 300;
    private static final long BASE_SEED = 0x7E57_0001L;

    @Test
    void randomRoutes_typedAndObjectPaths_giveIdenticalBytes() {
        for (int c = 0; c < CASES; c++) {
            long seed = BASE_SEED + c;
            try {
                checkRoute(seed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("seed " + seed + " (rerun with checkRoute(" + seed + "L)): " + e.getMessage(), e);
            }
        }
    }

    private static void checkRoute(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        CommandWidth width = random.nextBoolean() ? CommandWidth.UINT8 : CommandWidth.UINT16;
        ReplayArrayConfig config = ReplayArrayConfig.builder().initCommandLength(1).initParamLength(1)
                .commandWidth(width).build();
        ReplayArray typed = new ReplayArray(config);
        ReplayArray boxed = new ReplayArray(config);
        int steps = random.nextInt(1, 120);
        for (int i = 0; i < steps; i++) {
            int code = random.nextInt(width.maxCode() + 1);
            switch (random.nextInt(8)) {
                case 0 -> {
                    typed.add(code);
                    boxed.add(code, new Object[0]);
                }
                case 1 -> {
                    int p0 = RandomValues.anInt(random);
                    typed.add(code, p0);
                    boxed.add(code, new Object[] {p0});
                }
                case 2 -> {
                    int p0 = RandomValues.anInt(random);
                    int p1 = RandomValues.anInt(random);
                    typed.add(code, p0, p1);
                    boxed.add(code, new Object[] {p0, p1});
                }
                case 3 -> {
                    int p0 = RandomValues.anInt(random);
                    int p1 = RandomValues.anInt(random);
                    int p2 = RandomValues.anInt(random);
                    typed.add(code, p0, p1, p2);
                    boxed.add(code, new Object[] {p0, p1, p2});
                }
                case 4 -> {
                    long p0 = RandomValues.aLong(random);
                    typed.add(code, p0);
                    boxed.add(code, new Object[] {p0});
                }
                case 5 -> {
                    boolean p0 = random.nextBoolean();
                    typed.add(code, p0);
                    boxed.add(code, new Object[] {p0});
                }
                case 6 -> {
                    double p0 = RandomValues.aDouble(random);
                    typed.add(code, p0);
                    boxed.add(code, new Object[] {p0});
                }
                default -> {
                    String p0 = RandomValues.aString(random);
                    typed.add(code, p0);
                    boxed.add(code, new Object[] {p0});
                }
            }
        }
        assertThat(typed.saveState()).isEqualTo(boxed.saveState());
        assertThat(steps(typed)).isEqualTo(steps(boxed));
    }

    @Test
    void addFloat_widensToTheSameBytesAsABoxedFloat() {
        ReplayArray typed = new ReplayArray();
        ReplayArray boxed = new ReplayArray();
        for (float f : new float[] {0f, -0f, 1.1f, Float.NaN, Float.MIN_VALUE, Float.NEGATIVE_INFINITY}) {
            typed.add(1, f);
            boxed.add(1, new Object[] {f});
        }
        assertThat(typed.saveState()).isEqualTo(boxed.saveState());
    }

    @Test
    void typedAdd_atTheParamCap_throws_andWritesNothing() {
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().initParamLength(8).paramMaxLength(8).build());
        array.add(1, "abcd"); // 5 bytes
        ReplaySave before = array.saveState().detach();
        assertThatThrownBy(() -> array.add(1, 1.5)).isInstanceOf(ReplayCapacityException.class);
        assertThatThrownBy(() -> array.add(1, "abc")).isInstanceOf(ReplayCapacityException.class);
        assertThatThrownBy(() -> array.add(1, 1000, 1000, 1)).isInstanceOf(ReplayCapacityException.class);
        assertThat(array.saveState()).isEqualTo(before);
        array.add(1, true);
        assertThat(array.paramByteCount()).isEqualTo(7);
    }

    @Test
    void typedAdd_whileDisabled_writesNothing_butANullStringStillThrows() {
        ReplayArray array = new ReplayArray();
        array.disable();
        array.add(1, 1, 2, 3);
        array.add(1, true);
        array.add(1, 2.5);
        array.add(1, "x");
        assertThat(array.length()).isZero();
        assertThatThrownBy(() -> array.add(1, (String) null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> array.add(256, "x")).isInstanceOf(IllegalArgumentException.class);
    }
}
