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
package dev.reprise.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HexFormat;
import java.util.OptionalLong;

/**
 * The wire format of a verdict on the verdicts topic and of the replay tool's {@code verify --json}
 * lines: one JSON object on one line, written and read with Jackson.
 *
 * <p>Version {@value #VERSION}: {@code {"version":1,"id":..,"position":..,"outcome":"VALID","valid":true,
 * "stepReached":..,"stepCount":..,"expectedHash":"16 hex digits"|null,"actualHash":..|null,"reason":..,
 * "elapsedMillis":1.234,"playedBuild":"2"|"","jar":"caravan-2.jar"|"","upgraded":false}} ({@code elapsedMillis}
 * has microsecond precision; {@code playedBuild}, {@code jar} and {@code upgraded} say which build and jar
 * judged the replay and whether it was upgraded first, see {@link Verdict#playedBuild()}). A later version
 * only adds fields; a reader ignores fields it does not know: a reader older than {@code playedBuild},
 * {@code jar} and {@code upgraded} reads the rest as before, and this reader takes them as empty and
 * {@code false} in a verdict written before them. {@code outcome} is the name of an {@link
 * dev.reprise.verify.Outcome}; a reader refuses one it does not know, naming it, so a reader older than an
 * outcome ({@code UNKNOWN_BUILD}, from a worker serving several builds) fails that submission's verdict as
 * unreadable: update the readers before the workers. The id and the reason are cut to
 * {@link #MAX_ID_BYTES} and {@link #MAX_REASON_BYTES} of JSON, so that no submission can make a verdict
 * larger than a Kafka message; a longer one is cut and says how many characters were left out. Stateless
 * and thread-safe.
 */
public final class VerdictJson {

    /** The format version this class writes and the newest it reads. */
    public static final int VERSION = 1;

    /** The most bytes a verdict's {@code reason} takes in its JSON (escapes counted); longer ones are cut. */
    public static final int MAX_REASON_BYTES = 16 * 1024;
    /**
     * The most bytes a verdict's {@code id} takes in its JSON (escapes counted); longer ones are cut. Six
     * bytes (an escaped control character) for each of the 1024 characters a Kafka submission's id may have.
     */
    public static final int MAX_ID_BYTES = 6 * 1024;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private VerdictJson() {
    }

