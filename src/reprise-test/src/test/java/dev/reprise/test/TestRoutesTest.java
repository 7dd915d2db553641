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
package dev.reprise.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCode;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.CommandWidth;
import dev.reprise.route.ParamType;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayCursor;
import dev.reprise.route.ReplayStep;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestRoutesTest {

    @Test
    void builder_writesTheStepsInOrder() {
        ReplayArray route = TestRoutes.builder().step(ReplayCode.RIGHT).step(ReplayCode.USE_ITEM, 3)
                .run(ReplayCode.DOWN, 2).step(ReplayCode.TELEPORT, 7, "x").build();

        assertThat(route.length()).isEqualTo(5);
        assertThat(route.get(0)).isEqualTo(new ReplayStep(0, ReplayCode.RIGHT, List.of()));
        assertThat(route.get(1)).isEqualTo(new ReplayStep(1, ReplayCode.USE_ITEM, List.of(3)));
        assertThat(route.get(3).code()).isEqualTo(ReplayCode.DOWN);
        assertThat(route.get(4).params()).containsExactly(7, "x");
    }

    @Test
    void builder_recordsIntoASystem() {
        ReplaySystem system = new ReplaySystem();
        system.record(ReplayCode.UP);

        TestRoutes.builder().step(ReplayCode.RIGHT).recordInto(system);

        assertThat(system.array().length()).isEqualTo(2);
    }

    @Test
    void builder_aStepThatDoesNotFit_namesIt() {
        assertThatThrownBy(() -> TestRoutes.builder().step(1).step(300).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("step 1 of the hand-written route: ");
        assertThat(TestRoutes.builder().width(CommandWidth.UINT16).step(300).build().get(0).code()).isEqualTo(300);
    }

    @Test
    void maxSteps_overTheLimitOrNotPositive_isRefusedAtOnce_namingTheLimit() {
        for (int maxSteps : new int[] {TestRoutes.MAX_STEPS + 1, 2_000_000, Integer.MAX_VALUE, 0, -1,
                Integer.MIN_VALUE}) {
            assertThatThrownBy(() -> TestRoutes.random().maxSteps(maxSteps))
                    .as("maxSteps(%d)", maxSteps)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("maxSteps must be 1..1000000 (TestRoutes.MAX_STEPS), was " + maxSteps);
        }
    }

    @Test
    void maxSteps_atTheLimit_drawsTheLongestRoute() {
        // Small params keep the million steps cheap; the route's param cap is the largest there is anyway.
        TestRoutes.Generator generator = TestRoutes.random().width(CommandWidth.UINT8).paramTypes(ParamType.INT8)
                .maxSteps(TestRoutes.MAX_STEPS);
        // With a fixed width the first draw picks the length: 1 is "the longest route".
        long seed = 0;
        while (new SplittableRandom(seed).nextInt(8) != 1) {
            seed++;
        }

        ReplayArray route = generator.route(seed).array();

        assertThat(route.length()).isEqualTo(TestRoutes.MAX_STEPS);
        assertThat(route.get(TestRoutes.MAX_STEPS - 1).index()).isEqualTo(TestRoutes.MAX_STEPS - 1);
    }

    @Test
    void route_isAFunctionOfItsSeed() {
        TestRoutes.Generator generator = TestRoutes.random().maxSteps(60);

        for (long seed = 0; seed < 20; seed++) {
            TestRoutes.TestRoute a = generator.route(seed);
            TestRoutes.TestRoute b = generator.route(seed);
            assertThat(a.seed()).isEqualTo(seed);
            assertThat(steps(a.array())).isEqualTo(steps(b.array()));
            assertThat(a.array().commandWidth()).isEqualTo(b.array().commandWidth());
        }
    }

    @Test
    void routes_coverEveryParamType_bothWidths_andRunsOfOneCode() {
        Set<ParamType> types = EnumSet.noneOf(ParamType.class);
        Set<CommandWidth> widths = EnumSet.noneOf(CommandWidth.class);
        AtomicInteger runs = new AtomicInteger();
        TestRoutes.random().check(200, route -> {
            widths.add(route.array().commandWidth());
            ReplayCursor cursor = route.array().cursor(0);
            int previous = -1;
            while (cursor.next()) {
                for (int i = 0; i < cursor.paramCount(); i++) {
                    types.add(cursor.paramType(i));
                }
                if (cursor.code() == previous) {
                    runs.incrementAndGet();
                }
                previous = cursor.code();
            }
        });

        assertThat(types).isEqualTo(EnumSet.allOf(ParamType.class));
        assertThat(widths).isEqualTo(EnumSet.allOf(CommandWidth.class));
        assertThat(runs).hasPositiveValue();
    }

    @Test
    void edgeValues_areDrawn() {
        Set<Object> values = new HashSet<>();
        TestRoutes.random().maxParams(8).check(300, 7L, route -> {
            for (int i = 0; i < route.array().length(); i++) {
                values.addAll(route.array().get(i).params());
            }
        });

        assertThat(values).contains(Integer.MIN_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, -128, 127,
                32767, -32768, Double.NaN, true, false, "");
    }

    @Test
    void everyRandomRoute_roundTripsThroughAReplayFile() {
        TestRoutes.random().maxSteps(200).check(100, route -> {
            ReplayFile file = ReplayFile.builder(route.array().saveState()).gameId("test").build();
            ReplayArray back = new ReplayArray();
            back.loadState(ReplayFile.read(file.toBytes()).save());
            assertThat(steps(back)).isEqualTo(steps(route.array()));
        });
    }

    @Test
    void codesAndTypes_restrictWhatIsDrawn() {
        TestRoutes.random().codes(3, 700).paramTypes(ParamType.BOOLEAN).check(50, route -> {
            assertThat(route.array().commandWidth()).isEqualTo(CommandWidth.UINT16);
            for (int i = 0; i < route.array().length(); i++) {
                assertThat(route.array().get(i).code()).isIn(3, 700);
                assertThat(route.array().get(i).params()).allMatch(p -> p instanceof Boolean);
            }
        });
    }

    @Test
    void aFailingRoute_printsItsSeed_andThatSeedGivesItBack() {
        TestRoutes.Generator generator = TestRoutes.random().maxSteps(20);

        Throwable failure = catchThrowable(() ->
                generator.check(100, route -> assertThat(route.array().length()).isLessThan(15)));

        assertThat(failure).isInstanceOf(AssertionError.class)
                .hasMessageContaining("(seed 0x")
                .hasMessageContaining("-Dreprise.route=0x")
                .hasCauseInstanceOf(AssertionError.class);
        String seed = failure.getMessage().replaceAll("(?s).*\\(seed (0x[0-9a-f]{16})\\).*", "$1");
        assertThat(generator.route(TestRoutes.parseSeed(seed)).array().length()).isGreaterThanOrEqualTo(15);
    }

    @Test
    void options_areCheckedAtOnce() {
        assertThatThrownBy(() -> TestRoutes.random().codes()).hasMessageContaining("at least one code");
        assertThatThrownBy(() -> TestRoutes.random().codes(70000)).hasMessageContaining("0..65535");
        assertThatThrownBy(() -> TestRoutes.random().width(CommandWidth.UINT8).codes(300))
                .hasMessageContaining("do not all fit UINT8");
        assertThatThrownBy(() -> TestRoutes.random().codes(300).width(CommandWidth.UINT8))
                .hasMessageContaining("do not all fit UINT8");
        assertThatThrownBy(() -> TestRoutes.random().maxSteps(-1)).hasMessageContaining("maxSteps");
        assertThatThrownBy(() -> TestRoutes.random().maxSteps(0)).hasMessageContaining("maxSteps");
        assertThatThrownBy(() -> TestRoutes.random().maxParams(256)).hasMessageContaining("maxParams");
        assertThatThrownBy(() -> TestRoutes.random().check(0, route -> { })).hasMessageContaining("cases");
    }

    private static List<ReplayStep> steps(ReplayArray route) {
        List<ReplayStep> steps = new ArrayList<>();
        for (int i = 0; i < route.length(); i++) {
            steps.add(route.get(i));
        }
        return steps;
    }
}
