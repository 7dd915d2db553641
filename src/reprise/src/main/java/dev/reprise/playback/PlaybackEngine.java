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
package dev.reprise.playback;

import dev.reprise.diagnostic.WarningCode;
import dev.reprise.command.PassiveHandle;
import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.internal.WarningReporter;
import dev.reprise.playback.ReplayPlaybackException.Phase;
import dev.reprise.route.ReplayCursor;
import dev.reprise.route.ReplayStep;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Exceptions;
import reactor.core.Scannable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.util.concurrent.Queues;
import reactor.util.context.Context;

/**
 * The playback engine behind {@link ReplaySandbox}: a unicast {@code Flux<PlaybackStep>} that reads the
 * route group by group and plays it: a group is dispatched when the previous one settled, the sandbox
 * plays (or a step was asked for), pacing allows it and there is demand; a finalize window is closed by
 * its code's {@code finalizeRun} before an active step of another code, at the end and on stop.
 *
 * <p>Every event — demand, cancellation, controls, a command's result, a passive completion, a timer —
 * is posted (an atomic field, the MPSC control queue or a step's own state) and then handled by one
 * drain loop guarded by {@code wip} with the missed-counter pattern. Only the thread that owns the
 * drain touches the drain-owned state, so there are no locks, a command that completes synchronously
 * never recurses into the next step, and every control is safe from any thread. The parts: the group in
 * flight and its passive handles ({@link PassiveGroup}), the finalize window ({@link FinalizeWindow}),
 * pacing ({@link Pacing}: a step interval or the game's clock), the command in flight ({@link CommandRun}) and the seek hooks
 * ({@link Seeker}), and who waits on a control ({@link ControlWaiters}); this class holds the drain
 * and applies the controls.
 *
 * <p>With {@link SandboxConfig#runOn()} the drain loop itself runs on one worker of that scheduler: an
 * event only posts and, if no drain is running, schedules one there, so every command call happens,
 * and every step, completion and error reaches the subscriber, on that worker, serially. Without it the
 * drain runs on whichever thread posted the event that found no drain running.
 */
final class PlaybackEngine extends Flux<PlaybackStep> implements Subscription, PlaybackContext, Scannable {

    private static final AtomicIntegerFieldUpdater<PlaybackEngine> WIP =
            AtomicIntegerFieldUpdater.newUpdater(PlaybackEngine.class, "wip");
    private static final AtomicIntegerFieldUpdater<PlaybackEngine> ONCE =
            AtomicIntegerFieldUpdater.newUpdater(PlaybackEngine.class, "once");
    private static final AtomicIntegerFieldUpdater<PlaybackEngine> STARTED =
            AtomicIntegerFieldUpdater.newUpdater(PlaybackEngine.class, "started");
    private static final AtomicIntegerFieldUpdater<PlaybackEngine> REPLAYED =
            AtomicIntegerFieldUpdater.newUpdater(PlaybackEngine.class, "replayed");
    private static final AtomicIntegerFieldUpdater<PlaybackEngine> QUEUED =
            AtomicIntegerFieldUpdater.newUpdater(PlaybackEngine.class, "queued");
    private static final AtomicLongFieldUpdater<PlaybackEngine> REQUESTED =
            AtomicLongFieldUpdater.newUpdater(PlaybackEngine.class, "requested");

    /**
     * What {@link WarningCode#PASSIVE_SKIPPED warning 194} says of a passive step nobody answered in time, and what to
     * do about it.
     */
    private static final String NOT_CONSUMED = "not consumed";
    private static final String CLAIM_ADVICE = "To keep a late answer, claim() the step first (PassiveAnswers.by"
            + " does) or give the sandbox a passiveGrace.";

    // Phases of the drain.
    private static final int IDLE = 0;
    private static final int FINALIZING = 1;
    private static final int GROUP = 2;
    private static final int TERMINATED = 3;
    /** Before the first group: waits for the sandbox this one replaced to end, then resets the game. */
    private static final int PREPARING = 4;

    private final SandboxConfig<?> config;
    private final IntFunction<? extends @Nullable ReplayCommand> commands;
    private final IntFunction<@Nullable String> names;
    private final WarningReporter warnings;
    /** Drain-owned; opened again after a deferred reset, so route writes the reset makes do not expire it. */
    private ReplayCursor cursor;
    private final Seeker seeker;
    private final Pacing pacing;
    private final PassiveGroup group;
    private final FinalizeWindow window = new FinalizeWindow();
    private final CommandRun run = new CommandRun(this);
    private final Scheduler scheduler;
    @Nullable
    private final Scheduler runOn;
    /** Whether the first request starts playing ({@link SandboxConfig#startPaused()} {@code false}). */
    private final boolean startOnRequest;
    private final Runnable drainTask = this::runQueued;

