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

import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import reactor.core.publisher.Flux;

/**
 * How the verifier scales from parallelism 1 to 2 on a machine whose load changes under it: after a
 * warm-up of about ten seconds (so that the JIT compiler, which competes with the second worker for the
 * second core, is done), rounds over the {@link VerifierBenchmark} corpus alternate between the two
 * parallelisms (1, 2, 2, 1, ...), so a change of load hits both alike, and the median of the per-round
 * ratios is printed with the load average.
 *
 * <p>Two controls do the same with loops that share nothing, on one thread and on two: a latency-bound
 * one (one chain of dependent multiplications) and a throughput-bound one (eight independent chains,
 * which keep the core's multiplier busy). The first tells whether the process gets two cores at all;
 * the second what two threads of busy code gain on them: on a virtual machine whose cores are shared
 * with other guests, it stays below 2 whatever the code does. {@link VerifierBenchmark} gives the
 * absolute rates on a quiet machine.
 *
 * <pre>
 * java -cp target/benchmarks.jar dev.reprise.verify.VerifierScaling [rounds [warm-up seconds]]
 * </pre>
 */
public final class VerifierScaling {

    /** Iterations of the latency-bound control's loop per thread: about a tenth of a second. */
    private static final int SPIN = 200_000_000;
    /** Iterations of the throughput-bound control's loop per thread (eight multiplications each). */
    private static final int CHAINS = 40_000_000;
    /** Keeps the control's result alive, so the loop is not optimized away. */
    private static volatile long sink;

    private VerifierScaling() {
    }

    /**
     * Measures and prints the scaling.
     *
     * @param args optional: measured round pairs (default 20), warm-up seconds (default 10)
     */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long warmUp = (args.length > 1 ? Long.parseLong(args[1]) : 10) * 1_000_000_000L;
        List<ReplaySource> sources = TowerCorpus.generate(VerifierBenchmark.SEED, VerifierBenchmark.REPLAYS).stream()
                .map(e -> ReplaySource.of(e.id(), e.bytes())).toList();
        ReplayVerifier one = TowerVerification.verifier().parallelism(1).build();
        ReplayVerifier two = TowerVerification.verifier().parallelism(2).build();
        List<Double> ratios = new ArrayList<>();
        double[] rates = new double[2];
        double load = 0;
        long warmUpEnd = System.nanoTime() + warmUp;
        while (System.nanoTime() - warmUpEnd < 0) {
            time(one, sources);
            time(two, sources);
        }
        for (int round = 0; round < rounds; round++) {
            boolean oneFirst = (round & 1) == 0;
            long a = time(oneFirst ? one : two, sources);
            long b = time(oneFirst ? two : one, sources);
            long timeOne = oneFirst ? a : b;
            long timeTwo = oneFirst ? b : a;
            ratios.add((double) timeOne / timeTwo);
            rates[0] += sources.size() / (timeOne / 1e9);
            rates[1] += sources.size() / (timeTwo / 1e9);
            load += ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        }
        List<Double> latency = control(rounds, () -> spin(SPIN));
        List<Double> throughput = control(rounds, () -> chains(CHAINS));
        Collections.sort(ratios);
        System.out.printf(Locale.ROOT, "%d round pairs of %d replays; load average %.1f on %d CPUs%n", rounds,
                sources.size(), load / rounds, Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "mean rate: parallelism 1 %,.0f replays/s, parallelism 2 %,.0f replays/s%n",
                rates[0] / rounds, rates[1] / rounds);
        print("speedup 2 over 1", ratios);
        print("control, a latency-bound loop on 2 threads over 1", latency);
        print("control, a throughput-bound loop on 2 threads over 1", throughput);
    }

    private static void print(String what, List<Double> sorted) {
        System.out.printf(Locale.ROOT, "%s: median %.2f (quartiles %.2f..%.2f)%n", what, sorted.get(sorted.size() / 2),
                sorted.get(sorted.size() / 4), sorted.get(sorted.size() * 3 / 4));
    }

    /** The same alternation for a loop that shares nothing: the most two threads can gain here and now. */
    private static List<Double> control(int rounds, Runnable loop) {
        List<Double> ratios = new ArrayList<>();
        for (int round = -5; round < rounds; round++) {
            long started = System.nanoTime();
            loop.run();
            loop.run();
            long one = System.nanoTime() - started;
            started = System.nanoTime();
            Thread other = new Thread(loop);
            other.start();
            loop.run();
            try {
                other.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            long two = System.nanoTime() - started;
            if (round >= 0) {
                ratios.add((double) one / two);
            }
        }
        Collections.sort(ratios);
        return ratios;
    }

    private static void spin(int iterations) {
        long x = 1;
        for (int i = 0; i < iterations; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        sink += x;
    }

    /** Eight independent chains: as many multiplications as the core can issue, not one after another. */
    private static void chains(int iterations) {
        long a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8;
        for (int i = 0; i < iterations; i++) {
            a = a * 3 + i;
            b = b * 5 + i;
            c = c * 7 + i;
            d = d * 9 + i;
            e = e * 11 + i;
            f = f * 13 + i;
            g = g * 15 + i;
            h = h * 17 + i;
        }
        sink += a + b + c + d + e + f + g + h;
    }

    private static long time(ReplayVerifier verifier, List<ReplaySource> sources) {
        long started = System.nanoTime();
        verifier.verify(Flux.fromIterable(sources)).then().block();
        return System.nanoTime() - started;
    }
}
