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

import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayCapacityException;
import dev.reprise.route.ReplaySave;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;

/**
 * Reads replay files concurrently in a small heap and reports what happened; run in its own JVM
 * (by {@code ReadMemoryIT}, or by hand):
 *
 * <pre>
 * java -Xmx128m -cp target/classes:target/test-classes:&lt;reactor-core.jar&gt;:&lt;reactive-streams.jar&gt; \
 *     dev.reprise.io.ReadMemoryHarness small 64 20      # 64 threads, 20 reads each, of files &lt;= 4 KB
 * java -Xmx128m -cp ... dev.reprise.io.ReadMemoryHarness large 8 50      # 50 decodes of a 1M-step file, 8 threads
 * java -cp ... dev.reprise.io.ReadMemoryHarness measure                   # bytes allocated per read, one thread
 * java -cp ... dev.reprise.io.ReadMemoryHarness make /tmp/big              # writes the largest files the caps allow
 * java -Xmx128m -cp ... dev.reprise.io.ReadMemoryHarness path 16 2 /tmp/big/largest-NONE.reprise [wait-seconds]
 *                      # 16 threads, 2 reads each, with read(Path); "stream": read(InputStream); "mixed": both
 * </pre>
 *
 * Prints one line {@code RESULT <scenario> heap=<MiB> threads=<n> reads=<n> ok=<n> refused=<n> oom=<n>
 * seconds=<s>} and exits 0, or 3 if any read ran out of memory (or, for the largest files, failed with
 * anything but {@code ReplayCapacityException}). Uses only the public API, so it runs against older
 * builds too.
 */
public final class ReadMemoryHarness {

    private ReadMemoryHarness() {
    }

    /** A valid file of {@code steps} UP steps (89 bytes for a million). */
    static byte[] upSteps(int steps) {
        ReplayArray array = new ReplayArray();
        for (int i = 0; i < steps; i++) {
            array.add(0);
        }
        return ReplayFile.builder(array.saveState()).build().toBytes();
    }

