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
package dev.reprise.shrink;

import dev.reprise.io.ReplayFile;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link ReplayShrink} came to: the smallest replay that still fails the same way (or, for a
 * desync, the replay cut after its first diverging hash window), how many steps it kept of how many, how
 * many tries it took, whether the budget stopped it early, and what its state hashes are.
 * {@link #summary()} says all of it in one line.
 *
 * <p>Immutable and thread-safe.
 */
public final class ShrunkReplay {

    /** What the shrink did. */
    public enum Status {
        /** The replay failed, and {@link #file()} is the smallest replay found that fails the same way. */
        SHRUNK,
        /**
         * The replay desynced: removing inputs changes every later state hash, so it was cut after the
         * first state-hash step that did not match, instead of shrunk.
         */
        CUT,
        /** The replay holds up (or does not fail the way asked for): there is nothing to shrink. */
        NOT_FAILING
    }

    /** What the state-hash steps of {@link #file()} carry. */
    public enum StateHashes {
        /** Hashes computed on this build for the replay's own states: they match when it is played. */
        FRESH,
        /** The replay has no state-hash steps: none was needed to fail the same way. */
        NONE,
        /** The hashes recorded in the original replay, kept so that it still desyncs ({@link Status#CUT}). */
        RECORDED
    }

    private final String id;
    private final Status status;
    @Nullable
    private final ReplayFile file;
    @Nullable
    private final ReplayFailure failure;
    private final int stepsBefore;
    private final int stepsAfter;
    private final int tries;
    private final Duration elapsed;
    @Nullable
    private final String stoppedEarly;
    private final StateHashes stateHashes;
    private final String note;
    @Nullable
    private final Path written;

    ShrunkReplay(String id, Status status, @Nullable ReplayFile file, @Nullable ReplayFailure failure,
                 int stepsBefore, int stepsAfter, int tries, Duration elapsed, @Nullable String stoppedEarly,
                 StateHashes stateHashes, String note, @Nullable Path written) {
        this.id = id;
        this.status = status;
        this.file = file;
        this.failure = failure;
        this.stepsBefore = stepsBefore;
        this.stepsAfter = stepsAfter;
        this.tries = tries;
        this.elapsed = elapsed;
        this.stoppedEarly = stoppedEarly;
        this.stateHashes = stateHashes;
        this.note = note;
        this.written = written;
    }

    /** @return this result, written to {@code target} */
    ShrunkReplay writtenTo(Path target) {
        return new ShrunkReplay(id, status, file, failure, stepsBefore, stepsAfter, tries, elapsed, stoppedEarly,
                stateHashes, note, Objects.requireNonNull(target, "target"));
    }

    /** @return what the shrink did */
    public Status status() {
        return status;
    }

    /** @return the id of the replay shrunk (its file name, or its source's id) */
    public String id() {
        return id;
    }

    /**
     * Returns the shrunk (or cut) replay: the input's game id, build, dictionary and metadata, with the
     * kept steps; a final state hash the verifier claims is recomputed for it.
     *
     * @return the replay; empty for {@link Status#NOT_FAILING}
     */
    public Optional<ReplayFile> file() {
        return Optional.ofNullable(file);
    }

    /**
     * Returns how {@link #file()} fails, as judged when it was confirmed: the same way as the replay shrunk,
     * at its own step indexes. For {@link Status#NOT_FAILING}, the replay's own failure when it fails, but
     * not the way {@link ReplayShrink#failingWhen} asks.
     *
     * @return the failure; empty if the replay holds up
     */
    public Optional<ReplayFailure> failure() {
        return Optional.ofNullable(failure);
    }

    /** @return the steps of the replay shrunk */
    public int stepsBefore() {
        return stepsBefore;
    }

    /** @return the steps of the shrunk replay; {@link #stepsBefore()} if nothing was shrunk */
    public int stepsAfter() {
        return stepsAfter;
    }

    /**
     * Returns how many smaller replays the search tried, at most {@link ReplayShrink#maxTries}. The replay
     * itself, judged twice before the search, and the passes that give the result fresh hashes and confirm
     * it are not counted.
     *
     * @return the tries, 0 if nothing was searched
     */
    public int tries() {
        return tries;
    }

    /** @return the wall-clock time the shrink took */
    public Duration elapsed() {
        return elapsed;
    }

    /**
     * Tells whether the try or time budget ended the search before the replay was 1-minimal: then
     * {@link #file()} is the smallest failing replay found so far, and it still fails the same way.
     *
     * @return {@code true} if the search stopped early
     */
    public boolean stoppedEarly() {
        return stoppedEarly != null;
    }

    /** @return what the state-hash steps of {@link #file()} carry */
    public StateHashes stateHashes() {
        return stateHashes;
    }

    /** @return where {@link ReplayShrink#to(Path)} wrote the replay; empty if nothing was written */
    public Optional<Path> written() {
        return Optional.ofNullable(written);
    }

    /**
     * Returns the result in one line, e.g. {@code "bug.reprise: 208 -> 4 steps, 57 tries, 0.4 s; state
     * hashes: none; fails as before: invariant "a perk is applied once" broke at step 3 ..."}.
     *
     * @return the summary
     */
    public String summary() {
        StringBuilder s = new StringBuilder(id).append(": ");
        if (status == Status.NOT_FAILING) {
            s.append(note).append("; nothing written");
            return s.toString();
        }
        s.append(status == Status.CUT ? "cut, " : "").append(stepsBefore).append(" -> ").append(stepsAfter)
                .append(" steps, ").append(tries).append(tries == 1 ? " try, " : " tries, ")
                .append(String.format(Locale.ROOT, "%.1f s", elapsed.toNanos() / 1e9))
                .append("; state hashes: ").append(stateHashes.name().toLowerCase(Locale.ROOT));
        if (stoppedEarly != null) {
            s.append("; stopped early: ").append(stoppedEarly).append(", so it may not be minimal");
        }
        if (!note.isEmpty()) {
            s.append("; ").append(note);
        }
        if (failure != null) {
            s.append("; fails as before: ").append(failure.headline());
        }
        if (written != null) {
            s.append("; written to ").append(written);
        }
        return s.toString();
    }

    /** @return {@link #summary()} */
    @Override
    public String toString() {
        return summary();
    }
}
