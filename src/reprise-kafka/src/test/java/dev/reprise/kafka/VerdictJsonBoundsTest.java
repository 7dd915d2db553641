package dev.reprise.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class VerdictJsonBoundsTest {

    @Test
    void write_boundsTheIdAndTheReason_escapesCounted_neverSplittingAPair() {
        String controls = "\u0001".repeat(200_000); // 6 bytes each once escaped: 1.2 MB
        String pairs = "\uD83C\uDFB2".repeat(100_000);
        Verdict huge = Verdict.of("i".repeat(600_000), 0, Outcome.DESYNC, 1, 2, OptionalLong.empty(),
                OptionalLong.empty(), "unknown command '" + controls + pairs + "'", Duration.ZERO);
        String json = VerdictJson.write(huge);
        assertThat(json.getBytes(StandardCharsets.UTF_8).length)
                .isLessThan(VerdictJson.MAX_REASON_BYTES + VerdictJson.MAX_ID_BYTES + 1000);
        Verdict read = VerdictJson.read(json);
        assertThat(read.reason()).startsWith("unknown command '\u0001").endsWith(" more characters)");
        assertThat(read.id()).startsWith("iii").endsWith(" more characters)");
    }

    @Test
    void write_shortIdAndReason_areKeptWhole() {
        Verdict verdict = Verdict.of("a.rpl", 0, Outcome.VALID, 2, 2, OptionalLong.empty(), OptionalLong.empty(),
                "r".repeat(VerdictJson.MAX_REASON_BYTES), Duration.ZERO);
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
