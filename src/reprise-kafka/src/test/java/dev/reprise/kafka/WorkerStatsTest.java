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
package dev.reprise.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkerStatsTest {

    private static final Duration S = Duration.ofSeconds(1);

    private static WorkerStats stats(long lag) {
        return WorkerStats.of(Map.of("VALID", 3L, "DESYNC", 1L), 2, 5, Duration.ofSeconds(4), S, 2,
                Duration.ofMillis(30), Duration.ofMillis(20), 1, 0, lag);
    }

    @Test
    void of_keepsEveryFigure() {
        WorkerStats stats = stats(7);
        assertThat(stats.committedByOutcome()).containsOnly(Map.entry("VALID", 3L), Map.entry("DESYNC", 1L));
        assertThat(stats.committed()).isEqualTo(4);
        assertThat(stats.inFlight()).isEqualTo(2);
        assertThat(stats.verified()).isEqualTo(5);
        assertThat(stats.verifyTime()).isEqualTo(Duration.ofSeconds(4));
        assertThat(stats.verifyTimeMax()).isEqualTo(S);
        assertThat(stats.commits()).isEqualTo(2);
        assertThat(stats.commitTime()).isEqualTo(Duration.ofMillis(30));
        assertThat(stats.commitTimeMax()).isEqualTo(Duration.ofMillis(20));
        assertThat(stats.abortedTransactions()).isEqualTo(1);
        assertThat(stats.restarts()).isZero();
        assertThat(stats.lag()).isEqualTo(7);
        assertThat(stats(-1).lag()).as("unknown").isEqualTo(-1);
    }

    @Test
    void of_copiesTheMap_andTheCopyIsUnmodifiable() {
        Map<String, Long> counts = new HashMap<>(Map.of("VALID", 1L));
        WorkerStats stats = WorkerStats.of(counts, 0, 0, Duration.ZERO, Duration.ZERO, 0, Duration.ZERO,
                Duration.ZERO, 0, 0, -1);
        counts.put("DESYNC", 9L);
        assertThat(stats.committedByOutcome()).containsOnlyKeys("VALID");
        assertThatThrownBy(() -> stats.committedByOutcome().put("X", 1L))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void of_negativeCount_throws() {
        Duration z = Duration.ZERO;
        Map<String, Long> none = Map.of();
        assertThatThrownBy(() -> WorkerStats.of(none, -1, 0, z, z, 0, z, z, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("inFlight");
        assertThatThrownBy(() -> WorkerStats.of(none, 0, -1, z, z, 0, z, z, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("verified");
        assertThatThrownBy(() -> WorkerStats.of(none, 0, 0, z, z, -1, z, z, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("commits");
        assertThatThrownBy(() -> WorkerStats.of(none, 0, 0, z, z, 0, z, z, -1, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("abortedTransactions");
        assertThatThrownBy(() -> WorkerStats.of(none, 0, 0, z, z, 0, z, z, 0, -1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("restarts");
        assertThatThrownBy(() -> WorkerStats.of(Map.of("VALID", -1L), 0, 0, z, z, 0, z, z, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("committedByOutcome[VALID]");
    }

    @Test
    void of_lagBelowMinusOne_throws() {
        assertThatThrownBy(() -> stats(-2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lag");
    }

    @Test
    void of_negativeOrNullDuration_throws() {
        Duration z = Duration.ZERO;
        Duration minus = Duration.ofNanos(-1);
        Map<String, Long> none = Map.of();
        assertThatThrownBy(() -> WorkerStats.of(none, 0, 0, minus, z, 0, z, z, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("verifyTime");
        assertThatThrownBy(() -> WorkerStats.of(none, 0, 0, z, z, 0, z, minus, 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("commitTimeMax");
        assertThatThrownBy(() -> WorkerStats.of(none, 0, 0, z, null, 0, z, z, 0, 0, 0))
                .isInstanceOf(NullPointerException.class).hasMessage("verifyTimeMax");
        assertThatThrownBy(() -> WorkerStats.of(null, 0, 0, z, z, 0, z, z, 0, 0, 0))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void equals_sameFigures_isEqualWithTheSameHashCode() {
        assertThat(stats(7)).isEqualTo(stats(7)).hasSameHashCodeAs(stats(7));
        assertThat(stats(7)).isNotEqualTo(stats(8)).isNotEqualTo(null).isNotEqualTo("stats");
        assertThat(stats(7)).isNotEqualTo(WorkerStats.of(Map.of("VALID", 3L), 2, 5, Duration.ofSeconds(4), S, 2,
                Duration.ofMillis(30), Duration.ofMillis(20), 1, 0, 7));
        assertThat(stats(7)).isNotEqualTo(WorkerStats.of(Map.of("VALID", 3L, "DESYNC", 1L), 2, 5,
                Duration.ofSeconds(4), S, 2, Duration.ofMillis(30), Duration.ofMillis(20), 1, 1, 7));
    }

    @Test
    void toString_namesEveryFigure() {
        WorkerStats stats = WorkerStats.of(Map.of("VALID", 3L), 2, 5, Duration.ofSeconds(4), S, 2,
                Duration.ofMillis(30), Duration.ofMillis(20), 1, 0, 7);
        assertThat(stats).hasToString("WorkerStats[committedByOutcome={VALID=3}, inFlight=2, verified=5, "
                + "verifyTime=PT4S, verifyTimeMax=PT1S, commits=2, commitTime=PT0.03S, commitTimeMax=PT0.02S, "
                + "abortedTransactions=1, restarts=0, lag=7]");
    }
}
