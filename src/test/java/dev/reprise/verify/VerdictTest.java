package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class VerdictTest {

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
