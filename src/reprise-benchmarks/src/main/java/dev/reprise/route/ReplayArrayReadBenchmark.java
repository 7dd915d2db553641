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

import dev.reprise.command.ReplayCode;
import java.util.SplittableRandom;
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
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reading a mixed route of {@value #STEPS} steps, in steps per second: cursor scans (allocation-free),
 * a read stream decoding every step, and random access through {@code get(i)}.
 *
 * <p>Targets: cursor scan ≥ 100 M/s and 0 B/op; {@link #cursorScanDecodeAll()} (every param decoded,
 * strings appended to a reused builder) ≥ 350 M/s and 0 B/step; {@code ReadStream.read()} ≥ 20 M/s;
 * random {@code get(i)} ≥ 20 M/s.
 *
 * <pre>
 * mvn -Pjmh -DskipTests package
 * java -jar target/benchmarks.jar ReplayArrayReadBenchmark -f 1 -wi 3 -i 5 -w 1s -r 1s -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class ReplayArrayReadBenchmark {

    /** Steps in the route read. */
    public static final int STEPS = 100_000;
    private static final int INDEX_MASK = (1 << 16) - 1;

    private ReplayArray route;
    private ReplayCursor cursor;
    private final StringBuilder text = new StringBuilder(64);
    private int[] randomIndexes;
    private int next;

    @Setup
    public void setUp() {
        route = MixedRoute.generate(STEPS, MixedRoute.SEED).recordInto(new ReplayArray(MixedRoute.configFor(STEPS)));
        System.out.println(MixedRoute.describe(route));
        cursor = route.cursor(0);
        SplittableRandom random = new SplittableRandom(MixedRoute.SEED);
        randomIndexes = new int[INDEX_MASK + 1];
        for (int i = 0; i < randomIndexes.length; i++) {
            randomIndexes[i] = random.nextInt(STEPS);
        }
    }

    /** Reads what a player of the route reads: each code and the numeric params its command takes. */
    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long cursorScan() {
        ReplayCursor c = cursor.reset(0);
        long sum = 0;
        while (c.next()) {
            int code = c.code();
            sum += code;
            if (code == ReplayCode.USE_ITEM) {
                sum += c.intParam(0);
            } else if (code == ReplayCode.TELEPORT) {
                sum += c.intParam(0) + c.intParam(1);
            }
        }
        return sum;
    }

    /** Like {@link #cursorScan()}, but generic: the count and type of every param, numbers decoded. */
    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long cursorScanTyped() {
        ReplayCursor c = cursor.reset(0);
        long sum = 0;
        while (c.next()) {
            sum += c.code();
            int count = c.paramCount();
            for (int p = 0; p < count; p++) {
                ParamType type = c.paramType(p);
                sum += type == ParamType.SHORT_STRING || type == ParamType.LONG_STRING ? type.ordinal() : c.intParam(p);
            }
        }
        return sum;
    }

    /**
     * Decodes every param of every step without allocating: ints through {@code intParam}, strings
     * appended to a reused builder through {@code appendStringParam}.
     */
    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long cursorScanDecodeAll() {
        ReplayCursor c = cursor.reset(0);
        StringBuilder text = this.text;
        long sum = 0;
        while (c.next()) {
            sum += c.code();
            int count = c.paramCount();
            for (int p = 0; p < count; p++) {
                if (c.paramType(p) == ParamType.SHORT_STRING) {
                    text.setLength(0);
                    sum += c.appendStringParam(p, text).length();
                } else {
                    sum += c.intParam(p);
                }
            }
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public void readStream(Blackhole blackhole) {
        ReplayReadStream stream = route.createReadStream();
        for (ReplayStep step = stream.read(); step != null; step = stream.read()) {
            blackhole.consume(step);
        }
    }

    @Benchmark
    public ReplayStep randomGet() {
        return route.get(randomIndexes[next++ & INDEX_MASK]);
    }
}
