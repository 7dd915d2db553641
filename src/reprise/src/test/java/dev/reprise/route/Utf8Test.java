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
package dev.reprise.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Utf8}: agrees with the JDK on well-formed text, and writes EF BF BD for lone surrogates. */
class Utf8Test {

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "hé", "€", "\uD83D\uDE00", "\u07FF\u0800\uFFFF", "\uFEFF", "混合 text ✓"})
    void wellFormed_matchesTheJdk(String s) {
        byte[] expected = s.getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8.length(s)).isEqualTo(expected.length);
        byte[] actual = new byte[expected.length + 2];
        assertThat(Utf8.encode(s, actual, 1)).isEqualTo(expected.length + 1);
        assertThat(java.util.Arrays.copyOfRange(actual, 1, expected.length + 1)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"\uD800", "\uDFFF", "a\uD800b", "\uDC00\uD800", "\uD800\uD800\uDC00"})
    void loneSurrogates_areReplacementCharacters(String s) {
        // The JDK writes '?' for a lone surrogate; TextEncoder (and Reprise) write U+FFFD.
        String replaced = s.codePoints()
                .map(cp -> cp >= 0xD800 && cp <= 0xDFFF ? 0xFFFD : cp)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        byte[] expected = replaced.getBytes(StandardCharsets.UTF_8);
        byte[] actual = new byte[Utf8.length(s)];
        Utf8.encode(s, actual, 0);
        assertThat(actual).isEqualTo(expected);
    }
}
