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

import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayCapacityException;
import dev.reprise.route.ReplaySave;
import org.junit.jupiter.api.Test;

/** The builder checks every cap the reader checks, with the reader's own numbers, at build(). */
class ReplayFileCapsTest {

    private static ReplaySave steps(int n) {
        ReplayArray array = new ReplayArray();
        for (int i = 0; i < n; i++) {
            array.add(i & 3);
        }
        return array.saveState();
    }

    @Test
    void sixteenMaximalMetadataValues_failAtBuild_notAtRead() {
        ReplayFile.Builder builder = ReplayFile.builder(steps(1));
        for (int i = 0; i < 16; i++) {
            builder.metadata("k" + i, "v".repeat(65_535));
        }

        assertThatThrownBy(builder::build).isInstanceOf(ReplayCapacityException.class)
                .hasMessageContaining("header").hasMessageContaining(String.valueOf(ReplayFileReader.DEFAULT.maxHeaderBytes()));
    }

    @Test
    void aroundTheHeaderCap_whatBuildsReads_andWhatDoesNotFailsAtBuild() {
        int built = 0;
        int refused = 0;
        for (int length = 65_400; length <= 65_535; length += 5) {
            ReplayFile.Builder builder = ReplayFile.builder(steps(3)).compression(Compression.NONE);
            for (int i = 0; i < 15; i++) {
                builder.metadata("k" + i, "v".repeat(65_535));
            }
            builder.metadata("last", "w".repeat(length));
            ReplayFile file;
            try {
                file = builder.build();
            } catch (ReplayCapacityException e) {
                refused++;
                continue;
            }
            built++;
            assertThat(ReplayFile.read(file.toBytes())).as("value of %d bytes", length).isEqualTo(file);
        }
        assertThat(built).isPositive();
        assertThat(refused).isPositive();
    }

    @Test
    void stepsAndParamsBeyondTheReadersCaps_failAtBuild() {
        ReplayFileReader small = ReplayFileReader.builder().maxSteps(4).maxParamBytes(3).build();

        assertThatThrownBy(() -> ReplayFile.builder(steps(5)).readableBy(small).build())
                .isInstanceOf(ReplayCapacityException.class).hasMessageContaining("5 steps").hasMessageContaining("4");
        ReplayArray params = new ReplayArray();
        params.add(9, 1, 2);
        assertThatThrownBy(() -> ReplayFile.builder(params.saveState()).readableBy(small).build())
                .isInstanceOf(ReplayCapacityException.class).hasMessageContaining("4 param bytes");
    }

    @Test
    void aLargerReader_allowsALargerFile_whichItReadsBack() {
        ReplayFileReader small = ReplayFileReader.builder().maxSteps(4).build();
        ReplayFile file = ReplayFile.builder(steps(4)).readableBy(small).build();

        assertThat(small.read(file.toBytes())).isEqualTo(file);
        assertThat(file.toBuilder().build()).isEqualTo(file);
    }

    @Test
    void bytesLongerThanTheLargestFileTheCapsAllow_areRefusedBeforeParsing() {
        ReplayFileReader small = ReplayFileReader.builder().maxSteps(4).maxParamBytes(3).maxHeaderBytes(1024).build();
        byte[] valid = ReplayFile.builder(steps(4)).readableBy(small).build().toBytes();
        byte[] oversized = java.util.Arrays.copyOf(valid, (int) small.maxFileBytes() + 1);

        assertThatThrownBy(() -> small.read(oversized)).isInstanceOf(dev.reprise.route.ReplayFormatException.class)
                .hasMessageContaining("more than the largest replay file the caps allow")
                .hasMessageContaining(Long.toString(small.maxFileBytes()));
    }
}
