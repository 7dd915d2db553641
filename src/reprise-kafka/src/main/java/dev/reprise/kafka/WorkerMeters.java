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
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * The live counters behind {@link WorkerStats}: one per worker, shared by its runs, so the counts survive
 * restarts. Every method is thread-safe and lock-free: they are called on the polling and verdict threads.
 */
final class WorkerMeters {

    private final Map<String, LongAdder> committed = new ConcurrentHashMap<>();
    private final AtomicLong inFlight = new AtomicLong();
    private final LongAdder verified = new LongAdder();
    private final LongAdder verifyNanos = new LongAdder();
    private final LongAccumulator verifyMax = new LongAccumulator(Math::max, 0);
    private final LongAdder commits = new LongAdder();
    private final LongAdder commitNanos = new LongAdder();
    private final LongAccumulator commitMax = new LongAccumulator(Math::max, 0);
    private volatile long lag = -1;

    /** A submission went to the verifier. */
    void delivered() {
        inFlight.incrementAndGet();
    }

    /** The verifier (or the poison check) produced a verdict. */
    void verdict(VerifiedSubmission verdict) {
        inFlight.decrementAndGet();
        verified.increment();
        verifyNanos.add(verdict.verifyNanos());
        verifyMax.accumulate(verdict.verifyNanos());
    }

    /** A run ended: what it had in flight is dropped (verified again by the partitions' next owner). */
    void runEnded() {
        inFlight.set(0);
    }

    /** A transaction with these verdicts was committed after {@code nanos}. */
    void committed(Iterable<VerifiedSubmission> verdicts, long nanos) {
        for (VerifiedSubmission verdict : verdicts) {
            committed.computeIfAbsent(verdict.outcome(), k -> new LongAdder()).increment();
        }
        commits.increment();
        commitNanos.add(nanos);
        commitMax.accumulate(nanos);
    }

    /** The lag measured at the last poll. */
    void lag(long lag) {
        this.lag = lag;
    }

    /** Takes a snapshot, with the worker's own counts. */
    WorkerStats snapshot(long abortedTransactions, int restarts) {
        Map<String, Long> byOutcome = new TreeMap<>();
        committed.forEach((outcome, count) -> byOutcome.put(outcome, count.sum()));
        long lag = this.lag;
        return WorkerStats.of(byOutcome, Math.max(0, inFlight.get()), verified.sum(),
                Duration.ofNanos(verifyNanos.sum()), Duration.ofNanos(verifyMax.get()), commits.sum(),
                Duration.ofNanos(commitNanos.sum()), Duration.ofNanos(commitMax.get()), abortedTransactions, restarts,
                lag < 0 ? -1 : lag);
    }
}
