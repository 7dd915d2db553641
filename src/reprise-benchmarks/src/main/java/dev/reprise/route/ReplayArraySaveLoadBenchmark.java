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

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Saving and loading a mixed route of {@value #STEPS} steps, average time per call: {@code loadState}
 * validates every step, copies the bytes and rebuilds the index; {@code saveState} returns views.
 *
 * <p>Targets: {@code loadState} ≤ 20 ms; {@code saveState} ≤ 1 ms.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class ReplayArraySaveLoadBenchmark {

    /** Steps in the route saved and loaded. */
    public static final int STEPS = 1_000_000;

    private ReplayArray source;
    private ReplayArray target;
    private ReplaySave save;

    @Setup
    public void setUp() {
        ReplayArrayConfig config = MixedRoute.configFor(STEPS);
        source = MixedRoute.generate(STEPS, MixedRoute.SEED).recordInto(new ReplayArray(config));
        System.out.println(MixedRoute.describe(source));
        save = source.saveState().detach();
        target = new ReplayArray(config);
    }

    @Benchmark
    public int loadState() {
        target.loadState(save);
        return target.length();
    }

    /** In nanoseconds: a save is two buffer views, whatever the route's length. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public ReplaySave saveState() {
        return source.saveState();
    }
}
