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

import dev.reprise.route.MixedRoute;
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
 * Writes and reads back (with full validation) the 1,000,000-step mixed route of {@link MixedRoute},
 * in memory, uncompressed and compressed. Throughput in MB/s is route bytes (command + param area)
 * divided by the average time per operation; {@link #setup()} prints the sizes.
 *
 * <p>{@code write} builds the file from the route's save (validating and copying it, as
 * {@code ReplayFile.builder(...).build()} always does) and encodes it; {@code read} decodes and
 * validates the bytes into a {@link ReplayFile}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ReplayFileBenchmark {

    /** The body compression of the file written and read. */
    @Param({"NONE", "COMPACT"})
    public Compression compression;

    private ReplaySave save;
    private byte[] file;

    /** Builds the route and its file once, and prints their sizes. */
    @Setup(Level.Trial)
    public void setup() {
        save = MixedRoute.fileRoute();
        file = ReplayFile.builder(save).compression(compression).build().toBytes();
        int routeBytes = MixedRoute.routeBytes(save);
        System.out.printf(Locale.ROOT, "%n[mixed route] %d steps, route %d B (%.3f B/step; %.3f B/step in memory "
                        + "with the index), %s file %d B (%.3f B/step)%n",
                save.length(), routeBytes, (double) routeBytes / save.length(),
                (double) (routeBytes + 4L * save.length()) / save.length(), compression, file.length,
                (double) file.length / save.length());
    }

    /** Validates and encodes the route as a file. */
    @Benchmark
    public byte[] write() {
        return ReplayFile.builder(save).compression(compression).build().toBytes();
    }

    /** Decodes and fully validates the file. */
    @Benchmark
    public ReplayFile read() {
        return ReplayFile.read(file);
    }
}
