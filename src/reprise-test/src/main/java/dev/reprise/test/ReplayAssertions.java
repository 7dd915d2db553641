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
package dev.reprise.test;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileReader;
import dev.reprise.shrink.ReplayCases;
import dev.reprise.shrink.ReplayCheck;
import dev.reprise.verify.GameFactory;
import dev.reprise.verify.Lockstep;
import dev.reprise.verify.LockstepResult;
import dev.reprise.verify.BuildCompatibility;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Reproduction;
import dev.reprise.verify.VerifiableGame;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import reactor.core.publisher.Flux;

/**
 * Assertions that replay files still hold up: each file is played headless through a
 * {@link ReplayVerifier} on a fresh game, and anything but {@link Outcome#VALID} fails the test with an
 * {@link AssertionError} that says, for every replay that is not valid, its path, outcome, the step it
 * reached and why — for a desync the recorded and the replayed state hash and the last hash step that
 * still matched — readable in a CI log.
 *
 * <p>A replay that must keep playing as it was recorded is one call:
 * {@code assertReplays(Path.of("src/test/replays/bug-1234.reprise"), verifier)}; a whole folder of them
 * is one call too, or one test per file with {@link ReplayFilesSource}. A replay of a wrong-state bug is
 * judged by what must hold instead, since its recorded states are the wrong ones: the core's
 * {@link ReplayCheck#of(Path, Function)} checks invariants and the final state. Before a
 * game update, {@link #assertCompatible(Path, ReplayVerifier)} checks that the replays of earlier builds
 * still reproduce on the new one, naming the first divergence of each that does not.
 *
 * <p>Every method blocks the calling thread (a test thread) until the verdicts are in, at most
 * {@link #DEFAULT_TIMEOUT} unless given another bound. Thread-safe: no state.
 */
public final class ReplayAssertions {

    /** How long an assertion waits for its verdicts unless told otherwise: 60 seconds. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    private ReplayAssertions() {
    }

    /**
     * Verifies every replay file of {@code fileOrFolder} (a folder recursively: its {@code *.reprise}
     * files, sorted by relative path) and fails if any is not valid, or if a folder holds none.
     *
     * @param fileOrFolder a replay file (whatever its name) or a folder of them
     * @param verifier     builds a fresh game for each replay and plays it
     * @throws AssertionError listing every replay that is not valid, or saying the folder holds none
     * @throws IllegalArgumentException if {@code fileOrFolder} does not exist
     */
    public static void assertReplays(Path fileOrFolder, ReplayVerifier verifier) {
        assertReplays(fileOrFolder, verifier, DEFAULT_TIMEOUT);
    }

    /**
     * Verifies every replay file of {@code fileOrFolder}, as {@link #assertReplays(Path, ReplayVerifier)}
     * does, waiting at most {@code timeout} for all the verdicts.
     *
     * @param fileOrFolder a replay file or a folder of them
     * @param verifier     builds a fresh game for each replay and plays it
     * @param timeout      the longest wait for every verdict together
     * @throws AssertionError listing every replay that is not valid, saying the folder holds none, or
     *                        that the verdicts did not come in time
     * @throws IllegalArgumentException if {@code fileOrFolder} does not exist
     */
    public static void assertReplays(Path fileOrFolder, ReplayVerifier verifier, Duration timeout) {
        Objects.requireNonNull(fileOrFolder, "fileOrFolder");
        Objects.requireNonNull(verifier, "verifier");
        assertEach(fileOrFolder, timeout, sources -> verifier.verify(sources), Verdict::position,
                verdict -> verdict.valid() ? Optional.empty() : Optional.of(describe(verdict)),
                Outcome.INVALID_FILE + ", ", "are not valid");
    }

