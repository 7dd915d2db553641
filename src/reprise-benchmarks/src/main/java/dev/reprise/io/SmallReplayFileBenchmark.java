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

import dev.reprise.route.ReplaySave;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reads and writes small files, where fixed costs (model tables, buffers) dominate: run with
 * {@code -prof gc} for the bytes allocated per read ({@code gc.alloc.rate.norm}). {@code readSmall}
 * reads a valid 40-step random route (156 bytes); {@code readCorrupt} a 43-byte file with a valid
 * checksum whose modelled body declares 41,160 transform bytes and is refused; {@code writeSmall}
 * writes the 40-step route (both entropy stages and the read-back check).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class SmallReplayFileBenchmark {

    private ReplaySave save;
    private byte[] small;
    private byte[] corrupt;

    /** Builds the route and both files once. */
    @Setup(Level.Trial)
    public void setup() {
        save = RandomRoutes.route(new Random(5), 40);
        small = ReplayFile.builder(save).build().toBytes();
        corrupt = ReadMemoryHarness.bogusModelled(1);
    }

    /** Reads the 40-step file. */
    @Benchmark
    public ReplayFile readSmall() {
        return ReplayFile.read(small);
    }

    /** Reads the corrupt 43-byte file, which is refused. */
    @Benchmark
    public Object readCorrupt() {
        try {
            return ReplayFile.read(corrupt);
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** Writes the 40-step route. */
    @Benchmark
    public byte[] writeSmall() {
        return ReplayFile.builder(save).build().toBytes();
    }
}
