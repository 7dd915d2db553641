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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Replay files of real routes are small: ten routes recorded by players (and one route solver) in towers
 * of the old motajs engine, each mapped to Reprise steps ({@link LegacyRoute}) and written as a
 * compressed replay file (header included), must each be smaller than the route as the old engine
 * stored it (LZString-compressed run-length text, Base64), and all ten together at most 0.6 of the old
 * total; every file must read back to exactly the route written. The modelled coder does better than
 * that, and the test holds it there with some slack: each file at most {@value #MAX_ROUTE_RATIO} of its
 * old route, all ten at most {@value #MAX_TOTAL_RATIO}.
 *
 * <p>The routes are not in the repository: they are the {@code legacy-routes} folder of the shared test
 * data ({@link SharedData}: the folder named by {@code REPRISE_SHARED_DIR}, by default {@code shared}
 * beside the project folder), one JSON file per route holding the decoded route tokens and the stored
 * route string. Without it these tests are skipped, unless {@code REPRISE_REQUIRE_SHARED=true} (as in
 * CI), which makes them fail. The system property {@value #FOLDER_PROPERTY} names another folder.
 */
class LegacyRoutesTest {

    static final String FOLDER_PROPERTY = "reprise.legacyRoutes";
    static final String FOLDER = "legacy-routes";
    static final String WHAT = "The legacy routes (real routes of the old engine)";
    static final double MAX_ROUTE_RATIO = 0.75;
    static final double MAX_TOTAL_RATIO = 0.55;

    /** The routes' folder, for benchmarks: fails with a clear message when it is missing. */
    static Path folder() {
        String configured = System.getProperty(FOLDER_PROPERTY);
        if (configured != null) {
            return Paths.get(configured);
        }
        return SharedData.find(FOLDER).orElseThrow(() -> new IllegalStateException(
                SharedData.missing(FOLDER, WHAT) + ", or name the folder with -D" + FOLDER_PROPERTY + "=<folder>"));
    }

    /** The routes' folder, for tests: skips the test when it is missing (fails where the data is required). */
    private static Path testFolder() {
        String configured = System.getProperty(FOLDER_PROPERTY);
        return configured != null ? Paths.get(configured) : SharedData.require(FOLDER, WHAT);
    }

    static List<LegacyRoute> routes() throws IOException {
        List<LegacyRoute> routes = new ArrayList<>();
        try (Stream<Path> files = Files.list(testFolder())) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                routes.add(LegacyRoute.load(file));
            }
        }
        return routes;
    }

    @Test
    void compressedFiles_areSmallerThanTheLegacyRoutes_andReadBackExactly() throws IOException {
        List<LegacyRoute> routes = routes();
        assertThat(routes).hasSize(10);
        StringBuilder table = new StringBuilder(String.format(Locale.ROOT,
                "| route | steps | legacy B | raw route B | raw DEFLATE B | Reprise B | Reprise B/step | ratio |%n"
                        + "|---|---:|---:|---:|---:|---:|---:|---:|%n"));
        long steps = 0;
        long legacy = 0;
        long raw = 0;
        long reprise = 0;
        long deflated = 0;
        List<String> tooBig = new ArrayList<>();
        for (LegacyRoute route : routes) {
            ReplaySave save = route.toRoute();
            ReplayFile file = ReplayFile.builder(save).gameId(route.id()).gameBuild("2.8.2")
                    .compression(Compression.COMPACT).build();
            byte[] bytes = file.toBytes();
            ReplayFile back = ReplayFile.read(bytes);
            assertThat(back).isEqualTo(file);
            assertThat(back.save().commandBytes()).isEqualTo(save.commandBytes());
            assertThat(back.save().paramBytes()).isEqualTo(save.paramBytes());

            int rawBytes = save.commandArray().remaining() + save.paramArray().remaining();
            int rawDeflate = rawDeflateSize(save);
            table.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %.3f | %.3f |%n", route.id(),
                    route.steps(), route.legacyBytes(), rawBytes, rawDeflate, bytes.length,
                    (double) bytes.length / route.steps(), (double) bytes.length / route.legacyBytes()));
            deflated += rawDeflate;
            steps += route.steps();
            legacy += route.legacyBytes();
            raw += rawBytes;
            reprise += bytes.length;
            if (bytes.length > MAX_ROUTE_RATIO * route.legacyBytes()) {
                tooBig.add(route.id() + " (" + bytes.length + " B > " + MAX_ROUTE_RATIO + " x "
                        + route.legacyBytes() + " B)");
            }
        }
        double ratio = (double) reprise / legacy;
        table.append(String.format(Locale.ROOT, "| all 10, step-weighted | %d | %d | %d | %d | %d | %.3f | %.3f |%n",
                steps, legacy, raw, deflated, reprise, (double) reprise / steps, ratio));
        System.out.println("Replay files of the ten legacy routes (compressed, header included):\n" + table);

        assertThat(steps).isEqualTo(43_599);
        assertThat(legacy).isEqualTo(31_324);
        assertThat(tooBig).as("routes whose file is above " + MAX_ROUTE_RATIO + " of the legacy route").isEmpty();
        assertThat(ratio).as("Reprise bytes / legacy bytes over all ten routes").isLessThanOrEqualTo(MAX_TOTAL_RATIO);
    }

    /** The baseline: level-9 DEFLATE of the raw route bytes, without the column transform or a header. */
    private static int rawDeflateSize(ReplaySave save) {
        java.util.zip.Deflater deflater = new java.util.zip.Deflater(9, true);
        byte[] raw = new byte[save.commandArray().remaining() + save.paramArray().remaining()];
        save.commandArray().duplicate().get(raw, 0, save.commandArray().remaining());
        save.paramArray().duplicate().get(raw, save.commandArray().remaining(), save.paramArray().remaining());
        deflater.setInput(raw);
        deflater.finish();
        byte[] out = new byte[raw.length + 64];
        int n = 0;
        while (!deflater.finished()) {
            n += deflater.deflate(out, n, out.length - n);
        }
        deflater.end();
        return n;
    }

    @Test
    void uncompressedFiles_holdTheRawRouteBytes() throws IOException {
        long raw = 0;
        long steps = 0;
        for (LegacyRoute route : routes()) {
            ReplaySave save = route.toRoute();
            ReplayFile file = ReplayFile.builder(save).compression(Compression.NONE).build();
            assertThat(ReplayFile.read(file.toBytes())).isEqualTo(file);
            raw += save.commandArray().remaining() + save.paramArray().remaining();
            steps += route.steps();
        }
        // The README's figure: 2.67 bytes per step of raw route bytes.
        assertThat((double) raw / steps).isBetween(2.66, 2.68);
    }
}
