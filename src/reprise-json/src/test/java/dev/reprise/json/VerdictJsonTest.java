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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class VerdictJsonTest {

    private static final Verdict DESYNC = Verdict.builder("a \"b\"\\c\n", Outcome.DESYNC).position(3).stepReached(7)
            .stepCount(9).expectedHash(-1L).actualHash(0xabcL).reason("tab\there\u0001")
            .elapsed(Duration.ofNanos(1_500_000)).build();

    @Test
    void write_escapesTextAndSpellsHashesAsHex_versionFirst() {
        assertThat(VerdictJson.write(DESYNC)).isEqualTo("{\"version\":1,\"id\":\"a \\\"b\\\"\\\\c\\n\",\"position\":3,"
                + "\"outcome\":\"DESYNC\",\"valid\":false,\"stepReached\":7,\"stepCount\":9,"
                + "\"expectedHash\":\"ffffffffffffffff\",\"actualHash\":\"0000000000000abc\","
                + "\"reason\":\"tab\\there\\u0001\",\"elapsedMillis\":1.500,\"playedBuild\":\"\",\"jar\":\"\","
                + "\"upgraded\":false}");
    }

    @Test
    void write_read_theBuildAndJarThatJudged_andWhetherUpgraded() {
        Verdict judged = DESYNC.toBuilder().playedBuild("2").jar("caravan-2.jar").upgraded(true).build();

        String json = VerdictJson.write(judged);

        assertThat(json).endsWith(",\"playedBuild\":\"2\",\"jar\":\"caravan-2.jar\",\"upgraded\":true}");
        assertThat(VerdictJson.read(json)).isEqualTo(judged);
    }

    @Test
    void read_aVerdictWrittenBeforeTheBuildFields_namesNoBuild() {
        String older = VerdictJson.write(DESYNC.toBuilder().playedBuild("2").jar("g.jar").upgraded(true).build())
                .replace(",\"playedBuild\":\"2\",\"jar\":\"g.jar\",\"upgraded\":true", "");

        assertThat(VerdictJson.read(older)).isEqualTo(DESYNC);
    }

    @Test
    void write_absentHashesAreNull() {
        Verdict verdict = Verdict.builder("x", Outcome.VALID).stepReached(2).stepCount(2).reason("ok").build();
        assertThat(VerdictJson.write(verdict)).contains("\"expectedHash\":null,\"actualHash\":null")
                .contains("\"valid\":true").contains("\"elapsedMillis\":0.000");
    }

    @Test
    void read_write_roundTrip() {
        assertThat(VerdictJson.read(VerdictJson.write(DESYNC))).isEqualTo(DESYNC);
        Verdict valid = Verdict.builder("v", Outcome.VALID).position(12).stepReached(5).stepCount(5).actualHash(7)
                .reason("played to the end").elapsed(Duration.ofNanos(123_456_000)).build();
        assertThat(VerdictJson.read(VerdictJson.write(valid))).isEqualTo(valid);
    }

    @Test
    void read_write_roundTrip_everyOutcome_unknownBuildIncluded() {
        for (Outcome outcome : Outcome.values()) {
            Verdict verdict = Verdict.builder("id-" + outcome, outcome).position(4)
                    .reason("recorded by build \"3\" of game \"g\", which no installed game jar plays; installed builds"
                            + " of g: 1 (g-1.jar)").elapsed(Duration.ofNanos(2_000)).build();
            String json = VerdictJson.write(verdict);
            assertThat(json).contains("\"outcome\":\"" + outcome + "\"");
            assertThat(VerdictJson.read(json)).as(json).isEqualTo(verdict);
        }
    }

    @Test
    void read_ignoresUnknownFields() {
        String json = VerdictJson.write(DESYNC).replace("{\"version\":1,", "{\"version\":1,\"later\":[1,2],");
        assertThat(VerdictJson.read(json)).isEqualTo(DESYNC);
    }

    @Test
    void read_badInput_namesTheProblem() {
        assertThatThrownBy(() -> VerdictJson.read("{\"version\":2}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("version 2");
        assertThatThrownBy(() -> VerdictJson.read("{\"version\":1,\"id\":\"x\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'outcome' is missing");
        assertThatThrownBy(() -> VerdictJson.read("[1]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JSON object");
        assertThatThrownBy(() -> VerdictJson.read("{nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not JSON");
        String unknown = VerdictJson.write(DESYNC).replace("DESYNC", "MAYBE");
        assertThatThrownBy(() -> VerdictJson.read(unknown)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown outcome 'MAYBE'");
        for (String hash : new String[] {"", "12g4", "00000000000000000"}) {
            String bad = VerdictJson.write(DESYNC).replace("ffffffffffffffff", hash);
            assertThatThrownBy(() -> VerdictJson.read(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'expectedHash' is not a state hash (1 to 16 hex digits): \"" + hash + "\"");
        }
        assertThat(VerdictJson.read(VerdictJson.write(DESYNC).replace("ffffffffffffffff", "FF")).expectedHash())
                .hasValue(0xffL);
    }

    @Test
    void write_boundsTheIdAndTheReason_likeTheToolsFormat() {
        Verdict huge = Verdict.builder("i".repeat(600_000), Outcome.DESYNC).stepReached(1).stepCount(2)
                .reason("r".repeat(600_000)).build();
        String json = VerdictJson.write(huge);
        assertThat(json).isEqualTo(VerdictJson.write(huge));
        assertThat(json.getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
                .isLessThan(VerdictJson.MAX_REASON_BYTES + VerdictJson.MAX_ID_BYTES + 1000);
        assertThat(VerdictJson.read(json).id()).startsWith("iii").endsWith(" more characters)");
    }

    @Test
    void maxIdBytes_holds1024ControlCharacters_eachEscapedInSixBytes() {
        String longest = "\u0001".repeat(1024);
        assertThat(VerdictJson.bounded(longest, VerdictJson.MAX_ID_BYTES)).isSameAs(longest);
    }

    @Test
    void version_isTheFormats() {
        assertThat(VerdictJson.VERSION).isEqualTo(VerdictJson.VERSION);
    }
}
