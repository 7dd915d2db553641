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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.json.VerdictJson;
import dev.reprise.verify.Reproduction;
import dev.reprise.verify.Verdict;
import java.math.BigDecimal;
import java.util.HexFormat;
import java.util.OptionalLong;

/**
 * One {@code compat --json} line: {@code {"version":1,"id":..,"position":..,"status":"DIVERGES",
 * "step":5|null,"command":"hash"|null,"expectedHash":..|null,"actualHash":..|null,"recordedBuild":"1"|null,
 * "upgraded":false,"outcome":"DESYNC"|null,"reason":..,"elapsedMillis":..,"originBuild":"1"|null}}:
 * {@code recordedBuild} is the build the file's header names, {@code originBuild} the build that recorded a
 * file upgraded before, {@code upgraded} whether an upgrade changed its route, and {@code step} also the
 * first refused step of a file that {@code FAILS} for its codes. The id and the reason are cut
 * as a verdict's are ({@link VerdictJson#bounded}); {@code outcome} is the verdict's, null for a path
 * that could not be read at all. A later version only adds fields. Stateless and thread-safe.
 */
final class CompatJson {

    /** The format version written. */
    static final int VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private CompatJson() {
    }

    /** Writes a row as one line of JSON. */
    static String write(CompatRow row) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("version", VERSION);
        node.put("id", VerdictJson.bounded(row.id(), VerdictJson.MAX_ID_BYTES));
        node.put("position", row.position());
        node.put("status", row.status().name());
        Reproduction r = row.reproduction();
        if (r == null) {
            node.putNull("step");
            node.putNull("command");
            node.putNull("expectedHash");
            node.putNull("actualHash");
            node.putNull("recordedBuild");
            node.put("upgraded", false);
            node.putNull("outcome");
            node.put("reason", VerdictJson.bounded(String.valueOf(row.problem()),
                    VerdictJson.MAX_REASON_BYTES));
            node.put("elapsedMillis", BigDecimal.valueOf(0, 3));
            node.putNull("originBuild");
        } else {
            Verdict v = r.verdict();
            if (r.step().isPresent()) {
                node.put("step", r.step().getAsInt());
            } else {
                node.putNull("step");
            }
            node.put("command", r.command().orElse(null));
            hash(node, "expectedHash", v.expectedHash());
            hash(node, "actualHash", v.actualHash());
            node.put("recordedBuild", r.recordedBuild().orElse(null));
            node.put("upgraded", r.upgraded());
            node.put("outcome", v.outcome().name());
            node.put("reason", VerdictJson.bounded(v.reason(), VerdictJson.MAX_REASON_BYTES));
            node.put("elapsedMillis", BigDecimal.valueOf(v.elapsed().toNanos() / 1_000, 3));
            node.put("originBuild", r.originBuild().orElse(null));
        }
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a compat row that Jackson cannot write: " + e.getMessage(), e);
        }
    }

    private static void hash(ObjectNode node, String name, OptionalLong hash) {
        if (hash.isPresent()) {
            node.put(name, HexFormat.of().toHexDigits(hash.getAsLong()));
        } else {
            node.putNull(name);
        }
    }
}
