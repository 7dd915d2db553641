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

/**
 * UTF-8 encoding exactly as a browser's {@code TextEncoder}: a lone UTF-16 surrogate becomes U+FFFD
 * ({@code EF BF BD}), where Java's own encoder would write {@code ?}. Also decoding of well-formed
 * UTF-8 into a {@code char[]} and comparison of stored bytes with a {@code CharSequence}.
 * Allocation-free.
 */
final class Utf8 {

    private Utf8() {
    }

    /** The number of UTF-8 bytes of {@code s}. */
    static int length(String s) {
        int n = s.length();
        int bytes = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                continue;
            }
            if (c < 0x800) {
                bytes += 1;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 2; // 4 bytes for 2 chars
                i++;
            } else {
                bytes += 2; // 3 bytes: BMP char or lone surrogate (U+FFFD)
            }
        }
        return bytes;
    }

    /** Writes the UTF-8 bytes of {@code s} at {@code at}; returns the position after them. */
    static int encode(String s, byte[] b, int at) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[at++] = (byte) c;
            } else if (c < 0x800) {
                b[at++] = (byte) (0xC0 | c >>> 6);
                b[at++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i));
                    b[at++] = (byte) (0xF0 | cp >>> 18);
                    b[at++] = (byte) (0x80 | cp >>> 12 & 0x3F);
                    b[at++] = (byte) (0x80 | cp >>> 6 & 0x3F);
                    b[at++] = (byte) (0x80 | cp & 0x3F);
                } else {
                    b[at++] = (byte) 0xEF;
                    b[at++] = (byte) 0xBF;
                    b[at++] = (byte) 0xBD;
                }
            } else {
                b[at++] = (byte) (0xE0 | c >>> 12);
                b[at++] = (byte) (0x80 | c >>> 6 & 0x3F);
                b[at++] = (byte) (0x80 | c & 0x3F);
            }
        }
        return at;
    }

    /**
     * Decodes the UTF-8 bytes {@code b[at..at+length)} into {@code chars}, if they are well-formed;
     * {@code chars} must hold at least {@code length} chars (a UTF-8 byte never yields more than one).
     *
     * @return the number of chars written, or -1 at the first malformed sequence
     */
    static int decode(byte[] b, int at, int length, char[] chars) {
        int end = at + length;
        int n = 0;
        while (at < end) {
            int b0 = b[at];
            if (b0 >= 0) {
                chars[n++] = (char) b0;
                at++;
                continue;
            }
            b0 &= 0xFF;
            if (b0 >= 0xC2 && b0 <= 0xDF && at + 1 < end && isContinuation(b[at + 1])) {
                chars[n++] = (char) ((b0 & 0x1F) << 6 | b[at + 1] & 0x3F);
                at += 2;
            } else if (b0 >= 0xE0 && b0 <= 0xEF && at + 2 < end && isContinuation(b[at + 1])
                    && isContinuation(b[at + 2])) {
                int c = (b0 & 0x0F) << 12 | (b[at + 1] & 0x3F) << 6 | b[at + 2] & 0x3F;
                if (c < 0x800 || Character.isSurrogate((char) c)) {
                    return -1; // overlong, or an encoded surrogate: not UTF-8
                }
                chars[n++] = (char) c;
                at += 3;
            } else if (b0 >= 0xF0 && b0 <= 0xF4 && at + 3 < end && isContinuation(b[at + 1])
                    && isContinuation(b[at + 2]) && isContinuation(b[at + 3])) {
                int cp = (b0 & 0x07) << 18 | (b[at + 1] & 0x3F) << 12 | (b[at + 2] & 0x3F) << 6 | b[at + 3] & 0x3F;
                if (cp < 0x10000 || cp > Character.MAX_CODE_POINT) {
                    return -1;
                }
                chars[n++] = Character.highSurrogate(cp);
                chars[n++] = Character.lowSurrogate(cp);
                at += 4;
            } else {
                return -1;
            }
        }
        return n;
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }

    /**
     * Tells whether {@code b[at..at+length)} are exactly the bytes {@link #encode} writes for {@code cs}
     * (so a lone surrogate in {@code cs} matches {@code EF BF BD}).
     */
    static boolean equals(CharSequence cs, byte[] b, int at, int length) {
        int end = at + length;
        int n = cs.length();
        for (int i = 0; i < n; i++) {
            char c = cs.charAt(i);
            if (c < 0x80) {
                if (at >= end || b[at] != (byte) c) {
                    return false;
                }
                at++;
            } else if (c < 0x800) {
                if (at + 2 > end || b[at] != (byte) (0xC0 | c >>> 6) || b[at + 1] != (byte) (0x80 | c & 0x3F)) {
                    return false;
                }
                at += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(cs.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, cs.charAt(++i));
                if (at + 4 > end || b[at] != (byte) (0xF0 | cp >>> 18) || b[at + 1] != (byte) (0x80 | cp >>> 12 & 0x3F)
                        || b[at + 2] != (byte) (0x80 | cp >>> 6 & 0x3F) || b[at + 3] != (byte) (0x80 | cp & 0x3F)) {
                    return false;
                }
                at += 4;
            } else {
                int v = Character.isSurrogate(c) ? 0xFFFD : c; // a lone surrogate is stored as U+FFFD
                if (at + 3 > end || b[at] != (byte) (0xE0 | v >>> 12) || b[at + 1] != (byte) (0x80 | v >>> 6 & 0x3F)
                        || b[at + 2] != (byte) (0x80 | v & 0x3F)) {
                    return false;
                }
                at += 3;
            }
        }
        return at == end;
    }
}
