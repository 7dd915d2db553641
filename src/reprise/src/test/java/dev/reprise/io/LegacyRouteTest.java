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
import dev.reprise.route.ReplaySave;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LegacyRouteTest {

    private static int bytesOf(String entry) {
        LegacyRoute.Step step = LegacyRoute.map(entry);
        ReplayArray array = new ReplayArray();
        array.add(step.code(), step.params());
        return array.commandByteCount() + array.paramByteCount();
    }

    /** The README's "bytes per entry" column. */
    @ParameterizedTest
    @CsvSource({"up, 2", "left, 2", "move:6:2, 6", "item:47, 4", "item:339, 5", "item:pickaxe, 10",
        "equip:388, 5", "unEquip:1, 4", "saveEquip:2, 4", "loadEquip:2, 4", "fly:MT12, 7", "shop:b1, 5",
        "choices:-1, 4", "choices:5, 4", "choices:none, 2", "input:none, 2", "turn, 2", "getNext, 2", "no, 2",
        "turn:left, 4", "input:13, 4", "input:999000, 7", "input:100000000000, 11", "input2:dW5kZWZpbmVk, 15",
        "key:65, 4", "random:300, 5", "click:1:2:3, 8", "bs:28q, 9"})
    void map_takesTheBytesTheReadmeSays(String entry, int bytes) {
        assertThat(bytesOf(entry)).isEqualTo(bytes);
    }

    @Test
    void map_usesTheBuiltInCodesForMovesAndItems() {
        assertThat(LegacyRoute.map("up").code()).isEqualTo(0);
        assertThat(LegacyRoute.map("right").code()).isEqualTo(1);
        assertThat(LegacyRoute.map("down").code()).isEqualTo(2);
        assertThat(LegacyRoute.map("left").code()).isEqualTo(3);
        assertThat(LegacyRoute.map("move:1:2").code()).isEqualTo(4);
        assertThat(LegacyRoute.map("item:5").code()).isEqualTo(5);
        assertThat(LegacyRoute.map("equip:5").code()).isEqualTo(6);
        assertThat(LegacyRoute.map("unEquip:5").code()).isEqualTo(7);
        assertThat(LegacyRoute.map("turn:up").params()).containsExactly(0);
        assertThat(LegacyRoute.map("move:6:2").params()).containsExactly(6L, 2L);
    }

    @Test
    void legacyText_decodesRunsNumbersStringsAndCustomEntries() {
        List<String> entries = LegacyRoute.LegacyText.decode("U3R2M6:2I47:Fmt1:C-1(bs:28q)TtL:Sshop1:eI388:u0N");

        assertThat(entries).containsExactly("up", "up", "up", "right", "right", "move:6:2", "item:47", "fly:mt1",
                "choices:-1", "bs:28q", "turn", "turn:left", "shop:shop1", "equip:I388", "unEquip:0", "no");
    }

    @Test
    void legacyText_refusesUnknownLetters() {
        assertThatThrownBy(() -> LegacyRoute.LegacyText.decode("U2Z")).hasMessageContaining("'Z' at 2");
    }

    @Test
    void checkConsistent_acceptsIdsTurnedBackFromNumbers_only() {
        new LegacyRoute("ok", List.of("up", "item:pickaxe"), List.of("up", "item:47"), 10).checkConsistent();

        assertThatThrownBy(() -> new LegacyRoute("bad", List.of("up", "fly:MT1"), List.of("up", "fly:MT2"), 10)
                .checkConsistent()).hasMessageContaining("entry 1 is \"fly:MT1\"");
        assertThatThrownBy(() -> new LegacyRoute("short", List.of("up"), List.of(), 10).checkConsistent())
                .hasMessageContaining("0 entries");
    }

    @Test
    void toRoute_writesTheMappedBytes() {
        ReplaySave save = new LegacyRoute("t", List.of("up", "move:6:2"), List.of("up", "move:6:2"), 10).toRoute();

        assertThat(HexFormat.of().formatHex(save.commandBytes())).isEqualTo("00000204");
        assertThat(HexFormat.of().formatHex(save.paramBytes())).isEqualTo("01060102");
    }

    @Test
    void lzString_decodesWhatTheLegacyFilesStore() {
        // The stored route of onlyup.json (legacy-routes), which starts with four input2 entries.
        String stored = "IoEw6grA1gWmMAcBGBbAalAXKSt7PSx2jkVQ23BP3KwCUBmAGQHYARAJjqYFUuW+nJgDZBHJpzqSWvLn1Y9hbYXVHCmDHmw2"
                + "MtWxmwAsPQyKMnVZwwFkOmBtYaYW1w5gCMPACptX9304QdI6YKtbuAAwefCEuduwcIQCcnCHu7nSJwh7uvtnpTNb5udYsOXRe4"
                + "VHpmdYAHM68TIkQmHWZAKZ1SU4AcrY5TJXFbABi1l5O1q0F4YPTOaWDjFWL6eVL6WmeiUk5fJWRmEkxezItjYll7fXOdDwQbLV"
                + "OAhAhDAAudJi1e+5fmBCEA+TEBf2emAgzRCHB41j2n1BaVq+Th+UKqPh9mhTnccxKrRUF3aWWimzYQA=";

        String text = LzString.decompressFromBase64(stored);

        assertThat(text).startsWith("QdW5kZWZpbmVk:QdW5kZWZpbmVk:QdW5kZWZpbmVk:QdW5kZWZpbmVk:");
        assertThat(LegacyRoute.LegacyText.decode(text)).hasSize(291).startsWith("input2:dW5kZWZpbmVk",
                "input2:dW5kZWZpbmVk", "input2:dW5kZWZpbmVk", "input2:dW5kZWZpbmVk", "right", "right", "right",
                "left", "left", "left", "left", "left");
        assertThatThrownBy(() -> LzString.decompressFromBase64("F!")).hasMessageContaining("not Base64");
    }
}
