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

import dev.reprise.diagnostic.ReplayException;
import dev.reprise.ReplaySystem;
import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.command.CommandDictionary;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.io.ReplayMismatch;
import dev.reprise.io.ReplayMismatchException;
import dev.reprise.io.ReplayUpgrade;
import dev.reprise.playback.ActiveStep;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayFormatException;
import java.io.IOException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The verification of one replay: read, check, build the game, play, judge. Created and run on the
 * verifier's worker; holds the decoded file only until its route is loaded into the game's system.
 */
final class Verification {

    /** The verifier; one of several builds hands over to the verifier of the replay's build once it is read. */
    private ReplayVerifier verifier;
    /** The lease of the replay's build, for a verifier of several builds; closed once the replay is done. */
    private GameBuilds.@Nullable Lease<?> lease;
    /** The source until it is read: then only its id is kept, so its bytes can be collected during playback. */
    @Nullable
    private ReplaySource source;
    private final String id;
    private final long position;
    private long started;
    /** The invariants checked after each step, while a replay with invariants plays; null otherwise. */
    private volatile @Nullable StepInvariants stepInvariants;
    private long deadline;
    private int stepCount;
    private OptionalLong claimedHash = OptionalLong.empty();
    @Nullable
    private VerifiableGame game;
    @Nullable
    private ReplaySandbox sandbox;
    // What the compatibility report reads beside the verdict (an Inspection).
    private boolean unreadable;
    @Nullable
    private String recordedBuild;
    private Optional<String> originBuild = Optional.empty();
    /** Whether a declared upgrade rewrote the file, or the route went to a jar that upgrades its build. */
    private boolean upgraded;
    /** Whether the upgrade changed the route's steps (codes or params), not only the header. */
    private boolean routeChanged;
    /** The first step whose code the game does not have as the file names it, for a file refused for it. */
    private int refusedStep = -1;
    /** The build whose rules play the replay, once known; the jar that plays it, for several builds. */
    private String playedBuild = "";
    private String jar = "";
    private int lastMatched = -1;

    Verification(ReplayVerifier verifier, ReplaySource source, long position) {
        this.verifier = verifier;
        this.source = source;
        this.id = source.id();
        this.position = position;
    }

    /**
     * Reads and prepares on the calling thread (the worker), then returns the playback's verdict; hands what
     * it learnt to an {@link Inspection.Listener} in the subscriber's context, and releases the replay's
     * build (if leased) before the verdict goes on, or on cancel.
     */
    Mono<Verdict> run() {
        Mono<Verdict> verdict;
        try {
            verdict = prepareAndPlay();
        } catch (RuntimeException | Error e) {
            release();
            throw e;
        }
        return verdict.transformDeferredContextual((mono, context) -> {
            Optional<Inspection.Listener> listener = context.getOrEmpty(Inspection.KEY);
            return listener.isEmpty() ? mono : mono.doOnNext(v -> listener.get().inspected(v, inspection(v)));
        }).doOnTerminate(this::release).doOnCancel(this::release);
    }

    private Mono<Verdict> prepareAndPlay() {
        started = System.nanoTime();
        Duration timeout = verifier.timeout().orElse(null);
        // Only compared when there is a timeout: nanoTime's origin is arbitrary, so no value means "never".
        deadline = timeout == null ? 0 : started + timeout.toNanos();
        try {
            prepare();
        } catch (InvalidFile e) {
            return Mono.just(verdict(Outcome.INVALID_FILE, 0, e.reason));
        } catch (UnknownBuild e) {
            return Mono.just(verdict(Outcome.UNKNOWN_BUILD, 0, e.getMessage()));
        } catch (RuntimeException e) {
            return Mono.just(verdict(Outcome.FAILED, 0, "the game failed before playback: " + describe(e)));
        } catch (OutOfMemoryError e) {
            // Not the replay's fault, so not a verdict; but Reactor would rethrow the error itself on the
            // worker and leave the batch waiting forever. Wrapped, it ends the batch with a clear error.
            game = null;
            sandbox = null;
            return Mono.error(new IllegalStateException("ran out of memory reading and preparing replay \"" + id
                    + "\" (" + verifier.parallelism() + " replays in work at most): lower the parallelism or the "
                    + "reader's caps, or give the JVM more heap", e));
        }
        if (timeout != null && System.nanoTime() - deadline > 0) {
            return Mono.just(verdict(Outcome.TIMED_OUT, 0, "reading and preparing took longer than the "
                    + timeout + " timeout"));
        }
        return play(timeout);
    }

