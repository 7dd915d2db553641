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

import dev.reprise.internal.Require;
import dev.reprise.io.ReplayFile;
import java.time.Duration;
import java.util.Objects;
import reactor.core.publisher.Mono;

/**
 * Plays one route on two games side by side and tells where their states part: after which step, with
 * which command and params, and which fields differ ({@link LockstepResult}). The two games may be two
 * builds of a game (each from its own class loader, see {@link GameBuilds}), two fresh games of one build
 * (state shared between games, such as a static random generator, makes them part) or one game against one
 * restored from its own snapshots ({@link Side#restoringSnapshots()}).
 *
 * <p>The states are compared after every step: an active step once its command's result is in, a passive
 * step once its recorded answer was applied. They are compared by {@link VerifiableGame#stateHash()} when
 * both games have one, else by {@link VerifiableGame#describeState()}; at the first difference both states
 * are described and compared field by field (for hashes, by playing both games again up to that step). The
 * route's own state-hash steps are not checked: the comparison checks more.
 *
 * <p>Reactive and bounded: the two playbacks are Fluxes paired step by step with backpressure, so neither
 * game runs more than a step ahead of the other, and nothing is kept per step. The comparison runs on a
 * worker of {@link reactor.core.scheduler.Schedulers#boundedElastic()} (or on the games' own
 * {@code runOn} schedulers), under a timeout that starts before either game is built, and within a step
 * budget. A side whose game fails ends the comparison with that side named.
 *
 * <p>Immutable and thread-safe: one comparison may run many pairs at once.
 */
public final class Lockstep {

    /** How many differing fields a result lists by default. */
    public static final int DEFAULT_MAX_DIFFERENCES = 20;

    private final Duration timeout;
    private final long maxSteps;
    private final int maxDifferences;

    private Lockstep(Builder builder) {
        this.timeout = builder.timeout;
        this.maxSteps = builder.maxSteps;
        this.maxDifferences = builder.maxDifferences;
    }

    /**
     * Returns a builder, preset with the verifier's recommended timeout and step budget and
     * {@value #DEFAULT_MAX_DIFFERENCES} differences.
     *
     * @return a new builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Plays a route on two games in step and compares their states after every step.
     *
     * @param left  the left side: its game and the route it plays
     * @param right the right side
     * @return a cold Mono of the result; each subscription builds both games afresh. It never signals an
     *     error for a game's failure (that is {@link LockstepResult.Status#FAILS}); cancelling it stops both
     *     playbacks
     */
    public Mono<LockstepResult> compare(Side left, Side right) {
        Objects.requireNonNull(left, "left");
        Objects.requireNonNull(right, "right");
        return new LockstepRun(left, right, timeout, maxSteps, maxDifferences).run();
    }

    /**
     * Checks that one build plays a route the same way every time, by one of its {@link Check}s.
     *
     * @param check the check
     * @param file  the replay, upgraded already if the game needs it
     * @param games builds the game (called for each game the check needs)
     * @return a cold Mono of the result, as {@link #compare} gives it; {@link LockstepResult.Status#SKIPPED} for
     *     the snapshot check of a game without snapshots
     */
    public Mono<LockstepResult> check(Check check, ReplayFile file, GameFactory games) {
        Objects.requireNonNull(check, "check");
        return switch (check) {
            case GAMES -> compare(Side.of("first game", file, games), Side.of("second game", file, games));
            case SNAPSHOT -> {
                Side played = Side.of("game", file, games);
                yield compare(played, played.restoringSnapshots());
            }
        };
    }

    /** The ways one build can play a route differently from itself, each checked by {@link #check}. */
    public enum Check {
        /**
         * Two fresh games, built one after the other by the same factory (so in one class loader), side by
         * side: state shared between games, such as a static random generator or cache, makes them part.
         */
        GAMES("games"),
        /**
         * A game restored from its own snapshots at each checkpoint, as into a fresh game, side by side with one
         * never restored: a snapshot that forgets a field makes them part, as {@code seek} would show it.
         */
        SNAPSHOT("snapshot");

        private final String label;

        Check(String label) {
            this.label = label;
        }