    // ------------------------------------------------------------------ posted from any thread
    volatile int wip;
    volatile int once;
    volatile int started;
    /** 1 while a drain task is queued on the worker and has not started: who runs it first owns the drain. */
    volatile int queued;
    /** Whether the sandbox this one replaced has ended, so the game may be reset for this one. */
    private volatile boolean predecessorEnded;
    /** The worker the drain runs on with {@code runOn}: taken on subscribe, released after the terminal signal. */
    private volatile Scheduler.@Nullable Worker worker;
    /** Set when the worker refused the drain (its scheduler was disposed): playback fails with it. */
    @Nullable
    private volatile RejectedExecutionException rejected;
    /** Demand for steps; with a {@link WindowGate}, demand for windows. */
    volatile long requested;
    volatile boolean cancelled;
    @Nullable
    volatile CoreSubscriber<? super PlaybackStep> actual;
    private final Queue<Control> controls = Queues.<Control>unboundedMultiproducer().get();
    private volatile double speed = 1;
    private volatile PlaybackState state = PlaybackState.READY;
    volatile int replayed;
    @Nullable
    private volatile Throwable failure;
    private final Sinks.Many<PlaybackState> states = Sinks.many().replay().latest();
    private final Sinks.One<PlaybackState> ended = Sinks.one();
    private final Mono<PlaybackState> terminated = Mono.defer(() -> {
        checkGameThread();
        return ended.asMono();
    });
    private Context context = Context.empty();
    /**
     * The subscriber's window gate when playing as {@link ReplaySandbox#windows()}; set on subscribe, dropped
     * with the subscriber (rule 3.13: the gate holds it).
     */
    @Nullable
    private WindowGate gate;

    // ------------------------------------------------------------------ drain-owned
    private int phase;
    /** Whether the drain running now is the runOn worker's task: only then may it call the game (with runOn). */
    private boolean onWorker;
    /** The first step of the next group, decoded ahead; meaningful when {@code headKnown}. */
    @Nullable
    private ReplayStep head;
    private boolean headKnown;
    private final boolean[] hasHead = new boolean[1];
    /** With windows(): the window for the next group's first step is open, its step not dispatched yet. */
    private boolean gateWindowOpen;
    private boolean stopRequested;
    private boolean cancelHandled;
    private boolean terminalDelivered;
    private final ControlWaiters waiters = new ControlWaiters();

    /**
     * @param resetDone   whether the game was reset for this playback already; if not, the drain resets it
     *                    (on the runOn worker when set) before the first group, once {@code predecessor} ended
     * @param predecessor how the sandbox this one replaced ends, or {@code null} if none is playing
     */
    PlaybackEngine(SandboxConfig<?> config, IntFunction<? extends @Nullable ReplayCommand> commands,
                   IntFunction<@Nullable String> names, WarningReporter warnings, boolean resetDone,
                   @Nullable Mono<PlaybackState> predecessor) {
        this.config = config;
        this.phase = resetDone ? IDLE : PREPARING;
        this.commands = commands;
        this.names = names;
        this.warnings = warnings;
        this.cursor = config.array().cursor(config.startIndex());
        this.pacing = Pacing.of(config, this::drain, this::clockEnded, () -> context);
        this.scheduler = config.scheduler();
        this.runOn = config.runOn().orElse(null);
        this.startOnRequest = !config.startPaused();
        this.group = new PassiveGroup(config.scheduler(), config.passiveGrace().toNanos(), this::drain);
        this.replayed = config.startIndex();
        this.seeker = new Seeker(config);
        states.tryEmitNext(PlaybackState.READY);
        if (predecessor == null) {
            predecessorEnded = true;
        } else {
            predecessor.subscribe(ended -> {
                predecessorEnded = true;
                drain();
            });
        }
    }

    // ================================================================== Flux and Subscription

    @Override
    public void subscribe(CoreSubscriber<? super PlaybackStep> subscriber) {
        if (!ONCE.compareAndSet(this, 0, 1)) {
            Operators.error(subscriber, new IllegalStateException(
                    "A sandbox plays once, to one subscriber: steps() or windows() is already subscribed"));
            return;
        }
        context = subscriber.currentContext();
        if (runOn != null) {
            worker = runOn.createWorker();
        }
        if (subscriber instanceof WindowGate windowGate) {
            gate = windowGate;
        }
        subscriber.onSubscribe(this);
        // Published only after onSubscribe returned, so no signal can overtake it.
        actual = subscriber;
        drain();
    }

    /**
     * Adds demand; {@code n <= 0} fails playback with the rule 3.9 {@link IllegalArgumentException} (the
     * subscriber gets it as {@code onError}, the state turns {@link PlaybackState#FAILED}), and after a
     * cancel it does nothing (rule 3.6).
     */
    @Override
    public void request(long n) {
        if (n <= 0) {
            if (!cancelled) {
                post(new Control(Control.BAD_REQUEST, null, n));
            }
            return;
        }
        Operators.addCap(REQUESTED, this, n);
        if (startOnRequest && started == 0 && STARTED.compareAndSet(this, 0, 1)) {
            controls.offer(Control.PLAY_CONTROL); // playback starts when first requested
        }
        drain();
    }

