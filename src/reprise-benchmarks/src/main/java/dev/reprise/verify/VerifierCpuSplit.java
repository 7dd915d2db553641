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
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * Where a verifier's time goes, in CPU time of the calling thread, so that the split holds on a busy
 * machine where wall-clock benchmarks do not: over the {@link VerifierBenchmark} corpus, the CPU time of
 * decoding the files, of decoding them and building their games, and of the whole verification (run on
 * the calling thread with {@code Schedulers.immediate()}), and the bytes each allocates. Playing is the
 * whole minus decode-and-build.
 *
 * <pre>
 * java -cp target/benchmarks.jar dev.reprise.verify.VerifierCpuSplit [rounds]
 * </pre>
 */
public final class VerifierCpuSplit {

    private VerifierCpuSplit() {
    }

    /**
     * Measures and prints the split.
     *
     * @param args optional: how many measured rounds over the corpus (default 10, after 5 warm-up rounds)
     */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        List<TowerCorpus.Entry> corpus = TowerCorpus.generate(VerifierBenchmark.SEED, VerifierBenchmark.REPLAYS);
        List<ReplaySource> sources = corpus.stream().map(e -> ReplaySource.of(e.id(), e.bytes())).toList();
        ReplayVerifier verifier = TowerVerification.verifier().parallelism(1).runOn(Schedulers.immediate())
                .build();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long steps = 0;
        long[] cpu = new long[3];
        long[] allocated = new long[3];
        for (int round = -5; round < rounds; round++) {
            long a0 = threads.getCurrentThreadAllocatedBytes();
            long t0 = threads.getCurrentThreadCpuTime();
            for (TowerCorpus.Entry entry : corpus) {
                read(entry.bytes());
            }
            long t1 = threads.getCurrentThreadCpuTime();
            long a1 = threads.getCurrentThreadAllocatedBytes();
            for (TowerCorpus.Entry entry : corpus) {
                ReplayFile file = read(entry.bytes());
                if (file != null) {
                    TowerVerification.game(file);
                }
            }
            long t2 = threads.getCurrentThreadCpuTime();
            long a2 = threads.getCurrentThreadAllocatedBytes();
            long played = verifier.verify(Flux.fromIterable(sources)).map(Verdict::stepReached)
                    .reduce(0L, Long::sum).block();
            long t3 = threads.getCurrentThreadCpuTime();
            long a3 = threads.getCurrentThreadAllocatedBytes();
            if (round >= 0) {
                cpu[0] += t1 - t0;
                cpu[1] += t2 - t1;
                cpu[2] += t3 - t2;
                allocated[0] += a1 - a0;
                allocated[1] += a2 - a1;
                allocated[2] += a3 - a2;
                steps += played;
            }
        }
        double replays = (double) rounds * corpus.size();
        System.out.printf(Locale.ROOT, "%d rounds over %d replays (%,d steps per round)%n", rounds, corpus.size(),
                steps / rounds);
        System.out.printf(Locale.ROOT, "CPU per replay: decode %.1f us, decode+build %.1f us, whole verify %.1f us%n",
                cpu[0] / replays / 1e3, cpu[1] / replays / 1e3, cpu[2] / replays / 1e3);
        System.out.printf(Locale.ROOT, "shares of verify: decode %.0f %%, build %.0f %%, play and judge %.0f %%%n",
                100.0 * cpu[0] / cpu[2], 100.0 * (cpu[1] - cpu[0]) / cpu[2], 100.0 * (cpu[2] - cpu[1]) / cpu[2]);
        System.out.printf(Locale.ROOT, "allocated per replay: decode %,.0f B, decode+build %,.0f B, whole verify %,.0f B%n",
                allocated[0] / replays, allocated[1] / replays, allocated[2] / replays);
        System.out.printf(Locale.ROOT, "one core: %,.0f replays/s, %,.0f steps/s of CPU time%n",
                replays / (cpu[2] / 1e9), steps / (cpu[2] / 1e9));
    }

    private static ReplayFile read(byte[] bytes) {
        try {
            return ReplayFileReader.DEFAULT.read(bytes);
        } catch (ReplayFormatException e) {
            return null;
        }
    }
}
