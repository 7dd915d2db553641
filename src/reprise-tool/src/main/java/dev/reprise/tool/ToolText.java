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
package dev.reprise.tool;

import java.util.Locale;

/**
 * How the tool prints text that comes from a file or a folder (game ids, builds, metadata, command names,
 * string params, file names, reasons that quote them): a file must neither drive the terminal (an ESC
 * sequence, a C1 control such as CSI, a bidi override) nor forge a line of output (a line break), so
 * every such character is printed as an escape (a line break as {@code \n}, ESC as {@code &#92;u001b}).
 *
 * <p>Stateless and thread-safe.
 */
final class ToolText {

    private ToolText() {
    }

    /**
     * Escapes the characters of a text that a terminal would act on, and nothing else: backslashes and
     * quotes stay as they are, so a plain name reads as it is. JSON whose C0 controls are escaped already
     * (as Jackson writes it) stays the same JSON, its other controls now escaped too.
     *
     * @param text text from a file
     * @return the text, safe to print on one line
     */
    static String escape(String text) {
        return escape(text, false);
    }

    /**
     * Returns a JSON string literal of a text: {@link #escape(String) escaped}, with quotes and backslashes
     * escaped too; also used by {@code dump}'s text output, where it shows spaces around params.
     *
     * @param text text from a file
     * @return the text in double quotes
     */
    static String quote(String text) {
        return '"' + escape(text, true) + '"';
    }

    private static String escape(String text, boolean json) {
        int i = 0;
        while (i < text.length() && !escaped(text, i, json)) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder s = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!escaped(text, i, json)) {
                s.append(c);
                continue;
            }
            switch (c) {
                case '"' -> s.append("\\\"");
                case '\\' -> s.append("\\\\");
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> s.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            }
        }
        return s.toString();
    }

    private static boolean escaped(String text, int i, boolean json) {
        char c = text.charAt(i);
        return Character.isISOControl(c) // C0 (ESC, line breaks), DEL and C1 (CSI)
                || json && (c == '"' || c == '\\')
                || c == '\u2028' || c == '\u2029' // line and paragraph separators
                || bidiControl(c)
                || Character.isSurrogate(c) && !validPair(text, i);
    }

    /** The bidirectional formatting characters, which reorder what a terminal shows. */
    private static boolean bidiControl(char c) {
        return c == '\u061c' || c == '\u200e' || c == '\u200f' || c >= '\u202a' && c <= '\u202e'
                || c >= '\u2066' && c <= '\u2069';
    }

    private static boolean validPair(String text, int i) {
        char c = text.charAt(i);
        return Character.isHighSurrogate(c) ? i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
                : i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
    }
}
