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

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileReader;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import reactor.core.publisher.Flux;

/**
 * Verifier throughput over a corpus of {@value #REPLAYS} tower replays ({@link TowerCorpus}: valid ones of
 * 20–2,000 inputs on 1–8 floors, mixed with corrupt, desynced, other-game and wrong-final-hash ones). One
 * operation is one replay; the {@code steps} counter counts the steps played, so its rate is steps per
 * second.
 *
 * <ul>
 *   <li>{@code verify} — the whole verifier at parallelism 1 and 2: read, check, build the game, play,
 *       judge.</li>
 *   <li>{@code decode} — only reading the files with the reader (one thread): the decoding share.</li>
 *   <li>{@code decodeAndBuild} — reading plus building each readable file's game (generating its tower),
 *       one thread: what comes before playback. Playing is the rest.</li>
 * </ul>
 *
 * <pre>
 * mvn -Pjmh -DskipTests package
 * java -jar target/benchmarks.jar VerifierBenchmark -f 1 -wi 2 -i 3
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 4, time = 5)
@Measurement(iterations = 3, time = 5)
public class VerifierBenchmark {

    static final int REPLAYS = 300;
    static final long SEED = 20_261_201L;

    private List<ReplaySource> sources;
    private List<byte[]> files;

    /** The verifier at a parallelism, and how many steps one pass over the corpus plays. */
    @State(Scope.Benchmark)
    public static class Verifying {
        /** Replays verified at once. */
        @Param({"1", "2"})
        public int parallelism;

        ReplayVerifier verifier;
        long stepsPerCorpus;

        /** Builds the verifier and counts the corpus's steps with it. */
        @Setup(Level.Trial)
        public void verifier(VerifierBenchmark corpus) {
            verifier = TowerVerification.verifier().parallelism(parallelism).build();
            stepsPerCorpus = corpus.play(verifier);
        }
    }

    /** Steps played, reported as a rate. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Steps {
        /** Steps played by the verifier (summed over the verdicts' steps reached). */
        public long steps;

        /** Clears the count before each iteration. */
        @Setup(Level.Iteration)
        public void clear() {
            steps = 0;
        }
    }

    @Setup(Level.Trial)
    public void corpus() {
        List<TowerCorpus.Entry> corpus = TowerCorpus.generate(SEED, REPLAYS);
        sources = corpus.stream().map(e -> ReplaySource.of(e.id(), e.bytes())).toList();
        files = corpus.stream().map(TowerCorpus.Entry::bytes).toList();
    }

    long play(ReplayVerifier verifier) {
        return verifier.verify(Flux.fromIterable(sources)).map(Verdict::stepReached).reduce(0L, Long::sum).block();
    }

    @Benchmark
    @OperationsPerInvocation(REPLAYS)
    public long verify(Verifying verifying, Steps steps) {
        long played = play(verifying.verifier);
        if (played != verifying.stepsPerCorpus) {
            throw new IllegalStateException("played " + played + " steps, expected " + verifying.stepsPerCorpus);
        }
        steps.steps += played;
        return played;
    }

    @Benchmark
    @OperationsPerInvocation(REPLAYS)
    public void decode(Blackhole blackhole) {
        for (byte[] bytes : files) {
            blackhole.consume(read(bytes));
        }
    }

    @Benchmark
    @OperationsPerInvocation(REPLAYS)
    public void decodeAndBuild(Blackhole blackhole) {
        for (byte[] bytes : files) {
            ReplayFile file = read(bytes);
            if (file != null) {
                blackhole.consume(TowerVerification.game(file));
            }
        }
    }

    private static ReplayFile read(byte[] bytes) {
        try {
            return ReplayFileReader.DEFAULT.read(bytes);
        } catch (ReplayFormatException e) {
            return null;
        }
    }
}
