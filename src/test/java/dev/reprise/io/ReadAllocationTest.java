package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.ReplaySave;
import dev.reprise.testing.SharedData;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a read allocates once warm (issue 22): the modelled decoder reuses its tables, so it allocates
 * little more than the transform it returns, and a whole read (header, body, column transform,
 * validation, the route) at most the route's raw bytes and {@value #SLACK} bytes.
 */
class ReadAllocationTest {

    static final long SLACK = 64 * 1024;
    /** What the modelled decoder may allocate beside its output: its coder, a few small arrays. */
    static final long DECODER_SLACK = 1024;
    private static final int ROUNDS = 50;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void modelledDecode_ofSmallReplays_onceWarm_allocatesOnlyItsOutput() {
        long seed = new Random().nextLong();
        System.out.println("ReadAllocationTest seed " + seed);
        Random random = new Random(seed);
        for (int i = 0; i < 10; i++) {
            ReplaySave route = RandomRoutes.route(random, 50 + random.nextInt(3000));
            ColumnCodec.Encoded transformed = ColumnCodec.encode(route.commandBytes(), route.paramBytes(),
                    route.length(), route.commandWidth());
            byte[] coded = ModeledBody.encode(transformed).toByteArray();
            int inflated = transformed.bytes().length;

            long perDecode = allocatedPerCall(() -> ModeledBody.decode(coded, 0, coded.length, inflated, 0));

            assertThat(perDecode).as("bytes allocated per decode of a %d-byte transform (seed %d)", inflated, seed)
                    .isLessThanOrEqualTo(inflated + DECODER_SLACK);
        }
    }

    @Test
    void read_ofRandomRoutes_onceWarm_allocatesAtMostTheRawRouteAnd64KiB() {
        long seed = new Random().nextLong();
        System.out.println("ReadAllocationTest seed " + seed);
        Random random = new Random(seed);
        for (int i = 0; i < 10; i++) {
            assertReadAllocatesAtMostRawAndSlack(RandomRoutes.route(random, 50 + random.nextInt(3000)),
                    "seed " + seed);
        }
    }

    /** The real routes of the shared test data, where present (skipped otherwise, as LegacyRoutesTest). */
    @Test
    void read_ofTheLegacyRoutes_onceWarm_allocatesAtMostTheRawRouteAnd64KiB() throws IOException {
        Path folder = SharedData.require(LegacyRoutesTest.FOLDER, LegacyRoutesTest.WHAT);
        List<Path> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(folder)) {
            list.filter(f -> f.toString().endsWith(".json")).sorted().forEach(files::add);
        }
        for (Path file : files) {
            assertReadAllocatesAtMostRawAndSlack(LegacyRoute.load(file).toRoute(), file.getFileName().toString());
        }
    }

    private static void assertReadAllocatesAtMostRawAndSlack(ReplaySave route, String what) {
        byte[] file = ReplayFile.builder(route).gameId("g").gameBuild("1").compression(Compression.DEFLATE).build()
                .toBytes();
        long raw = route.commandBytes().length + route.paramBytes().length;

        long perRead = allocatedPerCall(() -> ReplayFile.read(file));

        assertThat(perRead).as("bytes allocated per read of %s: %d steps, %d raw bytes, a %d-byte file (flags %d)",
                what, route.length(), raw, file.length, file[FileLayout.FLAGS_OFFSET]).isLessThanOrEqualTo(raw + SLACK);
    }

    /** The fewest bytes the calling thread allocated in one call of {@code call}, over warm rounds. */
    private static long allocatedPerCall(Runnable call) {
        for (int i = 0; i < ROUNDS; i++) {
            call.run();
        }
        long least = Long.MAX_VALUE;
        for (int i = 0; i < ROUNDS; i++) {
            long before = THREADS.getCurrentThreadAllocatedBytes();
            call.run();
            least = Math.min(least, THREADS.getCurrentThreadAllocatedBytes() - before);
        }
        return least;
    }
}
