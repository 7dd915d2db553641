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

import static dev.reprise.route.RouteLayout.TAG_INT8;
import static dev.reprise.route.RouteLayout.TAG_SHORT_STRING_BASE;
import static dev.reprise.route.RouteLayout.i32;

import dev.reprise.command.ReplayCode;
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
 * What the machine allows a scan of the {@link ReplayArrayReadBenchmark} route, with no library code at
 * all: the consumers of {@code ReplayArrayReadBenchmark} written straight over the route's own arrays
 * (command area, param area, offset index), in steps per second. No cursor can beat the loop of the same
 * shape here, so these bound what its {@code cursorScan*} figures can reach on the machine they ran on.
 *
 * <ul>
 *   <li>{@code codesOnly} — every code, nothing else: the loop vectorizes; memory speed.</li>
 *   <li>{@code oneBranchPerStep} — every code, and the first param's byte of each step that has params:
 *       one data-dependent branch per step (70 % of the mixed route's steps have none, at random).</li>
 *   <li>{@code oneBranchFreePerStep} — the same without the branch (the byte is read for every step
 *       and masked): what the branch costs.</li>
 *   <li>{@code scanShape} — {@code cursorScan}'s consumer: branches on the code, reads the params of
 *       {@code USE_ITEM} and {@code TELEPORT}.</li>
 *   <li>{@code decodeAllShape} — {@code cursorScanDecodeAll}'s consumer: the count and tag of every
 *       param, ints decoded, strings' bytes appended to a reused builder.</li>
 * </ul>
 *
 * <pre>
 * java -jar target/benchmarks.jar ScanFloorBenchmark -f 1 -wi 3 -i 5
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ScanFloorBenchmark {

    private static final int STEPS = ReplayArrayReadBenchmark.STEPS;

    private byte[] commands;
    private byte[] params;
    private int[] offsets;
    private int length;
    private final StringBuilder text = new StringBuilder(64);
    private final char[] chars = new char[256];

    @Setup
    public void setUp() {
        ReplayArray route = MixedRoute.generate(STEPS, MixedRoute.SEED)
                .recordInto(new ReplayArray(MixedRoute.configFor(STEPS)));
        if (route.entrySize() != 2) {
            throw new IllegalStateException("the floors assume two-byte command entries");
        }
        commands = route.commandBuffer();
        params = route.paramBuffer();
        offsets = route.offsetIndex();
        length = route.length();
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long codesOnly() {
        byte[] c = commands;
        long sum = 0;
        for (int i = 0; i < length; i++) {
            sum += c[i * 2 + 1] & 0xFF;
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long oneBranchPerStep() {
        byte[] c = commands;
        byte[] p = params;
        int[] o = offsets;
        long sum = 0;
        for (int i = 0; i < length; i++) {
            sum += c[i * 2 + 1] & 0xFF;
            if (c[i * 2] != 0) {
                sum += p[o[i] + 1];
            }
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long oneBranchFreePerStep() {
        byte[] c = commands;
        byte[] p = params;
        int[] o = offsets;
        long sum = 0;
        for (int i = 0; i < length; i++) {
            int count = c[i * 2] & 0xFF;
            sum += c[i * 2 + 1] & 0xFF;
            sum += p[o[i] + 1] & -Math.min(count, 1);
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long scanShape() {
        byte[] c = commands;
        byte[] p = params;
        int[] o = offsets;
        long sum = 0;
        for (int i = 0; i < length; i++) {
            int code = c[i * 2 + 1] & 0xFF;
            sum += code;
            if (code == ReplayCode.USE_ITEM) {
                sum += p[o[i] + 1];
            } else if (code == ReplayCode.TELEPORT) {
                sum += p[o[i] + 1] + p[o[i] + 3];
            }
        }
        return sum;
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long decodeAllShape() {
        byte[] c = commands;
        byte[] p = params;
        int[] o = offsets;
        StringBuilder sb = text;
        long sum = 0;
        for (int i = 0; i < length; i++) {
            int count = c[i * 2] & 0xFF;
            sum += c[i * 2 + 1] & 0xFF;
            int at = o[i];
            for (int k = 0; k < count; k++) {
                int tag = p[at] & 0xFF;
                if (tag == TAG_INT8) {
                    sum += p[at + 1];
                    at += 2;
                } else if (tag >= TAG_SHORT_STRING_BASE) {
                    int n = tag - TAG_SHORT_STRING_BASE;
                    for (int j = 0; j < n; j++) {
                        chars[j] = (char) p[at + 1 + j]; // the mixed route's strings are ASCII
                    }
                    sb.setLength(0);
                    sum += sb.append(chars, 0, n).length();
                    at += 1 + n;
                } else {
                    sum += i32(p, at + 1);
                    at += 5;
                }
            }
        }
        return sum;
    }
}
