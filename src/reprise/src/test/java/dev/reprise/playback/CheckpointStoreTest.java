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
package dev.reprise.playback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link CheckpointStore}: when it captures, what it restores, and its index staying in step with the cache. */
class CheckpointStoreTest {

    private long state;
    private long weight = 10;
    private final List<Long> restored = new ArrayList<>();

    private final SnapshotProvider<Long> provider = new SnapshotProvider<>() {
        @Override
        public Long capture() {
            return state;
        }

        @Override
        public void restore(Long snapshot) {
            restored.add(snapshot);
        }

        @Override
        public long estimateBytes(Long snapshot) {
            return weight;
        }
    };

    @Test
    void atClosedBoundary_capturesAnIntervalAfterTheOriginAndThePreviousCheckpoint() {
        CheckpointStore<Long> store = new CheckpointStore<>(provider, 5, 1000);
        for (int i = 3; i <= 20; i++) {
            state = i * 100L;
            store.atClosedBoundary(i, 3);
        }
        assertThat(store.indexes()).containsExactly(8, 13, 18);
    }

    @Test
    void restoreBelow_takesTheNearestStrictlyBelow_withinTheFloor() {
        CheckpointStore<Long> store = new CheckpointStore<>(provider, 5, 1000);
        for (int i = 0; i <= 20; i++) {
            state = i;
            store.atClosedBoundary(i, 0);
        }
        assertThat(store.restoreBelow(15, Integer.MIN_VALUE)).isEqualTo(10);
        assertThat(store.restoreBelow(16, Integer.MIN_VALUE)).isEqualTo(15);
        assertThat(store.restoreBelow(5, Integer.MIN_VALUE)).isEqualTo(-1);
        assertThat(store.restoreBelow(16, 15)).isEqualTo(-1);
        assertThat(restored).containsExactly(10L, 15L);
    }

    @Test
    void eviction_removesTheIndexToo_andTheBudgetHolds() {
        CheckpointStore<Long> store = new CheckpointStore<>(provider, 1, 35);
        for (int i = 1; i <= 50; i++) {
            store.atClosedBoundary(i, 0);
            assertThat(store.size()).isLessThanOrEqualTo(3);
            assertThat(store.weightedBytes()).isLessThanOrEqualTo(35).isEqualTo(10L * store.size());
        }
    }

    @Test
    void aSnapshotHeavierThanTheBudget_isNotKept() {
        weight = 100;
        CheckpointStore<Long> store = new CheckpointStore<>(provider, 1, 50);
        store.atClosedBoundary(1, 0);
        assertThat(store.size()).isZero();
        assertThat(store.restoreBelow(2, Integer.MIN_VALUE)).isEqualTo(-1);
    }

    @Test
    void badProviderAnswers_failClearly() {
        CheckpointStore<Long> store = new CheckpointStore<>(new SnapshotProvider<Long>() {
            @Override
            public Long capture() {
                return null;
            }

            @Override
            public void restore(Long snapshot) {
            }

            @Override
            public long estimateBytes(Long snapshot) {
                return 0;
            }
        }, 1, 50);
        assertThatThrownBy(() -> store.atClosedBoundary(1, 0)).isInstanceOf(NullPointerException.class)
                .hasMessage("SnapshotProvider.capture() returned null");
        weight = -1;
        CheckpointStore<Long> negative = new CheckpointStore<>(provider, 1, 50);
        assertThatThrownBy(() -> negative.atClosedBoundary(1, 0)).isInstanceOf(IllegalStateException.class)
                .hasMessage("SnapshotProvider.estimateBytes returned -1, must be >= 0");
    }
}