    @Override
    public void cancel() {
        cancelled = true;
        drain();
    }

    /**
     * Returns this playback as the public API hands it out: through {@link Flux#onAssembly}, so that an
     * assembly hook ({@code Hooks.onOperatorDebug}, {@code Hooks.onEachOperator}) sees it as it sees any
     * operator. Without a hook, this very instance.
     */
    Flux<PlaybackStep> assembled() {
        return onAssembly(this);
    }

    // ================================================================== Scannable

    @Override
    @Nullable
    @SuppressWarnings("rawtypes") // the signature Scannable declares
    public Object scanUnsafe(Attr key) {
        if (key == Attr.PARENT) {
            return null; // a source: it reads the route, no upstream publisher
        }
        if (key == Attr.ACTUAL) {
            return actual;
        }
        if (key == Attr.REQUESTED_FROM_DOWNSTREAM) {
            return requested;
        }
        if (key == Attr.TERMINATED) {
            return state.isTerminal();
        }
        if (key == Attr.CANCELLED) {
            return cancelled;
        }
        if (key == Attr.ERROR) {
            return failure;
        }
        if (key == Attr.RUN_ON) {
            return runOn != null ? runOn : scheduler;
        }
        if (key == Attr.RUN_STYLE) {
            // Steps are emitted on the runOn worker, else on whichever thread drains.
            return Attr.RunStyle.ASYNC;
        }
        if (key == Attr.BUFFERED) {
            return headKnown && head != null ? 1 : 0; // the next group's first step, decoded ahead
        }
        if (key == Attr.PREFETCH) {
            return 0;
        }
        return null;
    }

    @Override
    public String stepName() {
        return "playback";
    }

    // ================================================================== controls (any thread)

    void play() {
        post(Control.PLAY_CONTROL);
    }

    /** @return the sandbox's checkpoints, or {@code null} without a snapshot provider */
    @Nullable
    CheckpointStore<?> checkpoints() {
        return seeker.checkpoints();
    }

    void setSpeed(double newSpeed) {
        speed = newSpeed;
        post(Control.SPEED_CONTROL);
    }

    void checkRoute() {
        post(Control.CHECK_ROUTE_CONTROL);
    }

    PlaybackState state() {
        return state;
    }

    Flux<PlaybackState> states() {
        return states.asFlux();
    }

    Mono<PlaybackState> terminated() {
        return terminated;
    }

    /**
     * A subscription to {@link #terminated()} looks whether the game thread is gone: a drain queued on the
     * runOn worker that its scheduler dropped (disposed, or its executor shut down) would never run, and
     * nothing else may come to notice, so the subscriber notices and the playback fails saying so.
     */
    private void checkGameThread() {
        if (queued != 0) {
            drain();
        }
    }

    /** The clock completed (a stop) or failed (a failure): posted to the drain. */
    private void clockEnded(@Nullable Throwable error) {
        post(new Control(Control.CLOCK_ENDED, error, 0));
    }

    @Nullable
    PassiveStep passive() {
        return group.passive();
    }

    /** Wakes the drain: a passive handle settled, a command answered, a window was requested or a timer fired. */
    void signal() {
        drain();
    }

    /**
     * An answer came for a step the engine had skipped (or a stop cut off): say so
     * ({@link WarningCode#PASSIVE_ANSWER_LOST warning 1002}); any thread.
     */
    void answerLost(PassiveStep step, String answer, boolean cutOff) {
        warnings.report(WarningCode.PASSIVE_ANSWER_LOST, step.step().index(), step.step().code(), answer, cutOff
                ? "It had been claimed, and a stop (or cancel) cut it off (warning 194)."
                : "Claim the step first (PassiveAnswers.by does) or give the sandbox a passiveGrace.");
    }

    /** Posts a control to the drain; {@link ReplaySandbox} builds the lazy and eager controls on it. */
    void post(Control control) {
        controls.offer(control);
        drain();
    }

    // ================================================================== PlaybackContext

    @Override
    public double speed() {
        return speed;
    }

    @Override
    public int replayed() {
        return replayed;
    }

    @Override
    public List<PassiveHandle> passiveSteps() {
        return group.handOut();
    }

    @Override
    public Mono<PassiveHandle> nextPassive() {
        return Mono.defer(() -> {
            PassiveStep next = passive();
            if (next != null) {
                next.takenByCommand = true; // a wait on it is the dialog pattern: see inFlight
            }
            return Mono.justOrEmpty(next);
        });
    }

    @Override
    public boolean seeking() {
        return seeker.active();
    }

    // ================================================================== the drain

    void drain() {
        if (WIP.getAndIncrement(this) != 0) {
            if (queued != 0) {
                takeOverIfDropped();
            }
            return;
        }
        drainLoop(false);
    }

    /** The worker's task: runs the drain unless a caller took it over, the task having come too late. */
    private void runQueued() {
        if (QUEUED.compareAndSet(this, 1, 0)) {
            drainLoop(true);
        }
    }

