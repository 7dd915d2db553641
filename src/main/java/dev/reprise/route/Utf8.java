package dev.reprise.route;

/**
 * UTF-8 encoding exactly as a browser's {@code TextEncoder}: a lone UTF-16 surrogate becomes U+FFFD
 * ({@code EF BF BD}), where Java's own encoder would write {@code ?}. Allocation-free.
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
}
