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

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.reprise.json.VerdictJson;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import reactor.core.publisher.Flux;

/**
 * Memory check of the verifier: verifies many tower replays (10,000 by default) at a given parallelism (8)
 * and prints the heap after a full GC every 1,000 verdicts (it must stay flat), the peak heap of the run,
 * and the most games alive at once (it must not pass the parallelism). The sources are made on demand
 * from a few dozen template files of {@link TowerCorpus} (valid, corrupt, desynced, other game, wrong
 * final hash, and a few long games), so the corpus itself costs almost nothing. With {@code big}, the
 * templates are four synthetic routes of a million steps each instead (see {@link BigRoutes}), to show the
 * bound where one decoded route weighs megabytes. Exits with status 1 if a
 * verdict differs from its template's expected outcome or more games were alive than the parallelism.
 *
 * <pre>
 * mvn -B -DskipTests test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java -Xmx256m -Xlog:gc:file=target/verify-gc.log -cp target/test-classes:target/classes:$(cat target/cp.txt) \
 *     dev.reprise.verify.VerifierMemoryHarness 10000 8
 * java -Xmx256m ... dev.reprise.verify.VerifierMemoryHarness 200 8 big
 * </pre>
 */
public final class VerifierMemoryHarness {

    private static final long SEED = 20_261_201L;
    private static final int TEMPLATES = 40;
    private static final int SAMPLE_EVERY = 1_000;
    /** The length of the routes of the {@code big} mode. */
    static final int BIG_STEPS = BigRoutes.STEPS;

    private VerifierMemoryHarness() {
    }

    /**
     * Runs the check.
     *
     * @param args optional: the replay count (default 10,000), the parallelism (default 8), and
     *     {@code big} to verify synthetic routes of {@value #BIG_STEPS} steps instead of tower replays
     */
    public static void main(String[] args) {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int parallelism = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        boolean big = args.length > 2 && args[2].equals("big");

        List<TowerCorpus.Entry> templates = big ? BigRoutes.templates() : towerTemplates();
        long templateBytes = templates.stream().mapToLong(e -> e.bytes().length).sum();
        int longest = templates.stream().mapToInt(e -> e.id().startsWith("long-")
                ? Integer.parseInt(e.id().substring(e.id().lastIndexOf('-') + 1)) : 0).max().orElse(0);
        GameFactory games = big ? BigRoutes::game : TowerVerification::game;
        System.out.printf(Locale.ROOT, "%,d replays from %d templates (%,d bytes in all, longest route %,d steps), "
                + "parallelism %d, max heap %,d MiB%n", count, templates.size(), templateBytes, longest, parallelism,
                Runtime.getRuntime().maxMemory() >> 20);

        AtomicInteger created = new AtomicInteger();
        AtomicInteger verdicts = new AtomicInteger();
        AtomicInteger mostAlive = new AtomicInteger();
        GameFactory counting = file -> {
            mostAlive.accumulateAndGet(created.incrementAndGet() - verdicts.get(), Math::max);
            return games.create(file);
        };
        ReplayVerifier verifier = big
                ? ReplayVerifier.builder(counting).gameId(BigRoutes.GAME_ID).finalHashKey(BigRoutes.FINAL_HASH_KEY)
                        .parallelism(parallelism).build()
                : ReplayVerifier.builder(counting).gameId(TowerCommands.GAME_ID)
                        .dictionary(TowerCommands.dictionary()).finalHashKey(TowerVerification.FINAL_HASH_KEY)
                        .parallelism(parallelism).build();

        System.gc();
        long baseline = heapUsed();
        List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.getType() == MemoryType.HEAP).toList();
        heapPools.forEach(MemoryPoolMXBean::resetPeakUsage);
        System.out.printf(Locale.ROOT, "heap after GC before the run: %,d KiB%n", baseline >> 10);

