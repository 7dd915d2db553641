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

import java.lang.management.ManagementFactory;
import java.util.Locale;

/**
 * A cross-check of the route benchmarks for a shared machine: the same loops as
 * {@link ReplayArrayReadBenchmark} and {@link ReplayArrayAppendBenchmark}, timed by the thread's CPU
 * time (best of 30 batches of 20 runs, after 2,000 runs of warm-up) rather than by the wall clock, so
 * other processes competing for the cores distort it much less than JMH's throughput. JMH stays the
 * reference; this is not a benchmark harness of its own.
 *
 * <pre>
 * mvn -Pjmh -DskipTests package
 * java -cp target/benchmarks.jar dev.reprise.route.CpuTimeCheck
 * </pre>
 */
public final class CpuTimeCheck {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static long sink;

    private CpuTimeCheck() {
    }

    /**
     * Runs every check three times and prints nanoseconds of CPU time and millions of steps per second.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        ReplayArrayReadBenchmark read = new ReplayArrayReadBenchmark();
        read.setUp();
        ReplayArrayAppendBenchmark append = new ReplayArrayAppendBenchmark();
        append.setUp();
        int steps = ReplayArrayReadBenchmark.STEPS;
        int batch = ReplayArrayAppendBenchmark.BATCH;
        for (int round = 0; round < 3; round++) {
            report("cursorScan", steps, () -> sink += read.cursorScan());
            report("cursorScanTyped", steps, () -> sink += read.cursorScanTyped());
            report("cursorScanDecodeAll", steps, () -> sink += read.cursorScanDecodeAll());
            report("appendMixed", batch, () -> sink += append.appendMixed());
            report("appendMixedTyped", batch, () -> sink += append.appendMixedTyped());
        }
        System.out.println(sink == 42 ? "" : "done");
    }

    private static void report(String name, int steps, Runnable run) {
        for (int i = 0; i < 2000; i++) {
            run.run();
        }
        long best = Long.MAX_VALUE;
        for (int k = 0; k < 30; k++) {
            long start = THREADS.getCurrentThreadCpuTime();
            for (int i = 0; i < 20; i++) {
                run.run();
            }
            best = Math.min(best, THREADS.getCurrentThreadCpuTime() - start);
        }
        double nanosPerStep = best / 20.0 / steps;
        System.out.printf(Locale.ROOT, "%-20s %6.2f ns/step CPU = %5.0f M steps/s%n", name, nanosPerStep,
                1000 / nanosPerStep);
    }
}
