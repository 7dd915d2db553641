package dev.reprise.samples.viewer;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The viewer's JSON, small on purpose: a writer for the objects the server sends and a parser for the
 * flat objects the page sends ({@code {"t":"seek","to":120}}: string keys, values that are strings,
 * numbers, booleans or null; nothing nested). No JSON library: the samples keep their test-scope
 * dependencies to the web server and the browser driver.
 */
public final class Json {

    /** The longest message the parser accepts, in characters. */
    public static final int MAX_MESSAGE_CHARS = 4096;

    private Json() {
    }

    /**
     * Appends {@code value} as a JSON string literal.
     *
     * @param out where to append
     * @param value the text; {@code null} appends {@code null}
     * @return {@code out}
     */
    public static StringBuilder quote(StringBuilder out, String value) {
        if (value == null) {
            return out.append("null");
        }
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == 0x2028 || c == 0x2029) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"');
    }

    /**
     * Returns {@code value} as a JSON string literal.
     *
     * @param value the text
     * @return the literal, quotes included
     */
    public static String quote(String value) {
        return quote(new StringBuilder(value.length() + 2), value).toString();
    }

    /**
     * Parses one flat JSON object.
     *
     * @param text the message
     * @return its members in order; numbers are {@link Double}s (or {@link Long}s when integral and written
     *     without fraction or exponent)
     * @throws IllegalArgumentException naming the character offset if the text is not a flat JSON object
     *     or is longer than {@link #MAX_MESSAGE_CHARS}
     */
    public static Map<String, Object> parseFlat(String text) {
        if (text.length() > MAX_MESSAGE_CHARS) {
            throw new IllegalArgumentException("message of " + text.length() + " characters, at most "
                    + MAX_MESSAGE_CHARS + " are accepted");
        }
        return new Parser(text).object();
    }

    private static final class Parser {
        private final String text;
        private int at;

        Parser(String text) {
            this.text = text;
        }

        Map<String, Object> object() {
            Map<String, Object> members = new LinkedHashMap<>();
            expect('{');
            if (peek() == '}') {
                at++;
            } else {
                do {
                    String key = string();
                    expect(':');
                    if (members.put(key, value()) != null) {
                        throw error("duplicate key \"" + key + "\"");
                    }
                } while (comma());
                expect('}');
            }
            if (peek() != 0) {
                throw error("text after the object");
            }
            return members;
        }

        private boolean comma() {
            if (peek() == ',') {
                at++;
                return true;
            }
            return false;
        }

        private Object value() {
            char c = peek();
            if (c == '"') {
                return string();
            }
            if (c == '-' || (c >= '0' && c <= '9')) {
                return number();
            }
            if (text.startsWith("true", at)) {
                at += 4;
                return Boolean.TRUE;
            }
            if (text.startsWith("false", at)) {
                at += 5;
                return Boolean.FALSE;
            }
            if (text.startsWith("null", at)) {
                at += 4;
                return null;
            }
            throw error(c == '{' || c == '[' ? "nested values are not accepted" : "a value expected");
        }

        private Object number() {
            int start = at;
            boolean integral = true;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                integral &= Character.isDigit(text.charAt(at)) || (at == start && text.charAt(at) == '-');
                at++;
            }
            String literal = text.substring(start, at);
            try {
                return integral && literal.length() <= 18 ? (Object) Long.parseLong(literal) : (Object) Double.parseDouble(literal);
            } catch (NumberFormatException e) {
                at = start;
                throw error("not a number: " + literal);
            }
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                if (at >= text.length()) {
                    throw error("unterminated string");
                }
                char c = text.charAt(at++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                if (at >= text.length()) {
                    throw error("unterminated escape");
                }
                char e = text.charAt(at++);
                switch (e) {
                    case '"', '\\', '/' -> out.append(e);
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        if (at + 4 > text.length()) {
                            throw error("short \\u escape");
                        }
                        try {
                            out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        } catch (NumberFormatException ex) {
                            throw error("bad \\u escape");
                        }
                        at += 4;
                    }
                    default -> throw error("bad escape \\" + e);
                }
            }
        }

        private void expect(char c) {
            if (peek() != c) {
                throw error("'" + c + "' expected");
            }
            at++;
        }

        /** Skips white space and returns the next character, or 0 at the end. */
        private char peek() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
            return at < text.length() ? text.charAt(at) : 0;
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("bad JSON message at character " + at + ": " + what);
        }
    }
}
