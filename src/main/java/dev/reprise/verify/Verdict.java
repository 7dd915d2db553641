package dev.reprise.verify;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The result of verifying one replay: which replay, what came of it, how far it played and why.
 * Immutable.
 *
 * @param id           the id of the {@link ReplaySource}
 * @param position     the 0-based position of the source in the verified publisher (a single
 *                     {@link ReplayVerifier#verify(ReplaySource)} is position 0)
 * @param outcome      what came of it
 * @param stepReached  how many steps were played: the route's length when it played to the end; for a
 *                     {@link Outcome#DESYNC} or {@link Outcome#FAILED} at a step, that step's 0-based index;
 *                     0 when nothing was played
 * @param stepCount    the route's length, or 0 if the file could not be read
 * @param expectedHash the hash the replay should have come to: the recorded hash of a desynced state-hash
 *                     step, or the final state hash the file claims; empty if none was checked
 * @param actualHash   the hash the replayed game had at that point; empty if none was checked
 * @param reason       one line on why, naming the step, code, phase or byte where it applies; for a valid
 *                     replay, what was checked
 * @param elapsed      the wall-clock time spent on this replay, from reading it to the verdict
 */
public record Verdict(String id, long position, Outcome outcome, int stepReached, int stepCount,
                      OptionalLong expectedHash, OptionalLong actualHash, String reason, Duration elapsed) {

    /** Checks that no part is {@code null} and the counts are not negative. */
    public Verdict {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(expectedHash, "expectedHash");
        Objects.requireNonNull(actualHash, "actualHash");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(elapsed, "elapsed");
        if (position < 0 || stepReached < 0 || stepCount < 0) {
            throw new IllegalArgumentException("position, stepReached and stepCount must not be negative, were "
                    + position + ", " + stepReached + ", " + stepCount);
        }
    }

    /**
     * Tells whether the replay is good.
     *
     * @return {@code true} if the outcome is {@link Outcome#VALID}
     */
    public boolean valid() {
        return outcome == Outcome.VALID;
    }
}
