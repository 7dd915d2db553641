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
package dev.reprise.verify;

import dev.reprise.ReplaySystem;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileReader;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import java.util.List;
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
import reactor.core.publisher.Flux;

/**
 * Where two runs part, against verifying: the valid replays of the tower corpus ({@link TowerCorpus}, 20–2,000
 * inputs on 1–8 floors) verified once, one at a time ({@code verify}, the baseline); played on two games side
 * by side and compared after every step ({@code diff}, what {@code replay-tool diff} does for two builds); and
 * both checks of {@code replay-tool determinism} ({@code determinism}: two fresh games, then a game restored
 * from its snapshots beside one never restored; the tower's verification game keeps no snapshots, so that
 * check is skipped at once). One operation is one replay; the ratios of the scores are
 * the costs: the goal is {@code diff} at most 2.5 times {@code verify}, {@code determinism} at most 4 times.
 *
 * <pre>
 * ./mvnw -Pjmh -DskipTests package
 * java -jar src/reprise-benchmarks/target/benchmarks.jar LockstepBenchmark -f 1 -wi 2 -i 3 -w 1s -r 1s
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
public class LockstepBenchmark {

    /** Corpus entries generated; half of them are valid replays. */
    static final int ENTRIES = 40;
    static final int REPLAYS = ENTRIES / 2;

    private List<ReplayFile> files;
    private List<ReplaySource> sources;
    private ReplayVerifier verifier;
    private Lockstep lockstep;

    @Setup
    public void corpus() {
        List<TowerCorpus.Entry> valid = TowerCorpus.generate(VerifierBenchmark.SEED, ENTRIES).stream()
                .filter(e -> e.expected() == Outcome.VALID).toList();
        files = valid.stream().map(e -> ReplayFileReader.DEFAULT.read(e.bytes())).toList();
        if (files.size() != REPLAYS) {
            throw new IllegalStateException(files.size() + " valid replays, expected " + REPLAYS);
        }
        sources = valid.stream().map(e -> ReplaySource.of(e.id(), e.bytes())).toList();
        verifier = TowerVerification.verifier().parallelism(1).build();
        lockstep = Lockstep.builder().build();
    }

    @Benchmark
    @OperationsPerInvocation(REPLAYS)
    public long verify() {
        return verifier.verify(Flux.fromIterable(sources)).map(v -> {
            if (v.outcome() != Outcome.VALID) {
                throw new IllegalStateException(v.id() + ": " + v.reason());
            }
            return (long) v.stepReached();
        }).reduce(0L, Long::sum).block();
    }

    @Benchmark
    @OperationsPerInvocation(REPLAYS)
    public long diff() {
        long alike = 0;
        for (ReplayFile file : files) {
            alike += same(lockstep.compare(Lockstep.Side.of("left", file, TowerVerification::game),
                    Lockstep.Side.of("right", file, TowerVerification::game)).block());
        }
        return alike;
    }

    @Benchmark
    @OperationsPerInvocation(REPLAYS)
    public long determinism() {
        long alike = 0;
        for (ReplayFile file : files) {
            for (Lockstep.Check check : Lockstep.Check.values()) {
                LockstepResult result = lockstep.check(check, file, TowerVerification::game).block();
                // The tower's verification game keeps no snapshots: its snapshot check is skipped at once.
                alike += result != null && result.status() == LockstepResult.Status.SKIPPED ? 0 : same(result);
            }
        }
        return alike;
    }

    /**
     * The floor of comparing by state hash after every step, whatever the pairing: two games play each
     * replay as {@code verify} plays it, free-running (no pairing, no comparison), and each hashes its state
     * once per step. {@code diff} cannot cost less than this; its ratio to {@code verify} is the least
     * any design that hashes every step can reach on this game.
     */
    @Benchmark
    @OperationsPerInvocation(REPLAYS)
    public long hashEveryStepFloor() {
        long sum = 0;
        for (ReplayFile file : files) {
            for (int side = 0; side < 2; side++) {
                VerifiableGame game = TowerVerification.game(file);
                ReplaySystem system = game.system();
                system.loadState(file.save());
                ReplaySandbox sandbox = system.createReplaySandbox(game.sandbox(system.array()));
                sandbox.play();
                // Hashed as each step is emitted: the same number of hashes as after each step, without the
                // cost of waiting for each result, so that this stays a floor.
                Long hashes = sandbox.steps().map(step -> game.stateHash().orElse(0L)).reduce(0L, Long::sum)
                        .block();
                system.releaseSandbox();
                sum += hashes == null ? 0 : hashes;
            }
        }
        return sum;
    }

    private static long same(LockstepResult result) {
        if (result == null || result.status() != LockstepResult.Status.SAME) {
            throw new IllegalStateException("not the same: " + (result == null ? "no result" : result.line()));
        }
        return result.stepsAlike();
    }
}
