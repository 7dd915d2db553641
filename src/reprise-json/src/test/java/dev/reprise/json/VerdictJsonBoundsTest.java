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

import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class VerdictJsonBoundsTest {

    @Test
    void write_boundsTheIdAndTheReason_escapesCounted_neverSplittingAPair() {
        String controls = "\u0001".repeat(200_000); // 6 bytes each once escaped: 1.2 MB
        String pairs = "\uD83C\uDFB2".repeat(100_000);
        Verdict huge = Verdict.builder("i".repeat(600_000), Outcome.DESYNC).stepReached(1).stepCount(2)
                .reason("unknown command '" + controls + pairs + "'").build();
        String json = VerdictJson.write(huge);
        assertThat(json.getBytes(StandardCharsets.UTF_8).length)
                .isLessThan(VerdictJson.MAX_REASON_BYTES + VerdictJson.MAX_ID_BYTES + 1000);
        Verdict read = VerdictJson.read(json);
        assertThat(read.reason()).startsWith("unknown command '\u0001").endsWith(" more characters)");
        assertThat(read.id()).startsWith("iii").endsWith(" more characters)");
    }

    @Test
    void write_shortIdAndReason_areKeptWhole() {
        Verdict verdict = Verdict.builder("a.rpl", Outcome.VALID).stepReached(2).stepCount(2)
                .reason("r".repeat(VerdictJson.MAX_REASON_BYTES)).build();
        assertThat(VerdictJson.read(VerdictJson.write(verdict))).isEqualTo(verdict);
    }

    @Test
    void bounded_longText_isCutWithinTheBytes_neverSplittingAPair() {
        String pairs = "\uD83C\uDFB2".repeat(100);
        String cut = VerdictJson.bounded("a" + pairs, 101);
        assertThat(Character.isHighSurrogate(cut.charAt(cut.indexOf("...") - 1))).isFalse();
        assertThat(cut).endsWith(" more characters)");
        assertThat(cut.substring(0, cut.indexOf("...")).getBytes(StandardCharsets.UTF_8).length)
                .isLessThanOrEqualTo(101 - 40);
    }

    @Test
    void bounded_textThatFits_isReturnedAsIs() {
        assertThat(VerdictJson.bounded("short", 100)).isEqualTo("short");
        String exact = "\"".repeat(50); // 2 bytes each once escaped
        assertThat(VerdictJson.bounded(exact, 100)).isSameAs(exact);
        assertThat(VerdictJson.bounded(exact + "x", 100)).endsWith("(21 more characters)");
    }
}
