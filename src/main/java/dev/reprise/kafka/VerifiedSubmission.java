package dev.reprise.kafka;

import java.util.Objects;

/**
 * A verdict on one submission, ready to publish.
 *
 * @param sequence the {@link Submission#sequence()} of the submission it answers
 * @param id the submission id (the verdict record's key)
 * @param outcome the verdict's outcome name ({@code VALID}, {@code DESYNC}, {@code INVALID_FILE}, ...)
 * @param json the verdict as JSON (the verdict record's value)
 * @param verifyNanos how long the verifier took, in nanoseconds (0 for a verdict given without verifying)
 */
record VerifiedSubmission(long sequence, String id, String outcome, String json, long verifyNanos) {

    /** A verdict given without verifying (poison, tests). */
    VerifiedSubmission(long sequence, String id, String outcome, String json) {
        this(sequence, id, outcome, json, 0);
    }

    /**
     * Checks the fields.
     *
     * @throws NullPointerException if a field is null
     */
    public VerifiedSubmission {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(json, "json");
    }
}