    /**
     * An invalid 51-byte file with a correct checksum: a modelled body of 20 random bytes declaring
     * 41,160 transform bytes of a million-step route (the most its length allows).
     */
    static byte[] bogusModelled(long seed) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'R', 'P', 'Y', 2, 0, 3, 1});
        varint(out, 1_000_000);
        varint(out, 0);
        varint(out, 20);
        varint(out, 28 * 1470);
        out.writeBytes(new byte[] {0, 0, 0});
        byte[] body = new byte[20];
        new Random(seed).nextBytes(body);
        body[19] |= 1;
        out.writeBytes(body);
        return withCrc(out);
    }

    /** Small files: the bogus one, the million UP steps, a sample route, and corrupt variants (CRC fixed). */
    static List<byte[]> smallFiles() {
        List<byte[]> files = new ArrayList<>();
        files.add(bogusModelled(1));
        files.add(bogusModelled(2));
        files.add(upSteps(1_000_000));
        Random random = new Random(9);
        for (int i = 0; i < 8; i++) {
            byte[] valid = ReplayFile.builder(RandomRoutes.route(random, 200)).build().toBytes();
            if (valid.length <= 4096) {
                files.add(valid);
                byte[] corrupt = valid.clone();
                corrupt[20 + random.nextInt(corrupt.length - 24)] ^= (byte) (1 << random.nextInt(8));
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                out.write(corrupt, 0, corrupt.length - 4);
                files.add(withCrc(out));
            }
        }
        return files;
    }

    /**
     * The largest route the default caps allow: 1,000,000 steps of two random {@code int} params
     * (10,000,000 param bytes): about 11 MB uncompressed, 8 MB compressed (random ints barely shrink).
     */
    static ReplaySave largestRoute() {
        Random random = new Random(17);
        ReplayArray array = new ReplayArray();
        for (int i = 0; i < 1_000_000; i++) {
            array.add(random.nextInt(4), random.nextInt(), random.nextInt());
        }
        return array.saveState();
    }

    /** Writes the largest route as {@code largest-NONE.reprise} and {@code largest-COMPACT.reprise}. */
    static List<Path> makeLargest(Path folder) throws IOException {
        ReplaySave save = largestRoute();
        List<Path> files = new ArrayList<>();
        for (Compression compression : Compression.values()) {
            Path file = folder.resolve("largest-" + compression + ".reprise");
            ReplayFile.builder(save).compression(compression).build().write(file);
            files.add(file);
        }
        return files;
    }

    private static void varint(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7FL) != 0) {
            out.write((int) (value & 0x7F | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }

    private static byte[] withCrc(ByteArrayOutputStream out) {
        CRC32C crc = new CRC32C();
        byte[] bytes = out.toByteArray();
        crc.update(bytes);
        int value = (int) crc.getValue();
        out.write(value >>> 24);
        out.write(value >>> 16);
        out.write(value >>> 8);
        out.write(value);
        return out.toByteArray();
    }

    public static void main(String[] args) throws Exception {
        String scenario = args.length > 0 ? args[0] : "small";
        if (scenario.equals("measure")) {
            measure();
            return;
        }
        if (scenario.equals("make")) {
            makeLargest(Path.of(args[1])).forEach(file -> System.out.println("MADE " + file));
            return;
        }
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int reads = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        if (List.of("path", "stream", "mixed").contains(scenario)) {
            readLargest(scenario, threads, reads, Path.of(args[3]), args.length > 4 ? reader(args[4]) : ReplayFileReader.DEFAULT);
            return;
        }
        List<byte[]> files = scenario.equals("large") ? List.of(upSteps(1_000_000)) : smallFiles();
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger oom = new AtomicInteger();
        AtomicInteger next = new AtomicInteger();
        Map<String, Integer> errors = new ConcurrentHashMap<>();
        int total = scenario.equals("large") ? reads : threads * reads;
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            futures.add(pool.submit(() -> {
                for (int i; (i = next.getAndIncrement()) < total; ) {
                    try {
                        ReplayFile.read(files.get(i % files.size()));
                        ok.incrementAndGet();
                    } catch (OutOfMemoryError e) {
                        oom.incrementAndGet();
                    } catch (RuntimeException e) {
                        refused.incrementAndGet();
                        errors.merge(e.getClass().getSimpleName(), 1, Integer::sum);
                    }
                }
            }));
        }
        pool.shutdown();
        boolean done = pool.awaitTermination(10, TimeUnit.MINUTES);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("RESULT %s heap=%dMiB threads=%d reads=%d ok=%d refused=%d oom=%d seconds=%.1f done=%s errors=%s%n",
                scenario, Runtime.getRuntime().maxMemory() >> 20, threads, total, ok.get(), refused.get(), oom.get(),
                seconds, done, errors);
        System.exit(oom.get() > 0 || !done ? 3 : 0);
    }

    /**
     * The default reader with a memory wait of {@code seconds}, set by reflection so that the harness
     * still runs against builds from before the wait could be set (they get the default reader).
     */
    private static ReplayFileReader reader(String seconds) throws ReflectiveOperationException {
        ReplayFileReader.Builder builder = ReplayFileReader.builder();
        try {
            Method wait = ReplayFileReader.Builder.class.getMethod("memoryWait", Duration.class);
            wait.invoke(builder, Duration.ofSeconds(Long.parseLong(seconds)));
        } catch (NoSuchMethodException e) {
            System.out.println("NOTE this build has no memory wait; reading with the default reader");
        }
        return builder.build();
    }

    /**
     * {@code threads} threads each read {@code file} {@code reads} times with {@code read(Path)},
     * {@code read(InputStream)} or, for {@code mixed}, each on every other thread; a read may
     * succeed or be refused for want of memory ({@code ReplayCapacityException}), nothing else.
     */
    private static void readLargest(String how, int threads, int reads, Path file, ReplayFileReader reader)
            throws InterruptedException {
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger oom = new AtomicInteger();
        AtomicInteger other = new AtomicInteger();
        Map<String, Integer> errors = new ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        long began = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int t = 0; t < threads; t++) {
            boolean byPath = how.equals("path") || how.equals("mixed") && t % 2 == 0;
            pool.execute(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < reads; i++) {
                    try {
                        if (byPath) {
                            reader.read(file);
                        } else {
                            try (InputStream in = Files.newInputStream(file)) {
                                reader.read(in);
                            }
                        }
                        ok.incrementAndGet();
                    } catch (OutOfMemoryError e) {
                        oom.incrementAndGet();
                    } catch (ReplayCapacityException e) {
                        refused.incrementAndGet();
                        errors.merge(e.getMessage(), 1, Integer::sum);
                    } catch (Exception e) {
                        other.incrementAndGet();
                        errors.merge(e.toString(), 1, Integer::sum);
                    }
                }
            });
        }
        start.countDown();
        pool.shutdown();
        boolean done = pool.awaitTermination(10, TimeUnit.MINUTES);
        System.out.printf("RESULT %s heap=%dMiB threads=%d reads=%d ok=%d refused=%d oom=%d other=%d seconds=%.1f "
                        + "done=%s file=%s errors=%s%n", how, Runtime.getRuntime().maxMemory() >> 20, threads,
                threads * reads, ok.get(), refused.get(), oom.get(), other.get(), (System.nanoTime() - began) / 1e9,
                done, file.getFileName(), errors);
        System.exit(oom.get() > 0 || other.get() > 0 || !done ? 3 : 0);
    }

    /** Bytes allocated per read of each kind of file, on this thread (HotSpot's per-thread counter). */
    private static void measure() {
        com.sun.management.ThreadMXBean bean = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[][] files = {bogusModelled(1), upSteps(1_000_000),
                ReplayFile.builder(RandomRoutes.route(new Random(5), 40)).build().toBytes()};
        String[] names = {"corrupt 43-byte modelled file", "1M UP steps (89 bytes)", "40-step random route"};
        for (int f = 0; f < files.length; f++) {
            long best = Long.MAX_VALUE;
            for (int rep = 0; rep < 5; rep++) {
                long before = bean.getThreadAllocatedBytes(Thread.currentThread().getId());
                try {
                    ReplayFile.read(files[f]);
                } catch (RuntimeException e) {
                    // refused: what it allocated first is what counts
                }
                best = Math.min(best, bean.getThreadAllocatedBytes(Thread.currentThread().getId()) - before);
            }
            System.out.printf("MEASURE %s: %d bytes in the file, %,d bytes allocated per read%n", names[f],
                    files[f].length, best);
        }
    }
}
