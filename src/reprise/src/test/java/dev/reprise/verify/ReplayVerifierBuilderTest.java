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
import org.junit.jupiter.api.Test;

class ReplayVerifierBuilderTest {

    private final ReplayVerifier.Builder builder = ReplayVerifier.builder(CounterGame::of);

    @Test
    void builder_nullFactory_throws() {
        assertThatThrownBy(() -> ReplayVerifier.builder(null)).isInstanceOf(NullPointerException.class)
                .hasMessage("games");
    }

    @Test
    void parallelism_belowOne_throwsAtOnce() {
        assertThatThrownBy(() -> builder.parallelism(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("parallelism").hasMessageContaining("0");
    }

    @Test
    void maxSteps_belowOne_throwsAtOnce() {
        assertThatThrownBy(() -> builder.maxSteps(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("maxSteps");
    }

    @Test
    void timeout_notPositiveOrTooLong_throwsAtOnce() {
        assertThatThrownBy(() -> builder.timeout(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("timeout");
        assertThatThrownBy(() -> builder.timeout(Duration.ofMillis(-1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.timeout(Duration.ofSeconds(Long.MAX_VALUE)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too long");
    }

    @Test
    void timeout_isEmptyUnlessSet_asTheOtherOptionalAccessorsAre() {
        assertThat(builder.build().timeout()).isEmpty();
        assertThat(builder.timeout(Duration.ofSeconds(7)).build().timeout()).contains(Duration.ofSeconds(7));
        assertThat(ReplayVerifier.builder(CounterGame::of).build().finalHashKey()).isEmpty();
    }

    @Test
    void finalHashKey_empty_throwsAtOnce() {
        assertThatThrownBy(() -> builder.finalHashKey("")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void setters_null_throwNamingTheOption() {
        assertThatThrownBy(() -> builder.gameId(null)).hasMessage("gameId");
        assertThatThrownBy(() -> builder.dictionary(null)).hasMessage("dictionary");
        assertThatThrownBy(() -> builder.accept(null)).hasMessage("accept");
        assertThatThrownBy(() -> builder.runOn(null)).hasMessage("runOn");
        assertThatThrownBy(() -> builder.reader(null)).hasMessage("reader");
        assertThatThrownBy(() -> builder.timeout(null)).hasMessage("timeout");
    }

    @Test
    void build_defaults_parallelismIsTheProcessorCount() {
        ReplayVerifier verifier = builder.build();

        assertThat(verifier.parallelism()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(verifier.toString()).contains("maxSteps=none").contains("timeout=none");
    }

    @Test
    void verify_nullArguments_throw() {
        ReplayVerifier verifier = builder.build();

        assertThatThrownBy(() -> verifier.verify((ReplaySource) null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> verifier.verify((org.reactivestreams.Publisher<ReplaySource>) null))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> ReplaySource.of(null, new byte[0])).isInstanceOf(NullPointerException.class);
    }
}
