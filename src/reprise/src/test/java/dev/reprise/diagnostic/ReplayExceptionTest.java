package dev.reprise.diagnostic;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Modifier;
import org.junit.jupiter.api.Test;

/** {@link ReplayException}: a closed family, so a {@code switch} over a failure can name every kind. */
class ReplayExceptionTest {

    @Test
    void replayException_isSealed_andEveryKindIsFinal() {
        Class<?>[] kinds = ReplayException.class.getPermittedSubclasses();

        assertThat(ReplayException.class.isSealed()).isTrue();
        assertThat(kinds).extracting(Class::getSimpleName).containsExactlyInAnyOrder("ReplayDesyncException",
                "ReplayMismatchException", "ReplayPlaybackException", "RecordedOverflowException",
                "ReplayCapacityException", "ReplayFormatException");
        assertThat(kinds).allSatisfy(kind -> assertThat(Modifier.isFinal(kind.getModifiers())).as(kind.getName()).isTrue());
    }
}