        /** @return the check's name in reports: {@code games} or {@code snapshot} */
        public String label() {
            return label;
        }
    }

    /** @return the timeout of one comparison */
    public Duration timeout() {
        return timeout;
    }

    /** @return the most steps one comparison plays */
    public long maxSteps() {
        return maxSteps;
    }

    /** @return how many differing fields a result lists at most */
    public int maxDifferences() {
        return maxDifferences;
    }

    @Override
    public String toString() {
        return "Lockstep[timeout=" + timeout + ", maxSteps=" + maxSteps + ", maxDifferences=" + maxDifferences + "]";
    }

    /**
     * One side of a comparison: a name for messages (e.g. {@code build 2}), the route it plays and how its
     * game is built. Immutable.
     */
    public static final class Side {

        private final String name;
        private final ReplayFile file;
        private final GameFactory games;
        private final boolean restoring;

        private Side(String name, ReplayFile file, GameFactory games, boolean restoring) {
            this.name = name;
            this.file = file;
            this.games = games;
            this.restoring = restoring;
        }

        /**
         * Returns a side that builds its game with {@code games} and plays {@code file}'s route on it.
         *
         * @param name  what the side is called in results, e.g. {@code build 1}
         * @param file  the replay, upgraded already if this side's game needs it ({@link ReplayVerifier#upgrade})
         * @param games builds the side's game from the file (called once per game it needs)
         * @return the side
         */
        public static Side of(String name, ReplayFile file, GameFactory games) {
            return new Side(Objects.requireNonNull(name, "name"), Objects.requireNonNull(file, "file"),
                    Objects.requireNonNull(games, "games"), false);
        }

        /**
         * Returns this side with its game restored from its own snapshots: at each checkpoint its sandbox
         * takes, the snapshot is restored into the game reset to its start, as into a fresh game. Compared
         * with a side that never restores, it finds a snapshot that forgets a field. A game whose sandbox has
         * no {@link dev.reprise.playback.SnapshotProvider} makes the comparison
         * {@link LockstepResult.Status#SKIPPED}.
         *
         * @return a new side
         */
        public Side restoringSnapshots() {
            return new Side(name + " (restored from its snapshots)", file, games, true);
        }

        /** @return the side's name */
        public String name() {
            return name;
        }

        /** @return the replay it plays */
        public ReplayFile file() {
            return file;
        }

        GameFactory games() {
            return games;
        }

        boolean restoring() {
            return restoring;
        }

        @Override
        public String toString() {
            return "Lockstep.Side[" + name + "]";
        }
    }

    /** Builds a {@link Lockstep}, checking each option as it is set. */
    public static final class Builder {

        private Duration timeout = ReplayVerifier.RECOMMENDED_TIMEOUT;
        private long maxSteps = ReplayVerifier.RECOMMENDED_MAX_STEPS;
        private int maxDifferences = DEFAULT_MAX_DIFFERENCES;

        private Builder() {
        }

        /**
         * Sets the most one comparison may take, from before either game is built to the result.
         *
         * @param timeout positive
         * @return this builder
         * @throws IllegalArgumentException if it is zero or negative
         */
        public Builder timeout(Duration timeout) {
            this.timeout = Require.positive(timeout, "timeout");
            return this;
        }

        /**
         * Sets the most steps one comparison plays; a longer route is compared that far and then
         * {@link LockstepResult.Status#FAILS}.
         *
         * @param maxSteps at least 1
         * @return this builder
         * @throws IllegalArgumentException if it is below 1
         */
        public Builder maxSteps(long maxSteps) {
            Require.atLeastOne(maxSteps, "maxSteps");
            this.maxSteps = maxSteps;
            return this;
        }

        /**
         * Sets how many differing fields a result lists; the others are counted.
         *
         * @param maxDifferences at least 1
         * @return this builder
         * @throws IllegalArgumentException if it is below 1
         */
        public Builder maxDifferences(int maxDifferences) {
            Require.atLeastOne(maxDifferences, "maxDifferences");
            this.maxDifferences = maxDifferences;
            return this;
        }

        /** @return the comparison */
        public Lockstep build() {
            return new Lockstep(this);
        }
    }
}
