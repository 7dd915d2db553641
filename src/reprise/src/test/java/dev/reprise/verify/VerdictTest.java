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
package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class VerdictTest {

    private static Verdict desync() {
        return Verdict.builder("a.rpl", Outcome.DESYNC).position(3).stepReached(7).stepCount(9).expectedHash(1)
                .actualHash(2).reason("step 7 desynced").elapsed(Duration.ofMillis(5)).build();
    }

    @Test
    void builder_keepsEveryPart() {
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
    }

    @Test
    void builder_unsetParts_areNeutral() {
        Verdict verdict = Verdict.builder("v", Outcome.VALID).build();

        assertThat(verdict.valid()).isTrue();
        assertThat(verdict.position()).isZero();
        assertThat(verdict.stepReached()).isZero();
        assertThat(verdict.stepCount()).isZero();
        assertThat(verdict.expectedHash()).isEmpty();
        assertThat(verdict.actualHash()).isEmpty();
        assertThat(verdict.reason()).isEmpty();
        assertThat(verdict.elapsed()).isEqualTo(Duration.ZERO);
        assertThat(verdict.playedBuild()).isEmpty();
        assertThat(verdict.jar()).isEmpty();
        assertThat(verdict.upgraded()).isFalse();
    }

    @Test
    void builder_theBuildAndJarThatJudged_areKept_andCopiedByToBuilder() {
        Verdict judged = desync().toBuilder().playedBuild("2").jar("caravan-2.jar").upgraded(true).build();

        assertThat(judged.playedBuild()).isEqualTo("2");
        assertThat(judged.jar()).isEqualTo("caravan-2.jar");
        assertThat(judged.upgraded()).isTrue();
        assertThat(judged.toBuilder().build()).isEqualTo(judged);
        assertThat(judged.toString()).endsWith("elapsed=PT0.005S, playedBuild=2, jar=caravan-2.jar, upgraded]");
    }

    @Test
    void toBuilder_copiesEveryPart_andChangesOnlyWhatIsSet() {
        assertThat(desync().toBuilder().build()).isEqualTo(desync());
        assertThat(desync().toBuilder().position(8).build())
                .isEqualTo(Verdict.builder("a.rpl", Outcome.DESYNC).position(8).stepReached(7).stepCount(9)
                        .expectedHash(1).actualHash(2).reason("step 7 desynced").elapsed(Duration.ofMillis(5)).build());
    }

    @Test
    void builder_negativeCount_throwsNamingIt() {
        Verdict.Builder builder = Verdict.builder("x", Outcome.VALID);
        assertThatThrownBy(() -> builder.stepReached(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("stepReached must not be negative, was -1");
        assertThatThrownBy(() -> builder.stepCount(-2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("stepCount");
        assertThatThrownBy(() -> builder.position(-3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("position");
    }

    @Test
    void builder_negativeElapsed_throws() {
        assertThatThrownBy(() -> Verdict.builder("x", Outcome.VALID).elapsed(Duration.ofNanos(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("elapsed");
    }

    @Test
    void builder_nullPart_throwsNamingIt() {
        Verdict.Builder builder = Verdict.builder("x", Outcome.VALID);
        assertThatThrownBy(() -> Verdict.builder(null, Outcome.VALID))
                .isInstanceOf(NullPointerException.class).hasMessage("id");
        assertThatThrownBy(() -> Verdict.builder("x", null))
                .isInstanceOf(NullPointerException.class).hasMessage("outcome");
        assertThatThrownBy(() -> builder.expectedHash(null))
                .isInstanceOf(NullPointerException.class).hasMessage("expectedHash");
        assertThatThrownBy(() -> builder.actualHash(null))
                .isInstanceOf(NullPointerException.class).hasMessage("actualHash");
        assertThatThrownBy(() -> builder.reason(null))
                .isInstanceOf(NullPointerException.class).hasMessage("reason");
        assertThatThrownBy(() -> builder.elapsed(null))
                .isInstanceOf(NullPointerException.class).hasMessage("elapsed");
        assertThatThrownBy(() -> builder.playedBuild(null))
                .isInstanceOf(NullPointerException.class).hasMessage("playedBuild");
        assertThatThrownBy(() -> builder.jar(null))
                .isInstanceOf(NullPointerException.class).hasMessage("jar");
    }

    @Test
    void equals_sameParts_isEqualWithTheSameHashCode() {
        assertThat(desync()).isEqualTo(desync()).hasSameHashCodeAs(desync()).isNotSameAs(desync());
        assertThat(desync()).isNotEqualTo(null).isNotEqualTo("a.rpl");
    }

    @Test
    void equals_anyPartDiffers_isNotEqual() {
        Verdict d = desync();
        assertThat(List.of(
                Verdict.builder("b.rpl", Outcome.DESYNC).position(3).stepReached(7).stepCount(9).expectedHash(1)
                        .actualHash(2).reason(d.reason()).elapsed(d.elapsed()).build(),
                Verdict.builder("a.rpl", Outcome.FAILED).position(3).stepReached(7).stepCount(9).expectedHash(1)
                        .actualHash(2).reason(d.reason()).elapsed(d.elapsed()).build(),
                d.toBuilder().position(4).build(),
                d.toBuilder().stepReached(6).build(),
                d.toBuilder().stepCount(8).build(),
                d.toBuilder().expectedHash(OptionalLong.empty()).build(),
                d.toBuilder().actualHash(3).build(),
                d.toBuilder().reason("other").build(),
                d.toBuilder().elapsed(Duration.ZERO).build(),
                d.toBuilder().playedBuild("1").build(),
                d.toBuilder().jar("g.jar").build(),
                d.toBuilder().upgraded(true).build()))
                .allSatisfy(other -> assertThat(other).isNotEqualTo(d));
    }

    @Test
    void toString_namesEveryPart() {
        assertThat(desync()).hasToString("Verdict[id=a.rpl, position=3, outcome=DESYNC, stepReached=7, "
                + "stepCount=9, expectedHash=OptionalLong[1], actualHash=OptionalLong[2], reason=step 7 desynced, "
                + "elapsed=PT0.005S]");
    }
}
