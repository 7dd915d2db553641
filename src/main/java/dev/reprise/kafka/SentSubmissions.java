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
     * Records a send the broker acknowledged: the first keeps its timestamp, a later one restarts the clock.
     *
     * @param timestampMillis the record's timestamp, epoch milliseconds
     */
    void sent(String id, long timestampMillis, long nowNanos) {
        sent.merge(id, new Sent(timestampMillis, nowNanos, 1, false),
                (first, again) -> new Sent(first.sentAtMillis(), nowNanos, first.sends() + 1, false));
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
