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

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Files in format 2.0 (test vectors in golden-files-2.0.txt): they read, and are written back byte for byte. */
class GoldenFilesTest {

    static Map<String, byte[]> golden() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (InputStream in = GoldenFilesTest.class.getResourceAsStream("golden-files-2.0.txt")) {
            String text = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            for (String line : text.split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    String[] parts = line.trim().split(" ");
                    files.put(parts[0], HexFormat.of().parseHex(parts[1]));
                }
            }
        }
        return files;
    }

    static Iterable<String> names() throws IOException {
        return golden().keySet();
    }

    @ParameterizedTest
    @MethodSource("names")
    void goldenFile_reads_andTodaysWriterWritesTheSameBytes(String name) throws IOException {
        byte[] bytes = golden().get(name);

        ReplayFile file = ReplayFile.read(bytes);

        assertThat(file.toBytes()).as(name).isEqualTo(bytes);
        assertThat(ReplayFile.read(new java.io.ByteArrayInputStream(bytes))).isEqualTo(file);
    }

    @ParameterizedTest
    @MethodSource("names")
    void goldenFile_holdsWhatWasWritten(String name) throws IOException {
        ReplayFile file = ReplayFile.read(golden().get(name));

        if (name.startsWith("sample-")) {
            assertThat(file.gameId()).isEqualTo("dev.example.tower");
            assertThat(file.metadata()).containsEntry("player", "Ada");
            assertThat(file.save()).isEqualTo(ReplayFileTest.sampleRoute());
        } else {
            assertThat(file.save().length()).isPositive();
        }
    }

    /**
     * A modelled body that ends with a zero byte, as a writer of format 2.0 may leave it: the file reads,
     * with the route that was written.
     */
    @org.junit.jupiter.api.Test
    void bodyEndingInAZeroByte_reads_withTheRouteWritten() {
        byte[] bytes = HexFormat.of().parseHex(
                "895250590200030102131523000000feb7a9e05c9ff992b6791dc75cc189cb0d9d856b0023801999");

        ReplayFile file = ReplayFile.read(bytes);

        dev.reprise.route.ReplayArray expected = new dev.reprise.route.ReplayArray();
        expected.add(6);
        expected.add(1, Long.MIN_VALUE, Long.MAX_VALUE);
        assertThat(file.save()).isEqualTo(expected.saveState().detach());
    }
}
