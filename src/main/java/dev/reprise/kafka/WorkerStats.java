package dev.reprise.kafka;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * A snapshot of a {@link VerificationWorker}'s counters and timings, over all its runs since it was
 * built ({@link VerificationWorker#stats()}). Immutable; each call takes a new one, so compare two of
 * them for rates.
 *
 * @param committedByOutcome committed verdicts by outcome name ({@code VALID}, {@code DESYNC},
 *     {@code INVALID_FILE}, ...); only outcomes seen appear
 * @param inFlight submissions delivered to the verifier whose verdict is not yet out, now
 * @param verified verdicts the verifier produced (committed or not: a verdict may be produced again after
 *     an aborted transaction or a rebalance)
 * @param verifyTime the verifier's time summed over {@code verified} verdicts (reading and playing each)
 * @param verifyTimeMax the longest one
 * @param commits committed transactions
 * @param commitTime the time spent committing, summed over {@code commits} (send, offsets, commit)
 * @param commitTimeMax the longest commit
 * @param abortedTransactions transactions aborted after an abortable error
 * @param restarts how often the worker started a new run after a failed one
 * @param lag submissions waiting in the worker's assigned partitions at its last poll (end offset minus
 *     position, summed), or -1 before the first poll or when unknown
 */
public record WorkerStats(Map<String, Long> committedByOutcome, long inFlight, long verified, Duration verifyTime,
        Duration verifyTimeMax, long commits, Duration commitTime, Duration commitTimeMax, long abortedTransactions,
        int restarts, long lag) {

    /**
     * Copies the map and checks that nothing is {@code null}.
     *
     * @param committedByOutcome committed verdicts by outcome name
     * @param inFlight submissions in the verifier now
     * @param verified verdicts produced
     * @param verifyTime their summed verify time
     * @param verifyTimeMax the longest verify time
     * @param commits committed transactions
     * @param commitTime their summed commit time
     * @param commitTimeMax the longest commit
     * @param abortedTransactions aborted transactions
     * @param restarts restarts after a failed run
     * @param lag submissions waiting in the assigned partitions, or -1
     */
    public WorkerStats {
        committedByOutcome = Map.copyOf(committedByOutcome);
        Objects.requireNonNull(verifyTime, "verifyTime");
        Objects.requireNonNull(verifyTimeMax, "verifyTimeMax");
        Objects.requireNonNull(commitTime, "commitTime");
        Objects.requireNonNull(commitTimeMax, "commitTimeMax");
    }

    /**
     * Returns the committed verdicts of every outcome.
     *
     * @return the sum of {@link #committedByOutcome()}
     */
    public long committed() {
        return committedByOutcome.values().stream().mapToLong(Long::longValue).sum();
    }
}
