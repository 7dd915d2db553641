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
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A snapshot of a {@link VerificationWorker}'s counters and timings, over all its runs since it was
 * built ({@link VerificationWorker#stats()}); each call takes a new one, so compare two of them for rates.
 *
 * <p>Immutable and thread-safe; no part is {@code null}. Two snapshots are equal when every figure is
 * equal. Only the worker makes them: a later version may add figures without breaking anyone.
 */
public final class WorkerStats {

    private final Map<String, Long> committedByOutcome;
    private final long inFlight;
    private final long verified;
    private final Duration verifyTime;
    private final Duration verifyTimeMax;
    private final long commits;
    private final Duration commitTime;
    private final Duration commitTimeMax;
    private final long abortedTransactions;
    private final int restarts;
    private final long lag;

    private WorkerStats(Map<String, Long> committedByOutcome, long inFlight, long verified, Duration verifyTime,
            Duration verifyTimeMax, long commits, Duration commitTime, Duration commitTimeMax,
            long abortedTransactions, int restarts, long lag) {
        this.committedByOutcome = committedByOutcome;
        this.inFlight = inFlight;
        this.verified = verified;
        this.verifyTime = verifyTime;
        this.verifyTimeMax = verifyTimeMax;
        this.commits = commits;
        this.commitTime = commitTime;
        this.commitTimeMax = commitTimeMax;
        this.abortedTransactions = abortedTransactions;
        this.restarts = restarts;
        this.lag = lag;
    }

    /**
     * Returns a snapshot of these figures; the map is copied.
     *
     * @param committedByOutcome  committed verdicts by outcome name; only outcomes seen appear
     * @param inFlight            submissions delivered to the verifier whose verdict is not yet out
     * @param verified            verdicts the verifier produced
     * @param verifyTime          the verifier's time summed over {@code verified} verdicts
     * @param verifyTimeMax       the longest verify time
     * @param commits             committed transactions
     * @param commitTime          the time spent committing, summed over {@code commits}
     * @param commitTimeMax       the longest commit
     * @param abortedTransactions transactions aborted after an abortable error
     * @param restarts            how often the worker started a new run after a failed one
     * @param lag                 submissions waiting in the assigned partitions at the last poll, or -1 when
     *                            unknown
     * @return the snapshot
     * @throws NullPointerException     if the map, a key or a count in it, or a duration is {@code null}
     * @throws IllegalArgumentException if a count or a duration is negative, or {@code lag} is below -1
     */
    static WorkerStats of(Map<String, Long> committedByOutcome, long inFlight, long verified,
            Duration verifyTime, Duration verifyTimeMax, long commits, Duration commitTime, Duration commitTimeMax,
            long abortedTransactions, int restarts, long lag) {
        Map<String, Long> byOutcome = Map.copyOf(committedByOutcome);
        byOutcome.forEach((outcome, count) -> notNegative("committedByOutcome[" + outcome + "]", count));
        notNegative("inFlight", inFlight);
        notNegative("verified", verified);
        notNegative("verifyTime", verifyTime);
        notNegative("verifyTimeMax", verifyTimeMax);
        notNegative("commits", commits);
        notNegative("commitTime", commitTime);
        notNegative("commitTimeMax", commitTimeMax);
        notNegative("abortedTransactions", abortedTransactions);
        notNegative("restarts", restarts);
        if (lag < -1) {
            throw new IllegalArgumentException("lag must be -1 (unknown) or more, was " + lag);
        }
        return new WorkerStats(byOutcome, inFlight, verified, verifyTime, verifyTimeMax, commits, commitTime,
                commitTimeMax, abortedTransactions, restarts, lag);
    }

    private static void notNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must not be negative, was " + value);
        }
    }

    private static void notNegative(String name, Duration value) {
        Objects.requireNonNull(value, name);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative, was " + value);
        }
    }

    /**
     * Returns the committed verdicts by outcome name ({@code VALID}, {@code DESYNC},
     * {@code INVALID_FILE}, ...); only outcomes seen appear.
     *
     * @return an unmodifiable map
     */
    public Map<String, Long> committedByOutcome() {
        return committedByOutcome;
    }

    /**
     * Returns the submissions delivered to the verifier whose verdict is not yet out, at the snapshot.
     *
     * @return the count
     */
    public long inFlight() {
        return inFlight;
    }

    /**
     * Returns the verdicts the verifier produced (committed or not: a verdict may be produced again after
     * an aborted transaction or a rebalance).
     *
     * @return the count
     */
    public long verified() {
        return verified;
    }

    /**
     * Returns the verifier's time summed over {@link #verified()} verdicts (reading and playing each).
     *
     * @return the summed time
     */
    public Duration verifyTime() {
        return verifyTime;
    }

    /**
     * Returns the longest time the verifier took for one verdict.
     *
     * @return the longest time
     */
    public Duration verifyTimeMax() {
        return verifyTimeMax;
    }

    /**
     * Returns the committed transactions.
     *
     * @return the count
     */
    public long commits() {
        return commits;
    }

    /**
     * Returns the time spent committing, summed over {@link #commits()} (send, offsets, commit).
     *
     * @return the summed time
     */
    public Duration commitTime() {
        return commitTime;
    }

    /**
     * Returns the longest commit.
     *
     * @return the longest time
     */
    public Duration commitTimeMax() {
        return commitTimeMax;
    }

    /**
     * Returns the transactions aborted after an abortable error.
     *
     * @return the count
     */
    public long abortedTransactions() {
        return abortedTransactions;
    }

    /**
     * Returns how often the worker started a new run after a failed one.
     *
     * @return the count
     */
    public int restarts() {
        return restarts;
    }

    /**
     * Returns the submissions waiting in the worker's assigned partitions at its last poll (end offset
     * minus position, summed).
     *
     * @return the lag, or -1 before the first poll or when unknown
     */
    public long lag() {
        return lag;
    }

    /**
     * Returns the committed verdicts of every outcome.
     *
     * @return the sum of {@link #committedByOutcome()}
     */
    public long committed() {
        return committedByOutcome.values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * Tells whether another object is a snapshot with the same figures.
     *
     * @param other the object to compare with, may be {@code null}
     * @return {@code true} if every figure is equal
     */
    @Override
    public boolean equals(@Nullable Object other) {
        return other == this || other instanceof WorkerStats that
                && committedByOutcome.equals(that.committedByOutcome)
                && inFlight == that.inFlight
                && verified == that.verified
                && verifyTime.equals(that.verifyTime)
                && verifyTimeMax.equals(that.verifyTimeMax)
                && commits == that.commits
                && commitTime.equals(that.commitTime)
                && commitTimeMax.equals(that.commitTimeMax)
                && abortedTransactions == that.abortedTransactions
                && restarts == that.restarts
                && lag == that.lag;
    }

    /**
     * Returns a hash code of every figure, consistent with {@link #equals}.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Objects.hash(committedByOutcome, inFlight, verified, verifyTime, verifyTimeMax, commits, commitTime,
                commitTimeMax, abortedTransactions, restarts, lag);
    }

    /**
     * Returns every figure, for logs; the format may change.
     *
     * @return e.g. {@code WorkerStats[committedByOutcome={VALID=3}, inFlight=0, verified=3, ...]}
     */
    @Override
    public String toString() {
        return "WorkerStats[committedByOutcome=" + committedByOutcome + ", inFlight=" + inFlight + ", verified="
                + verified + ", verifyTime=" + verifyTime + ", verifyTimeMax=" + verifyTimeMax + ", commits="
                + commits + ", commitTime=" + commitTime + ", commitTimeMax=" + commitTimeMax
                + ", abortedTransactions=" + abortedTransactions + ", restarts=" + restarts + ", lag=" + lag + "]";
    }
}
