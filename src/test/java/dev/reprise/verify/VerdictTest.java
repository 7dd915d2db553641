package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class VerdictTest {

    @Test
    void toJson_escapesTextAndSpellsHashesAsHex() {
        Verdict verdict = new Verdict("a \"b\"\\c\n", 3, Outcome.DESYNC, 7, 9, OptionalLong.of(-1L),
                OptionalLong.of(0xabcL), "tab\there\u0001", Duration.ofNanos(1_500_000));

        assertThat(verdict.toJson()).isEqualTo("{\"id\":\"a \\\"b\\\"\\\\c\\n\",\"position\":3,\"outcome\":\"DESYNC\","
                + "\"valid\":false,\"stepReached\":7,\"stepCount\":9,\"expectedHash\":\"ffffffffffffffff\","
                + "\"actualHash\":\"0000000000000abc\",\"reason\":\"tab\\there\\u0001\",\"elapsedMillis\":1.500}");
    }

    @Test
    void toJson_absentHashesAreNull() {
        Verdict verdict = new Verdict("x", 0, Outcome.VALID, 2, 2, OptionalLong.empty(), OptionalLong.empty(), "ok",
                Duration.ZERO);

        assertThat(verdict.valid()).isTrue();
        assertThat(verdict.toJson()).contains("\"expectedHash\":null,\"actualHash\":null")
                .contains("\"valid\":true");
    }

    @Test
    void new_negativeCount_throws() {
        assertThatThrownBy(() -> new Verdict("x", 0, Outcome.VALID, -1, 2, OptionalLong.empty(),
                OptionalLong.empty(), "", Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void formatHash_parseHash_roundTrip() {
        for (long hash : new long[] {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x1234_5678_9abc_def0L}) {
            String text = ReplayVerifier.formatHash(hash);
            assertThat(text).hasSize(16).matches("[0-9a-f]{16}");
            assertThat(ReplayVerifier.parseHash(text)).isEqualTo(hash);
        }
        assertThat(ReplayVerifier.parseHash("FF")).isEqualTo(255);
    }

    @Test
    void parseHash_notHex_throwsNamingTheText() {
        assertThatThrownBy(() -> ReplayVerifier.parseHash("12g4")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"12g4\"").hasMessageContaining("at 2");
        assertThatThrownBy(() -> ReplayVerifier.parseHash("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReplayVerifier.parseHash("0".repeat(17))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ReplayVerifier.parseHash("-1")).isInstanceOf(IllegalArgumentException.class);
    }
}
