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
 * How the verifier scales from parallelism 1 to 2 on a machine whose load changes under it: rounds over
 * the {@link VerifierBenchmark} corpus alternate between the two parallelisms (1, 2, 2, 1, ...), so a
 * change of load hits both alike, and the median of the per-round ratios is printed with the load
 * average. A control does the same with a pure CPU loop on one thread and on two: if the control does
 * not reach 2, the machine is not giving this process two cores, whatever the verifier does.
 * {@link VerifierBenchmark} gives the absolute rates on a quiet machine.
 *
 * <pre>
 * java -cp target/benchmarks.jar dev.reprise.verify.VerifierScaling [rounds]
 * </pre>
 */
public final class VerifierScaling {

    /** Iterations of the control's loop per thread: about a tenth of a second. */
    private static final int SPIN = 200_000_000;
    /** Keeps the control's result alive, so the loop is not optimized away. */
    private static volatile long sink;

    private VerifierScaling() {
    }

    /**
     * Measures and prints the scaling.
     *
     * @param args optional: measured round pairs (default 20, after 5 warm-up pairs)
     */
    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        List<ReplaySource> sources = TowerCorpus.generate(VerifierBenchmark.SEED, VerifierBenchmark.REPLAYS).stream()
                .map(e -> ReplaySource.of(e.id(), e.bytes())).toList();
        ReplayVerifier one = TowerVerification.verifier().parallelism(1).build();
        ReplayVerifier two = TowerVerification.verifier().parallelism(2).build();
        List<Double> ratios = new ArrayList<>();
        double[] rates = new double[2];
        double load = 0;
        for (int round = -5; round < rounds; round++) {
            boolean oneFirst = (round & 1) == 0;
            long a = time(oneFirst ? one : two, sources);
            long b = time(oneFirst ? two : one, sources);
            long timeOne = oneFirst ? a : b;
            long timeTwo = oneFirst ? b : a;
            if (round >= 0) {
                ratios.add((double) timeOne / timeTwo);
                rates[0] += sources.size() / (timeOne / 1e9);
                rates[1] += sources.size() / (timeTwo / 1e9);
                load += ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            }
        }
        List<Double> control = control(rounds);
        Collections.sort(ratios);
        System.out.printf(Locale.ROOT, "%d round pairs of %d replays; load average %.1f on %d CPUs%n", rounds,
                sources.size(), load / rounds, Runtime.getRuntime().availableProcessors());
        System.out.printf(Locale.ROOT, "mean rate: parallelism 1 %,.0f replays/s, parallelism 2 %,.0f replays/s%n",
                rates[0] / rounds, rates[1] / rounds);
        System.out.printf(Locale.ROOT, "speedup 2 over 1: median %.2f (quartiles %.2f..%.2f)%n",
                ratios.get(ratios.size() / 2), ratios.get(ratios.size() / 4), ratios.get(ratios.size() * 3 / 4));
        System.out.printf(Locale.ROOT, "control, a pure CPU loop on 2 threads over 1: median %.2f (quartiles %.2f..%.2f)%n",
                control.get(control.size() / 2), control.get(control.size() / 4), control.get(control.size() * 3 / 4));
    }

    /** The same alternation for a loop that shares nothing: the most two threads can gain here and now. */
    private static List<Double> control(int rounds) {
        List<Double> ratios = new ArrayList<>();
        for (int round = -5; round < rounds; round++) {
            long started = System.nanoTime();
            spin(2 * SPIN);
            long one = System.nanoTime() - started;
            started = System.nanoTime();
            Thread other = new Thread(() -> spin(SPIN));
            other.start();
            spin(SPIN);
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

    private static long time(ReplayVerifier verifier, List<ReplaySource> sources) {
        long started = System.nanoTime();
        verifier.verify(Flux.fromIterable(sources)).then().block();
        return System.nanoTime() - started;
    }
}
