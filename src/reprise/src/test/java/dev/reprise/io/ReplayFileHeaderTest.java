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

import dev.reprise.route.CommandWidth;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayFileHeaderTest {

    private static ReplayFileHeader header() {
        return ReplayFileHeader.of(1, 2, Compression.COMPACT, CommandWidth.UINT16, 10, 40, 30, 120, 1);
    }

    @Test
    void of_keepsEveryPart() {
        ReplayFileHeader header = header();
        assertThat(header.majorVersion()).isEqualTo(1);
        assertThat(header.minorVersion()).isEqualTo(2);
        assertThat(header.version()).isEqualTo("1.2");
        assertThat(header.compression()).isEqualTo(Compression.COMPACT);
        assertThat(header.commandWidth()).isEqualTo(CommandWidth.UINT16);
        assertThat(header.steps()).isEqualTo(10);
        assertThat(header.paramBytes()).isEqualTo(40);
        assertThat(header.bodyBytes()).isEqualTo(30);
        assertThat(header.fileBytes()).isEqualTo(120);
        assertThat(header.skippedSections()).isEqualTo(1);
        assertThat(header.bytesPerStep()).isEqualTo(12.0);
    }

    @Test
    void bytesPerStep_emptyRoute_isZero() {
        assertThat(ReplayFileHeader.of(1, 0, Compression.NONE, CommandWidth.UINT8, 0, 0, 0, 60, 0).bytesPerStep())
                .isZero();
    }

    @Test
    void of_negativeCount_throws() {
        assertThatThrownBy(() -> ReplayFileHeader.of(1, 0, Compression.NONE, CommandWidth.UINT8, -1, 0, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("steps must not be negative, was -1");
        assertThatThrownBy(() -> ReplayFileHeader.of(1, 0, Compression.NONE, CommandWidth.UINT8, 0, -1, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("paramBytes");
        assertThatThrownBy(() -> ReplayFileHeader.of(1, 0, Compression.NONE, CommandWidth.UINT8, 0, 0, -1, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("bodyBytes");
        assertThatThrownBy(() -> ReplayFileHeader.of(1, 0, Compression.NONE, CommandWidth.UINT8, 0, 0, 0, -1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("fileBytes");
        assertThatThrownBy(() -> ReplayFileHeader.of(1, 0, Compression.NONE, CommandWidth.UINT8, 0, 0, 0, 0, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("skippedSections");
        assertThatThrownBy(() -> ReplayFileHeader.of(-1, 0, Compression.NONE, CommandWidth.UINT8, 0, 0, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("majorVersion");
        assertThatThrownBy(() -> ReplayFileHeader.of(1, -1, Compression.NONE, CommandWidth.UINT8, 0, 0, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("minorVersion");
    }

    @Test
    void of_nullPart_throwsNamingIt() {
        assertThatThrownBy(() -> ReplayFileHeader.of(1, 0, null, CommandWidth.UINT8, 0, 0, 0, 0, 0))
                .isInstanceOf(NullPointerException.class).hasMessage("compression");
        assertThatThrownBy(() -> ReplayFileHeader.of(1, 0, Compression.NONE, null, 0, 0, 0, 0, 0))
                .isInstanceOf(NullPointerException.class).hasMessage("commandWidth");
    }

    @Test
    void equals_sameParts_isEqualWithTheSameHashCode() {
        assertThat(header()).isEqualTo(header()).hasSameHashCodeAs(header()).isNotSameAs(header());
        assertThat(header()).isNotEqualTo(null).isNotEqualTo("1.2");
    }

    @Test
    void equals_anyPartDiffers_isNotEqual() {
        assertThat(List.of(
                ReplayFileHeader.of(2, 2, Compression.COMPACT, CommandWidth.UINT16, 10, 40, 30, 120, 1),
                ReplayFileHeader.of(1, 3, Compression.COMPACT, CommandWidth.UINT16, 10, 40, 30, 120, 1),
                ReplayFileHeader.of(1, 2, Compression.NONE, CommandWidth.UINT16, 10, 40, 30, 120, 1),
                ReplayFileHeader.of(1, 2, Compression.COMPACT, CommandWidth.UINT8, 10, 40, 30, 120, 1),
                ReplayFileHeader.of(1, 2, Compression.COMPACT, CommandWidth.UINT16, 11, 40, 30, 120, 1),
                ReplayFileHeader.of(1, 2, Compression.COMPACT, CommandWidth.UINT16, 10, 41, 30, 120, 1),
                ReplayFileHeader.of(1, 2, Compression.COMPACT, CommandWidth.UINT16, 10, 40, 31, 120, 1),
                ReplayFileHeader.of(1, 2, Compression.COMPACT, CommandWidth.UINT16, 10, 40, 30, 121, 1),
                ReplayFileHeader.of(1, 2, Compression.COMPACT, CommandWidth.UINT16, 10, 40, 30, 120, 0)))
                .allSatisfy(other -> assertThat(other).isNotEqualTo(header()));
    }

    @Test
    void toString_namesEveryPart() {
        assertThat(header()).hasToString("ReplayFileHeader[majorVersion=1, minorVersion=2, compression=COMPACT, "
                + "commandWidth=UINT16, steps=10, paramBytes=40, bodyBytes=30, fileBytes=120, skippedSections=1]");
    }
}
