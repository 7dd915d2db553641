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
import dev.reprise.ReplaySystem;
import dev.reprise.command.CommandDictionary;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.internal.answer.AnswerCheck;
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
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * One replay judged by a {@link ReplayCheck}: read, a fresh game built, the route played headless with
 * the invariants checked after every step and between groups, then the final state checked. Created and played on the test
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
                    cause, message));
        }

        /**
         * @param timeout how long the replay might play
         * @param where   what it got to, e.g. {@code "12 of 40 steps played, playback PLAYING"}
         * @return the failure of a replay that did not end within its timeout
         */
        static Failure timedOut(Duration timeout, String where) {
            String message = "did not end within " + timeout + ": " + where;
            return new Failure(message, null, ReplayFailure.of(ReplayFailure.Kind.TIMED_OUT, null, -1, -1, null,
                    null, message));
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
    private CommandDictionary names;
    private volatile int stepCount;
    /** Written on the game thread, read by the waiting thread when the replay ran out of time. */
    @Nullable
    private volatile ReplaySandbox sandbox;
    /** The last step emitted, with its window: the step before the next check at a group boundary. */
    @Nullable
    private PlaybackStep last;
    /** The last step after which the invariants were checked and held; {@code null} before the first. */
    @Nullable
    private ReplayStep lastChecked;
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
     * Runs a play of the game on the game thread, bounded by the judging's timeout: a check, a command or
     * the game's own code that does not return in time leaves its thread behind, and the replay is
     * {@code TIMED_OUT}.
     *
     * @param thread the game thread
     * @param play   reads, builds and plays with this judge; returns why the replay did not hold up, or
     *               {@code null}
     * @param tick   run on the waiting thread about once a second while it plays
     * @return why the replay did not hold up, or {@code null} if it did
     */
    @Nullable
    Failure bounded(GameThread thread, Function<JudgedReplay<G>, @Nullable Failure> play, Runnable tick) {
        try {
            return thread.call(() -> play.apply(this), judging.timeout(), tick);
        } catch (TimeoutException e) {
            ReplaySandbox playing = sandbox;
            String where = playing == null ? "the game was not ready to play"
                    : playing.replayed() + " of " + stepCount + " steps played, playback " + playing.state();
            return Failure.timedOut(judging.timeout(), where + "; a check, a command or the game's own code did "
                    + "not return (its thread is left behind)");
        }
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
    static @Nullable Failure load(ReplaySystem system, ReplaySave save) {
        try {
            system.loadState(save);
        } catch (ReplayFormatException e) {
            return Failure.before(ReplayFailure.Kind.INVALID_FILE, "INVALID_FILE: the route does not fit the "
                    + "game's route: " + e.getMessage(), e);
        }
        return null;
    }

    /**
     * Plays the route a game's system holds with the checks: the headless playback of a check.
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
        names = built.system().commandDictionary();
        stepCount = steps;
        last = null;
        lastChecked = null;
        failure = null;
        this.listener = listener;
        // A passive step's answer is applied on the playing thread between the steps of its group: checked
        // there, the answer that broke an invariant is named. A game played again (a shrink's tries share
        // one) keeps its wrappers, which then report to this judge.
        AnswerCheck.afterEachAnswer(built.system(), this::afterStep);
        ReplaySandbox opened;
        try {
            opened = built.system().createReplaySandbox(config); // resets the game
            opened.play(); // nothing but the subscriber's demand holds it back
        } catch (RuntimeException e) {
            return Failure.before(ReplayFailure.Kind.GAME, "the game failed before playback: " + describe(e), e);
        }
        sandbox = opened;
        return run(opened);
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
                .doOnNext(this::beforeStep)
                .then(Mono.fromRunnable(this::atTheEnd));
        try {
            played.block(judging.timeout());
        } catch (Broken e) {
            return failure;
        } catch (IllegalStateException e) {
            if (failure != null) {
                return failure;
            }
            if (e.getCause() instanceof TimeoutException) {
                String where = sandbox.replayed() + " of " + stepCount + " steps played, playback " + sandbox.state();
                sandbox.stopNow();
                return Failure.timedOut(judging.timeout(), where);
            }
            return playbackFailed(e, sandbox);
        } catch (RuntimeException e) {
            return failure != null ? failure : playbackFailed(e, sandbox);
        }
        return failure; // a check after a step stopped playback, or null: it held up
    }

    /**
     * Every step is emitted before it runs. An active step starts a group: the game shows the state after
     * the group before it (and the finalize of its window, if one closed), checked here; the active step
     * itself is checked once its command's result is in, on the playing thread, before its group's answers
     * are applied.
     */
    private void beforeStep(PlaybackStep step) {
        if (failure != null) {
            throw new Broken(); // a check after a step failed: end playback here
        }
        if (step instanceof ActiveStep) {
            checkInvariants(step, step.step().index());
            if (!judging.invariants().isEmpty()) {
                step.result().subscribe(result -> {
                    if (result != ReplayCommandResult.FAILED) {
                        afterStep(step.step());
                    }
                });
            }
        }
        last = step;
        Consumer<? super PlaybackStep> told = listener;
        if (told != null) {
            told.accept(step);
        }
    }

    /** Checks the invariants after one step settled, on the playing thread; a failure stops playback. */
    private void afterStep(ReplayStep step) {
        if (failure != null) {
            return;
        }
        Breach breach = breach();
        if (breach == null) {
            lastChecked = step;
            return;
        }
        record(breach.what(" at " + stepLine(step, step.index() + 1)), breach.error(), breach.name(), step.index());
        ReplaySandbox playing = sandbox;
        if (playing != null) {
            playing.stopNow(); // from the playing thread: the group in flight settles, nothing more is dispatched
        }
    }

    private void atTheEnd() {
        if (failure != null) {
            return;
        }
        checkInvariants(null, stepCount);
        Consumer<? super G> check = judging.finalState();
        if (check != null) {
            try {
                check.accept(game());
            } catch (Throwable e) { // an AssertionError is the expected failure
                record("the final state check failed after all " + stepCount + " steps: " + describe(e), e,
                        ReplayFailure.Kind.FINAL_STATE, null, -1);
                throw new Broken();
            }
        }
    }

    /**
     * Checks the invariants at a group boundary: before {@code next} runs, or at the end. The steps before
     * were checked one by one where they settled on the playing thread; what is left to blame is a step
     * settled elsewhere (a passive step its active command answered itself) or the finalize of a window.
     *
     * @param next the active step about to run, or {@code null} at the end
     * @param nextIndex its index ({@code stepCount} at the end)
     */
    private void checkInvariants(@Nullable PlaybackStep next, int nextIndex) {
        Breach breach = breach();
        if (breach == null) {
            return;
        }
        PlaybackStep before = last;
        String where;
        if (before == null) {
            where = " at the start, before step 0 (the state the route starts from)";
        } else if (lastChecked != null && lastChecked.index() == before.step().index()
                && (next == null || next.window() != before.window())) {
            // It held after that step, and only its window's finalize ran since.
            where = " at the finalize of the window of " + code(before.windowCode()) + " that ended at step "
                    + before.step().index() + " (steps 0.." + (nextIndex - 1) + " of " + stepCount + " played)";
        } else {
            where = " at " + stepLine(before.step(), nextIndex);
        }
        record(breach.what(where), breach.error(), breach.name(), before == null ? -1 : before.step().index());
        throw new Broken();
    }

    /** The first invariant that does not hold, how, and the error it threw if it did. */
    private record Breach(String name, String how, @Nullable Throwable error) {

        /** @return {@code invariant "name" broke} followed by {@code where} */
        String what(String where) {
            return "invariant \"" + name + "\" " + how + where;
        }
    }

    /** @return the first invariant that does not hold in the game as it is now, or {@code null} */
    @Nullable
    private Breach breach() {
        for (ReplayCheck.Invariant<G> invariant : judging.invariants()) {
            try {
                if (!invariant.holds().test(game())) {
                    return new Breach(invariant.name(), "broke", null);
                }
            } catch (RuntimeException | AssertionError e) {
                return new Breach(invariant.name(), "threw " + describe(e), e);
            }
        }
        return null;
    }

    /** @return {@code "step 13 PERK (code 4), params [2] (steps 0..13 of 20 played)"} */
    private String stepLine(ReplayStep step, int played) {
        return "step " + step.index() + " " + code(step.code()) + ", params " + step.params() + " (steps 0.."
                + (played - 1) + " of " + stepCount + " played)";
    }

    private void record(String what, @Nullable Throwable cause, String invariant, int stepIndex) {
        record(what, cause, ReplayFailure.Kind.INVARIANT, invariant, stepIndex);
    }

    /** Keeps the first failure, with the game's state as it is now. */
    private void record(String what, @Nullable Throwable cause, ReplayFailure.Kind kind, @Nullable String check,
                        int stepIndex) {
        if (failure != null) {
            return;
        }
        String state;
        try {
            state = judging.describe().apply(game());
        } catch (RuntimeException e) {
            state = "(not described: " + describe(e) + ")";
        }
        String message = what + "\nstate: " + state;
        failure = new Failure(message, cause, ReplayFailure.of(kind, check, stepIndex, -1, null,
                cause, message));
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
                    p.code(), p.commandName().orElse(null), cause, message));
        }
        String message = "FAILED after " + sandbox.replayed() + " of " + stepCount + " steps: " + describe(error);
        return new Failure(message, error, ReplayFailure.of(ReplayFailure.Kind.FAILED, null, -1, -1, null,
                error, message));
    }

    private G game() {
        G current = game;
        if (current == null) {
            throw new IllegalStateException("no game yet");
        }
        return current;
    }

    /** @return e.g. {@code RIGHT (code 1)}, or {@code code 42 (no command)} for an unregistered code */
    private String code(int code) {
        CommandDictionary known = names;
        return known == null ? "code " + code
                : known.name(code).map(name -> name + " (code " + code + ")").orElse("code " + code + " (no command)");
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
