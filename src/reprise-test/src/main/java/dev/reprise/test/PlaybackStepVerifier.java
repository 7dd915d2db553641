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

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.playback.ActiveStep;
import dev.reprise.playback.PassiveStep;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/**
 * A step-by-step script for a playback, verified by reactor-test's {@link StepVerifier}: each line
 * expects one step (or a whole finalize window) and plays exactly that much, so the line after it sees
 * the game as that step left it.
 *
 * <pre>{@code
 * PlaybackStepVerifier.create(system, config)
 *         .expectActive(RIGHT)                      // dispatched and executed
 *         .then(() -> assertThat(game.queuedMoves()).isEqualTo(1))
 *         .expectWindow(RIGHT, 1)                   // the rest of the window; its finalizeRun has run
 *         .then(() -> assertThat(game.position()).isEqualTo(new Position(2, 0)))
 *         .expectActive(TALK).expectPassive(CHOICE).answer(ReplayCommandResult.SUCCESS)
 *         .expectEnded()
 *         .verify(Duration.ofSeconds(10));
 * }</pre>
 *
 * <p>The script creates a sandbox on the system ({@link ReplaySystem#createReplaySandbox}, which resets the
 * game) when it is verified, plays it, and subscribes to its {@linkplain ReplaySandbox#windows() windows}
 * with no demand. Demand follows the script: each expectation asks for the one step it expects, unless
 * {@link #thenRequest} asked for steps ahead; so playback never runs ahead of the script. In virtual
 * time, moving the clock ({@link #thenAwait}, {@link #expectNoStep}) lets every step go that comes due
 * meanwhile, as a player watching would see them; the lines after it expect those steps in order. The
 * steps are counted from the config's start index; every failure names the step index, the kind, code
 * and command name expected and the step (or signal) found, and a step that does not come names what
 * playback waits on instead: demand, the next step's time, a command's answer, a passive answer.
 *
 * <p>A script is built on one thread and verified once; it is not thread-safe. Every wait inside it is
 * bounded by the duration given to {@link #verify}.
 */
public final class PlaybackStepVerifier {

    private final ReplaySystem system;
    private final Supplier<? extends SandboxConfig<?>> config;
    private final boolean virtualTime;
    private final StepNames names;
    private final List<Op> script = new ArrayList<>();
    /** The route index the next expected step has. */
    private int nextIndex = -1;
    @Nullable
    private PlaybackState terminal;
    private int failedAt = -1;

    private PlaybackStepVerifier(ReplaySystem system, Supplier<? extends SandboxConfig<?>> config, boolean virtualTime) {
        this.system = Objects.requireNonNull(system, "system");
        this.config = Objects.requireNonNull(config, "config");
        this.virtualTime = virtualTime;
        this.names = new StepNames(system);
    }

    /**
     * Starts a script for playing {@code config} on {@code system}, in real time.
     *
     * @param system the game's system, its commands registered
     * @param config what to play: usually {@code system.array()} and the game's resetter
     * @return a new, empty script
     */
    public static PlaybackStepVerifier create(ReplaySystem system, SandboxConfig<?> config) {
        Objects.requireNonNull(config, "config");
        return new PlaybackStepVerifier(system, () -> config, false);
    }

    /**
     * Starts a script verified in virtual time ({@link StepVerifier#withVirtualTime}): pacing, passive
     * grace and commands that wait on {@code Schedulers.parallel()} run on a virtual clock that only
     * {@link #thenAwait} and {@link #expectNoStep} move, so no test waits for real.
     *
     * @param system the game's system, its commands registered
     * @param config builds the config when the script is verified, once the virtual clock is installed,
     *               so that the config's default scheduler is the virtual one
     * @return a new, empty script
     */
    public static PlaybackStepVerifier withVirtualTime(ReplaySystem system,
                                                       Supplier<? extends SandboxConfig<?>> config) {
        return new PlaybackStepVerifier(system, config, true);
    }

    // ------------------------------------------------------------------ steps