    /**
     * A drain task is queued on the worker and another event came: if the scheduler was disposed meanwhile,
     * the task will never run, so the caller takes the drain over and fails playback (rather than let it
     * hang in its state). An executor shut down under {@code Schedulers.fromExecutorService} does not say
     * so through {@code isDisposed()}, so the caller queues the drain task once more: a dead worker refuses
     * it, a live one runs whichever copy comes first (the others find nothing queued and return).
     */
    private void takeOverIfDropped() {
        Scheduler.@Nullable Worker on = worker;
        if (on == null) {
            return;
        }
        if (!gone(on)) {
            try {
                on.schedule(drainTask);
                return;
            } catch (RejectedExecutionException refused) {
                // dead: take over below
            }
        }
        if (QUEUED.compareAndSet(this, 1, 0)) {
            rejected = new RejectedExecutionException("the runOn scheduler was disposed while playback's work "
                    + "was queued on it, so that work was dropped");
            drainLoop(false);
        }
    }

    private boolean gone(Scheduler.Worker on) {
        return on.isDisposed() || (runOn != null && runOn.isDisposed());
    }

    /**
     * With runOn, hands a drain running on another thread over to the worker, which then owns it (and
     * the wip count the caller held). Answers {@code false} when the drain must go on here: no runOn,
     * no worker yet (before the subscription nothing touches the game), or the worker refused.
     */
    private boolean handOver() {
        Scheduler.@Nullable Worker on = worker;
        if (on == null || rejected != null) {
            return false;
        }
        if (gone(on)) {
            rejected = new RejectedExecutionException("the runOn scheduler was disposed under a live playback");
            return false;
        }
        queued = 1;
        try {
            on.schedule(drainTask);
            return true;
        } catch (RejectedExecutionException refused) {
            // The runOn scheduler was disposed under a live playback: fail it here rather than hang.
            queued = 0;
            rejected = refused;
            return false;
        }
    }

    private void drainLoop(boolean fromWorker) {
        onWorker = fromWorker;
        int missed = 1;
        for (;;) {
            if (!fromWorker && handOver()) {
                return;
            }
            for (;;) {
                try {
                    while (advance()) {
                        // one unit of work per turn, until nothing can move
                    }
                    break;
                } catch (Throwable error) {
                    // A subscriber's or the game's StackOverflowError too: rethrown, it would wedge the drain.
                    GameErrors.throwIfUnrecoverable(error);
                    onInternalError(error);
                }
            }
            if (phase == TERMINATED && (terminalDelivered || cancelHandled)) {
                releaseWorker();
            }
            missed = WIP.addAndGet(this, -missed);
            if (missed == 0) {
                return;
            }
        }
    }

    /**
     * Tells whether this drain may call the game (the resetter, a command, a snapshot): always without
     * runOn, and with it only on the worker — a drain that runs elsewhere before the subscription took the
     * worker applies controls but leaves the game alone.
     */
    private boolean mayTouchGame() {
        return runOn == null || onWorker;
    }

    /** Does one unit of work; returns {@code false} when nothing can move until the next event. */
    private boolean advance() {
        RejectedExecutionException refused = rejected;
        if (refused != null && phase != TERMINATED) {
            refuse(refused);
            return true;
        }
        Control control = controls.poll();
        if (control != null) {
            apply(control);
            return true;
        }
        if (cancelled && onCancelled()) {
            return true;
        }
        return switch (phase) {
            case IDLE -> idle();
            case FINALIZING -> finalizing();
            case GROUP -> inFlight();
            case PREPARING -> prepare();
            default -> deliverTerminal();
        };
    }

    /** Drops the subscriber (rule 3.13) and, the first time, turns the cancellation into a stop. */
    private boolean onCancelled() {
        actual = null;
        gate = null;
        if (cancelHandled) {
            return false;
        }
        cancelHandled = true;
        stopRequested = true;
        return true;
    }

