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
package dev.reprise;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayStep;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/**
 * The typed {@code record} overloads record exactly what {@code record(int, Object...)} records for the
 * same values boxed, and publish the same steps: property-style over seeded random routes (the failing
 * seed is in the message).
 */
class ReplaySystemTypedRecordTest {

    private static final long BASE_SEED = 0x2EC0_2D00L;

    @Test
    void randomRoutes_typedAndObjectRecords_giveIdenticalBytes() {
        for (int c = 0; c < 100; c++) {
            long seed = BASE_SEED + c;
            try {
                check(seed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
            }
        }
    }

    private static void check(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ReplaySystem typed = new ReplaySystem();
        ReplaySystem boxed = new ReplaySystem();
        for (int i = random.nextInt(1, 60); i > 0; i--) {
            int code = random.nextInt(256);
            int a = random.nextInt();
            int b = random.nextInt(-200, 200);
            int c = random.nextInt(-40_000, 40_000);
            switch (random.nextInt(5)) {
                case 0 -> {
                    typed.record(code, a, b, c);
                    boxed.record(code, new Object[] {a, b, c});
                }
                case 1 -> {
                    typed.record(code, (a & 1) == 0);
                    boxed.record(code, new Object[] {(a & 1) == 0});
                }
                case 2 -> {
                    double d = Double.longBitsToDouble(random.nextLong());
                    typed.record(code, d);
                    boxed.record(code, new Object[] {d});
                }
                case 3 -> {
                    String s = "s" + a + (char) random.nextInt(0xFFFF);
                    typed.record(code, s);
                    boxed.record(code, new Object[] {s});
                }
                default -> {
                    typed.record(code, b, c);
                    boxed.record(code, new Object[] {b, c});
                }
            }
        }
        assertThat(typed.saveState()).isEqualTo(boxed.saveState());
    }

    /**
     * Why the typed overloads exist: without a {@code recorded()} subscriber they allocate nothing, whether
     * or not the JIT has inlined the call site (the {@code Object...} form needs a varargs array and boxes,
     * which only escape analysis can remove).
     */
    @Test
    void typedRecords_withoutSubscribers_allocateNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        ReplaySystem system = new ReplaySystem(ReplayArrayConfig.builder()
                .initCommandLength(8_000).initParamLength(200_000).build());
        long least = Long.MAX_VALUE;
        for (int round = 0; round < 20; round++) {
            system.array().clear(); // keeps the capacity: no growth inside the measurement
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 1_000; i++) {
                system.record(1);
                system.record(2, i);
                system.record(3, i, -i);
                system.record(4, i, 7, -i);
                system.record(5, (long) i << 33);
                system.record(6, (i & 1) == 0);
                system.record(7, i * 0.5);
                system.record(8, "MT1");
            }
            least = Math.min(least, threads.getCurrentThreadAllocatedBytes() - before);
        }
        assertThat(system.array().length()).isEqualTo(8_000);
        assertThat(least).as("bytes allocated by 8,000 typed records").isLessThan(64);
    }

    @Test
    void typedRecords_arePublishedAsStored() {
        ReplaySystem system = new ReplaySystem();
        List<ReplayStep> expected = new ArrayList<>();
        expected.add(new ReplayStep(0, 1, List.of(1, 2, 3)));
        expected.add(new ReplayStep(1, 2, List.of(true)));
        expected.add(new ReplayStep(2, 3, List.of(3.0)));
        expected.add(new ReplayStep(3, 4, List.of("MT1")));
        StepVerifier.create(system.recorded())
                .then(() -> {
                    system.record(1, 1, 2, 3);
                    system.record(2, true);
                    system.record(3, 3.0);
                    system.record(4, "MT1");
                })
                .expectNextSequence(expected)
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }
}
