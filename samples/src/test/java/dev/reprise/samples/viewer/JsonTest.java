package dev.reprise.samples.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

    @Test
    void parseFlat_readsStringsNumbersBooleansAndNull() {
        Map<String, Object> message = Json.parseFlat(" {\"t\":\"seek\", \"to\":120, \"x\":0.25, \"ok\":true, \"no\":false, "
                + "\"none\":null, \"s\":\"a\\\"b\\u0041\\n\"} ");
        assertThat(message).containsEntry("t", "seek").containsEntry("to", 120L).containsEntry("x", 0.25)
                .containsEntry("ok", true).containsEntry("no", false).containsEntry("none", null)
                .containsEntry("s", "a\"bA\n");
    }

    @Test
    void parseFlat_badInput_namesTheCharacter() {
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":{}}")).hasMessage(
                "bad JSON message at character 5: nested values are not accepted");
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":1} x")).hasMessageContaining("text after the object");
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":1,\"t\":2}")).hasMessageContaining("duplicate key \"t\"");
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":\"abc")).hasMessageContaining("unterminated string");
        assertThatThrownBy(() -> Json.parseFlat("{\"n\":1e}")).hasMessageContaining("not a number: 1e");
        assertThatThrownBy(() -> Json.parseFlat("[1]")).hasMessage("bad JSON message at character 0: '{' expected");
        assertThatThrownBy(() -> Json.parseFlat("{\"t\":\"" + "x".repeat(Json.MAX_MESSAGE_CHARS) + "\"}"))
                .hasMessageContaining("at most " + Json.MAX_MESSAGE_CHARS);
    }

    @Test
    void quote_escapesWhatCouldBreakTheDocumentOrThePage() {
        assertThat(Json.quote("a\"b\\c\n<script>&")).isEqualTo("\"a\\\"b\\\\c\\n\\u003cscript\\u003e\\u0026\"");
        assertThat(Json.parseFlat("{\"v\":" + Json.quote("a\"b\\c\n<script>&") + "}")).containsEntry("v",
                "a\"b\\c\n<script>&");
    }
}