    // ------------------------------------------------------------------ read and check

    private void prepare() {
        ReplayFile file = read();
        recordedBuild = file.gameBuild();
        originBuild = Optional.ofNullable(file.metadata().get(ReplayUpgrade.ORIGIN_BUILD_KEY));
        stepCount = file.save().length();
        route(file);
        file = check(file);
        stepCount = file.save().length();
        VerifiableGame created;
        try {
            created = verifier.games().create(file);
        } catch (IllegalArgumentException | ReplayException e) {
            throw new InvalidFile("the game could not be built from the file: " + describe(e));
        }
        if (created == null) {
            throw new IllegalStateException("the game factory returned null");
        }
        game = created;
        ReplaySystem system = created.system();
        if (verifier.dictionary() == null) {
            file = upgrade(file, system.commandDictionary());
            stepCount = file.save().length();
            mismatches(file, system.commandDictionary());
        }
        try {
            system.loadState(file.save());
        } catch (ReplayFormatException e) {
            throw new InvalidFile("the route does not fit the game's route: " + e.getMessage());
        }
        // The file (a second copy of the route) is not referenced past this point.
        sandbox = system.createReplaySandbox(created.sandbox(system.array()));
    }

    /** The game a successful {@link #prepare()} built; playback runs only after one. */
    private VerifiableGame game() {
        return Objects.requireNonNull(game, "prepared before playback");
    }

    /** The sandbox a successful {@link #prepare()} opened; playback runs only after one. */
    private ReplaySandbox sandbox() {
        return Objects.requireNonNull(sandbox, "prepared before playback");
    }

    private ReplayFile read() {
        ReplaySource source = Objects.requireNonNull(this.source, "the source is read once");
        this.source = null;
        try {
            if (source instanceof ReplaySource.FromPath p) {
                return verifier.reader().read(p.path());
            } else if (source instanceof ReplaySource.FromBytes b) {
                return verifier.reader().read(b.array());
            }
            return ((ReplaySource.FromFile) source).file();
        } catch (ReplayFormatException e) {
            unreadable = true;
            throw new InvalidFile(Objects.requireNonNullElse(e.getMessage(), e.toString()));
        } catch (IOException e) {
            unreadable = true;
            throw new InvalidFile("cannot read " + ((ReplaySource.FromPath) source).path() + ": " + describe(e));
        }
    }

    /** For a verifier of several builds: leases the file's build and hands over to its verifier. */
    private void route(ReplayFile file) {
        BuildRouter<?> router = verifier.router();
        if (router == null) {
            return;
        }
        Optional<BuildRouter.Routed> routed = router.route(file);
        if (routed.isEmpty()) {
            String installed = router.installed(file.gameId());
            if (installed.isEmpty()) {
                throw new InvalidFile("recorded by game \"" + file.gameId() + "\", which no installed game jar plays; "
                        + "installed games: " + router.games());
            }
            String tied = router.tied(file.gameId(), file.gameBuild());
            if (!tied.isEmpty()) {
                throw new UnknownBuild("recorded by build \"" + file.gameBuild() + "\" of game \"" + file.gameId()
                        + "\", which several installed game jars claim alike, so none plays it: " + tied
                        + "; keep one of them");
            }
            throw new UnknownBuild("recorded by build \"" + file.gameBuild() + "\" of game \"" + file.gameId()
                    + "\", which no installed game jar plays; installed builds of " + file.gameId() + ": " + installed);
        }
        lease = routed.get().lease();
        verifier = routed.get().verifier();
        jar = routed.get().jar();
        upgraded = routed.get().upgrading();
        playedBuild = file.gameBuild();
    }

