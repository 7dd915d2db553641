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

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where two runs of one route part, as {@link Lockstep} tells it: the same all along, parted after a step
 * (which step, and the fields that differ), failed on one side, or skipped. Immutable.
 *
 * @param status          what the comparison found
 * @param stepsAlike      how many steps were compared and alike before the end or the parting step
 * @param step            for {@link Status#PARTS}, the 0-based route index of the first step after which
 *                        the states differ; for {@link Status#FAILS}, the step the failing side reached, when
 *                        known; else -1
 * @param command         the name of that step's command (or {@code code N} when the dictionary has none);
 *                        empty when there is no step
 * @param params          that step's params; empty when there is none
 * @param differences     for {@link Status#PARTS}, the first differing fields (at most the comparison's limit)
 * @param differenceCount for {@link Status#PARTS}, how many fields differ in all (at least the size of
 *                        {@code differences}); else 0
 * @param side            for {@link Status#FAILS}, the name of the side that failed (empty when it is not one
 *                        side's fault, such as the timeout)
 * @param reason          one line: what was compared, why it failed or why it was skipped
 */
public record LockstepResult(Status status, int stepsAlike, int step, Optional<String> command, List<Object> params,
                             List<FieldDifference> differences, long differenceCount, Optional<String> side,
                             String reason) {

    /** What a lockstep comparison found. */
    public enum Status {
        /** Every step left both games in the same state. */
        SAME,
        /** The states differ after {@link LockstepResult#step()}. */
        PARTS,
        /** A side could not be played or compared (its game failed, or the timeout or step budget ran out). */
        FAILS,
        /** Nothing was compared, for the reason given (such as a game without snapshots to restore). */
        SKIPPED
    }

    /**
     * Checks and copies the values.
     *
     * @throws NullPointerException if a value is null
     */
    public LockstepResult {
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(command, "command");
        params = List.copyOf(params);
        differences = List.copyOf(differences);
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(reason, "reason");
    }

    static LockstepResult same(int steps, String reason) {
        return new LockstepResult(Status.SAME, steps, -1, Optional.empty(), List.of(), List.of(), 0, Optional.empty(),
                reason);
    }

    static LockstepResult skipped(String reason) {
        return new LockstepResult(Status.SKIPPED, 0, -1, Optional.empty(), List.of(), List.of(), 0, Optional.empty(),
                reason);
    }

    static LockstepResult fails(int stepsAlike, int step, Optional<String> side, String reason) {
        return new LockstepResult(Status.FAILS, stepsAlike, step, Optional.empty(), List.of(), List.of(), 0, side,
                reason);
    }

    /**
     * Returns the result as one line, as the replay tool prints it: e.g. {@code PARTS at step 9 (sell, [2, 1])
     * after 9 steps alike: gold 52 ≠ 44}.
     *
     * @return the line
     */
    public String line() {
        return switch (status) {
            case SAME -> "SAME (" + reason + ")";
            case SKIPPED -> "SKIPPED (" + reason + ")";
            case FAILS -> "FAILS " + side.map(s -> "on " + s + ": ").orElse("") + reason;
            case PARTS -> {
                StringBuilder out = new StringBuilder("PARTS at step ").append(step).append(" (")
                        .append(command.orElse("?")).append(", ").append(params).append(") after ").append(stepsAlike)
                        .append(stepsAlike == 1 ? " step" : " steps").append(" alike: ");
                for (int i = 0; i < differences.size(); i++) {
                    out.append(i == 0 ? "" : "; ").append(differences.get(i).line());
                }
                if (differenceCount > differences.size()) {
                    out.append("; and ").append(differenceCount - differences.size()).append(" more fields");
                }
                yield out.toString();
            }
        };
    }
}
