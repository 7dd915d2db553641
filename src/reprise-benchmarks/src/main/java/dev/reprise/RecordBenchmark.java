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

import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of recording through {@link ReplaySystem#record} over the route's own {@link ReplayArray#add}:
 * batches of 10,000 appends into a fresh route sized for them (made outside the measurement), with no params and with
 * one int param. One operation is one append.
 *
 * <pre>
 * mvn -Pjmh -DskipTests package
 * java -jar target/benchmarks.jar RecordBenchmark -f 1 -wi 2 -w 1s -i 3 -r 1s
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RecordBenchmark {

    static final int BATCH = 10_000;

    /** Sized for a batch, so growth (a copy) stays out of the comparison. */
    private static final ReplayArrayConfig SIZED = ReplayArrayConfig.builder()
            .initCommandLength(BATCH).initParamLength(BATCH * 5).build();

    private ReplaySystem system;
    private ReplayArray array;

    @Setup(Level.Invocation)
    public void fresh() {
        system = new ReplaySystem(SIZED);
        array = new ReplayArray(SIZED);
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int arrayAdd() {
        ReplayArray route = array;
        for (int i = 0; i < BATCH; i++) {
            route.add(1);
        }
        return route.length();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int systemRecord() {
        ReplaySystem recorder = system;
        for (int i = 0; i < BATCH; i++) {
            recorder.record(1);
        }
        return recorder.array().length();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int arrayAddInt() {
        ReplayArray route = array;
        for (int i = 0; i < BATCH; i++) {
            route.add(4, i);
        }
        return route.length();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public int systemRecordInt() {
        ReplaySystem recorder = system;
        for (int i = 0; i < BATCH; i++) {
            recorder.record(4, i);
        }
        return recorder.array().length();
    }
}
