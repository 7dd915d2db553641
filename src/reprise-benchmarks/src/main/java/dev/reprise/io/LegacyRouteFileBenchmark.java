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
import java.io.IOException;
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
 * Writes and reads back (with full validation) a compressed replay file of a real route of the old
 * engine (the {@code legacy-routes} folder of the shared test data, see {@code LegacyRoutesTest}; run
 * from the project folder or set {@code REPRISE_SHARED_DIR}), so the context-mixing model
 * that real routes get is measured; {@link ReplayFileBenchmark}'s 1,000,000-step route is past that
 * model's size limit. {@link #setup()} prints the sizes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class LegacyRouteFileBenchmark {

    /** The legacy route: the longest one and a short one. */
    @Param({"dongchuangshifa-main", "xinxin2"})
    public String route;

    private ReplaySave save;
    private byte[] file;

    /** Loads the route, writes its file once, and prints the sizes. */
    @Setup(Level.Trial)
    public void setup() throws IOException {
        save = LegacyRoute.load(LegacyRoutesTest.folder().resolve(route + ".json")).toRoute();
        file = write();
        System.out.printf(Locale.ROOT, "%n[%s] %d steps, route %d B, compressed file %d B (flags %d)%n", route,
                save.length(), MixedRoute.routeBytes(save), file.length, file[FileLayout.FLAGS_OFFSET]);
    }

    /** Validates and encodes the route as a compressed file. */
    @Benchmark
    public byte[] write() {
        return ReplayFile.builder(save).gameId(route).gameBuild("2.8.2").compression(Compression.COMPACT).build()
                .toBytes();
    }

    /** Decodes and fully validates the file. */
    @Benchmark
    public ReplayFile read() {
        return ReplayFile.read(file);
    }
}