    /**
     * Expects the next step to be an active step of {@code code}, and waits until it has executed (its
     * command's result is in), so the next line sees its effect.
     *
     * @param code the step's code
     * @return this script
     */
    public PlaybackStepVerifier expectActive(int code) {
        return expectActive(code, Duration.ZERO);
    }

    /**
     * Expects the next step to be an active step of {@code code} whose command answers on the virtual
     * clock: moves the clock by {@code executionTime} once it is dispatched, then waits until it has
     * executed. For {@link #withVirtualTime} scripts only.
     *
     * @param code          the step's code
     * @param executionTime how long the command takes on the virtual clock
     * @return this script
     * @throws IllegalStateException if this script runs in real time
     */
    public PlaybackStepVerifier expectActive(int code, Duration executionTime) {
        Objects.requireNonNull(executionTime, "executionTime");
        if (!executionTime.isZero() && !virtualTime) {
            throw new IllegalStateException("expectActive(code, executionTime) moves the virtual clock: use "
                    + "PlaybackStepVerifier.withVirtualTime, or expectActive(code) in real time");
        }
        String expected = "active step " + index() + " " + names.code(code);
        AtomicReference<PlaybackStep> seen = expectStep(expected, step -> {
            if (!(step instanceof ActiveStep) || step.step().code() != code) {
                throw mismatch(expected, step);
            }
        });
        if (!executionTime.isZero()) {
            script.add((s, timeout, run) -> s.thenAwait(executionTime));
        }
        script.add((s, timeout, run) -> s.then(() -> awaitSettled(seen.get(), timeout)));
        return this;
    }

    /**
     * Expects the next step to be a passive step of {@code code}. Follow it with {@link #answer} to
     * answer it as a UI would; without an answer, the script waits until it settles (taken by the active
     * command before it, or skipped).
     *
     * @param code the step's code
     * @return this script
     */
    public PlaybackStepVerifier expectPassive(int code) {
        String expected = "passive step " + index() + " " + names.code(code);
        PassiveOp op = new PassiveOp(expected);
        AtomicReference<PlaybackStep> seen = expectStep(expected, step -> {
            if (!(step instanceof PassiveStep passive) || step.step().code() != code) {
                throw mismatch(expected, step);
            }
            op.answer(passive); // inside onNext: before the engine can skip the handle
        });
        script.add((s, timeout, run) -> s.then(() -> awaitSettled(seen.get(), timeout)));
        script.add(op);
        return this;
    }

    /**
     * Answers the passive step just expected with {@code result}, as soon as it is emitted (before the
     * engine could skip it): {@code SUCCESS} or {@code IGNORED} lets playback go on, {@code FAILED} fails
     * it. Fails the script if the step had settled already (say, its command took it).
     *
     * @param result the answer
     * @return this script
     * @throws IllegalStateException if the line before is not {@link #expectPassive}, or already answered
     */
    public PlaybackStepVerifier answer(ReplayCommandResult result) {
        lastPassive("answer").answer(Objects.requireNonNull(result, "result"), null);
        return this;
    }

    /**
     * Answers the passive step just expected with a failure: the step settles {@code FAILED} with
     * {@code cause} ({@link PassiveStep#fail}), and playback fails naming the step, phase
     * {@code passive} and that cause.
     *
     * @param result {@link ReplayCommandResult#FAILED}: a failure's result
     * @param cause  why the answer failed
     * @return this script
     * @throws IllegalArgumentException if {@code result} is not {@code FAILED}
     * @throws IllegalStateException    if the line before is not {@link #expectPassive}, or already answered
     */
    public PlaybackStepVerifier answerWith(ReplayCommandResult result, Throwable cause) {
        if (result != ReplayCommandResult.FAILED) {
            throw new IllegalArgumentException("answerWith(result, cause) answers FAILED with its cause, was "
                    + result + "; use answer(" + result + ")");
        }
        lastPassive("answerWith").answer(result, Objects.requireNonNull(cause, "cause"));
        return this;
    }

