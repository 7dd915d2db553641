package dev.reprise.test;

import dev.reprise.diagnostic.ReplayException;
import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileReader;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.io.ReplayMismatch;
import dev.reprise.playback.ActiveStep;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.VerifiableGame;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * One replay judged by a {@link ReplayCheck}: read, a fresh game built, the route played headless with
 * the invariants checked between groups, then the final state checked. Created and played on the test
 * thread; the checks run on the playing thread, and the test thread waits for them. A {@link ReplayShrink}
 * plays the routes it tries through it too, on a game it prepared, perhaps from a checkpoint.
 *
 * @param <G> the game's type
 */
final class JudgedReplay<G extends VerifiableGame> {

    /**
     * Why a replay did not hold up: one line, then details; the error behind it, if any; and what failed,
     * for comparing failures.
     */
    record Failure(String message, @Nullable Throwable cause, ReplayFailure what) {

        /** @return a failure of the file or the game, before anything played */
        static Failure before(ReplayFailure.Kind kind, String message, @Nullable Throwable cause) {
            return new Failure(message, cause, ReplayFailure.of(kind, null, -1, -1, null,
                    cause == null ? null : cause.getClass(), message));
        }

        /** @return the message with every line after the first indented by {@code indent} */
        String indented(String indent) {
            return message.replace("\n", "\n" + indent);
        }

        /** @return the assertion error of this failure, its message led by {@code prefix} */
        AssertionError error(String prefix) {
            return new AssertionError(prefix + indented("  "), cause);
        }
    }