    /**
     * Verifies one replay, for instance an argument of a {@link ReplayFilesSource} test, and fails
     * unless it is valid. For its verdict, {@link #assertOutcome} with {@link Outcome#VALID} returns it.
     *
     * @param replay   the replay
     * @param verifier builds a fresh game for it and plays it
     * @throws AssertionError naming the replay, its outcome, the step it reached and why
     */
    public static void assertReplays(ReplaySource replay, ReplayVerifier verifier) {
        assertOutcome(replay, verifier, Outcome.VALID);
    }

    /**
     * Verifies one replay and fails unless its outcome is {@code expected}: a known desync kept in the
     * test folder must stay a desync, a refused file must stay refused.
     *
     * @param replay   the replay
     * @param verifier builds a fresh game for it and plays it
     * @param expected the outcome it must have
     * @return its verdict, with that outcome (say, to check the step it reached)
     * @throws AssertionError naming the replay, the outcome expected and found, the step it reached and why
     */
    public static Verdict assertOutcome(ReplaySource replay, ReplayVerifier verifier, Outcome expected) {
        Objects.requireNonNull(replay, "replay");
        Objects.requireNonNull(verifier, "verifier");
        Objects.requireNonNull(expected, "expected");
        Verdict verdict = ReplayFiles.knownInvalid(replay).orElseGet(() ->
                await(verifier.verify(Flux.just(replay)), DEFAULT_TIMEOUT, "replay " + replay.id()).get(0));
        if (verdict.outcome() != expected) {
            throw new AssertionError("replay " + replay.id() + ": expected " + expected + ", was:\n"
                    + describe(verdict));
        }
        return verdict;
    }

    /**
     * Plays every replay file of {@code fileOrFolder} (a folder recursively, sorted by relative path) on the
     * build {@code verifier} plays, whatever build recorded it, and fails unless every one reproduces: the
     * compatibility report ({@link BuildCompatibility}) as a test, a release gate for a game update. The
     * failure lists each replay that does not reproduce with its first divergence (the step, its command and
     * both state hashes), where it fails and why, or why it cannot be read; and the build that recorded it.
     *
     * @param fileOrFolder a replay file (whatever its name) or a folder of them
     * @param verifier     the installed build's verifier, as its provider makes it (any build, its upgrades)
     * @throws AssertionError listing every replay that does not reproduce, or saying the folder holds none
     * @throws IllegalArgumentException if {@code fileOrFolder} does not exist
     */
    public static void assertCompatible(Path fileOrFolder, ReplayVerifier verifier) {
        assertCompatible(fileOrFolder, verifier, DEFAULT_TIMEOUT);
    }

    /**
     * Plays every replay file of {@code fileOrFolder} on the build {@code verifier} plays, as
     * {@link #assertCompatible(Path, ReplayVerifier)} does, waiting at most {@code timeout} for all of them.
     *
     * @param fileOrFolder a replay file or a folder of them
     * @param verifier     the installed build's verifier
     * @param timeout      the longest wait for every replay together
     * @throws AssertionError listing every replay that does not reproduce, saying the folder holds none, or
     *                        that the replays did not finish in time
     * @throws IllegalArgumentException if {@code fileOrFolder} does not exist
     */
    public static void assertCompatible(Path fileOrFolder, ReplayVerifier verifier, Duration timeout) {
        Objects.requireNonNull(fileOrFolder, "fileOrFolder");
        Objects.requireNonNull(verifier, "verifier");
        BuildCompatibility compatibility = BuildCompatibility.of(verifier);
        assertEach(fileOrFolder, timeout, compatibility::check, Reproduction::position,
                reproduction -> reproduction.reproduces() ? Optional.empty() : Optional.of("  " + reproduction),
                Reproduction.Status.UNREADABLE + ": ", "do not reproduce on this build");
    }