    /**
     * Expects the next {@code steps} steps to be the rest of one finalize window of {@code code} — the
     * whole window when it starts here — counting its active steps and their groups' passive steps (which
     * their commands take); waits until the last one has executed and then until the window's
     * {@code finalizeRun} has run, without playing a step of the next window, so the next line sees what
     * the finalize did. Fails at once if the route shows the window going on past those steps.
     *
     * @param code  the window's code
     * @param steps how many steps the window has, at least 1
     * @return this script
     * @throws IllegalArgumentException if {@code steps} is below 1
     */
    public PlaybackStepVerifier expectWindow(int code, int steps) {
        if (steps < 1) {
            throw new IllegalArgumentException("a window has at least 1 step, was " + steps);
        }
        int first = index();
        String window = "window of " + names.code(code) + " from step " + first + " (" + steps + " steps)";
        AtomicReference<PlaybackStep> opened = new AtomicReference<>();
        AtomicReference<PlaybackStep> last = null;
        for (int k = 0; k < steps; k++) {
            String expected = "step " + index() + " of the " + window;
            boolean head = k == 0;
            last = expectStep(expected, step -> {
                if (step.windowCode() != code || (!head && step.window() != opened.get().window())) {
                    throw mismatch(expected, step);
                }
                if (head) {
                    opened.set(step);
                }
            });
        }
        AtomicReference<PlaybackStep> end = Objects.requireNonNull(last, "a window has at least 1 step");
        script.add((s, timeout, run) -> s.then(() -> awaitFinalized(run, window, end.get(), code, timeout)));
        return this;
    }

