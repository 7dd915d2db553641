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
package dev.reprise.io;

import com.github.luben.zstd.Zstd;
import dev.reprise.route.ReplaySave;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads (decodes and fully validates) the smallest replay file of each of the eleven routes of
 * {@link BenchmarkRoutes} beside zstd-jni decoding the same route's raw bytes (command
 * area then param area) compressed at level 19: the peer, in the benchmark source set only. Both
 * allocate their output. Compare the two as ratios within one run (this machine is shared, absolute
 * times drift); {@code -prof gc} gives the bytes each read allocates. {@link #setup()} prints the sizes.
 *
 * <pre>
 * java -jar target/benchmarks.jar ReplayDecodeBenchmark -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ReplayDecodeBenchmark {

    /** The route (see {@link BenchmarkRoutes#NAMES}). */
    @Param({"tower", "51-alt", "51-fullrun", "51-mod-v3", "antimatter", "dongchuangshifa-alt",
            "dongchuangshifa-main", "onlyup", "pocafup-solver", "whiteisland", "xinxin2"})
    public String route;

    private byte[] file;
    private byte[] zstd;
    private int rawLength;

    /** Loads the route, writes its file and its zstd -19 frame, and prints their sizes. */
    @Setup(Level.Trial)
    public void setup() {
        ReplaySave save = BenchmarkRoutes.load(route);
        byte[] raw = BenchmarkRoutes.raw(save);
        rawLength = raw.length;
        file = BenchmarkRoutes.file(save);
        zstd = Zstd.compress(raw, 19);
        System.out.printf(Locale.ROOT, "%n[%s] %d steps, raw %d B, Reprise file %d B (flags %d), zstd -19 %d B%n",
                route, save.length(), raw.length, file.length, file[FileLayout.FLAGS_OFFSET], zstd.length);
    }

    /** Today's reader: decodes and validates the whole file. */
    @Benchmark
    public ReplayFile reprise() {
        return ReplayFile.read(file);
    }

    /** The peer: zstd decodes the raw route bytes. */
    @Benchmark
    public byte[] zstd() {
        return Zstd.decompress(zstd, rawLength);
    }
}
