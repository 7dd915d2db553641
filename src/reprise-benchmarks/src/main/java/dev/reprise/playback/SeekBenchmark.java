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
package dev.reprise.playback;

import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Seeking to random targets in a 1,000,000-step route of the sample tower game, against replaying from
 * the start. The route is one bot game on a 40-floor tower (the bot stops after its input limit or when
 * nothing is left to do), repeated after a {@code RESTART} step until it is 1,000,000 steps long: every
 * step is a real game input played by the game's rules, and a snapshot is a real {@code TowerState}.
 *
 * <p>{@code seek}: a sandbox with checkpoints every {@code interval} steps, filled by one pass over the
 * route in the setup; each operation seeks to the next of a fixed sequence of uniformly random targets.
 * {@code replayFromStart}: the same targets on a sandbox without a snapshot provider, each reached by a
 * reset and a replay from step 0 (what seeking costs without checkpoints). {@code fullPass*}: one pass
 * over the whole route with and without capturing checkpoints (what checkpointing adds to playback).
 * Sample time: read the p0.50
 * line for the median. The setup prints the checkpoints' count, their estimated bytes and the heap they
 * actually retain (used heap after GC, with minus without the checkpoints).
 *
 * <pre>
 * mvn -Pjmh -DskipTests package
 * java -jar target/benchmarks.jar 'SeekBenchmark.seek$' -f 1 -wi 2 -w 1s -i 3 -r 2s
 * java -jar target/benchmarks.jar 'SeekBenchmark.(replayFromStart|fullPass.*)' -p interval=1000 -f 1 -wi 2 -w 1s -i 3 -r 2s
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SeekBenchmark {

    static final int STEPS = 1_000_000;
    private static final Duration TIMEOUT = Duration.ofMinutes(1);

    /** Steps between checkpoints. */
    @Param({"100", "1000", "10000"})
    public int interval;

    private TowerSeekFixture fixture;
    private ReplaySandbox seeking;
    private ReplaySandbox replaying;
    private final SplittableRandom random = new SplittableRandom(20261129);

    @Setup(Level.Trial)
    public void fill() {
        fixture = TowerSeekFixture.repeated(7, 40, 100_000, STEPS);
        long before = usedHeap();
        seeking = fixture.sandbox(b -> b.snapshots(fixture.snapshots()).checkpointInterval(interval)
                .checkpointBudget(1L << 30));
        seeking.steps().subscribe();
        seeking.seek(STEPS).block(TIMEOUT);
        long after = usedHeap();
        CheckpointStore<?> store = seeking.checkpoints();
        System.out.printf("%n# route %d steps; interval %d: %d checkpoints, estimated %,d B (%,d B each), "
                        + "retained heap %,d B (%,d B each)%n", fixture.system.array().length(), interval,
                store.size(), store.weightedBytes(), store.weightedBytes() / store.size(), after - before,
                (after - before) / store.size());
    }

    @Benchmark
    public int seek() {
        seeking.seek(random.nextInt(STEPS + 1)).block(TIMEOUT);
        return seeking.replayed();
    }

    @Benchmark
    public int replayFromStart() {
        if (replaying == null) {
            replaying = fixture.sandbox(b -> { });
            replaying.steps().subscribe();
        }
        replaying.seek(0).block(TIMEOUT);
        replaying.seek(random.nextInt(STEPS + 1)).block(TIMEOUT);
        return replaying.replayed();
    }

    /** Plays the whole route once (a fast-forward from 0 to the end) capturing checkpoints every {@code interval}. */
    @Benchmark
    public int fullPassWithCheckpoints() {
        return fullPass(fixture.sandbox(b -> b.snapshots(fixture.snapshots()).checkpointInterval(interval)
                .checkpointBudget(1L << 30)));
    }

    /** Plays the whole route once without a snapshot provider: the baseline of {@link #fullPassWithCheckpoints}. */
    @Benchmark
    public int fullPassWithoutCheckpoints() {
        return fullPass(fixture.sandbox(b -> { }));
    }

    private static int fullPass(ReplaySandbox sandbox) {
        sandbox.steps().subscribe();
        sandbox.seek(STEPS).block(TIMEOUT);
        return sandbox.replayed();
    }

    @TearDown(Level.Trial)
    public void release() {
        fixture.system.releaseSandbox();
    }

    private static long usedHeap() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }
}
