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

import dev.reprise.edit.ReplayEditor;
import dev.reprise.route.ReplayStep;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The replay editor on a 100,000-step route of the sample tower game (one bot game on a 40-floor tower,
 * repeated after a {@code RESTART} step), with the sandbox's default checkpoint interval (1000) and budget
 * (64 MiB). The setup plays the route through once, then opens 10 branches — each an edit at a random
 * step, a seek to the end and a save — and prints the states kept and their weight against the budget.
 *
 * <p>{@code seek}: a seek to a uniformly random step, from the nearest kept state. {@code editAndSeekToEnd}:
 * a step at a random place set again (which drops the states after it), a seek to the end, and the edit
 * undone (which gives the states back): what trying a change costs. {@code replayFromStart} is the peer of
 * {@code seek}: the same targets reached by replaying from step 0, as without kept states. Sample time:
 * read the p0.50 line for the median.
 *
 * <pre>
 * ./mvnw -Pjmh -DskipTests package -pl src/reprise-benchmarks -am
 * java -jar src/reprise-benchmarks/target/benchmarks.jar EditorSeekBenchmark -f 1 -wi 2 -w 1s -i 3 -r 1s
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EditorSeekBenchmark {

    static final int STEPS = 100_000;
    private static final Duration TIMEOUT = Duration.ofMinutes(1);

    private TowerSeekFixture fixture;
    private ReplayEditor editor;
    private ReplaySandbox replaying;
    private final SplittableRandom random = new SplittableRandom(20261207);

    @Setup(Level.Trial)
    public void playThroughAndBranch() {
        fixture = TowerSeekFixture.repeated(7, 40, 100_000, STEPS);
        editor = ReplayEditor.open(fixture.verifiable(config -> config.snapshots(fixture.snapshots())));
        long start = System.nanoTime();
        editor.seek(STEPS).block(TIMEOUT);
        System.out.printf("%n# played through %d steps in %d ms: %d states kept, %,d B%n", editor.length(),
                (System.nanoTime() - start) / 1_000_000, editor.keptSteps().length, editor.keptBytes());
        for (int branch = 0; branch < 10; branch++) {
            setAgain(random.nextInt(STEPS));
            editor.seek(STEPS).block(TIMEOUT);
            editor.branch("branch " + branch);
        }
        System.out.printf("# 10 branches: %,d B kept in all, budget %,d B; the route keeps %d states%n",
                editor.keptBytes(), SandboxConfig.DEFAULT_CHECKPOINT_BUDGET, editor.keptSteps().length);
    }

    @Benchmark
    public int seek() {
        editor.seek(random.nextInt(STEPS + 1)).block(TIMEOUT);
        return editor.position();
    }

    @Benchmark
    public int editAndSeekToEnd() {
        setAgain(random.nextInt(STEPS));
        editor.seek(STEPS).block(TIMEOUT);
        editor.undo();
        return editor.position();
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

    /** Sets a step to what it holds: an edit the game's rules accept, which still drops the states after it. */
    private void setAgain(int step) {
        ReplayStep held = fixture.system.array().get(step);
        editor.set(step, held.code(), held.params().toArray());
    }

    @TearDown(Level.Trial)
    public void release() {
        fixture.system.releaseSandbox();
    }
}
