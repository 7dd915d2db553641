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
package dev.reprise.internal;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Checks strings that go into a replay file (header fields, command names): not null, encodable as UTF-8,
 * at most {@value #MAX_BYTES} bytes. Stateless and thread-safe.
 */
public final class FileStrings {

    /** The most UTF-8 bytes a string of a replay file takes (its length is a varint up to this). */
    public static final int MAX_BYTES = 65_535;

    private FileStrings() {
    }

    /**
     * Checks a string for a replay file.
     *
     * @param what  what the string is, for the message
     * @param value the string
     * @return the string
     * @throws NullPointerException     if {@code value} is {@code null}
     * @throws IllegalArgumentException if it has a lone surrogate or more than 65,535 UTF-8 bytes
     */
    public static String check(String what, String value) {
        Objects.requireNonNull(value, what);
        try {
            ByteBuffer utf8 = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(value));
            if (utf8.remaining() > MAX_BYTES) {
                throw new IllegalArgumentException(what + " takes " + utf8.remaining()
                        + " UTF-8 bytes, more than " + MAX_BYTES);
            }
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(what + " has a lone surrogate and cannot be stored as UTF-8");
        }
        return value;
    }

    /**
     * Counts the UTF-8 bytes of a string that {@link #check} accepted.
     *
     * @param value the string
     * @return its UTF-8 length in bytes
     */
    public static int utf8Length(String value) {
        int n = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c)) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