    /**
     * Expects {@code count} more steps, whatever they are, each waited for until it settled.
     *
     * @param count how many, at least 0
     * @return this script
     */
    public PlaybackStepVerifier expectSteps(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, was " + count);
        }
        if (count > 0) {
            int from = index();
            nextIndex = from + count;
            String expected = count + " steps from step " + from;
            script.add((s, timeout, run) -> s.then(() -> run.expect(expected, count)).expectNextCount(count)
                    .as(expected));
        }
        return this;
    }

    // ------------------------------------------------------------------ demand, time, actions

    /**
     * Asks for {@code n} more steps ahead of the expectations: playback may then run that far ahead of
     * the script (the next expectations use them up before asking for more).
     *
     * @param n how many steps, at least 1
     * @return this script
     */
    public PlaybackStepVerifier thenRequest(long n) {
        if (n < 1) {
            throw new IllegalArgumentException("n must be at least 1, was " + n);
        }
        script.add((s, timeout, run) -> s.then(() -> run.steps().ahead(n)));
        return this;
    }

    /**
     * Runs {@code task} at this point of the script, on the verifying thread: an assertion on the game,
     * an input, a control.
     *
     * @param task the task; an {@link AssertionError} it throws fails the script
     * @return this script
     */
    public PlaybackStepVerifier then(Runnable task) {
        Objects.requireNonNull(task, "task");
        script.add((s, timeout, run) -> s.then(task));
        return this;
    }

    /**
     * Runs {@code control} on the sandbox at this point of the script, e.g.
     * {@code thenControl(ReplaySandbox::stopNow)} or {@code thenControl(sandbox -> sandbox.setSpeed(2))}.
     *
     * @param control the control
     * @return this script
     */
    public PlaybackStepVerifier thenControl(Consumer<? super ReplaySandbox> control) {
        Objects.requireNonNull(control, "control");
        script.add((s, timeout, run) -> s.then(() -> control.accept(run.sandbox())));
        return this;
    }

    /**
     * Moves the virtual clock by {@code duration} ({@link #withVirtualTime} scripts), or waits that long
     * in real time. On the virtual clock every step that comes due meanwhile goes (with a step interval
     * of 100 ms, {@code thenAwait(200 ms)} lets two steps go), and the lines after it expect them:
     * {@code .expectActive(RIGHT).thenAwait(Duration.ofMillis(200)).expectSteps(2)}. In real time demand
     * still follows the script.
     *
     * @param duration how long
     * @return this script
     */
    public PlaybackStepVerifier thenAwait(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        script.add((s, timeout, run) -> virtualTime ? s.then(() -> run.steps().flow(true)).thenAwait(duration)
                .then(() -> run.steps().flow(false)) : s.thenAwait(duration));
        return this;
    }

    /**
     * Expects no step and no end for {@code duration}: on the virtual clock in a {@link #withVirtualTime}
     * script (which it moves, letting any step go that comes due, so one that comes too early fails the
     * line), else in real time.
     *
     * @param duration how long
     * @return this script
     */
    public PlaybackStepVerifier expectNoStep(Duration duration) {
        Objects.requireNonNull(duration, "duration");
        int at = Math.max(nextIndex, 0);
        String expected = "no step for " + duration + " before step " + at;
        script.add((s, timeout, run) -> virtualTime
                ? s.then(() -> run.steps().flow(true)).expectNoEvent(duration).as(expected)
                        .then(() -> run.steps().flow(false))
                : s.expectNoEvent(duration).as(expected));
        return this;
    }

    // ------------------------------------------------------------------ the end

    /**
     * Expects playback to have played the route out: the steps complete and the state is
     * {@link PlaybackState#ENDED}.
     *
     * @return this script, ready to {@link #verify}
     */
    public PlaybackStepVerifier expectEnded() {
        return end(PlaybackState.ENDED);
    }

    /**
     * Expects playback to be stopped (by a {@link #thenControl} stop, or by the game): the steps complete
     * and the state is {@link PlaybackState#STOPPED}.
     *
     * @return this script, ready to {@link #verify}
     */
    public PlaybackStepVerifier expectStopped() {
        return end(PlaybackState.STOPPED);
    }

    /**
     * Expects playback to fail at step {@code stepIndex}: the steps up to it are played through (the
     * failing step itself is emitted before it fails), then the steps end with a
     * {@link ReplayPlaybackException} naming that step; a step after it fails the script.
     *
     * @param stepIndex the 0-based index of the step that fails (for a finalize: its window's last step)
     * @return this script, ready to {@link #verify}
     */
    public PlaybackStepVerifier expectFailedAt(int stepIndex) {
        failedAt = stepIndex;
        return end(PlaybackState.FAILED);
    }

    private PlaybackStepVerifier end(PlaybackState state) {
        if (terminal != null) {
            throw new IllegalStateException("the script already ends with " + terminal);
        }
        terminal = state;
        return this;
    }

    /**
     * Plays the script: creates the sandbox, runs every line through a {@link StepVerifier} and checks the
     * end. Without an end expectation the playback is cancelled (which stops it) after the last line.
     *
     * @param timeout the bound of the whole verification, and of each wait inside it
     * @return how long the verification took
     * @throws AssertionError naming the step index, kind, code and command name expected, and what was
     *                        found instead
     */
    public Duration verify(Duration timeout) {
        Objects.requireNonNull(timeout, "timeout");
        Run run = new Run();
        Supplier<Flux<PlaybackStep>> scenario = () -> Flux.defer(() -> run.open(system, config.get()));
        // The verifier asks for everything; the scripted WindowSteps ignore that and let the lines decide.
        StepVerifier.Step<PlaybackStep> steps = (virtualTime ? StepVerifier.withVirtualTime(scenario)
                : StepVerifier.create(scenario.get())).expectSubscription();
        for (Op op : script) {
            steps = op.build(steps, timeout, run);
        }
        StepVerifier verifier;
        if (terminal == null) {
            verifier = steps.thenCancel();
        } else {
            if (terminal != PlaybackState.STOPPED) {
                // The end needs no demand, a step left over does: ask for one, so that it shows instead of a
                // hang. (Not for a stop: the stop is on its way, and must not race a step asked for.)
                // A failure is played up to the failing step, which is emitted before it fails.
                boolean failing = terminal == PlaybackState.FAILED;
                int last = failing ? failedAt : index() - 1;
                String expected = failing ? "playback to fail at step " + failedAt
                        : "playback to end " + terminal + " after step " + last;
                long more = Math.max(1, last - index() + 2);
                steps = steps.then(() -> run.expect(expected, more)).thenConsumeWhile(step -> true, step -> {
                    if (!failing || step.step().index() > last) {
                        throw new AssertionError("expected " + expected + ", found " + names.step(step));
                    }
                });
            } else {
                String expected = "playback to end STOPPED after step " + (index() - 1);
                steps = steps.then(() -> run.expect(expected, 0));
            }
            verifier = terminal == PlaybackState.FAILED ? steps.expectErrorSatisfies(this::checkFailure)
                    : steps.expectComplete();
        }
        Duration took;
        try {
            took = verifier.verify(timeout);
        } catch (AssertionError e) {
            if (String.valueOf(e.getMessage()).startsWith("VerifySubscriber timed out")) {
                throw run.timedOut(timeout, names, virtualTime, e);
            }
            throw e;
        }
        if (terminal != null && terminal != PlaybackState.FAILED) {
            PlaybackState state = run.sandbox().states().filter(PlaybackState::isTerminal).blockFirst(timeout);
            if (state != terminal) {
                throw new AssertionError("expected playback to end " + terminal + " after step " + (index() - 1)
                        + ", but it ended " + state + " after " + run.sandbox().replayed() + " steps");
            }
        }
        return took;
    }

    private void checkFailure(Throwable error) {
        if (!(error instanceof ReplayPlaybackException failure)) {
            throw new AssertionError("expected playback to fail at step " + failedAt + ", but it failed with "
                    + error, error);
        }
        if (failure.stepIndex() != failedAt) {
            throw new AssertionError("expected playback to fail at step " + failedAt + ", but it failed at step "
                    + failure.stepIndex() + " " + names.code(failure.code()) + " in " + failure.phase().label() + ": "
                    + failure.getMessage(), failure);
        }
    }

    // ------------------------------------------------------------------ internals

    /** The route index of the next step the script expects. */
    private int index() {
        if (nextIndex < 0) {
            // Read once, for the messages; a virtual-time script builds its real config again when verified.
            nextIndex = config.get().startIndex();
        }
        return nextIndex;
    }

    /** Adds one step expectation, asking for it unless it was asked for already, and returns where it lands. */
    private AtomicReference<PlaybackStep> expectStep(String expected, Consumer<PlaybackStep> check) {
        index();
        nextIndex++;
        script.add((s, timeout, run) -> s.then(() -> run.expect(expected, 1)));
        AtomicReference<PlaybackStep> seen = new AtomicReference<>();
        script.add((s, timeout, run) -> s.assertNext(step -> {
            seen.set(step);
            check.accept(step);
        }).as(expected));
        return seen;
    }

    private AssertionError mismatch(String expected, PlaybackStep found) {
        return new AssertionError("expected " + expected + ", found " + names.step(found) + " (window "
                + found.window() + " of " + names.code(found.windowCode()) + ")");
    }

    private PassiveOp lastPassive(String method) {
        if (script.isEmpty() || !(script.get(script.size() - 1) instanceof PassiveOp op) || op.answered) {
            throw new IllegalStateException(method + "(...) answers the passive step of the expectPassive(code) "
                    + "just before it, and only once");
        }
        return op;
    }

    private void awaitSettled(PlaybackStep step, Duration timeout) {
        try {
            step.result().toFuture().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError(names.step(step) + " was dispatched but did not settle within " + timeout
                    + (virtualTime ? ": if its command answers on the virtual clock, use expectActive(code, "
                    + "executionTime)" : ": its command never answered"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for " + names.step(step), e);
        } catch (ExecutionException e) {
            throw new AssertionError(names.step(step) + " failed to settle", e.getCause());
        }
    }

    private void awaitFinalized(Run run, String window, PlaybackStep last, int code, Duration timeout) {
        awaitSettled(last, timeout);
        ReplayArray route = run.sandbox().config().array();
        int next = last.step().index() + 1;
        if (next < route.length()) {
            int nextCode = route.get(next).code();
            ReplayCommandType type = system.command(nextCode).map(c -> c.type()).orElse(ReplayCommandType.ACTIVE);
            if (type == ReplayCommandType.PASSIVE || nextCode == code) {
                throw new AssertionError("expected the " + window + " to close after step " + last.step().index()
                        + ", but it goes on: step " + next + " is " + StepNames.kind(type) + " "
                        + names.code(nextCode));
            }
        }
        try {
            run.steps().closeOpenWindow().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the " + window + " did not finalize within " + timeout
                    + ": its finalizeRun never answered");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for the " + window + " to finalize", e);
        } catch (ExecutionException e) {
            throw new AssertionError("the " + window + " failed to finalize", e.getCause());
        }
    }

    /** One line of the script, turned into StepVerifier steps when the script is verified. */
    @FunctionalInterface
    private interface Op {
        StepVerifier.Step<PlaybackStep> build(StepVerifier.Step<PlaybackStep> steps, Duration timeout, Run run);
    }

    /** An {@link #expectPassive} line's answer, if {@link #answer} gave one; adds no steps of its own. */
    private static final class PassiveOp implements Op {

        private final String expected;
        boolean answered;
        @Nullable
        private ReplayCommandResult result;
        @Nullable
        private Throwable cause;

        PassiveOp(String expected) {
            this.expected = expected;
        }

        void answer(ReplayCommandResult answer, @Nullable Throwable failure) {
            answered = true;
            result = answer;
            cause = failure;
        }

        void answer(PassiveStep step) {
            ReplayCommandResult answer = result;
            if (answer == null) {
                return;
            }
            Throwable failure = cause;
            boolean settled = failure != null ? step.fail(failure) : step.complete(answer);
            if (!settled) {
                throw new AssertionError(expected + ": the answer " + answer + " came too late, the step had "
                        + "settled already (" + step.result().block(Duration.ZERO) + "): did its command take it?");
            }
        }

        @Override
        public StepVerifier.Step<PlaybackStep> build(StepVerifier.Step<PlaybackStep> steps, Duration timeout, Run run) {
            return steps;
        }
    }

    /** What one verification opened: the sandbox, its steps and the script's demand; and what the script awaits. */
    private static final class Run {

        @Nullable
        private volatile ReplaySandbox sandbox;
        @Nullable
        private volatile WindowSteps steps;
        /** The expectation the script is waiting for, for a timeout's message. */
        private volatile String expecting = "the subscription";

        Flux<PlaybackStep> open(ReplaySystem on, SandboxConfig<?> with) {
            ReplaySandbox opened = PlaybackSession.open(on, with);
            WindowSteps playing = WindowSteps.scripted(opened.windows());
            sandbox = opened;
            steps = playing;
            return playing;
        }

        /** The script now waits for {@code what}: {@code n} more steps (0 or more), asked for unless they were already. */
        void expect(String what, long n) {
            expecting = what;
            steps().expect(n);
        }

        /** The verification timed out: says what the script expected and what playback is doing. */
        AssertionError timedOut(Duration timeout, StepNames names, boolean virtualTime, AssertionError timeoutError) {
            ReplaySandbox opened = sandbox;
            WindowSteps playing = steps;
            String doing = opened == null || playing == null ? "playback was never opened"
                    : PlaybackWait.describe(opened, playing, names, virtualTime);
            return new AssertionError("expected " + expecting + " within " + timeout + ", but it did not come: "
                    + doing, timeoutError);
        }

        ReplaySandbox sandbox() {
            ReplaySandbox opened = sandbox;
            if (opened == null) {
                throw new IllegalStateException("the playback is not open yet");
            }
            return opened;
        }

        WindowSteps steps() {
            WindowSteps playing = steps;
            if (playing == null) {
                throw new IllegalStateException("the playback is not open yet");
            }
            return playing;
        }
    }
}
