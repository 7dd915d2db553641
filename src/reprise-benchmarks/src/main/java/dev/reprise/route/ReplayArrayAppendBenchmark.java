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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Appending steps, in steps per second: each invocation clears the route and appends a batch of
 * {@value #BATCH} steps into buffers already large enough, so the numbers show the steady write path
 * (allocation-free for the primitive overloads) rather than buffer growth.
 *
 * <p>Targets: no params via {@code add(int)} ≥ 100 M/s and 0 B/op; two small ints via
 * {@code add(int, int, int)} ≥ 50 M/s and 0 B/op; the mixed route via {@code add(int, Object...)} ≥ 15 M/s;
 * the mixed route via the typed overloads ({@link #appendMixedTyped()}) ≥ 140 M/s and 0 B/step.
 *
 * <pre>
 * mvn -Pjmh -DskipTests package
 * java -jar target/benchmarks.jar ReplayArrayAppendBenchmark -f 1 -wi 3 -i 5 -w 1s -r 1s -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class ReplayArrayAppendBenchmark {

    /** Steps appended per invocation. */
    public static final int BATCH = 8192;

    private ReplayArray array;
    private MixedRoute mixed;

    @Setup
    public void setUp() {
        array = new ReplayArray(MixedRoute.configFor(BATCH));
        mixed = MixedRoute.generate(BATCH, MixedRoute.SEED);
        System.out.println(MixedRoute.describe(mixed.recordInto(new ReplayArray(MixedRoute.configFor(BATCH)))));
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int appendNoParam() {
        ReplayArray a = array;
        a.clear();
        for (int i = 0; i < BATCH; i++) {
            a.add(i & 3);
        }
        return a.length();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int appendTwoSmallInts() {
        ReplayArray a = array;
        a.clear();
        for (int i = 0; i < BATCH; i++) {
            a.add(4, i & 15, (i >>> 4) & 15);
        }
        return a.paramByteCount();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int appendMixed() {
        ReplayArray a = array;
        int[] codes = mixed.codes;
        Object[][] params = mixed.params;
        a.clear();
        for (int i = 0; i < BATCH; i++) {
            a.add(codes[i], params[i]);
        }
        return a.paramByteCount();
    }

    /** The mixed route through {@code add(int)}, {@code add(int, int)}, {@code add(int, int, int)} and {@code add(int, String)}. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int appendMixedTyped() {
        ReplayArray a = array;
        MixedRoute m = mixed;
        int[] codes = m.codes;
        byte[] kinds = m.kinds;
        int[] firstInts = m.firstInts;
        int[] secondInts = m.secondInts;
        String[] strings = m.strings;
        a.clear();
        for (int i = 0; i < BATCH; i++) {
            switch (kinds[i]) {
                case MixedRoute.MOVE -> a.add(codes[i]);
                case MixedRoute.ONE_INT -> a.add(codes[i], firstInts[i]);
                case MixedRoute.TWO_INTS -> a.add(codes[i], firstInts[i], secondInts[i]);
                default -> a.add(codes[i], strings[i]);
            }
        }
        return a.paramByteCount();
    }
}
