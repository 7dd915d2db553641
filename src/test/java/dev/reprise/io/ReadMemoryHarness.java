package dev.reprise.io;

import dev.reprise.route.ReplayArray;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.CRC32C;

/**
 * Reads replay files concurrently in a small heap and reports what happened; run in its own JVM
 * (by {@code ReadMemoryTest}, or by hand):
 *
 * <pre>
 * java -Xmx128m -cp target/classes:target/test-classes:&lt;reactor-core.jar&gt;:&lt;reactive-streams.jar&gt; \
 *     dev.reprise.io.ReadMemoryHarness small 64 20      # 64 threads, 20 reads each, of files &lt;= 4 KB
 * java -Xmx128m -cp ... dev.reprise.io.ReadMemoryHarness large 8 50      # 50 decodes of a 1M-step file, 8 threads
 * java -cp ... dev.reprise.io.ReadMemoryHarness measure                   # bytes allocated per read, one thread
 * </pre>
 *
 * Prints one line {@code RESULT <scenario> heap=<MiB> threads=<n> reads=<n> ok=<n> refused=<n> oom=<n>
 * seconds=<s>} and exits 0, or 3 if any read ran out of memory. Uses only the public API, so it runs
 * against older builds too.
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
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : 64;
        int reads = args.length > 2 ? Integer.parseInt(args[2]) : 20;
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
