package dev.reprise.test;

import dev.reprise.diagnostic.ReplayException;
import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.command.ReplayCommandType;
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
import dev.reprise.route.ReplayFormatException;
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
 * thread; the checks run on the playing thread, and the test thread waits for them.
 *
 * @param <G> the game's type
 */
final class JudgedReplay<G extends VerifiableGame> {

    /** Why a replay did not hold up: one line, then details; and the error behind it, if any. */
    record Failure(String message, @Nullable Throwable cause) {

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

    private final ReplaySource source;
    private final Function<? super ReplayFile, ? extends G> games;
    private final List<ReplayCheck.Invariant<G>> invariants;
    @Nullable
    private final Consumer<? super G> finalState;
    private final Function<? super G, String> describe;
    private final boolean ignoreStateHashes;
    private final Duration timeout;

    @Nullable
    private G game;
    @Nullable
    private StepNames names;
    @Nullable
    private ReplaySandbox sandbox;
    private int stepCount;
    /** The last step emitted, with its window: the step before the next check at a group boundary. */
    @Nullable
    private PlaybackStep last;
    /** The last step after which the invariants were checked and held; {@code null} before the first. */
    @Nullable
    private ReplayStep lastChecked;
    /** Set on the playing thread by the first failed check, read by the test thread after playback. */
    @Nullable
    private volatile Failure failure;

    JudgedReplay(ReplaySource source, Function<? super ReplayFile, ? extends G> games,
                 List<ReplayCheck.Invariant<G>> invariants, @Nullable Consumer<? super G> finalState,
                 Function<? super G, String> describe, boolean ignoreStateHashes, Duration timeout) {
        this.source = source;
        this.games = games;
        this.invariants = List.copyOf(invariants);
        this.finalState = finalState;
        this.describe = describe;
        this.ignoreStateHashes = ignoreStateHashes;
        this.timeout = timeout;
    }

    /** @return why the replay did not hold up, or {@code null} if it did */
    @Nullable
    Failure play() {
        ReplayFile file;
        try {
            file = read();
        } catch (ReplayException | IOException | UncheckedIOException e) {
            return new Failure("INVALID_FILE: " + describe(e), e);
        }
        stepCount = file.save().length();
        G built;
        try {
            built = games.apply(file);
        } catch (RuntimeException e) {
            return new Failure("the game could not be built from the file: " + describe(e), e);
        }
        if (built == null) {
            return new Failure("the game factory returned null", null);
        }
        game = built;
        ReplaySystem system = built.system();
        names = new StepNames(system);
        List<ReplayMismatch> mismatches = ReplayCompatibility.builder(file.gameId(), system.commandDictionary())
                .build().mismatches(file);
        if (!mismatches.isEmpty()) {
            return new Failure("INVALID_FILE: " + mismatches.stream().map(ReplayMismatch::message)
                    .collect(Collectors.joining("; ")), null);
        }
        if (ignoreStateHashes) {
            ignoreStateHashes(system);
        }
        checkAfterEachAnswer(system);
        try {
            system.loadState(file.save());
        } catch (ReplayFormatException e) {
            return new Failure("INVALID_FILE: the route does not fit the game's route: " + e.getMessage(), e);
        }
        ReplaySandbox opened;
        try {
            opened = PlaybackSession.open(system, built.sandbox(system.array()));
        } catch (RuntimeException e) {
            return new Failure("the game failed before playback: " + describe(e), e);
        }
        sandbox = opened;
        return run(opened);
    }

    private ReplayFile read() throws IOException {
        if (source instanceof ReplaySource.FromPath path) {
            return ReplayFileReader.DEFAULT.read(path.path());
        } else if (source instanceof ReplaySource.FromBytes bytes) {
            return ReplayFileReader.DEFAULT.read(bytes.bytes());
        }
        return ((ReplaySource.FromFile) source).file();
    }

    /** Replaces every state-hash check of this replay's own game by a command that checks nothing. */
    private static void ignoreStateHashes(ReplaySystem system) {
        for (int code : system.commandDictionary().asMap().keySet()) {
            if (system.command(code).orElse(null) instanceof StateHashCheck) {
                system.replaceCommand(code, ReplayCommand.sync(step -> { }));
            }
        }
    }

    /**
     * Replaces every passive command that applies recorded answers by one that applies, then checks the
     * invariants after that step: the engine applies answers on the playing thread, between the steps of a
     * group, so a passive step that breaks an invariant is named, not its group's active step.
     */
    private void checkAfterEachAnswer(ReplaySystem system) {
        if (invariants.isEmpty()) {
            return;
        }
        for (int code : system.commandDictionary().asMap().keySet()) {
            ReplayCommand command = system.command(code).orElse(null);
            if (command != null && command.type() == ReplayCommandType.PASSIVE && command.appliesAnswers()) {
                system.replaceCommand(code, ReplayCommand.passive(step -> {
                    command.applyAnswer(step);
                    afterStep(step);
                }));
            }
        }
    }

    @Nullable
    private Failure run(ReplaySandbox sandbox) {
        Mono<Void> played = sandbox.steps()
                .doOnNext(this::beforeStep)
                .then(Mono.fromRunnable(this::atTheEnd));
        try {
            played.block(timeout);
        } catch (Broken e) {
            return failure;
        } catch (IllegalStateException e) {
            if (failure != null) {
                return failure;
            }
            if (e.getCause() instanceof TimeoutException) {
                String where = sandbox.replayed() + " of " + stepCount + " steps played, playback " + sandbox.state();
                sandbox.stopNow();
                return new Failure("did not end within " + timeout + ": " + where, null);
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
            if (!invariants.isEmpty()) {
                step.result().subscribe(result -> {
                    if (result != ReplayCommandResult.FAILED) {
                        afterStep(step.step());
                    }
                });
            }
        }
        last = step;
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
        record(breach.what(" at " + stepLine(step, step.index() + 1)), breach.error());
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
        Consumer<? super G> check = finalState;
        if (check != null) {
            try {
                check.accept(game());
            } catch (Throwable e) { // an AssertionError is the expected failure
                fail("the final state check failed after all " + stepCount + " steps: " + describe(e), e);
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
        record(breach.what(where), breach.error());
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
        for (ReplayCheck.Invariant<G> invariant : invariants) {
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

    private void fail(String what, @Nullable Throwable cause) {
        record(what, cause);
        throw new Broken();
    }

    /** Keeps the first failure, with the game's state as it is now. */
    private void record(String what, @Nullable Throwable cause) {
        if (failure != null) {
            return;
        }
        String state;
        try {
            state = describe.apply(game());
        } catch (RuntimeException e) {
            state = "(not described: " + describe(e) + ")";
        }
        failure = new Failure(what + "\nstate: " + state, cause);
    }

    private Failure playbackFailed(Throwable error, ReplaySandbox sandbox) {
        var desync = ReplayDesyncException.in(error);
        if (desync.isPresent()) {
            return new Failure("DESYNC: " + desync.get().getMessage() + "\nThe file's state hashes describe the build "
                    + "that recorded it; to judge a bug report on a fixed build, ignoringStateHashes() and check "
                    + "what must hold instead.", error);
        }
        if (error instanceof ReplayPlaybackException) {
            return new Failure("FAILED: " + describe(error), error);
        }
        return new Failure("FAILED after " + sandbox.replayed() + " of " + stepCount + " steps: " + describe(error),
                error);
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
    private static String describe(Throwable error) {
        String message = error.getMessage();
        if (error instanceof ReplayException && message != null) {
            return message;
        }
        return error.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
