package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class VerdictTest {

    private static Verdict desync() {
        return Verdict.of("a.rpl", 3, Outcome.DESYNC, 7, 9, OptionalLong.of(1), OptionalLong.of(2),
                "step 7 desynced", Duration.ofMillis(5));
    }

    @Test
    void of_keepsEveryPart() {
        Verdict verdict = desync();
        assertThat(verdict.id()).isEqualTo("a.rpl");
        assertThat(verdict.position()).isEqualTo(3);
        assertThat(verdict.outcome()).isEqualTo(Outcome.DESYNC);
        assertThat(verdict.stepReached()).isEqualTo(7);
        assertThat(verdict.stepCount()).isEqualTo(9);
        assertThat(verdict.expectedHash()).hasValue(1);
        assertThat(verdict.actualHash()).hasValue(2);
        assertThat(verdict.reason()).isEqualTo("step 7 desynced");
        assertThat(verdict.elapsed()).isEqualTo(Duration.ofMillis(5));
        assertThat(verdict.valid()).isFalse();
        assertThat(Verdict.of("v", 0, Outcome.VALID, 0, 0, OptionalLong.empty(), OptionalLong.empty(), "",
                Duration.ZERO).valid()).isTrue();
    }

    @Test
    void of_negativeCount_throws() {
        assertThatThrownBy(() -> Verdict.of("x", 0, Outcome.VALID, -1, 2, OptionalLong.empty(),
                OptionalLong.empty(), "", Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
        assertThatThrownBy(() -> Verdict.of("x", 0, Outcome.VALID, 0, -2, OptionalLong.empty(),
                OptionalLong.empty(), "", Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Verdict.of("x", -3, Outcome.VALID, 0, 0, OptionalLong.empty(),
                OptionalLong.empty(), "", Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void of_negativeElapsed_throws() {
        assertThatThrownBy(() -> Verdict.of("x", 0, Outcome.VALID, 0, 0, OptionalLong.empty(),
                OptionalLong.empty(), "", Duration.ofNanos(-1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("elapsed");
    }

    @Test
    void of_nullPart_throwsNamingIt() {
        OptionalLong none = OptionalLong.empty();
        assertThatThrownBy(() -> Verdict.of(null, 0, Outcome.VALID, 0, 0, none, none, "", Duration.ZERO))
                .isInstanceOf(NullPointerException.class).hasMessage("id");
        assertThatThrownBy(() -> Verdict.of("x", 0, null, 0, 0, none, none, "", Duration.ZERO))
                .isInstanceOf(NullPointerException.class).hasMessage("outcome");
        assertThatThrownBy(() -> Verdict.of("x", 0, Outcome.VALID, 0, 0, null, none, "", Duration.ZERO))
                .isInstanceOf(NullPointerException.class).hasMessage("expectedHash");
        assertThatThrownBy(() -> Verdict.of("x", 0, Outcome.VALID, 0, 0, none, null, "", Duration.ZERO))
                .isInstanceOf(NullPointerException.class).hasMessage("actualHash");
        assertThatThrownBy(() -> Verdict.of("x", 0, Outcome.VALID, 0, 0, none, none, null, Duration.ZERO))
                .isInstanceOf(NullPointerException.class).hasMessage("reason");
        assertThatThrownBy(() -> Verdict.of("x", 0, Outcome.VALID, 0, 0, none, none, "", null))
                .isInstanceOf(NullPointerException.class).hasMessage("elapsed");
    }

    @Test
    void equals_sameParts_isEqualWithTheSameHashCode() {
        assertThat(desync()).isEqualTo(desync()).hasSameHashCodeAs(desync()).isNotSameAs(desync());
        assertThat(desync()).isNotEqualTo(null).isNotEqualTo("a.rpl");
    }

    @Test
    void equals_anyPartDiffers_isNotEqual() {
        Verdict d = desync();
        OptionalLong e = d.expectedHash();
        OptionalLong a = d.actualHash();
        assertThat(List.of(
                Verdict.of("b.rpl", 3, Outcome.DESYNC, 7, 9, e, a, d.reason(), d.elapsed()),
                Verdict.of("a.rpl", 4, Outcome.DESYNC, 7, 9, e, a, d.reason(), d.elapsed()),
                Verdict.of("a.rpl", 3, Outcome.FAILED, 7, 9, e, a, d.reason(), d.elapsed()),
                Verdict.of("a.rpl", 3, Outcome.DESYNC, 6, 9, e, a, d.reason(), d.elapsed()),
                Verdict.of("a.rpl", 3, Outcome.DESYNC, 7, 8, e, a, d.reason(), d.elapsed()),
                Verdict.of("a.rpl", 3, Outcome.DESYNC, 7, 9, OptionalLong.empty(), a, d.reason(), d.elapsed()),
                Verdict.of("a.rpl", 3, Outcome.DESYNC, 7, 9, e, OptionalLong.of(3), d.reason(), d.elapsed()),
                Verdict.of("a.rpl", 3, Outcome.DESYNC, 7, 9, e, a, "other", d.elapsed()),
                Verdict.of("a.rpl", 3, Outcome.DESYNC, 7, 9, e, a, d.reason(), Duration.ZERO)))
                .allSatisfy(other -> assertThat(other).isNotEqualTo(d));
    }

    @Test
    void toString_namesEveryPart() {
        assertThat(desync()).hasToString("Verdict[id=a.rpl, position=3, outcome=DESYNC, stepReached=7, "
                + "stepCount=9, expectedHash=OptionalLong[1], actualHash=OptionalLong[2], reason=step 7 desynced, "
                + "elapsed=PT0.005S]");
    }
}
