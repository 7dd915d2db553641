package dev.reprise.io;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/** Checks strings that go into a file header: not null, encodable as UTF-8, not too long. */
final class Strings {

    private Strings() {
    }

    /**
     * @throws NullPointerException     if {@code value} is {@code null}
     * @throws IllegalArgumentException if it has a lone surrogate or more than 65,535 UTF-8 bytes
     */
    static String check(String what, String value) {
        Objects.requireNonNull(value, what);
        try {
            ByteBuffer utf8 = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(value));
            if (utf8.remaining() > FileLayout.MAX_STRING_BYTES) {
                throw new IllegalArgumentException(what + " takes " + utf8.remaining()
                        + " UTF-8 bytes, more than " + FileLayout.MAX_STRING_BYTES);
            }
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(what + " has a lone surrogate and cannot be stored as UTF-8");
        }
        return value;
    }

    /** The UTF-8 length of a string that {@link #check} accepted. */
    static int utf8Length(String value) {
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