    /**
     * Plays one replay on the build {@code verifier} plays, whatever build recorded it, for instance an
     * argument of a {@link ReplayFilesSource} test, and fails unless it reproduces: the one-replay
     * {@link #assertCompatible(Path, ReplayVerifier)}, returning what it found.
     *
     * @param replay   the replay
     * @param verifier the installed build's verifier
     * @return its reproduction (say, to check that it was upgraded)
     * @throws AssertionError naming the replay, its first divergence or where it fails and why
     */
    public static Reproduction assertReproduces(ReplaySource replay, ReplayVerifier verifier) {
        Objects.requireNonNull(replay, "replay");
        Objects.requireNonNull(verifier, "verifier");
        Optional<Verdict> known = ReplayFiles.knownInvalid(replay);
        if (known.isPresent()) {
            throw new AssertionError("replay " + replay.id() + " does not reproduce on this build: "
                    + Reproduction.Status.UNREADABLE + ": " + known.get().reason());
        }
        Reproduction reproduction = await(BuildCompatibility.of(verifier).check(Flux.just(replay)), DEFAULT_TIMEOUT,
                "replay " + replay.id()).get(0);
        if (!reproduction.reproduces()) {
            throw new AssertionError("replay " + replay.id() + " does not reproduce on this build: "
                    + reproduction.describe());
        }
        return reproduction;
    }

    /**
     * Plays every replay file of a file or folder and fails listing each that does not pass: a file that
     * cannot be read with its problem, any other with what {@code failure} says of its result.
     *
     * @param fileOrFolder a replay file or a folder of them
     * @param timeout      the longest wait for every result together
     * @param play         plays the replays, one result each
     * @param position     the place of a result's replay among the sources
     * @param failure      the line of a result that does not pass; empty for one that does
     * @param unreadable   what comes between a file that cannot be read and its problem
     * @param failed       what the failing replays are, for the message: {@code "are not valid"}
     * @param <T>          the results' type
     */
    /**
     * Checks that the game plays every replay file of {@code fileOrFolder} the same way every time, with the
     * two checks of {@link Lockstep.Check}: two fresh games side by side ({@code games}: catches state shared
     * between games, such as a static random generator), and a game restored from its own snapshots at each
     * checkpoint beside one never restored ({@code snapshot}: catches a snapshot that forgets a field; skipped
     * for a game without snapshots). The states are compared after every step by
     * {@link VerifiableGame#stateHash()} or {@link VerifiableGame#describeState()}.
     *
     * @param fileOrFolder a replay file or a folder of them
     * @param games        builds a fresh game for a replay file, as a verifier's factory does
     * @throws AssertionError listing each replay whose runs part (the check, the step, its command and the
     *                        fields that differ), that fails or cannot be read; or saying the folder holds none
     * @throws IllegalArgumentException if {@code fileOrFolder} does not exist
     */
    public static void assertDeterministic(Path fileOrFolder, GameFactory games) {
        assertDeterministic(fileOrFolder, games, DEFAULT_TIMEOUT);
    }

    /**
     * Checks that the game plays every replay file of {@code fileOrFolder} the same way every time, as
     * {@link #assertDeterministic(Path, GameFactory)} does, each check of one replay bounded by {@code timeout}.
     *
     * @param fileOrFolder a replay file or a folder of them
     * @param games        builds a fresh game for a replay file
     * @param timeout      the most one check of one replay may take
     * @throws AssertionError listing each replay whose runs part, fail or cannot be read
     * @throws IllegalArgumentException if {@code fileOrFolder} does not exist
     */
    public static void assertDeterministic(Path fileOrFolder, GameFactory games, Duration timeout) {
        Objects.requireNonNull(games, "games");
        Lockstep lockstep = Lockstep.builder().timeout(timeout).build();
        List<ReplayCases.Found> found = findAny(fileOrFolder);
        List<String> failures = new ArrayList<>();
        for (ReplayCases.Found file : found) {
            String problem = ReplayFiles.problem(file);
            ReplayFile replay = null;
            if (problem == null) {
                try {
                    replay = ReplayFileReader.DEFAULT.read(file.path());
                } catch (IOException | RuntimeException e) {
                    problem = e.getMessage();
                }
            }
            if (replay == null) {
                failures.add("  " + file.relative() + ": UNREADABLE: " + problem);
                continue;
            }
            for (Lockstep.Check check : Lockstep.Check.values()) {
                LockstepResult result = lockstep.check(check, replay, games).blockOptional(timeout.plusMinutes(1))
                        .orElseThrow();
                if (result.status() == LockstepResult.Status.PARTS || result.status() == LockstepResult.Status.FAILS) {
                    failures.add("  " + file.relative() + ": " + check.label() + ": " + result.line());
                    break;
                }
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.size() + " of " + found.size() + " replays under " + fileOrFolder
                    + " are not deterministic:\n" + String.join("\n", failures));
        }
    }