    /** Ends playback at the first failed check; the failure is kept in {@link #failure}. */
    private static final class Broken extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Broken() {
            super("a check failed", null, false, false);
        }
    }

    private final Judging<G> judging;

    @Nullable
    private G game;
    @Nullable
    private StepNames names;
    private int stepCount;
    /** The last active step played: the group the next check judges; {@code null} before the first. */
    @Nullable
    private ReplayStep last;
    /** Told of every step once the checks before it passed; {@code null} for none. */
    @Nullable
    private Consumer<? super PlaybackStep> listener;
    /** Set on the playing thread by the first failed check, read by the test thread after playback. */
    @Nullable
    private volatile Failure failure;

    JudgedReplay(Judging<G> judging) {
        this.judging = judging;
    }

    /**
     * Reads a replay, builds its game and plays it.
     *
     * @param source the replay
     * @return why the replay did not hold up, or {@code null} if it did
     */
    @Nullable
    Failure play(ReplaySource source) {
        ReplayFile file;
        try {
            file = read(source);
        } catch (ReplayException | IOException | UncheckedIOException e) {
            return Failure.before(ReplayFailure.Kind.INVALID_FILE, "INVALID_FILE: " + describe(e), e);
        }
        G built;
        try {
            built = judging.games().apply(file);
        } catch (RuntimeException e) {
            return Failure.before(ReplayFailure.Kind.GAME, "the game could not be built from the file: "
                    + describe(e), e);
        }
        if (built == null) {
            return Failure.before(ReplayFailure.Kind.GAME, "the game factory returned null", null);
        }
        Failure unfit = prepare(file, built, judging.ignoreStateHashes());
        if (unfit != null) {
            return unfit;
        }
        return play(built, built.sandbox(built.system().array()), file.save().length(), null);
    }

    /**
     * Makes a freshly built game ready to play a file's route: checks that the file's codes mean the same
     * in the game, replaces its state-hash checks if they are ignored, and loads the route.
     *
     * @param file        the replay file
     * @param game        its game, as the factory built it
     * @param ignoreHashes whether the route's state-hash steps are played without checking them
     * @return why the file does not fit the game, or {@code null} if it is loaded
     */
    private static @Nullable Failure prepare(ReplayFile file, VerifiableGame game, boolean ignoreHashes) {
        ReplaySystem system = game.system();
        List<ReplayMismatch> mismatches = ReplayCompatibility.builder(file.gameId(), system.commandDictionary())
                .build().mismatches(file);
        if (!mismatches.isEmpty()) {
            return Failure.before(ReplayFailure.Kind.INVALID_FILE, "INVALID_FILE: " + mismatches.stream()
                    .map(ReplayMismatch::message).collect(Collectors.joining("; ")), null);
        }
        if (ignoreHashes) {
            ignoreStateHashes(system);
        }
        return load(system, file.save());
    }

    /**
     * Loads a route into a game's system.
     *
     * @return why the route does not fit the game's route, or {@code null} if it is loaded
     */
    static @Nullable Failure load(ReplaySystem system, ReplaySave route) {
        try {
            system.loadState(route);
        } catch (ReplayFormatException e) {
            return Failure.before(ReplayFailure.Kind.INVALID_FILE, "INVALID_FILE: the route does not fit the "
                    + "game's route: " + e.getMessage(), e);
        }
        return null;
    }

    /**
     * Plays the route a game's system holds with the checks: the test kit's headless playback.
     *
     * @param built     the game, its system holding the route
     * @param config    how to play it (from the game's {@link VerifiableGame#sandbox}, perhaps from a later start)
     * @param steps     the route's length
     * @param listener  told of every step (on the playing thread) once the checks before it passed, or
     *                  {@code null}
     * @return why the replay did not hold up, or {@code null} if it did
     */
    @Nullable
    Failure play(G built, SandboxConfig<?> config, int steps, @Nullable Consumer<? super PlaybackStep> listener) {
        game = built;
        names = new StepNames(built.system());
        stepCount = steps;
        last = null;
        failure = null;
        this.listener = listener;
        ReplaySandbox sandbox;
        try {
            sandbox = PlaybackSession.open(built.system(), config);
        } catch (RuntimeException e) {
            return Failure.before(ReplayFailure.Kind.GAME, "the game failed before playback: " + describe(e), e);
        }
        return run(sandbox);
    }

    /**
     * Reads a replay's file.
     *
     * @param source the replay
     * @return the file
     * @throws IOException if it cannot be read; a {@link ReplayException} if it is no valid file
     */
    static ReplayFile read(ReplaySource source) throws IOException {
        if (source instanceof ReplaySource.FromPath path) {
            return ReplayFileReader.DEFAULT.read(path.path());
        } else if (source instanceof ReplaySource.FromBytes bytes) {
            return ReplayFileReader.DEFAULT.read(bytes.bytes());
        }
        return ((ReplaySource.FromFile) source).file();
    }

    /** Replaces every state-hash check of this replay's own game by a command that checks nothing. */
    static void ignoreStateHashes(ReplaySystem system) {
        for (int code : system.commandDictionary().asMap().keySet()) {
            if (system.command(code).orElse(null) instanceof StateHashCheck) {
                system.replaceCommand(code, ReplayCommand.sync(step -> { }));
            }
        }
    }

    @Nullable
    private Failure run(ReplaySandbox sandbox) {
        Mono<Void> played = sandbox.steps()
                .doOnNext(this::beforeGroup)
                .then(Mono.fromRunnable(this::atTheEnd));
        try {
            played.block(judging.timeout());
        } catch (Broken e) {
            return failure;
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof TimeoutException) {
                String where = sandbox.replayed() + " of " + stepCount + " steps played, playback " + sandbox.state();
                sandbox.stopNow();
                String message = "did not end within " + judging.timeout() + ": " + where;
                return new Failure(message, null, ReplayFailure.of(ReplayFailure.Kind.TIMED_OUT, null, -1, -1, null,
                        null, message));
            }
            return playbackFailed(e, sandbox);
        } catch (RuntimeException e) {
            return playbackFailed(e, sandbox);
        }
        return null;
    }

    /** An active step is emitted before it runs: the game shows the state after the group before it. */
    private void beforeGroup(PlaybackStep step) {
        if (step instanceof ActiveStep) {
            checkInvariants(step.step().index());
            last = step.step();
        }
        Consumer<? super PlaybackStep> told = listener;
        if (told != null) {
            told.accept(step);
        }
    }

    private void atTheEnd() {
        checkInvariants(stepCount);
        Consumer<? super G> check = judging.finalState();
        if (check != null) {
            try {
                check.accept(game());
            } catch (Throwable e) { // an AssertionError is the expected failure
                fail("the final state check failed after all " + stepCount + " steps: " + describe(e), e,
                        ReplayFailure.Kind.FINAL_STATE, null, -1);
            }
        }
    }

    /** @param next the index of the step about to run ({@code stepCount} at the end) */
    private void checkInvariants(int next) {
        for (ReplayCheck.Invariant<G> invariant : judging.invariants()) {
            String broke;
            Throwable error = null;
            try {
                broke = invariant.holds().test(game()) ? null : "broke";
            } catch (RuntimeException | AssertionError e) {
                broke = "threw " + describe(e);
                error = e;
            }
            if (broke != null) {
                ReplayStep step = last;
                fail("invariant \"" + invariant.name() + "\" " + (step == null
                        ? broke + " at the start, before step 0 (the state the route starts from)"
                        : broke + " at step " + step.index() + " " + code(step.code()) + ", params " + step.params()
                                + " (steps 0.." + (next - 1) + " of " + stepCount + " played)"), error,
                        ReplayFailure.Kind.INVARIANT, invariant.name(), step == null ? -1 : step.index());
            }
        }
    }

    private void fail(String what, @Nullable Throwable cause, ReplayFailure.Kind kind, @Nullable String check,
                      int stepIndex) {
        String state;
        try {
            state = judging.describe().apply(game());
        } catch (RuntimeException e) {
            state = "(not described: " + describe(e) + ")";
        }
        String message = what + "\nstate: " + state;
        failure = new Failure(message, cause, ReplayFailure.of(kind, check, stepIndex, -1, null,
                cause == null ? null : cause.getClass(), message));
        throw new Broken();
    }

    private Failure playbackFailed(Throwable error, ReplaySandbox sandbox) {
        var desync = ReplayDesyncException.in(error);
        if (desync.isPresent()) {
            ReplayDesyncException d = desync.get();
            String message = "DESYNC: " + d.getMessage() + "\nThe file's state hashes describe the build "
                    + "that recorded it; to judge a bug report on a fixed build, ignoringStateHashes() and check "
                    + "what must hold instead.";
            int code = error instanceof ReplayPlaybackException p ? p.code() : -1;
            return new Failure(message, error, ReplayFailure.of(ReplayFailure.Kind.DESYNC, null, d.stepIndex(), code,
                    error instanceof ReplayPlaybackException p ? p.commandName().orElse(null) : null, null, message));
        }
        if (error instanceof ReplayPlaybackException p) {
            String message = "FAILED: " + describe(error);
            Throwable cause = p.getCause();
            return new Failure(message, error, ReplayFailure.of(ReplayFailure.Kind.FAILED, null, p.stepIndex(),
                    p.code(), p.commandName().orElse(null), cause == null ? null : cause.getClass(), message));
        }
        String message = "FAILED after " + sandbox.replayed() + " of " + stepCount + " steps: " + describe(error);
        return new Failure(message, error, ReplayFailure.of(ReplayFailure.Kind.FAILED, null, -1, -1, null,
                error.getClass(), message));
    }

    private G game() {
        G current = game;
        if (current == null) {
            throw new IllegalStateException("no game yet");
        }
        return current;
    }

    private String code(int code) {
        StepNames known = names;
        return known == null ? "code " + code : known.code(code);
    }

    /** The error in one line: a library exception's own message (it names step, code or byte), else type and message. */
    static String describe(Throwable error) {
        String message = error.getMessage();
        if (error instanceof ReplayException && message != null) {
            return message;
        }
        return error.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
