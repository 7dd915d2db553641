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
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayFormatException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Arrays;
import java.util.zip.Deflater;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class ReplayFileBadInputTest {

    private static byte[] valid(Compression compression) {
        return ReplayFileTest.sampleFile(compression).toBytes();
    }

    /** A file assembled field by field: header bytes, then a body, then a valid checksum. */
    private static byte[] file(byte[] header, byte[] body) {
        byte[] bytes = Arrays.copyOf(header, header.length + body.length + 4);
        System.arraycopy(body, 0, bytes, header.length, body.length);
        return Corruption.withValidChecksum(bytes);
    }

    private static ReplayFormatException readFails(byte[] bytes) {
        return catchThrowableOfType(ReplayFormatException.class, () -> ReplayFile.read(bytes));
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void truncatedAnywhere_namesTheTruncation(Compression compression) {
        byte[] bytes = valid(compression);
        for (int length = 0; length < bytes.length; length++) {
            ReplayFormatException e = readFails(Arrays.copyOf(bytes, length));
            assertThat(e).as("cut at %d", length).isNotNull();
            assertThat(e.getMessage()).as("cut at %d", length).containsIgnoringCase("truncated");
            assertThat(e.byteOffset()).isBetween(0L, (long) length);
        }
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void everySingleBitFlip_isRefused(Compression compression) {
        byte[] bytes = valid(compression);
        for (int bit = 0; bit < bytes.length * 8; bit++) {
            byte[] damaged = bytes.clone();
            damaged[bit / 8] ^= (byte) (1 << bit % 8);
            assertThat(readFails(damaged)).as("bit %d", bit).isNotNull();
        }
    }

    @Test
    void wrongMagic_saysItIsNotAReplayFile() {
        ReplayFormatException e = readFails("PK\u0003\u0004 something else entirely".getBytes());

        assertThat(e.getMessage()).startsWith("Not a Reprise replay file").contains("50 4b");
        assertThat(e.byteOffset()).isZero();
    }

    @Test
    void newerMajorVersion_isRefusedWithAClearMessage() {
        byte[] bytes = valid(Compression.NONE);
        bytes[4] = 3;

        ReplayFormatException e = readFails(Corruption.withValidChecksum(bytes));

        assertThat(e.getMessage()).contains("version 3.0 is not supported").contains("newer Reprise");
        assertThat(e.byteOffset()).isEqualTo(4);
    }

    @Test
    void olderMajorVersion_isRefused() {
        byte[] bytes = valid(Compression.NONE);
        bytes[4] = 1;

        ReplayFormatException e = readFails(Corruption.withValidChecksum(bytes));

        assertThat(e.getMessage()).contains("version 1.0 is not supported").doesNotContain("newer Reprise");
        assertThat(e.byteOffset()).isEqualTo(4);
    }

    @Test
    void newerMinorVersion_withAnUnknownOptionalSection_isRead() {
        // Version 2.7 with an optional section 42 that this reader does not know: skipped.
        byte[] header = {(byte) 0x89, 'R', 'P', 'Y', 2, 7, 0, 1, 1, 0, 2, 0, 0, 42, 3, 9, 9, 9, 0};
        byte[] bytes = file(header, new byte[] {0, 2});

        ReplayFile file = ReplayFile.read(bytes);

        assertThat(file.save().commandBytes()).containsExactly(0, 2);
        assertThat(ReplayFileReader.DEFAULT.readHeader(bytes).version()).isEqualTo("2.7");
        assertThat(ReplayFileReader.DEFAULT.readHeader(bytes).skippedSections()).isEqualTo(1);
    }

    @Test
    void unknownRequiredSection_isRefused() {
        byte[] header = {(byte) 0x89, 'R', 'P', 'Y', 2, 3, 0, 1, 1, 0, 2, 0, 0, (byte) 200, 1, 9, 0};

        assertThat(readFails(file(header, new byte[] {0, 2})).getMessage())
                .contains("Section 200 is required").contains("file byte 13");
    }

    @Test
    void unknownFlag_isRefused() {
        byte[] header = {(byte) 0x89, 'R', 'P', 'Y', 2, 0, 4, 1, 1, 0, 2, 0, 0, 0};

        assertThat(readFails(file(header, new byte[] {0, 2})).getMessage()).contains("Unknown flags 0x4");
    }

    @Test
    void thirtyByteFileClaimingTwoGigabytes_failsWithoutAllocatingThem() {
        // Steps 2^31-1 (beyond the cap) and a body of 2 GB in a 30-byte file.
        byte[] header = {(byte) 0x89, 'R', 'P', 'Y', 2, 0, 0, 1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07,
            0, (byte) 0xFE, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07, 0, 0, 0};
        byte[] bytes = file(header, new byte[4]);
        assertThat(bytes).hasSize(30);

        assertThat(readFails(bytes).getMessage()).contains("step count is 2147483647, above the limit of 1000000");

        byte[] withinCaps = file(new byte[] {(byte) 0x89, 'R', 'P', 'Y', 2, 0, 0, 1, 1, 0,
            (byte) 0xFE, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07, 0, 0, 0}, new byte[8]);
        assertThat(readFails(withinCaps).getMessage()).contains("Truncated file (or a corrupt body length): body length is 2147483646 bytes, but only 15 bytes follow");
    }

    @Test
    void zipBomb_failsCleanly() {
        // 2 MB of zeros deflate to about 2 KB; the header claims a one-step route.
        byte[] zeros = new byte[2_000_000];
        Deflater deflater = new Deflater(9, true);
        deflater.setInput(zeros);
        deflater.finish();
        byte[] bomb = new byte[10_000];
        int n = deflater.deflate(bomb);
        deflater.end();
        bomb = Arrays.copyOf(bomb, n);
        // Inflated length 40: what one step may take.
        byte[] header = compressedHeader(1, 1, bomb.length, 40);

        ReplayFormatException e = readFails(file(header, bomb));

        assertThat(e.getMessage()).contains("inflates to more than the declared 40 bytes");
    }

    @Test
    void corruptCompressedBody_namesTheCompressedBody() {
        byte[] header = compressedHeader(1, 1, 4, 12);

        ReplayFormatException e = readFails(file(header, new byte[] {(byte) 0xFF, (byte) 0xFF, 1, 2}));

        assertThat(e.getMessage()).startsWith("Corrupt compressed body");
        assertThat(e.byteOffset()).isGreaterThanOrEqualTo(header.length);
    }

    @Test
    void modelledFlagWithoutTheCompressedFlag_isRefused() {
        byte[] header = {(byte) 0x89, 'R', 'P', 'Y', 2, 1, 2, 1, 1, 0, 2, 0, 0, 0};

        ReplayFormatException e = readFails(file(header, new byte[] {0, 2}));

        assertThat(e.getMessage()).contains("Flag bit 1 (modelled body) is set without flag bit 0");
        assertThat(e.byteOffset()).isEqualTo(6);
    }

    @Test
    void modelledBodyClaimingMoreThanItCanHold_isRefusedBeforeAllocating() {
        // Inflated length 16,000,000: it fits the steps, but not what 4 coded bytes can hold.
        byte[] header = compressedHeader(3, 1_000_000, 4, 16_000_000);

        ReplayFormatException e = readFails(file(header, new byte[] {1, 2, 3, 4}));

        assertThat(e.getMessage()).contains("inflated body length 16000000 is more than a body of 4 bytes");
    }

    @Test
    void corruptModelledBody_isRefusedWithAnOffsetInTheBody() {
        byte[] header = compressedHeader(3, 1, 4, 12);

        ReplayFormatException e = readFails(file(header, new byte[] {(byte) 0xFF, (byte) 0xFF, 1, 2}));

        assertThat(e.byteOffset()).isGreaterThanOrEqualTo(header.length);
        assertThat(e.getMessage()).contains("byte");
    }

    @Test
    void wrongChecksum_isNamedWithBothValues() {
        byte[] bytes = valid(Compression.NONE);
        bytes[bytes.length - 1] ^= 1;

        ReplayFormatException e = readFails(bytes);

        assertThat(e.getMessage()).startsWith("Checksum mismatch").contains("corrupt");
        assertThat(e.byteOffset()).isEqualTo(bytes.length - 4);
    }

    @Test
    void garbageAfterTheEnd_isNamedWithItsOffset() {
        byte[] bytes = valid(Compression.COMPACT);
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 3);

        ReplayFormatException e = readFails(longer);

        assertThat(e.getMessage()).contains("3 unexpected bytes after the end").contains("file byte " + bytes.length);
        assertThat(e.byteOffset()).isEqualTo(bytes.length);
    }

    @Test
    void malformedRouteWithValidChecksum_namesTheStepAndFileByte() {
        ReplayArray array = new ReplayArray();
        array.add(2, 5);
        byte[] bytes = ReplayFile.builder(array.saveState()).compression(Compression.NONE).build().toBytes();
        int paramAt = bytes.length - 4 - 2;
        bytes[paramAt] = 17; // a reserved tag

        ReplayFormatException e = readFails(Corruption.withValidChecksum(bytes));

        assertThat(e.getMessage()).contains("Invalid route").contains("step 0").contains("reserved")
                .contains("file byte " + paramAt);
        assertThat(e.stepIndex()).isZero();
        assertThat(e.byteOffset()).isEqualTo(paramAt);
    }

    @Test
    void stepsBeyondASmallerCap_areRefusedBeforeDecoding() {
        byte[] bytes = valid(Compression.COMPACT);
        ReplayFileReader reader = ReplayFileReader.builder().maxSteps(3).build();

        assertThatThrownBy(() -> reader.read(bytes)).isInstanceOf(ReplayFormatException.class)
                .hasMessageContaining("step count is 7, above the limit of 3");
    }

    @Test
    void endlessStreamOfOtherBytes_isRefusedAtItsMagic() {
        ReplayFileReader reader = ReplayFileReader.builder().maxSteps(1).maxParamBytes(1).maxHeaderBytes(64).build();
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return 0x41;
            }
        };

        assertThatThrownBy(() -> reader.read(endless)).isInstanceOf(ReplayFormatException.class)
                .hasMessageContaining("Not a Reprise replay file").hasMessageContaining("file byte 0");
    }

    @Test
    void emptyInput_isTruncated() {
        assertThat(readFails(new byte[0]).getMessage()).startsWith("Truncated file: 0 bytes");
        assertThatThrownBy(() -> ReplayFile.read(new ByteArrayInputStream(new byte[] {(byte) 0x89, 'R'})))
                .isInstanceOf(ReplayFormatException.class).hasMessageContaining("Truncated");
    }

    @Test
    void aWrongChecksum_isFoundBeforeTheMetadataIsParsed() {
        byte[] bytes = ReplayFile.builder(ReplayFileTest.sampleRoute()).compression(Compression.NONE)
                .metadata("player", "Ada").build().toBytes();
        String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = text.indexOf("Ada");
        bytes[at] = (byte) 0xC0; // malformed UTF-8 in the metadata, checksum left wrong

        assertThat(readFails(bytes).getMessage()).startsWith("Checksum mismatch");
        assertThat(readFails(Corruption.withValidChecksum(bytes)).getMessage()).contains("not well-formed UTF-8");
    }

    /** The header of a compressed one-width file with no param bytes, empty game id and build, no sections. */
    private static byte[] compressedHeader(int flags, int steps, int bodyLength, int inflatedLength) {
        ByteOutput header = new ByteOutput(32);
        header.bytes(new byte[] {(byte) 0x89, 'R', 'P', 'Y', 2, 0, (byte) flags, 1});
        header.varint(steps);
        header.varint(0);
        header.varint(bodyLength);
        header.varint(inflatedLength);
        header.bytes(new byte[] {0, 0, 0});
        return header.toByteArray();
    }
}
