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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void parseFlat_readsStringsNumbersBooleansAndNull() {
        ObjectNode message = Json.parseFlat(" {\"t\":\"seek\", \"to\":120, \"x\":0.25, \"ok\":true, \"no\":false, "
                + "\"none\":null, \"s\":\"a\\\"b\\u0041\\n\"} ");
        assertThat(message.get("t").asText()).isEqualTo("seek");
        assertThat(message.get("to").asLong()).isEqualTo(120L);
        assertThat(message.get("x").asDouble()).isEqualTo(0.25);
        assertThat(message.get("ok").asBoolean()).isTrue();
        assertThat(message.get("no").asBoolean()).isFalse();
        assertThat(message.get("none").isNull()).isTrue();
        assertThat(message.get("s").asText()).isEqualTo("a\"bA\n");
    }

    @Test
    void parseFlat_badInput_namesTheCharacter() {
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":{}}")).hasMessage(
                "bad JSON message: \"t\" is nested; only strings, numbers, booleans and null are accepted");
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":1} x")).hasMessageContaining("at character 8");
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":1,\"t\":2}")).hasMessageContaining("Duplicate field 't'");
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":\"abc")).hasMessageStartingWith("bad JSON message at character");
        assertThatThrownBy(() -> Json.parseFlat("garbage")).hasMessageStartingWith("bad JSON message at character 0")
                .hasMessageContaining("garbage");
        assertThatThrownBy(() -> Json.parseFlat("[1]")).hasMessage(
                "bad JSON message at character 0: an object {...} expected");
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":\"" + "x".repeat(Json.MAX_MESSAGE_CHARS) + "\"}"))
                .hasMessageContaining("at most " + Json.MAX_MESSAGE_CHARS);
    }

    @Test
    void quote_escapesWhatCouldBreakTheDocumentOrThePage() {
        assertThat(Json.quote("a\"b\\c\n<script>&\u2028")).isEqualTo("\"a\\\"b\\\\c\\n\\u003Cscript\\u003E\\u0026\\u2028\"");
        assertThat(Json.parseFlat("{\"v\":" + Json.quote("a\"b\\c\n<script>&") + "}").get("v").asText())
                .isEqualTo("a\"b\\c\n<script>&");
    }
}
