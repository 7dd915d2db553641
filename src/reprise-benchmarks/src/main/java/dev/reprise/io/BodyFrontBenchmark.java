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
 * The body's size/speed front: the entropy stage alone (the column transform's bytes back from the coded body),
 * today's context-mixing coder beside cheaper candidate models ({@link FallbackModel} of orders 1, 2
 * and 3) and zstd decoding the raw route bytes, for each of the eleven routes of
 * {@link BenchmarkRoutes}. {@link #setup()} prints each design's body size, so that size and speed
 * come from one run.
 *
 * <pre>
 * java -jar target/benchmarks.jar BodyFrontBenchmark -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class BodyFrontBenchmark {

    /** The route (see {@link BenchmarkRoutes#NAMES}). */
    @Param({"tower", "51-alt", "51-fullrun", "51-mod-v3", "antimatter", "dongchuangshifa-alt",
            "dongchuangshifa-main", "onlyup", "pocafup-solver", "whiteisland", "xinxin2"})
    public String route;

    private ColumnCodec.Encoded transform;
    private byte[] today;
    private byte[] order1;
    private byte[] order2;
    private byte[] order3;
    private byte[] zstd;
    private int rawLength;

    /** Loads the route, codes its transform with every design, checks each decodes, prints the sizes. */
    @Setup(Level.Trial)
    public void setup() {
        ReplaySave save = BenchmarkRoutes.load(route);
        byte[] raw = BenchmarkRoutes.raw(save);
        rawLength = raw.length;
        transform = ColumnCodec.encode(save.commandBytes(), save.paramBytes(), save.length(), save.commandWidth());
        today = ModeledBody.encode(transform).toByteArray();
        order1 = FallbackModel.encode(transform, 1);
        order2 = FallbackModel.encode(transform, 2);
        order3 = FallbackModel.encode(transform, 3);
        zstd = Zstd.compress(raw, 19);
        for (byte[] decoded : new byte[][] {today(), fallback1(), fallback2(), fallback3()}) {
            if (!java.util.Arrays.equals(decoded, transform.bytes())) {
                throw new IllegalStateException("a design does not decode " + route);
            }
        }
        int file = BenchmarkRoutes.file(save).length;
        System.out.printf(Locale.ROOT, "%nFRONT %s steps=%d raw=%d transform=%d file=%d header=%d today=%d o1=%d o2=%d "
                        + "o3=%d zstd19=%d%n", route, save.length(), raw.length, transform.bytes().length, file,
                file - today.length, today.length, order1.length, order2.length, order3.length, zstd.length);
    }

    /** Today's modelled body (context mixing). */
    @Benchmark
    public byte[] today() {
        return ModeledBody.decode(today, 0, today.length, transform.bytes().length, 0);
    }

    /** Order-1 bit trees. */
    @Benchmark
    public byte[] fallback1() {
        return FallbackModel.decode(order1, transform.bytes().length, transform.headLength(), transform.boundaries(), 1);
    }

    /** Order-2 bit trees, falling back to order 1. */
    @Benchmark
    public byte[] fallback2() {
        return FallbackModel.decode(order2, transform.bytes().length, transform.headLength(), transform.boundaries(), 2);
    }

    /** Order-3 bit trees, falling back to orders 2 and 1. */
    @Benchmark
    public byte[] fallback3() {
        return FallbackModel.decode(order3, transform.bytes().length, transform.headLength(), transform.boundaries(), 3);
    }

    /** The peer: zstd decodes the raw route bytes. */
    @Benchmark
    public byte[] zstd() {
        return Zstd.decompress(zstd, rawLength);
    }
}
