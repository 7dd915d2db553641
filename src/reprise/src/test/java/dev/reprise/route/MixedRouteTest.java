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

import org.junit.jupiter.api.Test;

/** The benchmarks' mixed route: its shape and its bytes per step. */
class MixedRouteTest {

    private static final int STEPS = 1_000_000;

    @Test
    void bytesPerStep_ofTheMixedRoute() {
        MixedRoute inputs = MixedRoute.generate(STEPS, MixedRoute.SEED);
        ReplayArray route = inputs.recordInto(new ReplayArray(MixedRoute.configFor(STEPS)));
        System.out.println(MixedRoute.describe(route));

        long expectedParamBytes = 0;
        int[] byParamCount = new int[3];
        for (Object[] params : inputs.params) {
            expectedParamBytes += RouteModel.normalise(params).bytes();
            byParamCount[params.length]++;
        }
        assertThat(route.length()).isEqualTo(STEPS);
        assertThat(route.commandByteCount()).isEqualTo(2 * STEPS);
        assertThat(route.paramByteCount()).isEqualTo(expectedParamBytes);
        // 70 % no params, 25 % one (ints and strings), 5 % two, within sampling noise
        assertThat(byParamCount[0] / (double) STEPS).isBetween(0.69, 0.71);
        assertThat(byParamCount[1] / (double) STEPS).isBetween(0.24, 0.26);
        assertThat(byParamCount[2] / (double) STEPS).isBetween(0.045, 0.055);
        // 0.7 * 2 + 0.2 * 4 + 0.05 * 6 + 0.05 * (2 + 1 + ~5.3 string bytes) = about 2.9
        assertThat(MixedRoute.bytesPerStep(route)).isBetween(2.8, 3.0);
    }

    @Test
    void typedRecording_writesTheSameBytesAsTheObjectPath() {
        MixedRoute inputs = MixedRoute.generate(100_000, MixedRoute.SEED);
        ReplayArray boxed = inputs.recordInto(new ReplayArray(MixedRoute.configFor(100_000)));
        ReplayArray typed = inputs.recordTypedInto(new ReplayArray(MixedRoute.configFor(100_000)));
        assertThat(typed.saveState()).isEqualTo(boxed.saveState());
    }

    @Test
    void sameSeed_sameRoute() {
        ReplayArray a = MixedRoute.generate(10_000, 42).recordInto(new ReplayArray());
        ReplayArray b = MixedRoute.generate(10_000, 42).recordInto(new ReplayArray());
        assertThat(a.saveState()).isEqualTo(b.saveState());
    }

    @Test
    void loadsBackUnderItsOwnConfig() {
        ReplayArray route = MixedRoute.generate(50_000, MixedRoute.SEED).recordInto(new ReplayArray());
        ReplayArray loaded = new ReplayArray(MixedRoute.configFor(50_000));
        loaded.loadState(route.saveState());
        assertThat(loaded.saveState()).isEqualTo(route.saveState());
    }
}
