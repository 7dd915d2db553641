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
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jspecify.annotations.Nullable;

/**
 * The worker's side of idempotent resubmission: before a resubmission is verified, its id is looked up on
 * the verdicts topic ({@link VerdictLookup}), on a thread of its own so that the polling thread never
 * waits. A lookup that cannot decide (a transaction stays open on the verdict partition: a hanging
 * transaction) is logged, with what an operator must do, and tried again until it decides: the
 * resubmission waits rather than risk a second verdict.
 *
 * <p>{@link #start} and {@link #result} are called on the polling thread; lookups run on the checks'
 * thread, one at a time. Close it to stop the thread and release the lookup's clients.
 */
final class ResubmissionChecks implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(VerificationWorker.class.getName());

    private final Supplier<VerdictLookup> lookups;
    private final Duration timeout;
    private final Runnable wakeup;
    private final String workerId;
    private final ExecutorService thread;
    /** Per delivery sequence: empty while its lookup runs, then what it found. */
    private final Map<Long, Optional<VerdictLookup.Result>> results = new ConcurrentHashMap<>();
    /** The lookup's clients, made at the first resubmission; the checks' thread only, then {@link #close}. */
    private volatile @Nullable VerdictLookup lookup;
    private volatile boolean closed;

    /**
     * Creates the checks; nothing connects before the first lookup.
     *
     * @param lookups makes the lookup (on the checks' thread, at the first resubmission)
     * @param timeout how long one lookup waits for open transactions before it is logged and tried again
     * @param wakeup wakes the polling thread when a lookup has decided
     */
    ResubmissionChecks(String workerId, Supplier<VerdictLookup> lookups, Duration timeout, Runnable wakeup) {
        this.workerId = workerId;
        this.lookups = lookups;
        this.timeout = timeout;
        this.wakeup = wakeup;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "reprise-verification-worker-" + workerId + "-resubmissions");
            t.setDaemon(true);
            return t;
        });
    }

    /** Starts looking up a resubmission's id, unless already started. */
    void start(Submission submission) {
        if (results.putIfAbsent(submission.sequence(), Optional.empty()) != null) {
            return;
        }
        try {
            thread.execute(() -> check(submission));
        } catch (RejectedExecutionException closing) {
            results.remove(submission.sequence());
        }
    }

    /**
     * Returns whether the resubmission's lookup was started, and what it found.
     *
     * @return {@code null} if not started; empty while it runs; else its decided result
     */
    @Nullable Optional<VerdictLookup.Result> result(Submission submission) {
        return results.get(submission.sequence());
    }

    /** Forgets a resubmission that was answered or dropped. */
    void forget(Submission submission) {
        results.remove(submission.sequence());
    }

    private void check(Submission submission) {
        while (!closed && results.containsKey(submission.sequence())) {
            try {
                VerdictLookup current = lookup;
                if (current == null) {
                    current = lookups.get();
                    lookup = current;
                }
                VerdictLookup.Result result = current.find(submission.id(), submission.resubmissionOf(), timeout);
                if (result instanceof VerdictLookup.Undecided undecided) {
                    LOG.warning(() -> "worker " + workerId + ": resubmission '" + Submissions.key(submission.id())
                            + "' waits: cannot tell whether its id already has a verdict, " + undecided.why()
                            + ". A transaction that stays open this long may be hanging: list it with"
                            + " kafka-transactions.sh find-hanging and abort it (see docs/verification.md)");
                    continue;
                }
                results.replace(submission.sequence(), Optional.of(result));
                wakeup.run();
                return;
            } catch (RuntimeException e) {
                if (closed) {
                    return;
                }
                LOG.log(Level.WARNING, "worker " + workerId + ": could not look up the verdict of resubmission '"
                        + Submissions.key(submission.id()) + "'; trying again", e);
                closeLookup();
                try {
                    TimeUnit.SECONDS.sleep(1); // a broker away: do not spin
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private void closeLookup() {
        VerdictLookup current = lookup;
        lookup = null;
        if (current != null) {
            try {
                current.close();
            } catch (RuntimeException e) {
                LOG.log(Level.FINE, "closing a verdict lookup", e);
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        thread.shutdownNow();
        try {
            // Interrupted, a lookup's consumer gives up at once; its clients may only be closed once it has.
            if (thread.awaitTermination(10, TimeUnit.SECONDS)) {
                closeLookup();
            } else {
                LOG.warning(() -> "worker " + workerId + ": a resubmission lookup did not stop within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