    private void apply(Control control) {
        boolean terminated = phase == TERMINATED;
        switch (control.kind) {
            case Control.PLAY -> {
                if (!terminated && state != PlaybackState.PLAYING) {
                    setState(PlaybackState.PLAYING);
                }
            }
            case Control.PAUSE -> {
                if (!terminated && state == PlaybackState.PLAYING) {
                    setState(PlaybackState.PAUSED);
                }
                Sinks.Empty<Void> sink = control.emptySink();
                if (sink == null) {
                    return; // pauseNow(): nobody waits for the answer
                }
                if (terminated || phase == IDLE) {
                    sink.tryEmitEmpty();
                } else {
                    waiters.addPause(sink);
                }
            }
            case Control.STOP -> {
                Sinks.Empty<Void> sink = control.emptySink();
                if (terminated) {
                    if (sink != null) {
                        sink.tryEmitEmpty();
                    }
                } else {
                    stopRequested = true;
                    if (sink != null) {
                        waiters.addStop(sink);
                    }
                }
            }
            case Control.STEP -> {
                if (terminated) {
                    control.stepSink().tryEmitEmpty();
                } else {
                    waiters.addPermit(control.stepSink());
                }
            }
            case Control.SPEED -> pacing.speedChanged(); // the next idle turn times the wait at the new speed
            case Control.CLOCK_ENDED -> {
                Throwable error = control.clockError();
                if (!terminated && error != null) {
                    terminate(PlaybackState.FAILED, error, null);
                } else if (!terminated) {
                    stopRequested = true; // the game's clock ran out: playback stops as on stopNow()
                }
            }
            case Control.CHECK_ROUTE -> {
                if (!terminated && cursor.expired()) {
                    failExpired();
                }
            }
            case Control.SEEK -> {
                Seeker.Request request = control.seekRequest();
                if (terminated) {
                    request.sink().tryEmitError(Seeker.notLanded(request.target(), state));
                } else {
                    seeker.add(request);
                }
            }
            case Control.BAD_REQUEST -> {
                if (!terminated) {
                    terminate(PlaybackState.FAILED, Exceptions.nullOrNegativeRequestException(control.amount), null);
                }
            }
            case Control.WINDOW_BAD_REQUEST -> control.window().reject(control.amount);
            default -> throw new IllegalStateException("Unknown control " + control.kind);
        }
    }

    // ------------------------------------------------------------------ PREPARING: before the first group

    /** Resets the game for this playback once the sandbox it replaced has ended; on the worker with runOn. */
    private boolean prepare() {
        if (stopRequested) {
            phase = IDLE; // stopped before anything was played: nothing to reset for
            return true;
        }
        if (!predecessorEnded || !mayTouchGame()) {
            return false;
        }
        phase = IDLE;
        config.reset();
        cursor = config.array().cursor(config.startIndex());
        return true;
    }

    // ------------------------------------------------------------------ IDLE: between groups

    private boolean idle() {
        if (stopRequested) {
            seeker.abandon();
            return closeWindowOr(PlaybackState.STOPPED);
        }
        if (!mayTouchGame()) {
            return false;
        }
        if (seeker.startable()) {
            return startSeek();
        }
        boolean seeking = seeker.active();
        if (!seeking && state != PlaybackState.PLAYING && !waiters.hasPermits()) {
            pacing.hold(); // a paused playback saves no ticks up for later
            return false;
        }
        if (cursor.expired()) {
            return failExpired();
        }
        if (!headKnown) {
            head = cursor.next() ? cursor.step() : null;
            headKnown = true;
        }
        ReplayStep next = head;
        if (seeking && (next == null || next.index() >= seeker.target())) {
            seeker.land();
            return true;
        }
        if (next == null) {
            return closeWindowOr(PlaybackState.ENDED);
        }
        CoreSubscriber<? super PlaybackStep> subscriber = actual;
        if (subscriber == null) {
            return false; // nothing is paced, so no clock is subscribed, before the subscriber's context is known
        }
        if (!seeking && !pacing.allows(speed)) {
            return false;
        }
        if (gate == null && requested == 0) {
            return false;
        }
        int code = next.code();
        ReplayCommand command = commands.apply(code);
        if (command == null) {
            warnings.report(WarningCode.UNKNOWN_COMMAND, code);
            return fail(next.index(), code, Phase.EXECUTE,
                    "no command is registered for code " + code, null, null);
        }
        boolean active = command.type() == ReplayCommandType.ACTIVE;
        boolean opensWindow = !active || !window.isOpen();
        if (active && window.closesBefore(code)) {
            // The window closes before this step: with windows(), its own demand or a window asked for moves it.
            if (stepDemand() == 0 && (gate == null || requested == 0)) {
                return false;
            }
            return startFinalize();
        }
        if (opensWindow && gate != null && !gateWindowOpen) {
            if (requested == 0) {
                return false; // no window asked for
            }
            if (requested != Long.MAX_VALUE) {
                REQUESTED.decrementAndGet(this);
            }
            gateWindowOpen = true;
            gate.openWindow(code);
        }
        if (stepDemand() == 0) {
            return false;
        }
        if (!window.isOpen()) {
            seeker.atClosedBoundary(next.index());
        }
        dispatch(subscriber, next, command, active, seeking);
        return true;
    }

    /**
     * Starts the next queued seek at this group boundary: restores a checkpoint (or resets to the start)
     * when that is nearer the target than where playback stands, then lets {@link #idle()} fast-forward.
     */
    private boolean startSeek() {
        if (cursor.expired()) {
            return failExpired();
        }
        int from = seeker.start(replayed);
        if (from >= 0) {
            // The restored game state replaces the open window: it is dropped, not finalized.
            cursor.reset(from);
            head = null;
            headKnown = false;
            if (window.isOpen() || gateWindowOpen) {
                window.drop();
                gateWindowOpen = false;
                closeGateWindow();
            }
            REPLAYED.lazySet(this, from);
        }
        return true;
    }

