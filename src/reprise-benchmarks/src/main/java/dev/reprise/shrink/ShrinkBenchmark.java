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
package dev.reprise.shrink;

import dev.reprise.io.ReplayFile;
import dev.reprise.verify.ReplaySource;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
 * How long a shrink takes: the kit's dungeon bug report (a bug that needs three groups far apart — the
 * cursed ring's chest near the start, the key halfway, the door near the end — among walks, chests of
 * potions, a trap and its disarm, and a state-hash step every 25 inputs) shrunk to its four steps, with
 * the invariant the bug breaks. {@code steps} is the report's length; {@code snapshots} whether the game's
 * sandbox config has a snapshot provider, so the tries start from checkpoints. Each operation is one whole
 * shrink, from reading the replay to the confirmed result; the goals are well under a second for 400
 * steps and under a minute for 20,000 on one core (run it pinned to one, as below). The teardown prints
 * the last shrink's summary and the steps it played (the game's work scales with them).
 *
 * <pre>
 * mvn -Pjmh -DskipTests package
 * taskset -c 0 java -XX:ActiveProcessorCount=1 -jar target/benchmarks.jar ShrinkBenchmark -f 1 -wi 3 -w 2s -i 5 -r 2s \
 *     -jvmArgsAppend -XX:ActiveProcessorCount=1
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ShrinkBenchmark {

    /** The report's length in steps. */
    @Param({"400", "20000"})
    public int steps;

    /** Whether the game has a snapshot provider (the tries start from checkpoints). */
    @Param({"false", "true"})
    public boolean snapshots;

    private ReplayFile report;
    private ShrunkReplay last;
    /** The games the last shrink built, to count the steps it played. */
    private final List<DungeonGame> games = new ArrayList<>();

    @Setup(Level.Trial)
    public void record() {
        report = DungeonGame.report(steps);
    }

    @Benchmark
    public ShrunkReplay shrink() {
        games.clear();
        Function<ReplayFile, DungeonGame> build = snapshots ? DungeonGame::buggyWithSnapshots : DungeonGame::buggy;
        last = ReplayCheck.of(ReplaySource.of("report-" + steps, report), file -> {
                    DungeonGame game = build.apply(file);
                    games.add(game);
                    return game;
                })
                .ignoringStateHashes()
                .invariant(DungeonGame.ONE_CURSE, DungeonGame::curseStrikesOnce)
                .shrink()
                .progress(Duration.ofDays(1), line -> { })
                .run();
        return last;
    }

    @TearDown(Level.Trial)
    public void check() {
        if (last == null || last.stepsAfter() != 4 || last.stoppedEarly()) {
            throw new IllegalStateException("the shrink did not come to the bug's four steps: " + last);
        }
        System.out.println();
        System.out.println(last.summary() + "; " + games.stream().mapToLong(DungeonGame::played).sum()
                + " steps played by " + games.size() + " games");
    }
}
