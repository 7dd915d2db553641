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

import dev.reprise.json.VerdictJson;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.Verdict;
import java.util.Objects;

/**
 * A verdict on one submission, ready to publish.
 *
 * @param sequence the {@link Submission#sequence()} of the submission it answers
 * @param id the submission id (the verdict record's key)
 * @param outcome the verdict's outcome name ({@code VALID}, {@code DESYNC}, {@code INVALID_FILE}, ...)
 * @param json the verdict as JSON (the verdict record's value)
 * @param verifyNanos how long the verifier took, in nanoseconds (0 for a verdict given without verifying)
 * @param publish whether the verdict is published; {@code false} for a resubmission whose id already has its
 *     committed verdict: only its offset is committed
 */
record VerifiedSubmission(long sequence, String id, String outcome, String json, long verifyNanos, boolean publish) {

    /** The outcome of a resubmission that is let pass without a verdict: its id has one already. */
    static final String ALREADY_ANSWERED = "ALREADY_ANSWERED";

    /** A published verdict. */
    VerifiedSubmission(long sequence, String id, String outcome, String json, long verifyNanos) {
        this(sequence, id, outcome, json, verifyNanos, true);
    }

    /** A verdict given without verifying (poison, tests). */
    VerifiedSubmission(long sequence, String id, String outcome, String json) {
        this(sequence, id, outcome, json, 0);
    }

    /** A {@code FAILED} verdict given without verifying, its id and reason bounded so that it is always small. */
    static VerifiedSubmission failed(long sequence, String id, String reason) {
        Verdict failed = Verdict.builder(VerdictJson.bounded(id, 300), Outcome.FAILED).position(sequence)
                .reason(VerdictJson.bounded(reason, 400)).build();
        return new VerifiedSubmission(sequence, id, Outcome.FAILED.name(), VerdictJson.write(failed));
    }

    /** No verdict: the submission is a resubmission whose id has one committed already. */
    static VerifiedSubmission alreadyAnswered(long sequence, String id) {
        return new VerifiedSubmission(sequence, id, ALREADY_ANSWERED, "", 0, false);
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