    /** Checks the file against the verifier; returns it upgraded when the dictionary is known already. */
    private ReplayFile check(ReplayFile file) {
        String gameId = verifier.gameId();
        if (gameId != null && !gameId.equals(file.gameId())) {
            throw new InvalidFile("recorded by game \"" + file.gameId() + "\", but this verifier checks game \""
                    + gameId + "\"");
        }
        Set<String> builds = verifier.gameBuilds();
        if (!builds.isEmpty() && !builds.contains(file.gameBuild()) && !verifier.upgradesFrom(file.gameBuild())) {
            throw new UnknownBuild("recorded by build \"" + file.gameBuild() + "\" of game \"" + file.gameId()
                    + "\", which this verifier does not play; it plays " + (builds.size() == 1 ? "build " : "builds ")
                    + String.join(", ", builds.stream().sorted().toList()));
        }
        playedBuild = file.gameBuild();
        CommandDictionary dictionary = verifier.dictionary();
        if (dictionary != null) {
            file = upgrade(file, dictionary);
            mismatches(file, dictionary);
        }
        String key = verifier.finalHashKey().orElse(null);
        if (key != null) {
            String claim = file.metadata().get(key);
            if (claim != null) {
                claimedHash = OptionalLong.of(claimedHash(key, claim));
            } else if (!verifier.testCases() || !file.metadata().containsKey(ReplayVerifier.TEST_CASE_KEY)) {
                throw new InvalidFile("the file claims no final state hash: it has no metadata \"" + key + "\"");
            }
        }
        return file;
    }

    /** Reads a claimed hash as {@code HexFormat} writes it: 1 to 16 hex digits, either case. */
    private static long claimedHash(String key, String claim) {
        String problem;
        if (claim.isEmpty()) {
            problem = "no digits"; // HexFormat would read it as 0
        } else {
            try {
                return HexFormat.fromHexDigitsToLong(claim);
            } catch (IllegalArgumentException e) {
                problem = e.getMessage();
            }
        }
        throw new InvalidFile("metadata \"" + key + "\" is not a state hash (1 to 16 hex digits): \"" + claim
                + "\" (" + problem + ")");
    }

    private ReplayFile upgrade(ReplayFile file, CommandDictionary commands) {
        ReplayFile upgradedFile;
        try {
            upgradedFile = verifier.upgraded(file, commands);
        } catch (ReplayMismatchException e) {
            throw new InvalidFile(e.mismatches().stream().map(ReplayMismatch::message)
                    .collect(Collectors.joining("; ")));
        }
        if (upgradedFile != file) {
            upgraded = true;
            routeChanged |= !upgradedFile.save().equals(file.save());
            playedBuild = upgradedFile.gameBuild();
        }
        return upgradedFile;
    }

    private void mismatches(ReplayFile file, CommandDictionary commands) {
        // The game id was checked already (or is not checked): only the codes matter here.
        List<ReplayMismatch> found = ReplayCompatibility.builder(file.gameId(), commands).build().mismatches(file);
        if (!found.isEmpty()) {
            refusedStep = firstStepUsing(file, found.stream().map(ReplayMismatch::code).collect(Collectors.toSet()));
            throw new InvalidFile(found.stream().map(ReplayMismatch::message).collect(Collectors.joining("; ")));
        }
    }

    /** The first step of the file's route whose code is one of {@code codes}, or -1; read only for a refusal. */
    private static int firstStepUsing(ReplayFile file, Set<Integer> codes) {
        ReplayArray route = new ReplayArray(ReplayArrayConfig.builder().commandMaxLength(ReplayArrayConfig.MAX_STEPS_LIMIT)
                .paramMaxLength(ReplayArrayConfig.MAX_PARAM_BYTES_LIMIT).build());
        route.loadState(file.save());
        for (int step = 0; step < route.length(); step++) {
            if (codes.contains(route.get(step).code())) {
                return step;
            }
        }
        return -1;
    }

    // ------------------------------------------------------------------ play and judge