    /**
     * Writes a verdict as one line of JSON, its id cut to {@link #MAX_ID_BYTES} and its reason to
     * {@link #MAX_REASON_BYTES} (see {@link #bounded}).
     *
     * @param verdict the verdict
     * @return the JSON object, without a line break
     */
    public static String write(Verdict verdict) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("version", VERSION);
        // The id and the reason quote what a replay brought (names of its commands, its headers): bounded,
        // so that no replay can make a verdict larger than a Kafka message or a line a reader can take.
        node.put("id", bounded(verdict.id(), MAX_ID_BYTES));
        node.put("position", verdict.position());
        node.put("outcome", verdict.outcome().name());
        node.put("valid", verdict.valid());
        node.put("stepReached", verdict.stepReached());
        node.put("stepCount", verdict.stepCount());
        hash(node, "expectedHash", verdict.expectedHash());
        hash(node, "actualHash", verdict.actualHash());
        node.put("reason", bounded(verdict.reason(), MAX_REASON_BYTES));
        long micros = verdict.elapsed().toNanos() / 1_000;
        node.put("elapsedMillis", BigDecimal.valueOf(micros, 3));
        // The build comes from the replay's header and the jar from the folder: bounded like the id.
        node.put("playedBuild", bounded(verdict.playedBuild(), MAX_ID_BYTES));
        node.put("jar", bounded(verdict.jar(), MAX_ID_BYTES));
        node.put("upgraded", verdict.upgraded());
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a verdict tree that Jackson cannot write: " + e.getMessage(), e);
        }
    }

    /**
     * Reads a verdict written by {@link #write} (this or an earlier version).
     *
     * @param json one JSON object
     * @return the verdict
     * @throws IllegalArgumentException if it is not JSON, has a newer version, or lacks a field (the message
     *     names it)
     */
    public static Verdict read(String json) {
        JsonNode node;
        try {
            node = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a verdict that is not JSON: " + e.getOriginalMessage(), e);
        }
        if (node == null || !node.isObject()) {
            throw new IllegalArgumentException("a verdict must be a JSON object, was: " + abbreviate(json));
        }
        int version = field(node, "version").asInt();
        if (version < 1 || version > VERSION) {
            throw new IllegalArgumentException("verdict format version " + version + " is not supported (1 to "
                    + VERSION + ")");
        }
        String outcome = field(node, "outcome").asText();
        Outcome parsed;
        try {
            parsed = Outcome.valueOf(outcome);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("verdict field 'outcome': unknown outcome '" + outcome + "'", e);
        }
        long micros = field(node, "elapsedMillis").decimalValue().movePointRight(3).longValue();
        return Verdict.builder(field(node, "id").asText(), parsed).position(field(node, "position").asLong())
                .stepReached(field(node, "stepReached").asInt()).stepCount(field(node, "stepCount").asInt())
                .expectedHash(hash(node, "expectedHash")).actualHash(hash(node, "actualHash"))
                .reason(field(node, "reason").asText()).elapsed(Duration.ofNanos(micros * 1_000))
                .playedBuild(node.path("playedBuild").asText("")).jar(node.path("jar").asText(""))
                .upgraded(node.path("upgraded").asBoolean(false)).build();
    }

    /**
     * Cuts a text so that it takes at most {@code maxBytes} bytes as a JSON string in UTF-8, escapes counted
     * (a control character takes six), never inside a surrogate pair, and marks the cut with how many
     * characters were left out.
     *
     * @param text     the text
     * @param maxBytes the most bytes its JSON string may take; the cut text leaves 40 of them for the marker
     * @return the text itself if it fits, else its cut start and {@code "... (N more characters)"}
     */
    public static String bounded(String text, int maxBytes) {
        int budget = maxBytes - 40; // room for the marker
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            bytes += jsonBytes(text.charAt(i));
            if (bytes > maxBytes) {
                int end = 0;
                long used = 0;
                while (end < text.length() && used + jsonBytes(text.charAt(end)) <= budget) {
                    used += jsonBytes(text.charAt(end));
                    end++;
                }
                if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
                    end--;
                }
                return text.substring(0, end) + "... (" + (text.length() - end) + " more characters)";
            }
        }
        return text;
    }

    /** The bytes one UTF-16 unit takes in a JSON string in UTF-8 (a surrogate counts half its pair's 4). */
    private static int jsonBytes(char c) {
        if (c < 0x20) {
            return 6;
        }
        if (c == '"' || c == '\\') {
            return 2;
        }
        if (c < 0x80) {
            return 1;
        }
        if (c < 0x800 || Character.isSurrogate(c)) {
            return 2;
        }
        return 3;
    }

    private static void hash(ObjectNode node, String name, OptionalLong hash) {
        if (hash.isPresent()) {
            node.put(name, HexFormat.of().toHexDigits(hash.getAsLong()));
        } else {
            node.putNull(name);
        }
    }

    private static OptionalLong hash(JsonNode node, String name) {
        JsonNode value = field(node, name);
        if (value.isNull()) {
            return OptionalLong.empty();
        }
        String text = value.asText();
        String problem;
        if (text.isEmpty()) {
            problem = "no digits"; // HexFormat would read it as 0
        } else {
            try {
                return OptionalLong.of(HexFormat.fromHexDigitsToLong(text));
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
        throw new IllegalArgumentException("verdict field '" + name + "' is not a state hash (1 to 16 hex digits): \""
                + abbreviate(text) + "\" (" + problem + ")");
    }

    private static JsonNode field(JsonNode node, String name) {
        JsonNode value = node.get(name);
        if (value == null) {
            throw new IllegalArgumentException("verdict field '" + name + "' is missing");
        }
        return value;
    }

    private static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 80) + "...";
    }
}
