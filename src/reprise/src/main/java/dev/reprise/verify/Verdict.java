package dev.reprise.verify;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * The result of verifying one replay: which replay, what came of it, how far it played and why.
 *
 * <p>Immutable and thread-safe; no part is {@code null}. Two verdicts are equal when every part is
 * equal. Made with {@link #of}; a later version may add parts, each with a new factory that keeps the
 * earlier ones working (the earlier factories give the new part a neutral value).
 */
public final class Verdict {

    private final String id;
    private final long position;
    private final Outcome outcome;
    private final int stepReached;
    private final int stepCount;
    private final OptionalLong expectedHash;
    private final OptionalLong actualHash;
    private final String reason;
    private final Duration elapsed;

    private Verdict(String id, long position, Outcome outcome, int stepReached, int stepCount,
            OptionalLong expectedHash, OptionalLong actualHash, String reason, Duration elapsed) {
        this.id = id;
        this.position = position;
        this.outcome = outcome;
        this.stepReached = stepReached;
        this.stepCount = stepCount;
        this.expectedHash = expectedHash;
        this.actualHash = actualHash;
        this.reason = reason;
        this.elapsed = elapsed;
    }

    /**
     * Returns a verdict of these parts.
     *
     * @param id           the id of the {@link ReplaySource}
     * @param position     the 0-based position of the source in the verified publisher (a single
     *                     {@link ReplayVerifier#verify(ReplaySource)} is position 0)
     * @param outcome      what came of it
     * @param stepReached  how many steps were played (see {@link #stepReached()})
     * @param stepCount    the route's length, or 0 if the file could not be read
     * @param expectedHash the hash the replay should have come to; empty if none was checked
     * @param actualHash   the hash the replayed game had at that point; empty if none was checked
     * @param reason       one line on why
     * @param elapsed      the wall-clock time spent on this replay
     * @return the verdict
     * @throws NullPointerException     if a part is {@code null}
     * @throws IllegalArgumentException if {@code position}, {@code stepReached} or {@code stepCount} is
     *                                  negative, or {@code elapsed} is negative
     */
    public static Verdict of(String id, long position, Outcome outcome, int stepReached, int stepCount,
            OptionalLong expectedHash, OptionalLong actualHash, String reason, Duration elapsed) {
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
        if (elapsed.isNegative()) {
            throw new IllegalArgumentException("elapsed must not be negative, was " + elapsed);
        }
        return new Verdict(id, position, outcome, stepReached, stepCount, expectedHash, actualHash, reason, elapsed);
    }

    /**
     * Returns the id of the {@link ReplaySource} this verdict is about.
     *
     * @return the id, never {@code null}
     */
    public String id() {
        return id;
    }

    /**
     * Returns the 0-based position of the source in the verified publisher (a single
     * {@link ReplayVerifier#verify(ReplaySource)} is position 0).
     *
     * @return the position, never negative
     */
    public long position() {
        return position;
    }

    /**
     * Returns what came of the replay.
     *
     * @return the outcome, never {@code null}
     */
    public Outcome outcome() {
        return outcome;
    }

    /**
     * Returns how many steps were played: the route's length when it played to the end; for a
     * {@link Outcome#DESYNC} or {@link Outcome#FAILED} at a step, that step's 0-based index; 0 when
     * nothing was played.
     *
     * @return the steps reached, never negative
     */
    public int stepReached() {
        return stepReached;
    }

    /**
     * Returns the route's length, or 0 if the file could not be read.
     *
     * @return the step count, never negative
     */
    public int stepCount() {
        return stepCount;
    }

    /**
     * Returns the hash the replay should have come to: the recorded hash of a desynced state-hash step,
     * or the final state hash the file claims.
     *
     * @return the expected hash; empty if none was checked
     */
    public OptionalLong expectedHash() {
        return expectedHash;
    }

    /**
     * Returns the hash the replayed game had at the point {@link #expectedHash()} is about.
     *
     * @return the actual hash; empty if none was checked
     */
    public OptionalLong actualHash() {
        return actualHash;
    }

    /**
     * Returns one line on why: naming the step, code, phase or byte where it applies; for a valid
     * replay, what was checked.
     *
     * @return the reason, never {@code null}
     */
    public String reason() {
        return reason;
    }

    /**
     * Returns the wall-clock time spent on this replay, from reading it to the verdict.
     *
     * @return the elapsed time, never negative
     */
    public Duration elapsed() {
        return elapsed;
    }

    /**
     * Tells whether the replay is good.
     *
     * @return {@code true} if the outcome is {@link Outcome#VALID}
     */
    public boolean valid() {
        return outcome == Outcome.VALID;
    }

    /**
     * Tells whether another object is a verdict with the same parts.
     *
     * @param other the object to compare with, may be {@code null}
     * @return {@code true} if every part is equal
     */
    @Override
    public boolean equals(@Nullable Object other) {
        return other == this || other instanceof Verdict that
                && id.equals(that.id)
                && position == that.position
                && outcome == that.outcome
                && stepReached == that.stepReached
                && stepCount == that.stepCount
                && expectedHash.equals(that.expectedHash)
                && actualHash.equals(that.actualHash)
                && reason.equals(that.reason)
                && elapsed.equals(that.elapsed);
    }

    /**
     * Returns a hash code of every part, consistent with {@link #equals}.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Objects.hash(id, position, outcome, stepReached, stepCount, expectedHash, actualHash, reason,
                elapsed);
    }

    /**
     * Returns every part, for logs and test failures; the format may change.
     *
     * @return e.g. {@code Verdict[id=a.rpl, position=0, outcome=VALID, stepReached=3, stepCount=3,
     *     expectedHash=OptionalLong.empty, actualHash=OptionalLong.empty, reason=played, elapsed=PT0.001S]}
     */
    @Override
    public String toString() {
        return "Verdict[id=" + id + ", position=" + position + ", outcome=" + outcome + ", stepReached="
                + stepReached + ", stepCount=" + stepCount + ", expectedHash=" + expectedHash + ", actualHash="
                + actualHash + ", reason=" + reason + ", elapsed=" + elapsed + "]";
    }
}
