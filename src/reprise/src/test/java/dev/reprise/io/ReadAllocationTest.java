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
 * What a read allocates once warm: the modelled decoder reuses its tables, so it allocates
 * little more than the transform it returns, and a whole read (header, body, column transform,
 * validation, the route) at most the route's raw bytes and {@value #SLACK} bytes, plus up to
 * {@value #PER_CODE} bytes per distinct command code (the code table and the per-code state of the
 * transform's columns: real routes use a few dozen codes, random ones up to thousands).
 */
class ReadAllocationTest {

    static final long SLACK = 64 * 1024;
    static final long PER_CODE = 64;
    /** What the modelled decoder may allocate beside its output: its coder, a few small arrays. */
    static final long DECODER_SLACK = 1024;
    /** Calls before measuring: the pools fill and the classes load. */
    private static final int WARM_ROUNDS = 30;
    private static final int ROUNDS = 20;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Test
    void modelledDecode_ofSmallReplays_onceWarm_allocatesOnlyItsOutput() {
        long seed = new Random().nextLong();
        System.out.println("ReadAllocationTest seed " + seed);
        Random random = new Random(seed);
        for (int i = 0; i < 4; i++) {
            ReplaySave save = RandomRoutes.route(random, 50 + random.nextInt(800));
            ColumnCodec.Encoded transformed = ColumnCodec.encode(save.commandBytes(), save.paramBytes(),
                    save.length(), save.commandWidth());
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
        for (int i = 0; i < 4; i++) {
            ReplaySave save = RandomRoutes.route(random, 50 + random.nextInt(800));
            assertReadAllocatesAtMost(save, "seed " + seed, SLACK + PER_CODE * distinctCodes(save));
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
            assertReadAllocatesAtMost(LegacyRoute.load(file).toRoute(), file.getFileName().toString(), SLACK);
        }
    }

    private static void assertReadAllocatesAtMost(ReplaySave save, String what, long slack) {
        byte[] file = ReplayFile.builder(save).gameId("g").gameBuild("1").compression(Compression.COMPACT).build()
                .toBytes();
        long raw = save.commandBytes().length + save.paramBytes().length;

        long perRead = allocatedPerCall(() -> ReplayFile.read(file));

        assertThat(perRead).as("bytes allocated per read of %s: %d steps, %d raw bytes, a %d-byte file (flags %d)",
                what, save.length(), raw, file.length, file[FileLayout.FLAGS_OFFSET]).isLessThanOrEqualTo(raw + slack);
    }

    /** The command codes the route uses. */
    private static long distinctCodes(ReplaySave save) {
        int entry = save.commandWidth().entrySize();
        byte[] commands = save.commandBytes();
        java.util.BitSet codes = new java.util.BitSet();
        for (int at = 0; at < commands.length; at += entry) {
            codes.set(entry == 2 ? commands[at + 1] & 0xFF : (commands[at + 1] & 0xFF) << 8 | commands[at + 2] & 0xFF);
        }
        return codes.cardinality();
    }

    /** The fewest bytes the calling thread allocated in one call of {@code call}, over warm rounds. */
    private static long allocatedPerCall(Runnable call) {
        for (int i = 0; i < WARM_ROUNDS; i++) {
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
