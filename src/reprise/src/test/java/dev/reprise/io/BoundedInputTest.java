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

import dev.reprise.internal.FileStrings;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BoundedInputTest {

    private static boolean jdkAccepts(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    @Test
    void wellFormedUtf8_agreesWithTheJdksStrictDecoder_onRandomBytes() {
        long seed = 20_261_201L;
        Random random = new Random(seed);
        int[] interesting = {0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED,
                0xEE, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF};
        for (int i = 0; i < 200_000; i++) {
            byte[] bytes = new byte[random.nextInt(7)];
            for (int k = 0; k < bytes.length; k++) {
                bytes[k] = (byte) (random.nextBoolean() ? interesting[random.nextInt(interesting.length)]
                        : random.nextInt(256));
            }
            assertThat(BoundedInput.wellFormedUtf8(bytes, 0, bytes.length))
                    .as("seed %d, case %d: %s", seed, i, HexFormat.of().formatHex(bytes))
                    .isEqualTo(jdkAccepts(bytes));
        }
    }

    @Test
    void string_decodesEveryPlane() {
        String text = "a\u00e9\u9b54\ud83d\ude00";
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        ByteOutput out = new ByteOutput(16);
        out.string(text);

        assertThat(new BoundedInput(out.toByteArray(), 0, out.size(), 0, "test").string("s")).isEqualTo(text);
        assertThat(FileStrings.utf8Length(text)).isEqualTo(utf8.length);
    }
}
