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
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Flux;

/**
 * Verifies submissions with the library's {@link ReplayVerifier}: each submission becomes a
 * {@link ReplaySource} of its bytes with the submission id, and each {@link Verdict} is published as
 * {@link VerdictJson#write}.
 *
 * <p>The verifier's backpressure carries through: it requests submissions as its
 * {@linkplain ReplayVerifier#parallelism() work slots} free up, which is what resumes the worker's
 * partitions. A verdict's {@link Verdict#position()} is the submission's place among those this worker
 * verified. Thread-safe; one adapter may serve one worker's stream at a time.
 */
final class ReplayVerifierAdapter implements SubmissionVerifier {

    private final ReplayVerifier verifier;
    private final Set<String> games;

    /**
     * Adapts a verifier for submissions of the given games.
     *
     * @param verifier the verifier
     * @param games the game ids the verifier can build games for; other submissions are {@code INVALID_FILE}
     *     without being read; empty for any game (the verifier then judges the file's own game id)
     */
    ReplayVerifierAdapter(ReplayVerifier verifier, Set<String> games) {
        this.verifier = Objects.requireNonNull(verifier, "verifier");
        this.games = Set.copyOf(games);
    }

    @Override
    public Flux<VerifiedSubmission> verify(Flux<Submission> submissions) {
        return Flux.defer(() -> {
            // The verifier numbers sources by their place in the stream; this map ties each place back
            // to its submission. Filled in order on the polling thread, emptied by verdict threads.
            Map<Long, Submission> byPosition = new ConcurrentHashMap<>();
            long[] next = {0};
            Flux<ReplaySource> sources = submissions.map(submission -> {
                byPosition.put(next[0]++, submission);
                return ReplaySource.of(submission.id(), submission.replay());
            });
            return verifier.verify(sources).map(verdict -> {
                Submission submission = byPosition.remove(verdict.position());
                if (submission == null) {
                    throw new IllegalStateException("a verdict for position " + verdict.position()
                            + " that was never submitted (id " + verdict.id() + ")");
                }
                return new VerifiedSubmission(submission.sequence(), Submissions.key(verdict.id()), verdict.outcome().name(),
                        VerdictJson.write(verdict), verdict.elapsed().toNanos());
            });
        });
    }

    @Override
    public boolean knowsGame(String game) {
        return games.isEmpty() || games.contains(game);
    }

    @Override
    public VerifiedSubmission invalid(Submission submission, String reason) {
        Verdict verdict = Verdict.builder(submission.id(), Outcome.INVALID_FILE).position(submission.sequence())
                .reason(reason).build();
        return new VerifiedSubmission(submission.sequence(), Submissions.key(submission.id()), verdict.outcome().name(),
                VerdictJson.write(verdict));
    }
}