    private void dispatch(CoreSubscriber<? super PlaybackStep> subscriber, ReplayStep step, ReplayCommand command,
                          boolean active, boolean seeking) {
        headKnown = false;
        head = null;
        if (!seeking) {
            waiters.takePermitForGroup();
        }
        if (state == PlaybackState.READY) {
            setState(PlaybackState.PAUSED); // a step() started it; it stays paused between steps
        }
        pacing.dispatched(seeking);
        gateWindowOpen = false;
        if (!active) {
            // A passive step with no active step before it: nobody can have consumed it.
            warnings.report(WarningCode.PASSIVE_SKIPPED, step.index(), step.code(), -1, NOT_CONSUMED,
                    "No active step came before it, so nothing could consume it.");
            PassiveStep lone = new PassiveStep(step, ReplayCommandResult.IGNORED, this);
            lone.seeking = seeking;
            lone.window = window.openLone(step.code());
            emit(subscriber, lone);
            REPLAYED.lazySet(this, step.index() + 1);
            closeGateWindow(); // a lone passive step is a window of its own, never finalized
            waiters.completePermit(lone);
            return;
        }
        WindowId id = window.add(step.code(), step.index());
        PassiveStep[] passives = PassiveGroup.read(cursor, commands, this, hasHead);
        head = hasHead[0] ? cursor.step() : null;
        headKnown = true;
        ActiveStep activeStep = new ActiveStep(step, passives.length);
        mark(activeStep, seeking, id);
        for (PassiveStep handle : passives) {
            mark(handle, seeking, id);
        }
        group.start(activeStep, passives);
        phase = GROUP;
        emit(subscriber, activeStep);
        try {
            // A Mono that runs the game when subscribed may throw here too (Reactor rethrows a fatal error).
            run.start(command.execute(step, this), context);
        } catch (Throwable error) {
            run.threw(GameErrors.onGameError(error, step, context));
        }
    }

    private static void mark(PlaybackStep step, boolean seeking, WindowId id) {
        step.seeking = seeking;
        step.window = id;
    }

    private boolean closeWindowOr(PlaybackState terminal) {
        if (window.isOpen()) {
            return mayTouchGame() && startFinalize();
        }
        terminate(terminal, null, null);
        return true;
    }

    // ------------------------------------------------------------------ FINALIZING

    private boolean startFinalize() {
        window.beginFinalize();
        phase = FINALIZING;
        int code = window.finalizingCode();
        ReplayCommand command = commands.apply(code);
        if (command == null) {
            warnings.report(WarningCode.UNKNOWN_COMMAND, code);
            return fail(window.finalizingIndex(), code, Phase.FINALIZE,
                    "no command is registered for code " + code, null, null);
        }
        try {
            run.start(command.finalizeRun(this), context);
        } catch (Throwable error) {
            run.threw(GameErrors.onGameError(error, null, context));
        }
        return true;
    }

    private boolean finalizing() {
        Object outcome = run.take();
        if (outcome == null) {
            return false;
        }
        if (!accept(outcome, window.finalizingIndex(), window.finalizingCode(), Phase.FINALIZE,
                null)) {
            return true;
        }
        phase = IDLE;
        closeGateWindow();
        waiters.completePauses();
        return true;
    }

    // ------------------------------------------------------------------ GROUP: a group in flight

    private boolean inFlight() {
        boolean progress = false;
        CoreSubscriber<? super PlaybackStep> subscriber = actual;
        PassiveStep[] handles = group.passives;
        while (group.emitted < handles.length && subscriber != null && stepDemand() > 0) {
            emit(subscriber, handles[group.emitted++]);
            progress = true;
        }
        ActiveStep active = Objects.requireNonNull(group.active, "a group in flight has its active step");
        if (!group.activeIn) {
            Object outcome = run.take();
            if (outcome != null) {
                group.activeIn = true;
                progress = true;
                ReplayStep step = active.step();
                if (!accept(outcome, step.index(), step.code(), Phase.EXECUTE, active)) {
                    return true;
                }
                active.settle((ReplayCommandResult) outcome);
            }
        }
        // Every handle is emitted before the group settles, unless playback is stopping (the subscriber
        // left, or stop() will complete the Flux): then handles it cannot see count as seen.
        boolean abandoning = stopRequested;
        boolean activeIn = group.activeIn;
        boolean settled = activeIn && (group.emitted == handles.length || abandoning);
        boolean mayTouchGame = mayTouchGame();
        boolean earlierPending = false; // answers are taken in route order
        for (int i = 0; i < handles.length; i++) {
            PassiveStep handle = handles[i];
            if (handle.processed) {
                continue;
            }
            ReplayCommandResult result = handle.settledResult();
            // A settled handle is taken in whatever else holds: its other facts are not read.
            HandleDecision decision = result != null ? HandleDecision.SETTLE : HandleDecision.decide(false,
                    earlierPending, handle.awaitsApply(), handle.appliesAnswers(), handle.unclaimed(),
                    handle.awaitedByCommand(), activeIn, i < group.emitted, abandoning, mayTouchGame);
            boolean graceOver = (decision == HandleDecision.APPLY_RECORDED || decision == HandleDecision.ABANDON)
                    && group.graceOver(handle);
            if (decision == HandleDecision.APPLY_ANSWER
                    || (graceOver && decision == HandleDecision.APPLY_RECORDED && handle.takeForApply())) {
                // A UI answered SUCCESS through PassiveAnswers, or nobody claimed it (headless): the library
                // applies it here, on the game's thread.
                if (!applyAnswer(handle)) {
                    return true;
                }
                result = handle.settledResult();
            } else if (graceOver) {
                if (giveUp(handle, abandoning, active)) {
                    progress = true;
                    continue;
                }
                result = handle.settledResult(); // claimed or completed concurrently: that answer counts
            }
            if (result == null) {
                settled = false;
                earlierPending = true;
                continue;
            }
            handle.processed = true;
            progress = true;
            ReplayStep step = handle.step();
            Throwable cause = handle.failureCause();
            Object outcome = result == ReplayCommandResult.FAILED && cause != null ? cause : result;
            if (!accept(outcome, step.index(), step.code(), Phase.PASSIVE, handle)) {
                return true;
            }
        }
        if (settled) {
            REPLAYED.lazySet(this, active.step().index() + 1 + handles.length);
            group.clear();
            phase = IDLE;
            waiters.completePermit(active);
            waiters.completePauses();
            return true;
        }
        return progress;
    }

