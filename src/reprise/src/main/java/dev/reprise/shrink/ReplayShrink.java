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

import dev.reprise.diagnostic.ReplayException;
import dev.reprise.internal.Require;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplaySave;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.VerifiableGame;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Shrinks a failing replay to a 1-minimal one that still fails the same way — the regression test a
 * bug report deserves: it fails on the build that has the bug and, being short, still fits the game
 * once the bug is fixed. Started from the check that found the failure ({@link ReplayCheck#shrink()}) or
 * from a verifier ({@link #of(ReplaySource, ReplayVerifier)}, as {@code replay-tool shrink} does), then:
 *
 * <pre>{@code
 * ShrunkReplay shrunk = ReplayCheck.of(Path.of("bug-report.reprise"), Dungeon::buggy)
 *         .ignoringStateHashes()
 *         .invariant("a perk is applied once", Dungeon::perksAppliedOnce)
 *         .shrink()
 *         .to(Path.of("src/test/replays/perk-twice.reprise"));
 * }</pre>
 *
 * <p><b>The same way</b> means the same check fails: the same invariant, the final-state check, the same
 * failing command (code and name) with the same exception class — not any failure: a smaller replay that
 * fails another way (an answer whose chest is gone, a door without its key) is not kept.
 * {@link ReplayFailure#sameWayAs} says it exactly; {@link #failingWhen} replaces it with any predicate.
 *
 * <p><b>How.</b> The replay is judged once as the check says. Then, with every state-hash step played
 * unchecked (a hash describes the states of the replay it was recorded in; removing an input changes
 * every later one), the search tries smaller replays, each judged by the check and kept if it fails the
 * same way. Groups stay whole: an active step and its passive steps are removed or kept together.
 * <ol>
 *   <li>the shortest failing prefix, by bisection over group boundaries, starting from where the failure
 *       showed;</li>
 *   <li>without any state-hash step, all at once;</li>
 *   <li>ddmin (Zeller's delta debugging) over the groups left, down to a 1-minimal replay: removing any
 *       single group left makes the check pass (or fail another way).</li>
 * </ol>
 * When the game's sandbox config has a {@link dev.reprise.playback.SnapshotProvider} (the one it seeks
 * with), the tries share checkpoints: a try restores the last one before its first change and replays
 * only from there. A try that fails another way because one of its commands failed (a strict game
 * refusing an input the removal made impossible) is tried again without that command's group, and so on.
 * The result's state-hash steps get the hashes this build computes for its own states
 * ({@link ShrunkReplay.StateHashes#FRESH}), or there are none left ({@code NONE}); it claims no final state
 * hash unless {@link #finalStateHash} asks, and is marked {@link ReplayVerifier#TEST_CASE_KEY}. The replay
 * itself is judged twice before the search, and the result twice before it is returned (its fresh hashes
 * checked, unless the check ignores them): each must fail the same way both times, or the game or its check
 * is not deterministic.
 *
 * <p><b>Bounded</b>: every play runs the game on a daemon thread under the check's timeout; a play past it
 * is {@code TIMED_OUT} and its thread is left behind, never waited for.
 *
 * <p>A replay that <b>desyncs</b> cannot be shrunk by removing inputs: it is cut after the first
 * state-hash step that does not match ({@link ShrunkReplay.Status#CUT}). A replay that holds up gives
 * {@link ShrunkReplay.Status#NOT_FAILING}, and nothing is written.
 *
 * <p><b>Deterministic</b>: the same replay, check and game give the same tries and the same bytes.
 * <b>Budget</b>: the search stops after {@link #maxTries} tries or {@link #timeBudget} and returns the
 * smallest failing replay found so far, saying it stopped early. A shrink that runs long writes a
 * progress line every second.
 *
 * <p>Runs on the calling thread (a test's, or the tool's), playing one replay at a time as the check
 * does. A mutable builder: not thread-safe, each option checked at once.
 */
public final class ReplayShrink {

    /** The time budget unless {@link #timeBudget} sets another: 10 minutes. */
    public static final Duration DEFAULT_TIME_BUDGET = Duration.ofMinutes(10);

    /** How long a shrink runs before it writes progress lines, unless {@link #progress} says otherwise: 2 s. */
    public static final Duration DEFAULT_PROGRESS_AFTER = Duration.ofSeconds(2);

    private final ReplaySource source;
    private final Judging<?> judging;
    @Nullable
    private final String finalHashKey;
    @Nullable
    private String writeFinalHash;
    private int maxTries = Integer.MAX_VALUE;
    private Duration timeBudget = DEFAULT_TIME_BUDGET;
    private Duration progressAfter = DEFAULT_PROGRESS_AFTER;
    private Consumer<? super String> progress = System.err::println;
    @Nullable
    private Predicate<? super ReplayFailure> failingWhen;
    private boolean repairing = true;

    ReplayShrink(ReplaySource source, Judging<?> judging, @Nullable String finalHashKey) {
        this.source = Objects.requireNonNull(source, "source");
        this.judging = judging;
        this.finalHashKey = finalHashKey;
    }

    /**
     * Starts shrinking a replay judged as {@code verifier} judges it: a command that fails, the game's
     * acceptance check refusing the final state, a desync (cut instead), a replay over the timeout. Each try
     * is bounded as a verification is, by the verifier's {@linkplain ReplayVerifier#timeout() timeout}
     * ({@link ReplayCheck#DEFAULT_TIMEOUT} if it sets none). The final state hash the file claims is a
     * recorded hash: ignored while searching, recomputed for the result.
     *
     * @param replay   the replay
     * @param verifier builds each replay's game ({@link ReplayVerifier#games()}) and judges its end
     * @return the shrink, to configure and run
     */
    public static ReplayShrink of(ReplaySource replay, ReplayVerifier verifier) {
        return new ReplayShrink(replay, judging(verifier), verifier.finalHashKey().orElse(null));
    }

    /**
     * Judging as a verifier judges: its games, its invariants, its acceptance check as the final-state check,
     * hashes checked, each replay bounded by its timeout.
     */
    static Judging<VerifiableGame> judging(ReplayVerifier verifier) {
        Objects.requireNonNull(verifier, "verifier");
        Consumer<VerifiableGame> accepted = verifier.accept().<Consumer<VerifiableGame>>map(accept -> game -> {
            if (!accept.test(game)) {
                throw new AssertionError("the game's acceptance check refused the final state");
            }
        }).orElse(null);
        List<ReplayCheck.Invariant<VerifiableGame>> invariants = verifier.invariants().stream()
                .map(invariant -> new ReplayCheck.Invariant<VerifiableGame>(invariant.name(), invariant.holds()))
                .toList();
        return new Judging<>(verifier.games()::create, invariants, accepted, String::valueOf, false,
                verifier.timeout().orElse(ReplayCheck.DEFAULT_TIMEOUT));
    }

    /**
     * Starts shrinking a replay file judged as {@code verifier} judges it; see
     * {@link #of(ReplaySource, ReplayVerifier)}.
     *
     * @param file     the replay file
     * @param verifier builds each replay's game and judges its end
     * @return the shrink, to configure and run
     */
    public static ReplayShrink of(Path file, ReplayVerifier verifier) {
        Path name = Objects.requireNonNull(file, "file").getFileName();
        return of(ReplaySource.of(name == null ? file.toString() : name.toString(), file), verifier);
    }

    /**
     * Sets the most replays the search may try; past it, the smallest failing replay found so far is the
     * result, marked {@linkplain ShrunkReplay#stoppedEarly() stopped early}. No limit by default.
     *
     * @param tries at least 1 (the replay itself is always judged, and not counted: {@link ShrunkReplay#tries()}
     *              is at most this)
     * @return this shrink
     * @throws IllegalArgumentException if below 1
     */
    public ReplayShrink maxTries(int tries) {
        Require.atLeastOne(tries, "maxTries");
        this.maxTries = tries;
        return this;
    }

    /**
     * Sets the longest the search may run, from the start of {@link #run()}; past it, the smallest failing
     * replay found so far is the result, marked stopped early. A try under way is finished first, and the
     * passes that confirm the result come after it. {@link #DEFAULT_TIME_BUDGET} by default.
     *
     * @param budget positive
     * @return this shrink
     * @throws IllegalArgumentException if zero or negative
     */
    public ReplayShrink timeBudget(Duration budget) {
        this.timeBudget = Require.positive(budget, "timeBudget");
        return this;
    }

    /**
     * Sets where progress lines go once the shrink has run for {@code after}: one a second, e.g.
     * {@code "shrinking bug.reprise: 208 -> 57 steps after 140 tries (3.1 s)"}. By default standard error,
     * after {@link #DEFAULT_PROGRESS_AFTER}.
     *
     * @param after how long the shrink runs before the first line; zero for a line every second from the start
     * @param lines takes each line, on the shrinking thread
     * @return this shrink
     * @throws IllegalArgumentException if {@code after} is negative
     */
    public ReplayShrink progress(Duration after, Consumer<? super String> lines) {
        Objects.requireNonNull(after, "after");
        if (after.isNegative()) {
            throw new IllegalArgumentException("progress after must not be negative, was " + after);
        }
        this.progressAfter = after;
        this.progress = Objects.requireNonNull(lines, "lines");
        return this;
    }

    /**
     * Keeps a smaller replay when its failure satisfies {@code failure}, instead of when it fails the same
     * way as the replay itself ({@link ReplayFailure#sameWayAs}). The replay itself must satisfy it, or
     * there is nothing to shrink. A desync is cut, whatever the predicate.
     *
     * @param failure tells the failures to keep, e.g. {@code f -> f.kind() == ReplayFailure.Kind.FAILED
     *                && f.code().equals(OptionalInt.of(PERK))}
     * @return this shrink
     */
    public ReplayShrink failingWhen(Predicate<? super ReplayFailure> failure) {
        this.failingWhen = Objects.requireNonNull(failure, "failure");
        return this;
    }

    /**
     * Writes the final state hash of the result (as this build computes it, where the shrunk route ends)
     * into its metadata under {@code key}, for a game whose verifier claims one and a case meant to pass
     * {@code verify} on this same build. By default the result carries none: its check judges it, and on the
     * fixed build a hash of the build with the bug would be stale. The result is always marked
     * {@link ReplayVerifier#TEST_CASE_KEY}, so that a verifier judges it without a hash.
     *
     * @param key the metadata key, e.g. the verifier's {@link ReplayVerifier#finalHashKey()}
     * @return this shrink
     * @throws IllegalArgumentException if the key is empty
     */
    public ReplayShrink finalStateHash(String key) {
        Objects.requireNonNull(key, "key");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("the final state hash's key must not be empty");
        }
        this.writeFinalHash = key;
        return this;
    }

    /**
     * Turns the repair of impossible inputs off or on (on by default): the baseline of the benchmark that
     * measures it.
     *
     * @param repair whether a try whose command failed another way is tried again without it
     * @return this shrink
     */
    ReplayShrink repairing(boolean repair) {
        this.repairing = repair;
        return this;
    }

    /**
     * Shrinks the replay. Blocks the calling thread until done (or the budget is spent).
     *
     * @return the result; its {@link ShrunkReplay#file()} is not written anywhere
     * @throws IllegalArgumentException if the replay cannot be read, or is not a replay of the game
     * @throws IllegalStateException    if the shrunk replay, played again with its fresh state hashes,
     *                                  does not fail the same way (a game whose play or state hash is not
     *                                  deterministic)
     */
    public ShrunkReplay run() {
        return run(judging);
    }

    /**
     * Shrinks the replay and, if it fails, writes the result to {@code target} (atomically, replacing a
     * file there; missing folders are created). A replay that holds up writes nothing.
     *
     * @param target where the shrunk replay goes
     * @return the result, {@link ShrunkReplay#written()} saying where it went
     * @throws IOException if the file cannot be written
     * @throws IllegalArgumentException if the replay cannot be read, or is not a replay of the game
     * @throws IllegalStateException    as {@link #run()} does
     */
    public ShrunkReplay to(Path target) throws IOException {
        Objects.requireNonNull(target, "target");
        ShrunkReplay result = run();
        ReplayFile file = result.file().orElse(null);
        if (file == null) {
            return result;
        }
        Path folder = target.toAbsolutePath().getParent();
        if (folder != null) {
            Files.createDirectories(folder);
        }
        file.write(target);
        return result.writtenTo(target);
    }

    private <G extends VerifiableGame> ShrunkReplay run(Judging<G> judging) {
        String id = source.id();
        ShrinkBudget budget = new ShrinkBudget(id, maxTries, timeBudget, progressAfter, progress, System::nanoTime);
        ReplayFile file;
        try {
            file = JudgedReplay.read(source);
        } catch (ReplayException | IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("cannot shrink " + id + ": " + JudgedReplay.describe(e), e);
        }
        int before = file.save().length();
        try (ShrinkTrials<G> trials = new ShrinkTrials<>(id, file, judging)) {
            budget.progress(before, before);
            trials.whileWaiting(budget::progress);
            return run(id, file, trials, budget);
        }
    }

    private <G extends VerifiableGame> ShrunkReplay run(String id, ReplayFile file, ShrinkTrials<G> trials,
                                                        ShrinkBudget budget) {
        int before = file.save().length();
        JudgedReplay.Failure own = trials.judgeReplay();
        if (own == null) {
            return notFailing(id, null, before, budget, "holds up: nothing to shrink");
        }
        ReplayFailure failure = own.what();
        if (failure.kind() == ReplayFailure.Kind.INVALID_FILE) {
            throw new IllegalArgumentException("cannot shrink " + id + ": " + own.message());
        }
        JudgedReplay.Failure again = trials.judgeReplay();
        if (again == null || !failure.sameWayAs(again.what())) {
            throw new IllegalStateException("cannot shrink " + id + ": judged twice, it " + failure.headline()
                    + ", then " + (again == null ? "held up" : "failed another way: " + again.what().headline())
                    + ". The game or its check is not deterministic, so no smaller replay can be trusted to fail "
                    + "the same way.");
        }
        RouteGroups groups = trials.groups();
        if (failure.kind() == ReplayFailure.Kind.DESYNC) {
            return cut(id, trials, groups, file, failure, budget);
        }
        Predicate<? super ReplayFailure> keep = failingWhen != null ? failingWhen : failure::sameWayAs;
        if (!keep.test(failure)) {
            return notFailing(id, failure, before, budget, "fails, but not as failingWhen asks (" + failure.headline()
                    + "): nothing to shrink");
        }
        Search search = new Search(trials, groups, keep, budget, before, repairing);
        DeltaDebugging dd = new DeltaDebugging(groups.groups(), search, budget);
        try {
            dd.shortestPrefix(groups.groupsCovering(reached(failure, before)));
            dd.removeAll(groups::isHash);
            dd.ddmin();
        } catch (ShrinkBudget.Spent e) {
            // The smallest failing replay so far is the result.
        }
        int[] kept = dd.current();
        ReplaySave plain = groups.save(kept);
        ShrinkTrials.Hashes fresh = trials.hashes(plain);
        boolean hashSteps = false;
        for (int g : kept) {
            hashSteps |= groups.isHash(g);
        }
        ReplaySave save = hashSteps ? groups.save(kept, fresh.steps()) : plain;
        ReplayFile shrunk = trials.file(save, metadata(file, fresh.finalState(), "shrunk"));
        ReplayFailure confirmed = confirm(id, trials, shrunk, keep);
        return new ShrunkReplay(id, ShrunkReplay.Status.SHRUNK, shrunk, confirmed, before, save.length(),
                budget.tries(), budget.elapsed(), budget.spent(),
                hashSteps ? ShrunkReplay.StateHashes.FRESH : ShrunkReplay.StateHashes.NONE, "", null);
    }

    /** A desync: the route cut after the group of the hash step that did not match. */
    private <G extends VerifiableGame> ShrunkReplay cut(String id, ShrinkTrials<G> trials, RouteGroups groups,
                                                         ReplayFile file, ReplayFailure failure, ShrinkBudget budget) {
        int hashStep = failure.stepIndex().orElse(file.save().length() - 1);
        ReplaySave save = groups.save(RouteGroups.first(groups.groupsCovering(hashStep + 1)));
        ReplayFile cut = trials.file(save, metadata(file, trials.hashes(save).finalState(), "cut"));
        ReplayFailure confirmed = confirm(id, trials, cut, failure::sameWayAs);
        return new ShrunkReplay(id, ShrunkReplay.Status.CUT, cut, confirmed, file.save().length(), save.length(),
                budget.tries(), budget.elapsed(), null, ShrunkReplay.StateHashes.RECORDED,
                "a desync cannot be shrunk by removing inputs (every removal changes the later state hashes): cut "
                        + "after the first diverging hash window, at hash step " + hashStep, null);
    }

    /** Judges the result twice as the check says: it must fail as asked both times, or it is not written. */
    private static <G extends VerifiableGame> ReplayFailure confirm(String id, ShrinkTrials<G> trials, ReplayFile file,
                                                                     Predicate<? super ReplayFailure> keep) {
        ReplayFailure confirmed = null;
        for (int time = 1; time <= 2; time++) {
            JudgedReplay.Failure again = trials.judge(file);
            if (again == null || !keep.test(again.what())) {
                throw new IllegalStateException("the replay shrunk from " + id + ", played again as the check says ("
                        + (time == 1 ? "once" : "twice") + "), " + (again == null ? "holds up"
                        : "fails another way: " + again.what().headline()) + ". The game or its check is not "
                        + "deterministic (or its state hash is not).");
            }
            confirmed = again.what();
        }
        return Objects.requireNonNull(confirmed);
    }

    /** The replay's metadata, with the final state hash a verifier claims recomputed for the new route. */
    private Map<String, String> metadata(ReplayFile file, OptionalLong finalState, String how) {
        Map<String, String> metadata = new LinkedHashMap<>(file.metadata());
        if (finalHashKey != null) {
            metadata.remove(finalHashKey);
        }
        metadata.put(ReplayVerifier.TEST_CASE_KEY, how);
        if (writeFinalHash != null && finalState.isPresent()) {
            metadata.put(writeFinalHash, HexFormat.of().toHexDigits(finalState.getAsLong()));
        }
        return metadata;
    }

    private static ShrunkReplay notFailing(String id, @Nullable ReplayFailure failure, int steps, ShrinkBudget budget,
                                           String why) {
        return new ShrunkReplay(id, ShrunkReplay.Status.NOT_FAILING, null, failure, steps, steps, budget.tries(),
                budget.elapsed(), null, ShrunkReplay.StateHashes.NONE, why, null);
    }

    /**
     * How many steps must be played for the failure to show: up to the step it names, the whole route
     * for a check of the end; none for the start.
     */
    private static int reached(ReplayFailure failure, int steps) {
        return switch (failure.kind()) {
            case FINAL_STATE, TIMED_OUT -> steps;
            default -> failure.stepIndex().isPresent() ? failure.stepIndex().getAsInt() + 1
                    : failure.kind() == ReplayFailure.Kind.FAILED ? steps : 0;
        };
    }

    /** The search's oracle: a selection of groups played, its failure compared. */
    private static final class Search implements DeltaDebugging.Oracle {

        private final ShrinkTrials<?> trials;
        private final RouteGroups groups;
        private final Predicate<? super ReplayFailure> keep;
        private final ShrinkBudget budget;
        private final int before;
        private final boolean repairing;
        private int[] current;

        Search(ShrinkTrials<?> trials, RouteGroups groups, Predicate<? super ReplayFailure> keep,
               ShrinkBudget budget, int before, boolean repairing) {
            this.trials = trials;
            this.groups = groups;
            this.keep = keep;
            this.budget = budget;
            this.before = before;
            this.repairing = repairing;
            this.current = RouteGroups.first(groups.groups());
        }

        /**
         * Plays the selection; if a command in it failed another way (a strict game refusing an input made
         * impossible by what was removed), plays it again without that command's group, and so on, each a
         * try: every repair removes a group, so it ends, at the latest when the budget is spent.
         */
        @Override
        public int @Nullable [] fails(int[] selection) {
            int[] candidate = selection;
            while (true) {
                int firstChange = firstChange(candidate);
                JudgedReplay.Failure failure = trials.attempt(groups.save(candidate), firstChange);
                boolean fails = failure != null && keep.test(failure.what());
                trials.settle(fails, firstChange);
                if (fails) {
                    current = candidate;
                }
                budget.progress(before, groups.steps(current));
                if (fails) {
                    return candidate;
                }
                int impossible = failure == null || !repairing ? -1 : failingGroup(candidate, failure.what());
                if (impossible < 0) {
                    return null;
                }
                candidate = without(candidate, impossible);
                budget.beforeTry();
            }
        }

        /**
         * The position in the selection of the group whose command failed, if the failure is a failing
         * command at a step, and the group is not the selection's last (the route must still end where the
         * failure showed); -1 otherwise.
         */
        private int failingGroup(int[] selection, ReplayFailure failure) {
            if (failure.kind() != ReplayFailure.Kind.FAILED || failure.stepIndex().isEmpty()) {
                return -1;
            }
            int step = failure.stepIndex().getAsInt();
            int steps = 0;
            for (int i = 0; i < selection.length - 1; i++) {
                steps += groups.size(selection[i]);
                if (step < steps) {
                    return i;
                }
            }
            return -1;
        }

        private static int[] without(int[] selection, int position) {
            int[] rest = new int[selection.length - 1];
            System.arraycopy(selection, 0, rest, 0, position);
            System.arraycopy(selection, position + 1, rest, position, rest.length - position);
            return rest;
        }

        /** The index of the first step in which the selection's route differs from the current one. */
        private int firstChange(int[] selection) {
            int steps = 0;
            for (int i = 0; i < selection.length; i++) {
                if (i >= current.length || selection[i] != current[i]) {
                    return steps;
                }
                steps += groups.size(selection[i]);
            }
            return steps;
        }
    }
}
