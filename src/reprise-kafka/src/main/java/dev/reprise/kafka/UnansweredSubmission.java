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
