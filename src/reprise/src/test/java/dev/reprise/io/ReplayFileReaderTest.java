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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ReplayFileReaderTest {

    @Test
    void defaults_matchTheRouteDefaults() {
        assertThat(ReplayFileReader.DEFAULT.maxSteps()).isEqualTo(1_000_000);
        assertThat(ReplayFileReader.DEFAULT.maxParamBytes()).isEqualTo(10_000_000);
        assertThat(ReplayFileReader.DEFAULT.maxHeaderBytes()).isEqualTo(1 << 20);
    }

    @Test
    void builder_refusesOutOfRangeCapsAtOnce() {
        assertThatThrownBy(() -> ReplayFileReader.builder().maxSteps(0)).hasMessageContaining("maxSteps");
        assertThatThrownBy(() -> ReplayFileReader.builder().maxParamBytes(-5)).hasMessageContaining("maxParamBytes");
        assertThatThrownBy(() -> ReplayFileReader.builder().maxHeaderBytes(10)).hasMessageContaining("maxHeaderBytes");
    }

    @Test
    void readHeader_reportsTheLayout() {
        byte[] bytes = ReplayFileTest.sampleFile(Compression.COMPACT).toBytes();

        ReplayFileHeader header = ReplayFileReader.DEFAULT.readHeader(bytes);

        assertThat(header.version()).isEqualTo("2.0");
        assertThat(header.compression()).isEqualTo(Compression.COMPACT);
        assertThat(header.steps()).isEqualTo(7);
        assertThat(header.fileBytes()).isEqualTo(bytes.length);
        assertThat(header.bytesPerStep()).isEqualTo(bytes.length / 7.0);
    }

    @Test
    void smallHeaderCap_refusesBigMetadata() {
        byte[] bytes = ReplayFile.builder(ReplayFileTest.sampleRoute()).metadata("notes", "x".repeat(500))
                .build().toBytes();

        assertThatThrownBy(() -> ReplayFileReader.builder().maxHeaderBytes(64).build().read(bytes))
                .hasMessageContaining("the header passes the cap of 64 bytes");
    }
}
