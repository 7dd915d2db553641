package dev.reprise.io;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, strict JSON parser for test data (RFC 8259): objects become {@code Map<String,Object>}
 * (insertion order), arrays {@code List<Object>}, numbers {@code Long} or {@code Double}, plus
 * {@code String}, {@code Boolean} and {@code null}. Errors name the offset.
 */
final class MiniJson {

    private final String text;
    private int at;

    private MiniJson(String text) {
        this.text = text;
    }

    static Object parse(String text) {
        MiniJson parser = new MiniJson(text);
        Object value = parser.value();
        parser.space();
        if (parser.at != text.length()) {
            throw parser.error("unexpected text after the value");
        }
        return value;
    }

    private IllegalArgumentException error(String message) {
        return new IllegalArgumentException("JSON: " + message + " at offset " + at);
    }

    private void space() {
        while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
    }

    private void expect(char c) {
        space();
        if (at >= text.length() || text.charAt(at) != c) {
            throw error("expected '" + c + "'");
        }
        at++;
    }

    private Object value() {
        space();
        if (at >= text.length()) {
            throw error("unexpected end");
        }
        char c = text.charAt(at);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", null);
            default -> number();
        };
    }

    private Object literal(String word, Object value) {
        if (!text.startsWith(word, at)) {
            throw error("expected " + word);
        }
        at += word.length();
        return value;
    }

    private Map<String, Object> object() {
        expect('{');
        Map<String, Object> map = new LinkedHashMap<>();
        space();
        if (at < text.length() && text.charAt(at) == '}') {
            at++;
            return map;
        }
        do {
            space();
            String key = string();
            expect(':');
            map.put(key, value());
            space();
        } while (at < text.length() && text.charAt(at) == ',' && at++ >= 0);
        expect('}');
        return map;
    }

    private List<Object> array() {
        expect('[');
        List<Object> list = new ArrayList<>();
        space();
        if (at < text.length() && text.charAt(at) == ']') {
            at++;
            return list;
        }
        do {
            list.add(value());
            space();
        } while (at < text.length() && text.charAt(at) == ',' && at++ >= 0);
        expect(']');
        return list;
    }

    private String string() {
        if (at >= text.length() || text.charAt(at) != '"') {
            throw error("expected a string");
        }
        at++;
        StringBuilder s = new StringBuilder();
        while (true) {
            if (at >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(at++);
            if (c == '"') {
                return s.toString();
            }
            if (c < 0x20) {
                throw error("control character in a string");
            }
            if (c != '\\') {
                s.append(c);
                continue;
            }
            if (at >= text.length()) {
                throw error("unterminated escape");
            }
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> s.append(e);
                case 'b' -> s.append('\b');
                case 'f' -> s.append('\f');
                case 'n' -> s.append('\n');
                case 'r' -> s.append('\r');
                case 't' -> s.append('\t');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw error("short \\u escape");
                    }
                    try {
                        s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException ex) {
                        throw error("bad \\u escape");
                    }
                    at += 4;
                }
                default -> throw error("unknown escape \\" + e);
            }
        }
    }

    private Object number() {
        int start = at;
        if (at < text.length() && text.charAt(at) == '-') {
            at++;
        }
        boolean fraction = false;
        while (at < text.length() && "0123456789.eE+-".indexOf(text.charAt(at)) >= 0) {
            fraction |= "0123456789".indexOf(text.charAt(at)) < 0;
            at++;
        }
        String n = text.substring(start, at);
        if (n.isEmpty() || n.equals("-")) {
            throw error("expected a value");
        }
        try {
            return fraction ? (Object) Double.parseDouble(n) : (Object) Long.parseLong(n);
        } catch (NumberFormatException e) {
            throw error("bad number " + n);
        }
    }
}
