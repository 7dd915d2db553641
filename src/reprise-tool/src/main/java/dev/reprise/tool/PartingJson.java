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
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.json.VerdictJson;
import dev.reprise.verify.FieldDifference;
import dev.reprise.verify.LockstepResult;

/**
 * One {@code diff --json} or {@code determinism --json} line: {@code {"version":1,"id":..,"position":..,
 * "status":"PARTS","check":"games"|null,"step":9|null,"command":"sell"|null,"params":[2],"stepsAlike":9,
 * "differences":[{"field":"gold","left":"52","right":"44"}],"differenceCount":1,"side":..|null,"reason":..}}.
 * {@code step} is the 0-based route index of the first step after which the states differ (for FAILS, the
 * step the failing side reached, when known); a field on one side only has a null value on the other. A
 * later version only adds fields. Stateless and thread-safe.
 */
final class PartingJson {

    /** The format version written. */
    static final int VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private PartingJson() {
    }

    /** Writes a row as one line of JSON. */
    static String write(PartingRow row) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("version", VERSION);
        node.put("id", VerdictJson.bounded(row.id(), VerdictJson.MAX_ID_BYTES));
        node.put("position", row.position());
        node.put("status", row.status());
        node.put("check", row.check());
        LockstepResult r = row.result();
        if (r != null && r.step() >= 0) {
            node.put("step", r.step());
        } else {
            node.putNull("step");
        }
        node.put("command", r == null ? null : r.command().orElse(null));
        ArrayNode params = node.putArray("params");
        ArrayNode differences = node.putArray("differences");
        if (r != null) {
            r.params().forEach(p -> params.addPOJO(p));
            for (FieldDifference d : r.differences()) {
                differences.addObject().put("field", d.field()).put("left", d.left()).put("right", d.right());
            }
        }
        node.put("stepsAlike", r == null ? 0 : r.stepsAlike());
        node.put("differenceCount", r == null ? 0 : r.differenceCount());
        node.put("side", r == null ? null : r.side().orElse(null));
        node.put("reason", VerdictJson.bounded(row.reason(), VerdictJson.MAX_REASON_BYTES));
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a row that Jackson cannot write: " + e.getMessage(), e);
        }
    }
}
