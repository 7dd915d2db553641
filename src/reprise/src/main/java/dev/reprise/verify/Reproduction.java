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

import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * Whether one replay reproduces on the installed build, as the compatibility report
 * ({@link BuildCompatibility}) tells it: {@link Status#REPRODUCES}, {@link Status#DIVERGES} at a step,
 * {@link Status#FAILS} at a step or before playback, or {@link Status#UNREADABLE}; with the verdict it comes
 * from, the build that recorded the replay and whether a declared upgrade was applied to it.
 *
 * <p>Immutable and thread-safe.
 */
public final class Reproduction {

    /** What came of playing a replay on the installed build. */
    public enum Status {
        /** It played to its end and every check passed: the outcome {@link Outcome#VALID}. */
        REPRODUCES,
        /**
         * A state hash differs from the recorded one: at a hash step inside the route ({@link Outcome#DESYNC})
         * or at the end ({@link Outcome#REJECTED} by the final hash). The installed build plays the replay
         * differently: a rule changed, or the replay was edited.
         */
        DIVERGES,
        /**
         * It could not be played through: a command failed, the budget ran out, the game refused the file
         * (codes it does not have, metadata it needs) or the final state.
         */
        FAILS,
        /** The file itself could not be read: missing, not a replay file, corrupt, over the caps. */
        UNREADABLE
    }

    private final Verdict verdict;
    private final Status status;
    private final Optional<String> recordedBuild;
    private final Optional<String> originBuild;
    private final boolean upgraded;
    private final Optional<String> command;
    private final int lastMatched;
    private final int refusedStep;

    private Reproduction(Verdict verdict, Status status, Optional<String> recordedBuild, Optional<String> originBuild,
                         boolean upgraded, Optional<String> command, int lastMatched, int refusedStep) {
        this.verdict = verdict;
        this.status = status;
        this.recordedBuild = recordedBuild;
        this.originBuild = originBuild;
        this.upgraded = upgraded;
        this.command = command;
        this.lastMatched = lastMatched;
        this.refusedStep = refusedStep;
    }

    /** Classifies a verdict with what its verification learnt (nothing known if {@code inspection} is null). */
    static Reproduction of(Verdict verdict, @Nullable Inspection inspection) {
        Inspection known = inspection != null ? inspection
                : new Inspection(false, Optional.empty(), Optional.empty(), false, Optional.empty(), -1, -1);
        Status status = switch (verdict.outcome()) {
            case VALID -> Status.REPRODUCES;
            case DESYNC -> Status.DIVERGES;
            case REJECTED -> verdict.expectedHash().isPresent() && verdict.actualHash().isPresent()
                    && verdict.expectedHash().getAsLong() != verdict.actualHash().getAsLong()
                    ? Status.DIVERGES : Status.FAILS;
            case INVALID_FILE -> known.unreadable() ? Status.UNREADABLE : Status.FAILS;
            case FAILED, TIMED_OUT, UNKNOWN_BUILD -> Status.FAILS;
        };
        return new Reproduction(verdict, status, known.recordedBuild(), known.originBuild(), known.upgraded(),
                known.command(), known.lastMatched(), known.refusedStep());
    }

    /**
     * Returns the id of the replay's source (its file name, for the tool).
     *
     * @return the verdict's id
     */
    public String id() {
        return verdict.id();
    }

    /**
     * Returns the replay's position among the sources checked.
     *
     * @return the verdict's position
     */
    public long position() {
        return verdict.position();
    }

    /**
     * Returns whether the replay reproduces and, if not, how it does not.
     *
     * @return the status
     */
    public Status status() {
        return status;
    }

    /**
     * Tells whether the replay reproduces.
     *
     * @return {@code true} only for {@link Status#REPRODUCES}
     */
    public boolean reproduces() {
        return status == Status.REPRODUCES;
    }

    /**
     * Returns the verdict the status comes from, with its outcome, hashes, reason and time.
     *
     * @return the verdict
     */
    public Verdict verdict() {
        return verdict;
    }

    /**
     * Returns the build that recorded the replay, as its file header names it.
     *
     * @return the build; empty if the file could not be read
     */
    public Optional<String> recordedBuild() {
        return recordedBuild;
    }

    /**
     * Returns the build that first recorded a replay whose file was upgraded before (by
     * {@code replay-tool upgrade}): the metadata {@value dev.reprise.io.ReplayUpgrade#ORIGIN_BUILD_KEY}, kept
     * through every upgrade, while {@link #recordedBuild()} is the build its header names now.
     *
     * @return the origin build; empty if the file was never upgraded or could not be read
     */
    public Optional<String> originBuild() {
        return originBuild;
    }

    /**
     * Tells whether a declared upgrade changed the replay's route before it was played (a step's code or
     * params): an upgraded replay that still diverges or fails does so because the rules really changed. A
     * replay whose steps the upgrade left as they were is not upgraded, though its header names the newer
     * build.
     *
     * @return {@code true} if an upgrade changed its route
     */
    public boolean upgraded() {
        return upgraded;
    }

    /**
     * Returns the step where the replay diverged or failed: the hash step that did not match, the failing
     * step, the route's length for a final state that differs or was refused, or the step the budget ran out
     * at; for a file the game refused for its codes, the first step using a code the game does not have as the
     * file names it.
     *
     * @return the 0-based step; empty if the replay reproduces, or was not played and no step was refused
     */
    public OptionalInt step() {
        if (verdict.outcome() == Outcome.INVALID_FILE && refusedStep >= 0) {
            return OptionalInt.of(refusedStep);
        }
        boolean played = verdict.stepCount() > 0 && switch (verdict.outcome()) {
            case DESYNC, FAILED, TIMED_OUT, REJECTED -> true;
            case VALID, INVALID_FILE, UNKNOWN_BUILD -> false;
        };
        return played ? OptionalInt.of(verdict.stepReached()) : OptionalInt.empty();
    }

    /**
     * Returns the name of the command at {@link #step()}, as the installed build names its code.
     *
     * @return the name, or e.g. {@code code 12} for a code without one; empty if there is no step or it is the
     *     end of the route
     */
    public Optional<String> command() {
        return command;
    }

    /**
     * Returns what came of the replay in one line, without its id: the status, then where and why, then the
     * build that recorded it, e.g.
     * {@code DIVERGES at step 40 (hash): recorded state hash 00c0ffee00c0ffee, replayed 0000000000000bad;
     * diverged in steps 31..39 [build 1]}.
     *
     * @return the line
     */
    public String describe() {
        StringBuilder line = new StringBuilder(status.name());
        OptionalInt step = step();
        switch (status) {
            case REPRODUCES -> { }
            case DIVERGES -> {
                if (verdict.outcome() == Outcome.DESYNC) {
                    line.append(" at step ").append(String.format(Locale.ROOT, "%,d", verdict.stepReached()));
                    command.ifPresent(name -> line.append(" (").append(name).append(')'));
                    line.append(": recorded state hash ").append(hash(verdict.expectedHash()))
                            .append(", replayed ").append(hash(verdict.actualHash()));
                    int from = lastMatched + 1;
                    int to = verdict.stepReached() - 1;
                    if (from <= to) {
                        line.append("; diverged in steps ").append(String.format(Locale.ROOT, "%,d..%,d", from, to));
                    }
                } else {
                    line.append(" at the end (step ").append(String.format(Locale.ROOT, "%,d", verdict.stepReached()))
                            .append("): final state hash ").append(hash(verdict.actualHash()))
                            .append(", the file claims ").append(hash(verdict.expectedHash()));
                }
            }
            case FAILS -> {
                if (step.isPresent()) {
                    line.append(" at step ").append(String.format(Locale.ROOT, "%,d", step.getAsInt()));
                    command.ifPresent(name -> line.append(" (").append(name).append(')'));
                }
                line.append(": ").append(verdict.outcome()).append(", ").append(verdict.reason());
            }
            case UNREADABLE -> line.append(": ").append(verdict.reason());
        }
        recordedBuild.ifPresent(build -> {
            line.append(" [build ").append(label(build));
            originBuild.filter(origin -> !origin.equals(build))
                    .ifPresent(origin -> line.append(", recorded by build ").append(label(origin)));
            line.append(upgraded ? ", upgraded]" : "]");
        });
        return line.toString();
    }

    private static String label(String build) {
        return build.isEmpty() ? "\"\"" : build;
    }

    private static String hash(OptionalLong hash) {
        return hash.isPresent() ? HexFormat.of().toHexDigits(hash.getAsLong()) : "none";
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other == this || other instanceof Reproduction that && verdict.equals(that.verdict)
                && status == that.status && recordedBuild.equals(that.recordedBuild)
                && originBuild.equals(that.originBuild) && upgraded == that.upgraded
                && command.equals(that.command) && lastMatched == that.lastMatched && refusedStep == that.refusedStep;
    }

    @Override
    public int hashCode() {
        return Objects.hash(verdict, status, recordedBuild, originBuild, upgraded, command, lastMatched, refusedStep);
    }

    /**
     * Returns the id and {@link #describe()}, for logs and test failures.
     *
     * @return e.g. {@code a.reprise: REPRODUCES [build 2]}
     */
    @Override
    public String toString() {
        return id() + ": " + describe();
    }
}