    /**
     * Gives up a handle nobody answered in time: skips it if nobody claimed it, or on a stop cuts off the
     * answer of a UI that claimed it through {@link PassiveAnswers}; either way says so (warning 194).
     *
     * @return {@code true} if it is given up; {@code false} if it was claimed or answered meanwhile
     */
    private boolean giveUp(PassiveStep handle, boolean abandoning, ActiveStep active) {
        ReplayStep step = handle.step();
        if (handle.skip()) {
            handle.processed = true;
            warnings.report(WarningCode.PASSIVE_SKIPPED, step.index(), step.code(), active.step().code(),
                    NOT_CONSUMED, CLAIM_ADVICE);
            return true;
        }
        if (abandoning && handle.cutOff()) {
            // Claimed through PassiveAnswers and answered too late: claiming would not have helped.
            handle.processed = true;
            warnings.report(WarningCode.PASSIVE_SKIPPED, step.index(), step.code(), active.step().code(),
                    "claimed through PassiveAnswers, and its answer was cut off by the stop (or cancel)"
                            + " before it came", "An answer that comes later is lost (warning 1002).");
            return true;
        }
        return false;
    }

    /**
     * Applies a step through its command's apply, then settles it {@code SUCCESS}: a UI answered it through
     * {@link PassiveAnswers}, or nobody claimed it (headless).
     *
     * @return {@code true} if playback goes on; {@code false} if the apply threw and playback failed
     */
    private boolean applyAnswer(PassiveStep handle) {
        try {
            handle.apply();
        } catch (Throwable thrown) {
            ReplayStep step = handle.step();
            Throwable error = GameErrors.onGameError(thrown, step, context);
            fail(step.index(), step.code(), Phase.PASSIVE, "its apply threw " + error, error, handle);
            return false;
        }
        handle.settle(ReplayCommandResult.SUCCESS);
        return true;
    }

    /**
     * Checks an outcome: FAILED or an error fails playback, IGNORED warns.
     *
     * @return {@code true} if playback goes on
     */
    private boolean accept(Object outcome, int index, int code, Phase phaseName, @Nullable PlaybackStep culprit) {
        if (outcome instanceof Throwable error) {
            fail(index, code, phaseName, "it signalled " + error, error, culprit);
            return false;
        }
        if (outcome == ReplayCommandResult.FAILED) {
            fail(index, code, phaseName, "it answered FAILED", null, culprit);
            return false;
        }
        if (!(outcome instanceof ReplayCommandResult)) {
            fail(index, code, phaseName, "it answered " + outcome + ", not a ReplayCommandResult", null, culprit);
            return false;
        }
        if (outcome == ReplayCommandResult.IGNORED) {
            warnings.report(WarningCode.COMMAND_IGNORED, index, code, phaseName.label());
        }
        return true;
    }

    // ------------------------------------------------------------------ termination

    private boolean fail(int index, int code, Phase phaseName, String reason, @Nullable Throwable cause,
                         @Nullable PlaybackStep culprit) {
        terminate(PlaybackState.FAILED, new ReplayPlaybackException(index, code, names.apply(code), phaseName, reason, cause), culprit);
        return true;
    }