    private Mono<Verdict> play(@Nullable Duration timeout) {
        ReplaySandbox playing = sandbox();
        long maxSteps = verifier.maxSteps();
        Flux<PlaybackStep> steps = playing.steps();
        boolean overBudget = stepCount > maxSteps;
        if (overBudget) {
            steps = steps.take(maxSteps);
        }
        if (timeout != null) {
            steps = steps.doOnNext(step -> {
                if (System.nanoTime() - deadline > 0) {
                    throw new OutOfTime();
                }
            });
        }
        if (!verifier.invariants().isEmpty()) {
            StepInvariants afterSteps = new StepInvariants(verifier.invariants(), this::game, playing::stopNow);
            afterSteps.checkAfterEachAnswer(game().system());
            stepInvariants = afterSteps;
            // An active step is emitted before it runs, once the group before it settled (and the finalize of
            // a window that closed): that state is checked here; the step itself once its result is in.
            steps = steps.doOnNext(step -> {
                if (step instanceof ActiveStep) {
                    checkInvariants(step.step().index());
                    step.result().subscribe(result -> {
                        if (result != ReplayCommandResult.FAILED) {
                            afterSteps.after(step.step());
                        }
                    });
                }
            });
        }
        playing.play();
        Mono<Verdict> verdict = steps.then(Mono.fromCallable(() -> overBudget
                        ? verdict(Outcome.TIMED_OUT, (int) maxSteps, "the route has " + stepCount
                                + " steps, more than the budget of " + maxSteps)
                        : judge()))
                .onErrorResume(this::failure);
        if (timeout != null) {
            // A command that never answers emits no step: the timer catches it.
            long remaining = Math.max(1, deadline - System.nanoTime());
            verdict = verdict.timeout(Duration.ofNanos(remaining), Mono.fromCallable(this::outOfTime), verifier.timer());
        }
        return verdict;
    }

    /**
     * Checks the verifier's invariants in the game's state before step {@code next}.
     *
     * @throws BrokenInvariant naming the first that does not hold and the step after which it broke
     */
    private void checkInvariants(int next) {
        StepInvariants afterSteps = stepInvariants;
        StepInvariants.Breach after = afterSteps == null ? null : afterSteps.breach();
        if (after != null) {
            throw new BrokenInvariant(after.step(), after.reason());
        }
        String broken = StepInvariants.firstBroken(verifier.invariants(), game());
        if (broken != null) {
            String where = next == 0 ? "at the start, before any step"
                    : next >= stepCount ? "after the last step, " + (stepCount - 1)
                    : "after step " + (next - 1);
            throw new BrokenInvariant(Math.max(0, next - 1), broken + " " + where);
        }
    }

    private Verdict judge() {
        VerifiableGame judged = game();
        int played = sandbox().replayed();
        if (!verifier.invariants().isEmpty()) {
            try {
                checkInvariants(played);
            } catch (BrokenInvariant e) {
                return verdict(Outcome.FAILED, e.step, e.reason);
            }
        }
        OptionalLong actual = OptionalLong.empty();
        String checked = "played " + played + " steps";
        if (claimedHash.isPresent()) {
            try {
                actual = judged.stateHash();
            } catch (RuntimeException e) {
                return verdict(Outcome.FAILED, played, "the game failed to hash its final state: " + describe(e));
            }
            if (actual.isEmpty()) {
                return verdict(Outcome.FAILED, played, "the file claims a final state hash, but the game has no "
                        + "state hash to compare it with");
            }
            if (actual.getAsLong() != claimedHash.getAsLong()) {
                return verdictBuilder(Outcome.REJECTED, played, "final state hash "
                        + HexFormat.of().toHexDigits(actual.getAsLong()) + " differs from the "
                        + HexFormat.of().toHexDigits(claimedHash.getAsLong()) + " the file claims")
                        .expectedHash(claimedHash).actualHash(actual).build();
            }
            checked += "; final state hash matches";
        } else if (verifier.finalHashKey().isPresent()) {
            checked += "; a test case, no final state hash claimed";
        }
        Predicate<VerifiableGame> accept = verifier.accept().orElse(null);
        if (accept != null) {
            boolean accepted;
            try {
                accepted = accept.test(judged);
            } catch (RuntimeException e) {
                return verdictBuilder(Outcome.FAILED, played, "the acceptance check failed: " + describe(e))
                        .expectedHash(claimedHash).actualHash(actual).build();
            }
            if (!accepted) {
                return verdictBuilder(Outcome.REJECTED, played, "the game's acceptance check refused the final state")
                        .expectedHash(claimedHash).actualHash(actual).build();
            }
            checked += "; final state accepted";
        }
        return verdictBuilder(Outcome.VALID, played, checked).expectedHash(claimedHash).actualHash(actual).build();
    }