        AtomicLong liveAfterGc = watchHeapAfterGc();
        int sampleEvery = Math.max(1, Math.min(SAMPLE_EVERY, count / 10));
        Map<Outcome, AtomicInteger> outcomes = new EnumMap<>(Outcome.class);
        AtomicInteger wrong = new AtomicInteger();
        AtomicLong steps = new AtomicLong();
        List<Long> samples = new ArrayList<>();
        long started = System.nanoTime();
        Flux.range(0, count)
                .map(i -> {
                    TowerCorpus.Entry template = templates.get(i % templates.size());
                    return ReplaySource.of(i + ":" + template.id(), template.bytes());
                })
                .as(verifier::verify)
                .doOnNext(verdict -> {
                    int done = verdicts.incrementAndGet();
                    outcomes.computeIfAbsent(verdict.outcome(), o -> new AtomicInteger()).incrementAndGet();
                    steps.addAndGet(verdict.stepReached());
                    Outcome expected = templates.get((int) (verdict.position() % templates.size())).expected();
                    if (verdict.outcome() != expected && wrong.getAndIncrement() < 5) {
                        System.out.printf("WRONG %s: expected %s, %s%n", verdict.id(), expected, VerdictJson.write(verdict));
                    }
                    if (done % sampleEvery == 0) {
                        System.gc();
                        long used = heapUsed();
                        samples.add(used);
                        System.out.printf(Locale.ROOT, "%,7d verdicts: heap after GC %,d KiB%n", done, used >> 10);
                    }
                })
                .blockLast(Duration.ofMinutes(30));
        double seconds = (System.nanoTime() - started) / 1e9;

        long peak = heapPools.stream().mapToLong(pool -> pool.getPeakUsage().getUsed()).sum();
        long low = samples.stream().mapToLong(Long::longValue).min().orElse(0);
        long high = samples.stream().mapToLong(Long::longValue).max().orElse(0);
        System.out.printf(Locale.ROOT, "outcomes: %s; %d differ from expected%n", outcomes, wrong.get());
        System.out.printf(Locale.ROOT, "%,d verdicts in %.1f s: %,.0f replays/s, %,.0f steps/s%n", verdicts.get(),
                seconds, verdicts.get() / seconds, steps.get() / seconds);
        System.out.printf(Locale.ROOT, "heap after GC every %,d verdicts: %,d..%,d KiB (before the run %,d KiB)%n",
                sampleEvery, low >> 10, high >> 10, baseline >> 10);
        System.out.printf(Locale.ROOT, "most heap in use after any GC of the run: %,d KiB%n", liveAfterGc.get() >> 10);
        System.out.printf(Locale.ROOT, "peak heap (sum of the heap pools' peaks): %,d KiB of %,d KiB max%n",
                peak >> 10, Runtime.getRuntime().maxMemory() >> 10);
        System.out.printf(Locale.ROOT, "most games alive at once: %d (parallelism %d)%n", mostAlive.get(), parallelism);
        if (wrong.get() > 0 || mostAlive.get() > parallelism || verdicts.get() != count) {
            System.exit(1);
        }
    }

    private static List<TowerCorpus.Entry> towerTemplates() {
        List<TowerCorpus.Entry> templates = new ArrayList<>(TowerCorpus.generate(SEED, TEMPLATES));
        for (int i = 0; i < 3; i++) { // long games: the largest routes of the run
            var file = TowerVerification.record(SEED + i, 40, 100_000);
            templates.add(new TowerCorpus.Entry("long-" + i + "-" + file.save().length(), file.toBytes(),
                    Outcome.VALID));
        }
        return templates;
    }

    /** Tracks the most heap in use right after a GC (young or full): an upper bound of the live set. */
    private static AtomicLong watchHeapAfterGc() {
        AtomicLong most = new AtomicLong();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener((notification, handback) -> {
                if (notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                    var info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
                    long used = info.getGcInfo().getMemoryUsageAfterGc().values().stream()
                            .mapToLong(usage -> usage.getUsed()).sum();
                    most.accumulateAndGet(used, Math::max);
                }
            }, null, null);
        }
        return most;
    }

    private static long heapUsed() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