    private static <T> void assertEach(Path fileOrFolder, Duration timeout,
                                       Function<Flux<ReplaySource>, Flux<T>> play, ToLongFunction<T> position,
                                       Function<T, Optional<String>> failure, String unreadable, String failed) {
        Objects.requireNonNull(timeout, "timeout");
        List<ReplayCases.Found> found = findAny(fileOrFolder);
        List<T> results = await(play.apply(Flux.fromIterable(sources(found))), timeout,
                found.size() + " replays under " + fileOrFolder);
        results.sort(Comparator.comparingLong(position));
        List<String> failures = new ArrayList<>();
        for (T result : results) {
            ReplayCases.Found file = found.get((int) position.applyAsLong(result));
            String problem = ReplayFiles.problem(file);
            if (problem != null) {
                failures.add("  " + file.relative() + ": " + unreadable + problem);
            } else {
                failure.apply(result).ifPresent(failures::add);
            }
        }
        if (!failures.isEmpty()) {
            throw new AssertionError(failures.size() + " of " + results.size() + " replays under " + fileOrFolder
                    + " " + failed + ":\n" + String.join("\n", failures));
        }
    }

    /** The replay files of a file or folder, failing the test if a folder holds none. */
    private static List<ReplayCases.Found> findAny(Path fileOrFolder) {
        List<ReplayCases.Found> found = ReplayCases.find(fileOrFolder);
        if (found.isEmpty()) {
            throw new AssertionError("no replay file (*" + ReplayCases.EXTENSION + ") under "
                    + fileOrFolder.toAbsolutePath().normalize());
        }
        return found;
    }

    /** The sources of the files found, each identified by its relative path. */
    private static List<ReplaySource> sources(List<ReplayCases.Found> found) {
        List<ReplaySource> sources = new ArrayList<>(found.size());
        for (ReplayCases.Found file : found) {
            sources.add(ReplaySource.of(file.relative(), file.path()));
        }
        return sources;
    }

    private static <T> List<T> await(Flux<T> verdicts, Duration timeout, String what) {
        List<T> list;
        try {
            list = verdicts.collectList().block(timeout);
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof TimeoutException) {
                throw new AssertionError("the verdicts of " + what + " did not come within " + timeout, e);
            }
            throw e;
        }
        return new ArrayList<>(Objects.requireNonNull(list, "verdicts"));
    }

    /** One replay that is not valid, indented for the list: where, what, how far, and why. */
    static String describe(Verdict verdict) {
        StringBuilder line = new StringBuilder("  ").append(verdict.id()).append(": ").append(verdict.outcome())
                .append(" at step ").append(verdict.stepReached()).append(" of ").append(verdict.stepCount());
        if (verdict.outcome() == Outcome.DESYNC) {
            line.append(", recorded state hash ").append(hash(verdict.expectedHash()))
                    .append(", replayed ").append(hash(verdict.actualHash()));
        } else if (verdict.outcome() == Outcome.REJECTED && verdict.expectedHash().isPresent()) {
            line.append(", claimed final state hash ").append(hash(verdict.expectedHash()))
                    .append(", replayed ").append(hash(verdict.actualHash()));
        }
        return line.append("\n      ").append(verdict.reason()).toString();
    }

    private static String hash(OptionalLong hash) {
        return hash.isPresent() ? HexFormat.of().toHexDigits(hash.getAsLong()) : "none";
    }
}
