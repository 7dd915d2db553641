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

import java.util.Objects;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

/**
 * A replay submitted for verification, as read from the submissions topic.
 *
 * <p>Immutable, except that {@code replay} is the record's own array, shared, not copied: treat it as
 * read-only.
 *
 * @param sequence the worker's delivery number, unique within one worker; ties a verdict back to its submission
 * @param id the submission id (the record key; empty if the record had none)
 * @param replay the replay file's bytes (the record value; empty if the record had none)
 * @param game the game id header, or {@code null} if absent
 * @param build the build header, or {@code null} if absent
 * @param partition the partition the submission was read from
 * @param offset the submission's offset in that partition
 * @param resubmissionOf for a resubmission, when the original was sent (epoch milliseconds, 0 if unknown);
 *     -1 for a first submission
 */
record Submission(long sequence, String id, byte[] replay, @Nullable String game, @Nullable String build,
        TopicPartition partition, long offset, long resubmissionOf) {

    /**
     * Checks the fields.
     *
     * @throws NullPointerException if {@code id}, {@code replay} or {@code partition} is null
     */
    public Submission {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(replay, "replay");
        Objects.requireNonNull(partition, "partition");
    }

    /** Returns whether this is a resubmission: its verdict may exist already. */
    boolean resubmission() {
        return resubmissionOf >= 0;
    }

    @Override
    public String toString() {
        return "Submission[" + id + " at " + partition + "@" + offset + ", " + replay.length + " bytes, game "
                + game + ", build " + build + (resubmission() ? ", a resubmission" : "") + "]";
    }
}
