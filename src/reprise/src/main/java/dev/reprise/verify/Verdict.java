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
package dev.reprise.verify;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * The result of verifying one replay: which replay, what came of it, how far it played and why.
 *
 * <p>Immutable and thread-safe; no part is {@code null}. Two verdicts are equal when every part is
 * equal. The verifier makes them; {@link #builder} makes one by hand (a tool's own verdict on a file it
 * could not hand to the verifier, a test of code that reads verdicts), and a part added later starts
 * neutral in it, so code that builds verdicts keeps working.
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
    private final String playedBuild;
    private final String jar;
    private final boolean upgraded;

    private Verdict(String id, long position, Outcome outcome, int stepReached, int stepCount,
            OptionalLong expectedHash, OptionalLong actualHash, String reason, Duration elapsed, String playedBuild,
            String jar, boolean upgraded) {
        this.id = id;
        this.position = position;
        this.outcome = outcome;
        this.stepReached = stepReached;
        this.stepCount = stepCount;
        this.expectedHash = expectedHash;
        this.actualHash = actualHash;
        this.reason = reason;
        this.elapsed = elapsed;
        this.playedBuild = playedBuild;
        this.jar = jar;
        this.upgraded = upgraded;
    }

    /**
     * Starts a verdict on the replay {@code id} with this outcome; every other part starts neutral:
     * position 0, no steps reached of 0, no hashes, an empty reason, no time elapsed, no build or jar named,
     * not upgraded.
     *
     * @param id      the id of the {@link ReplaySource}
     * @param outcome what came of it
     * @return a new builder
     * @throws NullPointerException if {@code id} or {@code outcome} is {@code null}
     */
    public static Builder builder(String id, Outcome outcome) {
        return new Builder(id, outcome);
    }

    /**
     * Returns a builder holding every part of this verdict, for a verdict that differs in a few.
     *
     * @return a new builder; this verdict is unchanged
     */
    public Builder toBuilder() {
        return new Builder(id, outcome).position(position).stepReached(stepReached).stepCount(stepCount)
                .expectedHash(expectedHash).actualHash(actualHash).reason(reason).elapsed(elapsed)
                .playedBuild(playedBuild).jar(jar).upgraded(upgraded);
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
     * Returns the build of the game whose rules played and judged the replay: the build its file names when it
     * was played as recorded, the newer build when it was {@linkplain #upgraded() upgraded}, so that an
     * operator can audit any verdict.
     *
     * @return the build; empty if no build took the replay (it could not be read, no jar plays its build) or
     *     the verdict was made by hand without one
     */
    public String playedBuild() {
        return playedBuild;
    }

    /**
     * Returns the file name of the game jar that played the replay, for a verifier of the jars of a builds
     * folder ({@link ReplayVerifier#forBuilds}).
     *
     * @return e.g. {@code caravan-2.jar}; empty for a verifier of one game (its game on the class path) or if
     *     no jar took the replay
     */
    public String jar() {
        return jar;
    }

    /**
     * Tells whether the replay was played by the rules of a newer build than the one that recorded it, after
     * a {@linkplain ReplayVerifier.Builder#upgrade declared upgrade} rewrote its route: either no installed
     * jar plays its build as recorded, or the verifier plays only the newer build. A replay that diverges then
     * may still be honest on its own build.
     *
     * @return {@code true} if it was upgraded before it was played
     */
    public boolean upgraded() {
        return upgraded;
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
                && elapsed.equals(that.elapsed)
                && playedBuild.equals(that.playedBuild)
                && jar.equals(that.jar)
                && upgraded == that.upgraded;
    }

    /**
     * Returns a hash code of every part, consistent with {@link #equals}.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Objects.hash(id, position, outcome, stepReached, stepCount, expectedHash, actualHash, reason,
                elapsed, playedBuild, jar, upgraded);
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
                + actualHash + ", reason=" + reason + ", elapsed=" + elapsed
                + (playedBuild.isEmpty() ? "" : ", playedBuild=" + playedBuild) + (jar.isEmpty() ? "" : ", jar=" + jar)
                + (upgraded ? ", upgraded" : "") + "]";
    }

    /**
     * Builds a {@link Verdict}. Each setter checks its value at once and throws
     * {@link NullPointerException} or {@link IllegalArgumentException} naming the part. Not thread-safe.
     */
    public static final class Builder {
        private final String id;
        private final Outcome outcome;
        private long position;
        private int stepReached;
        private int stepCount;
        private OptionalLong expectedHash = OptionalLong.empty();
        private OptionalLong actualHash = OptionalLong.empty();
        private String reason = "";
        private Duration elapsed = Duration.ZERO;
        private String playedBuild = "";
        private String jar = "";
        private boolean upgraded;

        private Builder(String id, Outcome outcome) {
            this.id = Objects.requireNonNull(id, "id");
            this.outcome = Objects.requireNonNull(outcome, "outcome");
        }

        /**
         * Sets the 0-based position of the source in the verified publisher (a single
         * {@link ReplayVerifier#verify(ReplaySource)} is position 0).
         *
         * @param position 0 or more; 0 unless set
         * @return this builder
         * @throws IllegalArgumentException if negative
         */
        public Builder position(long position) {
            this.position = notNegative("position", position);
            return this;
        }

        /**
         * Sets how many steps were played (see {@link Verdict#stepReached()}).
         *
         * @param steps 0 or more; 0 unless set
         * @return this builder
         * @throws IllegalArgumentException if negative
         */
        public Builder stepReached(int steps) {
            this.stepReached = (int) notNegative("stepReached", steps);
            return this;
        }

        /**
         * Sets the route's length.
         *
         * @param steps 0 or more; 0 (the file could not be read) unless set
         * @return this builder
         * @throws IllegalArgumentException if negative
         */
        public Builder stepCount(int steps) {
            this.stepCount = (int) notNegative("stepCount", steps);
            return this;
        }

        /**
         * Sets the hash the replay should have come to (see {@link Verdict#expectedHash()}).
         *
         * @param hash the hash
         * @return this builder
         */
        public Builder expectedHash(long hash) {
            return expectedHash(OptionalLong.of(hash));
        }

        /**
         * Sets the hash the replay should have come to, or none.
         *
         * @param hash the hash, or empty if none was checked (unless set)
         * @return this builder
         */
        public Builder expectedHash(OptionalLong hash) {
            this.expectedHash = Objects.requireNonNull(hash, "expectedHash");
            return this;
        }

        /**
         * Sets the hash the replayed game had at the point the expected hash is about.
         *
         * @param hash the hash
         * @return this builder
         */
        public Builder actualHash(long hash) {
            return actualHash(OptionalLong.of(hash));
        }

        /**
         * Sets the hash the replayed game had, or none.
         *
         * @param hash the hash, or empty if none was checked (unless set)
         * @return this builder
         */
        public Builder actualHash(OptionalLong hash) {
            this.actualHash = Objects.requireNonNull(hash, "actualHash");
            return this;
        }

        /**
         * Sets the one line on why.
         *
         * @param reason the reason; empty unless set
         * @return this builder
         */
        public Builder reason(String reason) {
            this.reason = Objects.requireNonNull(reason, "reason");
            return this;
        }

        /**
         * Sets the wall-clock time spent on the replay.
         *
         * @param elapsed zero or more; zero unless set
         * @return this builder
         * @throws IllegalArgumentException if negative
         */
        public Builder elapsed(Duration elapsed) {
            Objects.requireNonNull(elapsed, "elapsed");
            if (elapsed.isNegative()) {
                throw new IllegalArgumentException("elapsed must not be negative, was " + elapsed);
            }
            this.elapsed = elapsed;
            return this;
        }

        /**
         * Sets the build whose rules played the replay (see {@link Verdict#playedBuild()}).
         *
         * @param build the build; empty (none named) unless set
         * @return this builder
         */
        public Builder playedBuild(String build) {
            this.playedBuild = Objects.requireNonNull(build, "playedBuild");
            return this;
        }

        /**
         * Sets the file name of the game jar that played the replay (see {@link Verdict#jar()}).
         *
         * @param jar the file name; empty (no jar) unless set
         * @return this builder
         */
        public Builder jar(String jar) {
            this.jar = Objects.requireNonNull(jar, "jar");
            return this;
        }

        /**
         * Sets whether the replay was upgraded before it was played (see {@link Verdict#upgraded()}).
         *
         * @param upgraded {@code false} unless set
         * @return this builder
         */
        public Builder upgraded(boolean upgraded) {
            this.upgraded = upgraded;
            return this;
        }

        /**
         * Builds the verdict.
         *
         * @return the verdict
         */
        public Verdict build() {
            return new Verdict(id, position, outcome, stepReached, stepCount, expectedHash, actualHash, reason,
                    elapsed, playedBuild, jar, upgraded);
        }

        private static long notNegative(String name, long value) {
            if (value < 0) {
                throw new IllegalArgumentException(name + " must not be negative, was " + value);
            }
            return value;
        }
    }
}
