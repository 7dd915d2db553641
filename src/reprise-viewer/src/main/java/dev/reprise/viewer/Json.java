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
package dev.reprise.viewer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The viewer's JSON, on Jackson: one shared mapper for the messages the server sends and the flat
 * objects the page sends ({@code {"t":"seek","to":120}}: values that are strings, numbers, booleans or
 * null; nothing nested). Output escapes {@code < > &} and the two JavaScript line separators, so text
 * from a file name or a dialog can never close a script or break the page. Thread-safe.
 */
final class Json {

    /** The longest message the parser accepts, in characters. */
    static final int MAX_MESSAGE_CHARS = 4096;

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    static {
        MAPPER.getFactory().setCharacterEscapes(new PageSafeEscapes());
    }

    private Json() {
    }

    /** @return a new, empty JSON object to fill */
    static ObjectNode object() {
        return MAPPER.createObjectNode();
    }

    /** @return a new, empty JSON array to fill */
    static ArrayNode array() {
        return MAPPER.createArrayNode();
    }

    /**
     * Turns a game's state into a JSON value.
     *
     * @param value a {@link JsonNode}, or anything Jackson writes (maps, lists, records, plain values)
     * @return the JSON value
     * @throws IllegalArgumentException naming the type if Jackson cannot write it
     */
    static JsonNode tree(Object value) {
        return value instanceof JsonNode node ? node : MAPPER.valueToTree(value);
    }

    /**
     * Writes a JSON value as text.
     *
     * @param value the value
     * @return its compact JSON text, with the page-safe escapes
     */
    static String write(JsonNode value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree always writes", e);
        }
    }

    /**
     * Returns {@code value} as a JSON string literal.
     *
     * @param value the text
     * @return the literal, quotes included
     */
    static String quote(String value) {
        return write(MAPPER.getNodeFactory().textNode(value));
    }

    /**
     * Parses one flat JSON object: a message from the page.
     *
     * @param text the message
     * @return the object; its values are never objects or arrays
     * @throws IllegalArgumentException naming the character offset if the text is not a flat JSON object,
     *     or saying so if it is longer than {@link #MAX_MESSAGE_CHARS}
     */
    static ObjectNode parseFlat(String text) {
        if (text.length() > MAX_MESSAGE_CHARS) {
            throw new IllegalArgumentException("message of " + text.length() + " characters, at most "
                    + MAX_MESSAGE_CHARS + " are accepted");
        }
        JsonNode root = parse(text, "JSON message", "object");
        if (!(root instanceof ObjectNode object)) {
            throw new IllegalArgumentException("bad JSON message at character 0: an object {...} expected");
        }
        for (Map.Entry<String, JsonNode> member : object.properties()) {
            if (member.getValue().isContainerNode()) {
                throw new IllegalArgumentException("bad JSON message: \"" + member.getKey()
                        + "\" is nested; only strings, numbers, booleans and null are accepted");
            }
        }
        return object;
    }

    /**
     * Parses a JSON array: a list the page sends as a string inside a flat message (an edit's params).
     *
     * @param text the array's text
     * @return the array
     * @throws IllegalArgumentException naming the character offset if the text is not one JSON array
     */
    static ArrayNode parseArray(String text) {
        JsonNode root = parse(text, "JSON array", "array");
        if (!(root instanceof ArrayNode array)) {
            throw new IllegalArgumentException("bad JSON array at character 0: an array [...] expected, was " + text);
        }
        return array;
    }

    /**
     * Parses one JSON value with nothing after it.
     *
     * @param what what the text is, for the error ("JSON message")
     * @param value what the value is, for the error ("object")
     * @throws IllegalArgumentException naming the character offset if it is not one JSON value
     */
    private static JsonNode parse(String text, String what, String value) {
        try (JsonParser parser = MAPPER.createParser(text)) {
            JsonNode root = MAPPER.readTree(parser);
            if (parser.nextToken() != null) {
                throw new IllegalArgumentException("bad " + what + " at character "
                        + parser.currentTokenLocation().getCharOffset() + ": text after the " + value);
            }
            return root;
        } catch (JsonProcessingException e) {
            long at = e.getLocation() == null ? -1 : e.getLocation().getCharOffset();
            throw new IllegalArgumentException("bad " + what + " at character " + at + ": " + e.getOriginalMessage(), e);
        } catch (java.io.IOException e) {
            throw new IllegalStateException("reading a string cannot fail", e);
        }
    }

    /** Escapes what could end a script element or a JavaScript string in the page, beside the standard escapes. */
    private static final class PageSafeEscapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private final int[] table = standardAsciiEscapesForJSON();

        PageSafeEscapes() {
            table['<'] = ESCAPE_STANDARD;
            table['>'] = ESCAPE_STANDARD;
            table['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return table;
        }

        @Override
        public @Nullable SerializableString getEscapeSequence(int ch) {
            return ch == 0x2028 || ch == 0x2029
                    ? new SerializedString(String.format("\\u%04x", ch)) : null;
        }
    }
}
