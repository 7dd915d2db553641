package dev.reprise.kafka;

import java.time.Instant;
import java.util.Objects;

/**
 * A submission a {@link ReplaySubmitter} sent whose committed verdict has not come within the submitter's
 * {@linkplain ReplaySubmitter.Builder#verdictDeadline verdict deadline}: no worker runs, the workers are
 * far behind, or its verdict was lost (a transaction an operator aborted). Send it again with
 * {@link ReplaySubmitter#resubmit(String, byte[])}: that gives it one verdict whatever happened.
 *
 * @param id the submission id
 * @param sentAt when the broker took the first send of it (the record's timestamp)
 * @param sends how often it was sent (1, then one more per resubmission)
 */
public record UnansweredSubmission(String id, Instant sentAt, int sends) {

    /**
     * Checks the fields.
     *
     * @throws NullPointerException if {@code id} or {@code sentAt} is null
     */
    public UnansweredSubmission {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(sentAt, "sentAt");
    }
}