    private Mono<Verdict> failure(Throwable error) {
        if (error instanceof OutOfTime) {
            return Mono.just(outOfTime());
        }
        if (error instanceof BrokenInvariant broken) {
            return Mono.just(verdict(Outcome.FAILED, broken.step, broken.reason));
        }
        var desync = ReplayDesyncException.in(error);
        if (desync.isPresent()) {
            ReplayDesyncException d = desync.get();
            lastMatched = d.lastMatchedIndex();
            return Mono.just(verdictBuilder(Outcome.DESYNC, d.stepIndex(), Objects.requireNonNullElse(d.getMessage(),
                    d.toString())).expectedHash(d.recordedHash()).actualHash(d.replayedHash()).build());
        }
        if (error instanceof ReplayPlaybackException p) {
            return Mono.just(verdict(Outcome.FAILED, p.stepIndex(), describe(p)));
        }
        return Mono.just(verdict(Outcome.FAILED, sandbox().replayed(), "playback failed after "
                + sandbox().replayed() + " steps: " + describe(error)));
    }

    private Verdict outOfTime() {
        return verdict(Outcome.TIMED_OUT, sandbox().replayed(), "ran over the " + verifier.timeout().orElseThrow()
                + " timeout after " + sandbox().replayed() + " of " + stepCount + " steps");
    }

    private Verdict verdict(Outcome outcome, int stepReached, String reason) {
        return verdictBuilder(outcome, stepReached, reason).build();
    }

    /** A verdict on this replay, with no hashes yet. */
    private Verdict.Builder verdictBuilder(Outcome outcome, int stepReached, String reason) {
        return Verdict.builder(id, outcome).position(position).stepReached(stepReached).stepCount(stepCount)
                .reason(reason).elapsed(elapsed()).playedBuild(playedBuild).jar(jar).upgraded(upgraded);
    }

    private Duration elapsed() {
        return Duration.ofNanos(System.nanoTime() - started);
    }

    /** Ends the lease of the replay's build, once; called on the verdict's terminal signal or a cancel. */
    private synchronized void release() {
        GameBuilds.Lease<?> held = lease;
        lease = null;
        if (held != null) {
            held.close();
        }
    }

    /** What the verification learnt about the replay beside its verdict. */
    private Inspection inspection(Verdict verdict) {
        Optional<String> command = Optional.empty();
        VerifiableGame played = game;
        int step = verdict.stepReached();
        if (played != null && (verdict.outcome() == Outcome.DESYNC || verdict.outcome() == Outcome.FAILED
                || verdict.outcome() == Outcome.TIMED_OUT)) {
            ReplaySystem system = played.system();
            if (step < system.array().length()) {
                int code = system.array().get(step).code();
                command = Optional.of(system.commandDictionary().name(code).orElse("code " + code));
            }
        }
        return new Inspection(unreadable, Optional.ofNullable(recordedBuild), originBuild, routeChanged, command,
                lastMatched, refusedStep);
    }

    /**
     * The error in one line: a library exception's own message (it names step, code, phase or byte),
     * any other error's type and message; and the cause's, when the message does not already tell it.
     */
    static String describe(Throwable error) {
        String message = error instanceof ReplayException && error.getMessage() != null ? error.getMessage()
                : error.getClass().getSimpleName() + (error.getMessage() != null ? ": " + error.getMessage() : "");
        Throwable cause = error.getCause();
        if (cause != null && cause != error && cause.getMessage() != null && !message.contains(cause.getMessage())) {
            message += " (" + cause.getClass().getSimpleName() + ": " + cause.getMessage() + ")";
        }
        return message;
    }

    /** An invariant of the game that no longer holds: ends playback with a {@code FAILED} verdict. */
    private static final class BrokenInvariant extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final int step;
        final String reason;

        BrokenInvariant(int step, String reason) {
            super(reason, null, false, false);
            this.step = step;
            this.reason = reason;
        }
    }

    /** A replay that is not a valid file of the game; the message says why. */
    private static final class InvalidFile extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final String reason;

        InvalidFile(String reason) {
            super(reason, null, false, false);
            this.reason = reason;
        }
    }

    /** A replay of a build the verifier does not play; the message names the builds it plays. */
    private static final class UnknownBuild extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UnknownBuild(String reason) {
            super(reason, null, false, false);
        }

        @Override
        public String getMessage() {
            return Objects.requireNonNull(super.getMessage(), "made with a reason");
        }
    }

    /** Thrown at a step past the deadline, to stop the playback. */
    private static final class OutOfTime extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfTime() {
            super("out of time", null, false, false);
        }
    }
}
