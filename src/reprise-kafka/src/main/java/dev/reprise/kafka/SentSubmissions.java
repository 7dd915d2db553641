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

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link ReplaySubmitter} sent and has no committed verdict for yet, so that a lost verdict cannot
 * go unnoticed: past the deadline, each is reported once ({@link #overdue}) and listed
 * ({@link #unanswered}) until its verdict comes. Thread-safe.
 */
final class SentSubmissions {

    /** One submission sent: its first send's timestamp, its last send's clock, whether it was reported. */
    private record Sent(long sentAtMillis, long lastSendNanos, int sends, boolean reported) {
    }

    private final Map<String, Sent> sent = new ConcurrentHashMap<>();
    /** The deadline in nanoseconds, or {@code null} for none. */
    private final @Nullable Long deadlineNanos;

    /**
     * Creates an empty record.
     *
     * @param deadline how long after its last send a submission may wait for its verdict; longer than
     *     {@code Long.MAX_VALUE} nanoseconds means never
     */
    SentSubmissions(Duration deadline) {
        this.deadlineNanos = deadline.compareTo(Duration.ofNanos(Long.MAX_VALUE)) > 0 ? null : deadline.toNanos();
    }

    /**
     * Records a send as it starts: before the broker has it, so that a verdict read before the send's
     * acknowledgement still finds it and counts it answered. A later send of the id keeps the first one's
     * time and restarts the clock.
     *
     * @param nowMillis the time now, epoch milliseconds (the broker's timestamp replaces it once acknowledged)
     */
    void sending(String id, long nowMillis, long nowNanos) {
        sent.merge(id, new Sent(nowMillis, nowNanos, 1, false),
                (first, again) -> new Sent(first.sentAtMillis(), nowNanos, first.sends() + 1, false));
    }

    /** Records the broker's timestamp of a first send, if its verdict has not come already. */
    void acknowledged(String id, long timestampMillis) {
        sent.computeIfPresent(id, (key, s) -> s.sends() == 1
                ? new Sent(timestampMillis, s.lastSendNanos(), 1, s.reported()) : s);
    }

    /** Forgets a first send the broker refused: nothing was sent. A failed resubmission leaves the original. */
    void failed(String id) {
        sent.computeIfPresent(id, (key, s) -> s.sends() == 1 ? null
                : new Sent(s.sentAtMillis(), s.lastSendNanos(), s.sends() - 1, s.reported()));
    }

    /** Records that a committed verdict of the id was read. */
    void answered(String id) {
        sent.remove(id);
    }

    /** Returns when the first send of the id was taken by the broker, if it is still unanswered. */
    OptionalLong sentAt(String id) {
        Sent s = sent.get(id);
        return s == null ? OptionalLong.empty() : OptionalLong.of(s.sentAtMillis());
    }

    /** Returns how many sent submissions have no verdict yet, overdue or not. */
    int pending() {
        return sent.size();
    }

    /** Returns the submissions past the deadline, oldest first. */
    List<UnansweredSubmission> unanswered(long nowNanos) {
        List<UnansweredSubmission> overdue = new ArrayList<>();
        sent.forEach((id, s) -> {
            if (late(s, nowNanos)) {
                overdue.add(new UnansweredSubmission(id, Instant.ofEpochMilli(s.sentAtMillis()), s.sends()));
            }
        });
        overdue.sort(Comparator.comparing(UnansweredSubmission::sentAt).thenComparing(UnansweredSubmission::id));
        return overdue;
    }

    /** Returns the submissions that passed the deadline since the last call, and marks them reported. */
    List<String> overdue(long nowNanos) {
        List<String> newly = new ArrayList<>();
        sent.forEach((id, s) -> {
            if (!s.reported() && late(s, nowNanos)
                    && sent.replace(id, s, new Sent(s.sentAtMillis(), s.lastSendNanos(), s.sends(), true))) {
                newly.add(id);
            }
        });
        newly.sort(Comparator.naturalOrder());
        return newly;
    }

    private boolean late(Sent s, long nowNanos) {
        Long deadline = deadlineNanos;
        return deadline != null && nowNanos - s.lastSendNanos() - deadline >= 0;
    }
}