    /**
     * Fails playback because the runOn scheduler refused or dropped its work: the game thread is gone. The
     * failure names the step whose work was lost: the window being finalized, the step of the group in flight
     * that playback was waiting to take in ({@link #lostInGroup}), or else the next step to play.
     */
    private void refuse(RejectedExecutionException refused) {
        String reason = "the game thread is gone: the runOn scheduler " + runOn + " refused or dropped playback's "
                + "work (" + refused.getMessage() + ")";
        if (phase == FINALIZING) {
            fail(window.finalizingIndex(), window.finalizingCode(), Phase.FINALIZE, reason, refused, null);
            return;
        }
        PlaybackStep lost = phase == GROUP ? lostInGroup() : null;
        if (lost != null) {
            ReplayStep step = lost.step();
            fail(step.index(), step.code(), lost instanceof PassiveStep ? Phase.PASSIVE : Phase.EXECUTE, reason,
                    refused, lost);
            return;
        }
        if (!headKnown && !cursor.expired()) {
            head = cursor.next() ? cursor.step() : null;
            headKnown = true;
        }
        ReplayStep step = head;
        if (step == null) {
            // The route played out: the failure names where playback stood, after its last step.
            terminate(PlaybackState.FAILED, new ReplayPlaybackException(replayed, -1, null, Phase.EXECUTE,
                    reason + " after the last step", refused), null);
            return;
        }
        fail(step.index(), step.code(), Phase.EXECUTE, reason, refused, null);
    }

    /**
     * The step of the group in flight whose work the game thread lost, in route order: the active step while
     * its command runs (or its failure is not taken in yet) — unless that command waits on a passive step
     * whose answer is waiting to be applied (the dialog pattern): then that passive step; once the active step
     * has completed, the first passive step not taken in yet, else the active step if its result was not taken
     * in; {@code null} if nothing of the group is left.
     */
    @Nullable
    private PlaybackStep lostInGroup() {
        ActiveStep active = group.active;
        if (active == null) {
            return null;
        }
        Object outcome = group.activeIn ? active.settledResult() : run.peek();
        PassiveStep[] handles = group.passives;
        if (outcome != ReplayCommandResult.SUCCESS && outcome != ReplayCommandResult.IGNORED) {
            for (PassiveStep handle : handles) {
                if (!handle.processed && handle.awaitedByCommand()
                        && (handle.awaitsApply() || (handle.appliesAnswers() && handle.unclaimed()))) {
                    return handle;
                }
            }
            return active;
        }
        for (PassiveStep handle : handles) {
            if (!handle.processed) {
                return handle;
            }
        }
        return group.activeIn ? null : active; // its result came, and was lost
    }

    private boolean failExpired() {
        warnings.report(WarningCode.SANDBOX_STREAM_EXPIRED);
        terminate(PlaybackState.FAILED, new ConcurrentModificationException("The route changed during playback "
                + "(warning 156) after " + replayed + " steps were played; create a new sandbox"), null);
        return true;
    }

    private void onInternalError(Throwable error) {
        if (phase == TERMINATED) {
            Operators.onErrorDropped(error, context);
        } else {
            terminate(PlaybackState.FAILED, error, null);
        }
    }

    private void terminate(PlaybackState terminal, @Nullable Throwable error, @Nullable PlaybackStep culprit) {
        phase = TERMINATED;
        failure = error;
        pacing.dispose();
        run.cancel();
        if (culprit != null) {
            culprit.settle(ReplayCommandResult.FAILED);
        }
        group.abandon();
        head = null;
        setState(terminal);
        states.tryEmitComplete();
        ended.tryEmitValue(terminal);
        seeker.terminate(terminal, error);
        waiters.terminate(error);
    }

    private boolean deliverTerminal() {
        CoreSubscriber<? super PlaybackStep> subscriber = actual;
        if (subscriber == null || terminalDelivered) {
            return false;
        }
        terminalDelivered = true;
        actual = null;
        gate = null;
        Throwable error = failure;
        if (error != null) {
            subscriber.onError(error);
        } else {
            subscriber.onComplete();
        }
        return true;
    }

    // ------------------------------------------------------------------ helpers

    /** @return the demand for steps: the subscriber's, or with windows() the open window's */
    private long stepDemand() {
        WindowGate windows = gate;
        return windows == null ? requested : windows.stepDemand();
    }

    private void emit(CoreSubscriber<? super PlaybackStep> subscriber, PlaybackStep step) {
        WindowGate windows = gate;
        if (windows != null) {
            windows.stepProduced();
        } else if (requested != Long.MAX_VALUE) {
            REQUESTED.decrementAndGet(this);
        }
        subscriber.onNext(step);
    }

    /** Gives the runOn worker back: playback terminated and its subscriber was told (or left). */
    private void releaseWorker() {
        Scheduler.@Nullable Worker on = worker;
        if (on != null) {
            worker = null; // later events (late answers, controls on a terminated sandbox) drain inline
            on.dispose();
        }
    }

    private void closeGateWindow() {
        WindowGate windows = gate;
        if (windows != null && actual != null) {
            windows.closeWindow();
        }
    }

    private void setState(PlaybackState next) {
        if (state != next) {
            state = next;
            states.tryEmitNext(next);
        }
    }

    @Override
    public String toString() {
        return "ReplaySandbox[" + state + ", replayed=" + replayed + ", speed=" + speed + "]";
    }
}
