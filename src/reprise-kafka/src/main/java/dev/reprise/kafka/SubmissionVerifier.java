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

import reactor.core.publisher.Flux;

/**
 * What a {@link VerificationWorker} needs from a verifier: one verdict per submission.
 *
 * <p>{@link ReplayVerifierAdapter} adapts the library's replay verifier; tests may use a stub.
 */
interface SubmissionVerifier {

    /**
     * Verifies submissions as they come: for every submission exactly one verdict, in any order.
     * The returned {@code Flux} requests submissions as it has room for them (that demand is what pauses
     * and resumes the worker's partitions) and completes after the submissions complete and every
     * verdict is out. It must not error for a bad submission: that is a verdict.
     *
     * @param submissions the submissions, delivered on the worker's polling thread
     * @return the verdicts, each tagged with its submission's sequence number
     */
    Flux<VerifiedSubmission> verify(Flux<Submission> submissions);

    /**
     * Tells whether submissions for the given game can be verified at all; the worker gives the others
     * an {@link #invalid} verdict without verifying them.
     *
     * @param game the game id header of a submission
     * @return whether the game is known
     */
    boolean knowsGame(String game);

    /**
     * Makes the verdict for a submission the worker rejects before verification (an unknown or missing
     * game, no replay bytes): outcome {@code INVALID_FILE} with the given reason.
     *
     * @param submission the poison submission
     * @param reason why it cannot be verified, for people
     * @return its verdict
     */
    VerifiedSubmission invalid(Submission submission, String reason);
}
