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

import dev.reprise.command.CommandDictionary;
import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class ReplayFileTest {

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

    static ReplaySave sampleRoute() {
        ReplayArray array = new ReplayArray();
        array.add(0);
        array.add(0);
        array.add(1);
        array.add(4, 3, 7);
        array.add(5, "pickaxe");
        array.add(6, 99, 1, true);
        array.add(9, 1L << 40, -2.5, "\u9b54\u5854");
        return array.saveState().detach();
    }

    static ReplayFile sampleFile(Compression compression) {
        return ReplayFile.builder(sampleRoute())
                .gameId("dev.example.tower").gameBuild("2.8.2")
                .metadata("player", "Ada").metadata("recorded", "2026-11-29T18:00:00Z")
                .dictionary(CommandDictionary.of(Map.of(0, "up", 1, "right", 4, "teleport", 5, "useItem",
                        6, "equip", 9, "custom")))
                .compression(compression)
                .build();
    }

    @Test
    void toBytes_ofTheSmallestFile_isTheDocumentedLayout() {
        ReplayArray array = new ReplayArray();
        array.add(3);
        ReplayFile file = ReplayFile.builder(array.saveState()).gameId("g").gameBuild("1")
                .compression(Compression.NONE).build();

        byte[] bytes = file.toBytes();

        assertThat(HEX.formatHex(bytes, 0, bytes.length - 4)).isEqualTo(
                "89 52 50 59 02 00 00 01 01 00 02 01 67 01 31 00 00 03");
        CRC32C crc = new CRC32C();
        crc.update(bytes, 0, bytes.length - 4);
        assertThat(ByteBuffer.wrap(bytes, bytes.length - 4, 4).getInt()).isEqualTo((int) crc.getValue());
    }

    @Test
    void toBytes_withSections_writesMetadataThenDictionary() {
        ReplayFile file = ReplayFile.builder(new ReplayArray().saveState()).metadata("k", "v")
                .dictionary(CommandDictionary.builder().put(2, "down").put(300, "x").build())
                .compression(Compression.NONE).build();

        byte[] bytes = file.toBytes();

        // ... steps 0, params 0, body 0, id "", build "", [1 len 5: n=1 "k" "v"], [2 len 11: n=2 (2) "down" (297) "x"], 0
        assertThat(HEX.formatHex(bytes, 8, bytes.length - 4)).isEqualTo(
                "00 00 00 00 00 01 05 01 01 6b 01 76 02 0b 02 02 04 64 6f 77 6e a9 02 01 78 00");
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void read_ofToBytes_givesTheSameFile(Compression compression) {
        ReplayFile file = sampleFile(compression);

        ReplayFile back = ReplayFile.read(file.toBytes());

        assertThat(back).isEqualTo(file);
        assertThat(back.save().commandBytes()).isEqualTo(sampleRoute().commandBytes());
        assertThat(back.save().paramBytes()).isEqualTo(sampleRoute().paramBytes());
        assertThat(back.metadata()).containsExactly(Map.entry("player", "Ada"),
                Map.entry("recorded", "2026-11-29T18:00:00Z"));
        assertThat(back.dictionary().name(4)).contains("teleport");
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void streams_roundTrip(Compression compression) throws IOException {
        ReplayFile file = sampleFile(compression);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        file.write(out);

        assertThat(out.toByteArray()).isEqualTo(file.toBytes());
        assertThat(ReplayFile.read(new ByteArrayInputStream(out.toByteArray()))).isEqualTo(file);
    }

    @ParameterizedTest
    @EnumSource(Compression.class)
    void randomRoutes_roundTripExactly(Compression compression) {
        Random random = new Random(42);
        for (int i = 0; i < 200; i++) {
            ReplaySave save = RandomRoutes.route(random, random.nextInt(400));
            ReplayFile file = ReplayFile.builder(save).compression(compression).build();

            ReplayFile back = ReplayFile.read(file.toBytes());

            assertThat(back.save().commandBytes()).isEqualTo(save.commandBytes());
            assertThat(back.save().paramBytes()).isEqualTo(save.paramBytes());
            assertThat(back.save().commandWidth()).isEqualTo(save.commandWidth());
        }
    }

    @Test
    void read_givesARouteThatLoadsIntoAReplayArray() {
        ReplayArray array = new ReplayArray();
        array.loadState(ReplayFile.read(sampleFile(Compression.COMPACT).toBytes()).save());

        assertThat(array.length()).isEqualTo(7);
        assertThat(array.get(6).params()).containsExactly(1L << 40, -2.5, "\u9b54\u5854");
    }

    @Test
    void build_copiesTheRoute_soLaterWritesDoNotChangeTheFile() {
        ReplayArray array = new ReplayArray();
        array.add(1, 2);
        ReplayFile file = ReplayFile.builder(array.saveState()).build();

        array.set(0, 7, 9);

        assertThat(file.save().commandBytes()).containsExactly(1, 1);
        assertThat(file.save().paramBytes()).containsExactly(1, 2);
    }

    @Test
    void build_dropsZeroPaddingAfterTheUsedParamBytes() {
        ReplaySave padded = new ReplaySave(1, CommandWidth.UINT8, ByteBuffer.wrap(new byte[] {1, 5, 0, 0}),
                ByteBuffer.wrap(new byte[] {1, 9, 0, 0, 0}));

        ReplayFile file = ReplayFile.builder(padded).build();

        assertThat(file.save().commandBytes()).containsExactly(1, 5);
        assertThat(file.save().paramBytes()).containsExactly(1, 9);
    }

    @Test
    void build_ofAMalformedRoute_throwsReplayFormatException() {
        ReplaySave bad = new ReplaySave(1, CommandWidth.UINT8, ByteBuffer.wrap(new byte[] {1, 5}),
                ByteBuffer.wrap(new byte[] {15, 0}));

        assertThatThrownBy(() -> ReplayFile.builder(bad).build())
                .isInstanceOf(ReplayFormatException.class).hasMessageContaining("reserved");
    }

    @Test
    void builder_refusesLoneSurrogatesAndNulls() {
        ReplayFile.Builder builder = ReplayFile.builder(new ReplayArray().saveState());

        assertThatThrownBy(() -> builder.gameId("a\ud800")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gameId");
        assertThatThrownBy(() -> builder.metadata("k", null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> builder.gameBuild("x".repeat(65_536))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void route_returnsFreshReadOnlyViews() {
        ReplayFile file = sampleFile(Compression.NONE);
        ReplaySave first = file.save();
        first.commandArray().position(3);

        assertThat(file.save().commandArray().position()).isZero();
        assertThat(first.commandArray().isReadOnly()).isTrue();
    }

    @Test
    void toBuilder_keepsEveryValue() {
        ReplayFile file = sampleFile(Compression.COMPACT);

        assertThat(file.toBuilder().build()).isEqualTo(file).hasSameHashCodeAs(file);
        assertThat(file.toBuilder().compression(Compression.NONE).build()).isNotEqualTo(file);
    }

    @Test
    void compressedFile_isSmallerThanTheUncompressedOne_forARepetitiveRoute() {
        ReplayArray array = new ReplayArray();
        for (int i = 0; i < 5000; i++) {
            array.add(i % 40 < 30 ? (i / 7) % 4 : 4, i % 13, i % 11);
        }
        byte[] plain = ReplayFile.builder(array.saveState()).compression(Compression.NONE).build().toBytes();
        byte[] packed = ReplayFile.builder(array.saveState()).compression(Compression.COMPACT).build().toBytes();

        assertThat(packed.length).isLessThan(plain.length / 10);
        assertThat(Arrays.equals(ReplayFile.read(packed).save().paramBytes(), array.saveState().paramBytes())).isTrue();
    }

    @Test
    void compressedFile_ofAWalk_isModelled_andReadsBack() {
        ReplayArray array = new ReplayArray();
        for (int i = 0; i < 500; i++) {
            array.add(i / 7 % 4);
            if (i % 50 == 0) {
                array.add(4, i % 13, 3);
            }
        }
        ReplayFile file = ReplayFile.builder(array.saveState()).compression(Compression.COMPACT).build();

        byte[] bytes = file.toBytes();

        assertThat(bytes[6]).as("flags: compressed, modelled").isEqualTo((byte) 3);
        assertThat(ReplayFile.read(bytes)).isEqualTo(file);
        assertThat(file.toBytes()).as("deterministic").isEqualTo(bytes);
    }

    @Test
    void compressedFile_ofRandomPayloads_fallsBackToDeflate_andReadsBack() {
        // Random BigInteger magnitudes cannot be predicted: DEFLATE stores them with a few bytes of
        // overhead, where the modelled coder's adaptive models pay a little for chasing noise.
        java.util.Random random = new java.util.Random(7);
        ReplayArray array = new ReplayArray();
        for (int i = 0; i < 200; i++) {
            array.add(9, new java.math.BigInteger(2000, random));
        }
        ReplayFile file = ReplayFile.builder(array.saveState()).compression(Compression.COMPACT).build();

        byte[] bytes = file.toBytes();

        assertThat(bytes[6]).as("flags: compressed with DEFLATE").isEqualTo((byte) 1);
        assertThat(ReplayFile.read(bytes)).isEqualTo(file);
    }
}
