package dev.reprise.tool;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.OptionalLong;

/**
 * The verdict's JSON for the replay tool's {@code verify --json} lines: the format of the Kafka worker's
 * verdicts topic ({@code dev.reprise.kafka.VerdictJson}), written here again so that the tool needs
 * neither the Kafka package nor a shared helper that depends on {@code dev.reprise.verify}: one JSON object
 * on one line, written and read with Jackson.
 *
 * <p>Version {@value #VERSION}: {@code {"version":1,"id":..,"position":..,"outcome":"VALID","valid":true,
 * "stepReached":..,"stepCount":..,"expectedHash":"16 hex digits"|null,"actualHash":..|null,"reason":..,
 * "elapsedMillis":1.234}} ({@code elapsedMillis} has microsecond precision). A later version only adds
 * fields; a reader ignores fields it does not know. Stateless and thread-safe.
 */
final class VerdictJsonFormat {

    /** The format version this class writes and the newest it reads. */
    static final int VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private VerdictJsonFormat() {
    }

    /**
     * Writes a verdict as one line of JSON.
     *
     * @param verdict the verdict
     * @return the JSON object, without a line break
     */
    static String write(Verdict verdict) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("version", VERSION);
        node.put("id", verdict.id());
        node.put("position", verdict.position());
        node.put("outcome", verdict.outcome().name());
        node.put("valid", verdict.valid());
        node.put("stepReached", verdict.stepReached());
        node.put("stepCount", verdict.stepCount());
        hash(node, "expectedHash", verdict.expectedHash());
        hash(node, "actualHash", verdict.actualHash());
        node.put("reason", verdict.reason());
        long micros = verdict.elapsed().toNanos() / 1_000;
        node.put("elapsedMillis", BigDecimal.valueOf(micros, 3));
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
    static Verdict read(String json) {
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
        return new Verdict(field(node, "id").asText(), field(node, "position").asLong(), parsed,
                field(node, "stepReached").asInt(), field(node, "stepCount").asInt(), hash(node, "expectedHash"),
                hash(node, "actualHash"), field(node, "reason").asText(), Duration.ofNanos(micros * 1_000));
    }

    private static void hash(ObjectNode node, String name, OptionalLong hash) {
        if (hash.isPresent()) {
            node.put(name, ReplayVerifier.formatHash(hash.getAsLong()));
        } else {
            node.putNull(name);
        }
    }

    private static OptionalLong hash(JsonNode node, String name) {
        JsonNode value = field(node, name);
        return value.isNull() ? OptionalLong.empty() : OptionalLong.of(ReplayVerifier.parseHash(value.asText()));
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
