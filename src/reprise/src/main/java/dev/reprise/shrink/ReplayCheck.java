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

import dev.reprise.internal.Require;
import dev.reprise.io.ReplayFile;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.VerifiableGame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Judges replays by what the test says must hold in the game, played on the build under test: the
 * regression test of a wrong-state bug. Started by {@link #of(Path, Function)} (a file or a folder) or
 * {@link #of(ReplaySource, Function)} (one replay, say from the test kit's {@code @ReplayFilesSource}), then:
 *
 * <pre>{@code
 * ReplayCheck.of(Path.of("src/test/replays/bug-7.reprise"), SnakeGame::of)
 *         .ignoringStateHashes() // they describe the build that had the bug
 *         .invariant("the head is on the board", SnakeGame::headOnBoard)
 *         .finalState(game -> assertThat(game.length()).isEqualTo(3))
 *         .check();
 * }</pre>
 *
 * <p>Each replay is read, a fresh game is built for it, its route is played headless to the end as a
 * {@link dev.reprise.verify.ReplayVerifier} would, and:
 * <ul>
 *   <li>every {@linkplain #invariant invariant} is checked at the start (the state the route starts from),
 *       after every step — an active step once its command's result is in, a passive step once its
 *       recorded answer was applied — after the finalize of a window that closed before the next group,
 *       and once more at the end, after the last window's finalize; the first check that fails ends the
 *       replay and names the step after which the invariant no longer held (a group's passive step if its
 *       answer broke it, or the finalize of a window), its code and command, and the game's state;</li>
 *   <li>the {@linkplain #finalState final-state check} runs once the route played to its end;</li>
 *   <li>the state-hash steps of the route are checked, as the file recorded them, unless
 *       {@link #ignoringStateHashes()}: a file kept from a bug report recorded the buggy build's states,
 *       so on a fixed build its hashes no longer match, and only what must hold can judge it.</li>
 * </ul>
 * A file that cannot be read, a game that cannot be built for it, a failing command, a desync, or a
 * replay that does not end within the {@linkplain #timeout timeout} fails it too.
 *
 * <p>{@link #check()} plays every replay (one after the other, on the game's playback threads) and
 * throws one {@link AssertionError} listing each replay that did not hold up: the JDK's, which any test
 * framework reports as a failure, so the check needs none. Every check runs on the
 * thread that plays the game (the {@code runOn} worker when the game's sandbox config has one), between
 * steps, so it sees a settled state. A mutable builder: not thread-safe, each option checked at once.
 *
 * @param <G> the type of the games the factory builds, which the checks read
 */
public final class ReplayCheck<G extends VerifiableGame> {

    /** The longest one replay may play unless {@link #timeout} sets another: 60 seconds. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    /** A named property of the game that must hold at every group boundary. */
    record Invariant<G>(String name, Predicate<? super G> holds) {
    }

    @Nullable
    private final Path fileOrFolder;
    @Nullable
    private final ReplaySource source;
    private final Function<? super ReplayFile, ? extends G> games;
    private final List<Invariant<G>> invariants = new ArrayList<>();
    @Nullable
    private Consumer<? super G> finalState;
    private Function<? super G, String> describe = String::valueOf;
    private boolean ignoreStateHashes;
    private Duration timeout = DEFAULT_TIMEOUT;

    private ReplayCheck(@Nullable Path fileOrFolder, @Nullable ReplaySource source,
                Function<? super ReplayFile, ? extends G> games) {
        this.fileOrFolder = fileOrFolder;
        this.source = source;
        this.games = Objects.requireNonNull(games, "games");
    }

    /**
     * Starts a check of the replay file {@code fileOrFolder} (or of every replay file of a folder,
     * recursively, sorted by relative path, as {@link ReplayCases#find} finds them) by what must hold in the
     * game: add invariants, a final-state check, perhaps {@link #ignoringStateHashes()}, then {@link #check()}.
     *
     * @param fileOrFolder a replay file (whatever its name) or a folder of them; checked when the check runs
     * @param games        builds a fresh game for each replay, as a {@link dev.reprise.verify.GameFactory}
     *                     does, e.g. {@code SnakeGame::new}; its type is the type the checks read
     * @param <G>          the type of the games
     * @return the check, to configure and run
     */
    public static <G extends VerifiableGame> ReplayCheck<G> of(Path fileOrFolder,
                                                               Function<? super ReplayFile, ? extends G> games) {
        return new ReplayCheck<>(Objects.requireNonNull(fileOrFolder, "fileOrFolder"), null, games);
    }

    /**
     * Starts a check of one replay by what must hold in the game; see {@link #of(Path, Function)}.
     *
     * @param replay the replay
     * @param games  builds a fresh game for it
     * @param <G>    the type of the game
     * @return the check, to configure and run
     */
    public static <G extends VerifiableGame> ReplayCheck<G> of(ReplaySource replay,
                                                               Function<? super ReplayFile, ? extends G> games) {
        return new ReplayCheck<>(null, Objects.requireNonNull(replay, "replay"), games);
    }

    /**
     * Plays the route without checking its state-hash steps: every command of the game's system that is
     * a {@link dev.reprise.desync.StateHashCheck} is replaced, for this replay's game only, by one that
     * checks nothing. Use it for a replay recorded on a build whose state was wrong: its hashes describe
     * that state. The replay is then judged by the invariants and the final-state check alone, so at
     * least one of them is required.
     *
     * @return this builder
     */
    public ReplayCheck<G> ignoringStateHashes() {
        this.ignoreStateHashes = true;
        return this;
    }

    /**
     * Adds a property that must hold at the start and after every step of every replay, such as "the
     * hero never leaves the board". Checked on the playing thread, where playback waits between steps; it
     * must not change the game.
     *
     * @param name  what the property says, quoted in a failure, e.g. {@code "the head is on the board"}
     * @param holds {@code true} while the property holds; an exception counts as a failure
     * @return this builder
     * @throws IllegalArgumentException if {@code name} is blank
     */
    public ReplayCheck<G> invariant(String name, Predicate<? super G> holds) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(holds, "holds");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an invariant's name says what must hold; it must not be blank");
        }
        invariants.add(new Invariant<>(name, holds));
        return this;
    }

    /**
     * Adds the named invariants of a game's verifier ({@link ReplayVerifier.Builder#invariant}), so that this
     * check, {@code replay-tool verify} and {@code shrink} and the verification worker judge by one
     * definition. They hold at group boundaries there; here they are checked after every step.
     *
     * @param verifier the game's verifier
     * @return this builder
     */
    public ReplayCheck<G> invariants(ReplayVerifier verifier) {
        for (ReplayVerifier.Invariant invariant : verifier.invariants()) {
            invariant(invariant.name(), invariant.holds());
        }
        return this;
    }

    /**
     * Sets the check of the state each replay ends in, run once its route played to the end (after the
     * last window's finalize), on the playing thread. It fails by throwing, typically with assertions:
     * {@code game -> assertThat(game.score()).isEqualTo(3)}. Replaces the check set before.
     *
     * @param check throws (an {@link AssertionError} or any exception) if the final state is wrong
     * @return this builder
     */
    public ReplayCheck<G> finalState(Consumer<? super G> check) {
        this.finalState = Objects.requireNonNull(check, "check");
        return this;
    }

    /**
     * Sets how a failure spells the game's state; by default its {@code toString()}.
     *
     * @param state describes a game's current state in one line; called on the playing thread
     * @return this builder
     */
    public ReplayCheck<G> describedBy(Function<? super G, String> state) {
        this.describe = Objects.requireNonNull(state, "state");
        return this;
    }

    /**
     * Sets the longest one replay may play, from reading it to its last check; by default
     * {@link #DEFAULT_TIMEOUT}. Past it the replay fails, timed out, even if a check or the
     * game's code never returns: the game plays on a daemon thread, which is then left behind, never waited
     * for.
     *
     * @param timeout positive
     * @return this builder
     * @throws IllegalArgumentException if zero or negative
     */
    public ReplayCheck<G> timeout(Duration timeout) {
        this.timeout = Require.positive(timeout, "timeout");
        return this;
    }

    /**
     * Plays every replay and fails unless each one holds up. Blocks the calling thread (a test thread).
     *
     * @throws AssertionError          for a single replay, saying what broke, at which step (index, code and
     *                                 command) and in which state; for a folder, listing every replay that
     *                                 did not hold up, sorted by path, or saying that it holds none
     * @throws IllegalArgumentException if the file or folder does not exist
     * @throws IllegalStateException   if the state hashes are ignored and neither an invariant nor a
     *                                 final-state check is given: nothing would judge the replay
     */
    public void check() {
        requireSomethingToJudgeBy();
        try (GameThread thread = new GameThread()) {
            check(thread);
        }
    }

    private void check(GameThread thread) {
        ReplaySource single = source;
        if (single != null) {
            JudgedReplay.Failure failure = play(thread, single);
            if (failure != null) {
                throw failure.error("replay " + single.id() + ": ");
            }
            return;
        }
        Path root = Objects.requireNonNull(fileOrFolder, "fileOrFolder");
        List<ReplayCases.Found> found = ReplayCases.find(root);
        if (found.isEmpty()) {
            throw new AssertionError("no replay file (*" + ReplayCases.EXTENSION + ") under "
                    + root.toAbsolutePath().normalize());
        }
        List<JudgedReplay.Failure> failures = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        for (ReplayCases.Found file : found) {
            JudgedReplay.Failure failure = file.problem().isPresent()
                    ? JudgedReplay.Failure.before(ReplayFailure.Kind.INVALID_FILE,
                            "the file cannot be read: " + file.problem().get(), null)
                    : play(thread, ReplaySource.of(file.relative(), file.path()));
            if (failure != null) {
                failures.add(failure);
                lines.add("  " + file.relative() + ": " + failure.indented("      "));
            }
        }
        if (!Files.isDirectory(root) && !failures.isEmpty()) {
            throw failures.get(0).error("replay " + found.get(0).relative() + ": ");
        }
        if (!failures.isEmpty()) {
            AssertionError error = new AssertionError(failures.size() + " of " + found.size() + " replays under "
                    + root + " do not hold up:\n" + String.join("\n", lines));
            for (JudgedReplay.Failure failure : failures) {
                Throwable cause = failure.cause();
                if (cause != null) {
                    error.initCause(cause);
                    break;
                }
            }
            throw error;
        }
    }

    /**
     * Starts shrinking the replay this check judges: the smallest replay that still fails this check the
     * same way — the same invariant, the final-state check, the same failing command with the same
     * exception — found by cutting it short and removing inputs (see {@link ReplayShrink}). Configure it,
     * then {@link ReplayShrink#to(Path)}:
     *
     * <pre>{@code
     * ReplayCheck.of(Path.of("bug-report.reprise"), Dungeon::new)
     *         .ignoringStateHashes()
     *         .invariant("a perk is applied once", Dungeon::perksAppliedOnce)
     *         .shrink()
     *         .to(Path.of("src/test/replays/perk-twice.reprise"));
     * }</pre>
     *
     * <p>The check's invariants, final-state check, state description and timeout judge every replay
     * tried; its state hashes are checked (unless {@link #ignoringStateHashes()}) only when the replay
     * itself is judged, since the replays tried change the states the hashes describe.
     *
     * @return the shrink, to configure and run; this check is not changed by what is set on it
     * @throws IllegalStateException if this check judges a folder, not one replay, or has nothing to judge
     *                               by (see {@link #check()})
     */
    public ReplayShrink shrink() {
        requireSomethingToJudgeBy();
        ReplaySource single = source;
        if (single == null) {
            Path file = Objects.requireNonNull(fileOrFolder, "fileOrFolder");
            if (Files.isDirectory(file)) {
                throw new IllegalStateException("shrink() works on one replay, but " + file + " is a folder: start "
                        + "the check with the file to shrink");
            }
            Path name = file.getFileName();
            single = ReplaySource.of(name == null ? file.toString() : name.toString(), file);
        }
        return new ReplayShrink(single, judging(), null);
    }

    private void requireSomethingToJudgeBy() {
        if (ignoreStateHashes && invariants.isEmpty() && finalState == null) {
            throw new IllegalStateException("ignoringStateHashes() leaves nothing to judge the replays by: add an "
                    + "invariant(name, holds) or a finalState(check)");
        }
    }

    private Judging<G> judging() {
        return new Judging<>(games, invariants, finalState, describe, ignoreStateHashes, timeout);
    }

    private JudgedReplay.@Nullable Failure play(GameThread thread, ReplaySource replay) {
        return new JudgedReplay<>(judging()).bounded(thread, judge -> judge.play(replay), () -> { });
    }

    @Override
    public String toString() {
        return "ReplayCheck[" + (source != null ? source.id() : fileOrFolder) + ", " + invariants.size()
                + " invariants, finalState=" + (finalState != null) + ", stateHashes="
                + (ignoreStateHashes ? "ignored" : "checked") + ", timeout=" + timeout + "]";
    }
}
