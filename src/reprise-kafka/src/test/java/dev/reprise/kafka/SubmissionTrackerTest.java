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

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class SubmissionTrackerTest {

    private static final TopicPartition P0 = new TopicPartition("s", 0);
    private static final TopicPartition P1 = new TopicPartition("s", 1);
    private final SubmissionTracker<String> tracker = new SubmissionTracker<>();

    @Test
    void drainReady_releasesOnlyTheFinishedPrefixOfEachPartition() {
        tracker.track(0, P0, 10);
        tracker.track(1, P0, 11);
        tracker.track(2, P1, 5);
        tracker.track(3, P0, 12);
        tracker.complete(1, "b");
        tracker.complete(2, "c");

        SubmissionTracker.Ready<String> first = tracker.drainReady();
        assertThat(first.results()).containsExactly("c");
        assertThat(first.offsets()).containsExactly(Map.entry(P1, new OffsetAndMetadata(6)));

        tracker.complete(0, "a");
        SubmissionTracker.Ready<String> second = tracker.drainReady();
        assertThat(second.results()).containsExactly("a", "b");
        assertThat(second.offsets()).containsExactly(Map.entry(P0, new OffsetAndMetadata(12)));
        assertThat(tracker.unfinished()).isEqualTo(1);
        assertThat(tracker.tracked()).isEqualTo(1);
        assertThat(tracker.drainReady().isEmpty()).isTrue();
    }

    @Test
    void forget_dropsAPartitionAndItsLateResults() {
        tracker.track(0, P0, 0);
        tracker.track(1, P1, 0);
        tracker.forget(List.of(P0));
        assertThat(tracker.partitionOf(0)).isNull();
        assertThat(tracker.complete(0, "stale")).isFalse();
        assertThat(tracker.complete(1, "kept")).isTrue();
        assertThat(tracker.drainReady().results()).containsExactly("kept");
    }

    @Test
    void reassignedPartition_lateResultOfTheOldDeliveryDoesNotCompleteTheNewOne() {
        tracker.track(0, P0, 7);
        tracker.forget(List.of(P0));
        tracker.track(1, P0, 7);
        assertThat(tracker.complete(0, "old")).isFalse();
        assertThat(tracker.drainReady().isEmpty()).isTrue();
        assertThat(tracker.complete(1, "new")).isTrue();
        assertThat(tracker.drainReady().results()).containsExactly("new");
    }

    @Test
    void track_rejectsAReusedSequenceAndOffsetsOutOfOrder() {
        tracker.track(0, P0, 5);
        assertThatThrownBy(() -> tracker.track(0, P1, 1)).hasMessageContaining("sequence 0 is already tracked");
        assertThatThrownBy(() -> tracker.track(1, P0, 5)).hasMessageContaining("offset 5 of s-0 is not after");
    }

    @Test
    void anyCompletionOrder_releasesEveryResultOnceInOffsetOrder() {
        for (long seed = 1; seed <= 50; seed++) {
            Random random = new Random(seed);
            SubmissionTracker<Long> t = new SubmissionTracker<>();
            int n = 1 + random.nextInt(40);
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                t.track(i, P0, 100 + i);
                order.add(i);
            }
            Collections.shuffle(order, random);
            List<Long> released = new ArrayList<>();
            long committed = 100;
            for (int i : order) {
                t.complete(i, 100L + i);
                SubmissionTracker.Ready<Long> ready = t.drainReady();
                released.addAll(ready.results());
                if (!ready.isEmpty()) {
                    long next = ready.offsets().get(P0).offset();
                    assertThat(next).as("seed %d", seed).isGreaterThan(committed);
                    committed = next;
                }
            }
            List<Long> expected = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                expected.add(100L + i);
            }
            assertThat(released).as("seed %d", seed).isEqualTo(expected);
            assertThat(committed).as("seed %d", seed).isEqualTo(100L + n);
        }
    }

    @Test
    void abandon_forgetsTheSubmissionAndEveryLaterOneOfItsPartition_soNoOffsetPassesIt() {
        tracker.track(0, P0, 10);
        tracker.track(1, P0, 11);
        tracker.track(2, P0, 12);
        tracker.track(3, P1, 5);
        tracker.complete(0, "a");
        tracker.complete(2, "c");
        tracker.abandon(1);
        assertThat(tracker.complete(2, "late")).as("already finished: not tracked").isFalse();
        assertThat(tracker.partitionOf(1)).isNull();
        SubmissionTracker.Ready<String> ready = tracker.drainReady();
        assertThat(ready.results()).containsExactly("a");
        assertThat(ready.offsets()).containsExactly(Map.entry(P0, new OffsetAndMetadata(11)));
        assertThat(tracker.tracked()).as("P1's submission").isEqualTo(1);
        tracker.abandon(42); // not tracked: nothing happens
        assertThat(tracker.tracked()).isEqualTo(1);
    }
}
