package dev.reprise.playback;

import dev.reprise.WarningCode;
import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.internal.WarningReporter;
import dev.reprise.route.ReplayCursor;
import dev.reprise.route.ReplayStep;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.function.IntFunction;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Disposable;
import reactor.core.Exceptions;
import reactor.core.Fuseable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Operators;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import org.jspecify.annotations.Nullable;
import reactor.util.concurrent.Queues;
import reactor.util.context.Context;

/**
 * The playback engine behind {@link ReplaySandbox}: a unicast {@code Flux<PlaybackStep>} that reads the
 * route group by group and plays it as DESIGN §4 describes.
 *
 * <p>Every event — demand, cancellation, controls, a command's result, a passive completion, a timer —
 * is posted (an atomic field, the MPSC control queue or a step's own state) and then handled by one
 * drain loop guarded by {@code wip} with the missed-counter pattern. Only the thread that owns the
 * drain touches the fields marked "drain-owned", so there are no locks, a command that completes
 * synchronously never recurses into the next step, and every control is safe from any thread.
 */
final class PlaybackEngine extends Flux<PlaybackStep> implements Subscription, PlaybackContext {

    private static final PassiveStep[] NO_PASSIVES = new PassiveStep[0];

    private static final AtomicIntegerFieldUpdater<PlaybackEngine> WIP =
            AtomicIntegerFieldUpdater.newUpdater(PlaybackEngine.class, "wip");
    private static final AtomicIntegerFieldUpdater<PlaybackEngine> ONCE =
            AtomicIntegerFieldUpdater.newUpdater(PlaybackEngine.class, "once");
    private static final AtomicIntegerFieldUpdater<PlaybackEngine> REPLAYED =
            AtomicIntegerFieldUpdater.newUpdater(PlaybackEngine.class, "replayed");
    private static final AtomicLongFieldUpdater<PlaybackEngine> REQUESTED =
            AtomicLongFieldUpdater.newUpdater(PlaybackEngine.class, "requested");

    // Phases of the drain.
    private static final int IDLE = 0;
    private static final int FINALIZING = 1;
    private static final int GROUP = 2;
    private static final int TERMINATED = 3;

    private final IntFunction<? extends ReplayCommand> commands;
    private final WarningReporter warnings;
    private final ReplayCursor cursor;
    private final Scheduler scheduler;
    private final long intervalNanos;
    private final long graceNanos;
    private final Seeker seeker;

    // ------------------------------------------------------------------ posted from any thread
    volatile int wip;
    volatile int once;
    volatile long requested;
    volatile boolean cancelled;
    @Nullable
    volatile CoreSubscriber<? super PlaybackStep> actual;
    private final Queue<Control> controls = Queues.<Control>unboundedMultiproducer().get();
    private volatile double speed = 1;
    private volatile PlaybackState state = PlaybackState.READY;
    volatile int replayed;
    /** The passive handles of the group in flight, for {@link #passive()} and the context. */
    private volatile PassiveStep[] offered = NO_PASSIVES;
    private volatile Throwable failure;
    private final Sinks.Many<PlaybackState> states = Sinks.many().replay().latest();
    private Context context = Context.empty();

    // ------------------------------------------------------------------ drain-owned
    private int phase = IDLE;
    /** The first step of the next group, decoded ahead; meaningful when {@code headKnown}. */
    @Nullable
    private ReplayStep head;
    private boolean headKnown;
    /** The code of the open finalize window, -1 when none is open. */
    private int windowCode = -1;
    private int windowLastIndex;
    private int finalizingCode;
    private int finalizingIndex;
    @Nullable
    private ActiveStep current;
    private PassiveStep[] passives = NO_PASSIVES;
    private int emitted;
    private boolean activeIn;
    /** The outcome of a command Mono that resolved without a subscription. */
    @Nullable
    private Object syncOutcome;
    @Nullable
    private CommandCall call;
    private boolean stopRequested;
    private boolean cancelHandled;
    private boolean terminalDelivered;
    private boolean dispatchedOnce;
    private long lastDispatch;
    private final ArrayDeque<Sinks.One<PlaybackStep>> permits = new ArrayDeque<>();
    private Sinks.@Nullable One<PlaybackStep> groupPermit;
    private final List<Sinks.Empty<Void>> pauseWaiters = new ArrayList<>(2);
    private final List<Sinks.Empty<Void>> stopWaiters = new ArrayList<>(2);
    @Nullable
    private Disposable pacingTimer;
    private long pacingDue;
    /** The due time of the last pacing timer that fired; written by the timer. */
    private volatile long pacingFired = Long.MIN_VALUE;
    @Nullable
    private Disposable graceTimer;
    private long graceDue;

    PlaybackEngine(SandboxConfig<?> config, IntFunction<? extends ReplayCommand> commands, WarningReporter warnings) {
        this.commands = commands;
        this.warnings = warnings;
        this.cursor = config.route().cursor(config.startIndex());
        this.scheduler = config.scheduler();
        this.intervalNanos = config.stepInterval().toNanos();
        this.graceNanos = config.passiveGrace().toNanos();
        this.replayed = config.startIndex();
        this.seeker = new Seeker(config);
        states.tryEmitNext(PlaybackState.READY);
    }

    // ================================================================== Flux and Subscription

    @Override
    public void subscribe(CoreSubscriber<? super PlaybackStep> subscriber) {
        if (!ONCE.compareAndSet(this, 0, 1)) {
            Operators.error(subscriber, new IllegalStateException(
                    "ReplaySandbox.steps() allows only one subscriber; it is already subscribed"));
            return;
        }
        context = subscriber.currentContext();
        subscriber.onSubscribe(this);
        // Published only after onSubscribe returned, so no signal can overtake it.
        actual = subscriber;
        drain();
    }

    @Override
    public void request(long n) {
        if (n <= 0) {
            post(new Control(Control.BAD_REQUEST, null, n));
            return;
        }
        Operators.addCap(REQUESTED, this, n);
        drain();
    }

    @Override
    public void cancel() {
        cancelled = true;
        drain();
    }

    // ================================================================== controls (any thread)

    void play() {
        post(Control.PLAY_CONTROL);
    }

    /** Lazy: each subscription posts a pause and completes once nothing is in flight. */
    Mono<Void> pause() {
        return Mono.defer(() -> awaitable(Control.PAUSE));
    }

    void pauseNow() {
        post(new Control(Control.PAUSE, null, 0));
    }

    /** Lazy: each subscription posts a stop and completes once playback has terminated. */
    Mono<Void> stop() {
        return Mono.defer(() -> awaitable(Control.STOP));
    }

    void stopNow() {
        post(new Control(Control.STOP, null, 0));
    }

    /** Lazy: each subscription asks for one more group and answers with it. */
    Mono<PlaybackStep> step() {
        return Mono.defer(() -> {
            if (state.isTerminal()) {
                return Mono.empty();
            }
            Sinks.One<PlaybackStep> sink = Sinks.one();
            post(new Control(Control.STEP, sink, 0));
            return sink.asMono();
        });
    }

    void stepNow() {
        if (!state.isTerminal()) {
            post(new Control(Control.STEP, Sinks.one(), 0));
        }
    }

    /** Lazy: each subscription queues a seek and completes once playback stands at the target. */
    Mono<Void> seek(int stepIndex) {
        return Mono.defer(() -> {
            PlaybackState now = state;
            if (now.isTerminal()) {
                return Mono.error(Seeker.notLanded(stepIndex, now));
            }
            Sinks.Empty<Void> sink = Sinks.empty();
            post(new Control(Control.SEEK, new Seeker.Request(stepIndex, sink), stepIndex));
            return sink.asMono();
        });
    }

    void seekNow(int stepIndex) {
        if (!state.isTerminal()) {
            post(new Control(Control.SEEK, new Seeker.Request(stepIndex, Sinks.empty()), stepIndex));
        }
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

    @Nullable
    PassiveStep passive() {
        for (PassiveStep handle : offered) {
            if (!handle.isSettled()) {
                return handle;
            }
        }
        return null;
    }

    /** Wakes the drain: a passive handle settled, a command answered or a timer fired. */
    void signal() {
        drain();
    }

    private Mono<Void> awaitable(int kind) {
        if (state.isTerminal()) {
            return Mono.empty();
        }
        Sinks.Empty<Void> sink = Sinks.empty();
        post(new Control(kind, sink, 0));
        return sink.asMono();
    }

    private void post(Control control) {
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
    public List<PassiveStep> passiveSteps() {
        return List.of(offered);
    }

    @Override
    public Mono<PassiveStep> nextPassive() {
        return Mono.fromSupplier(this::passive);
    }

    @Override
    public boolean seeking() {
        return seeker.active();
    }

    // ================================================================== the drain

    private void drain() {
        if (WIP.getAndIncrement(this) != 0) {
            return;
        }
        int missed = 1;
        for (;;) {
            for (;;) {
                try {
                    while (advance()) {
                        // one unit of work per turn, until nothing can move
                    }
                    break;
                } catch (Throwable error) {
                    Exceptions.throwIfJvmFatal(error);
                    onInternalError(error);
                }
            }
            missed = WIP.addAndGet(this, -missed);
            if (missed == 0) {
                return;
            }
        }
    }

    /** Does one unit of work; returns {@code false} when nothing can move until the next event. */
    private boolean advance() {
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
            case GROUP -> group();
            default -> deliverTerminal();
        };
    }

    /** Drops the subscriber (rule 3.13) and, the first time, turns the cancellation into a stop. */
    private boolean onCancelled() {
        actual = null;
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
                    pauseWaiters.add(sink);
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
                        stopWaiters.add(sink);
                    }
                }
            }
            case Control.STEP -> {
                if (terminated) {
                    control.stepSink().tryEmitEmpty();
                } else {
                    permits.add(control.stepSink());
                }
            }
            case Control.SPEED -> disposePacing(); // the next idle turn times the wait at the new speed
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
                    terminate(PlaybackState.FAILED, new IllegalArgumentException(
                            "§3.9 violated: request must be positive, was " + control.amount), null);
                }
            }
            default -> throw new IllegalStateException("Unknown control " + control.kind);
        }
    }

    // ------------------------------------------------------------------ IDLE: between groups

    private boolean idle() {
        if (stopRequested) {
            seeker.abandon();
            return closeWindowOr(PlaybackState.STOPPED);
        }
        if (seeker.startable()) {
            return startSeek();
        }
        boolean seeking = seeker.active();
        if (!seeking && state != PlaybackState.PLAYING && permits.isEmpty()) {
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
        if (!seeking && !pacingAllows()) {
            return false;
        }
        CoreSubscriber<? super PlaybackStep> subscriber = actual;
        if (subscriber == null || requested == 0) {
            return false;
        }
        int code = next.code();
        ReplayCommand command = commands.apply(code);
        if (command == null) {
            warnings.report(WarningCode.UNKNOWN_COMMAND, code);
            return fail(next.index(), code, ReplayPlaybackException.EXECUTE,
                    "no command is registered for code " + code, null, null);
        }
        boolean active = command.type() == ReplayCommandType.ACTIVE;
        if (active && windowCode >= 0 && windowCode != code) {
            return startFinalize();
        }
        if (windowCode < 0) {
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
            windowCode = -1;
            REPLAYED.lazySet(this, from);
        }
        return true;
    }

    private void dispatch(CoreSubscriber<? super PlaybackStep> subscriber, ReplayStep step, ReplayCommand command,
                          boolean active, boolean seeking) {
        headKnown = false;
        head = null;
        groupPermit = seeking ? null : permits.poll();
        if (state == PlaybackState.READY) {
            setState(PlaybackState.PAUSED); // a step() started it; it stays paused between steps
        }
        dispatchedOnce = true;
        if (intervalNanos > 0) {
            lastDispatch = scheduler.now(TimeUnit.NANOSECONDS);
        }
        if (!active) {
            // A passive step with no active step before it: nobody can have consumed it.
            warnings.report(WarningCode.PASSIVE_SKIPPED, step.index(), step.code(), -1);
            PassiveStep lone = new PassiveStep(step, ReplayCommandResult.IGNORED);
            lone.seeking = seeking;
            emit(subscriber, lone);
            REPLAYED.lazySet(this, step.index() + 1);
            completePermit(lone);
            return;
        }
        passives = readPassives(seeking);
        windowCode = step.code();
        windowLastIndex = step.index();
        ActiveStep activeStep = new ActiveStep(step);
        activeStep.seeking = seeking;
        current = activeStep;
        activeIn = false;
        emitted = 0;
        phase = GROUP;
        if (passives.length > 0) {
            offered = passives;
        }
        emit(subscriber, activeStep);
        Mono<ReplayCommandResult> result;
        try {
            result = command.execute(step, this);
        } catch (Throwable error) {
            Exceptions.throwIfJvmFatal(error);
            syncOutcome = error;
            return;
        }
        subscribeCommand(result);
    }

    /** Reads the passive steps that follow the active step just read, and the next group's head. */
    private PassiveStep[] readPassives(boolean seeking) {
        PassiveStep[] handles = NO_PASSIVES;
        int count = 0;
        while (cursor.next()) {
            ReplayCommand command = commands.apply(cursor.code());
            if (command == null || command.type() != ReplayCommandType.PASSIVE) {
                head = cursor.step();
                headKnown = true;
                break;
            }
            if (count == handles.length) {
                handles = Arrays.copyOf(handles, Math.max(2, count * 2));
            }
            PassiveStep handle = new PassiveStep(cursor.step(), this);
            handle.seeking = seeking;
            handles[count++] = handle;
        }
        if (!headKnown) {
            head = null;
            headKnown = true;
        }
        return count == handles.length ? handles : Arrays.copyOf(handles, count);
    }

    private boolean pacingAllows() {
        if (intervalNanos == 0 || !dispatchedOnce) {
            return true;
        }
        // A tiny speed saturates the due time at Long.MAX_VALUE: a timer that never fires in practice,
        // until setSpeed re-times it.
        long due = pacingDue(lastDispatch, intervalNanos, speed);
        long now = scheduler.now(TimeUnit.NANOSECONDS);
        if (now >= due || pacingFired == due) {
            return true; // trust a timer that fired, even if the scheduler's clock reads a little early
        }
        if (pacingTimer == null || pacingDue != due) {
            disposePacing();
            pacingDue = due;
            pacingTimer = scheduler.schedule(() -> {
                pacingFired = due;
                drain();
            }, due - now, TimeUnit.NANOSECONDS);
        }
        return false;
    }

    /**
     * Returns when the next dispatch is due: {@code interval / speed} after the last one, saturated at
     * {@link Long#MAX_VALUE} (never) instead of overflowing when the speed is tiny.
     */
    static long pacingDue(long lastDispatch, long intervalNanos, double speed) {
        long wait = (long) (intervalNanos / speed); // a narrowing cast saturates at Long.MAX_VALUE
        long due = lastDispatch + wait;
        return due < lastDispatch ? Long.MAX_VALUE : due;
    }

    private boolean closeWindowOr(PlaybackState terminal) {
        if (windowCode >= 0) {
            return startFinalize();
        }
        terminate(terminal, null, null);
        return true;
    }

    // ------------------------------------------------------------------ FINALIZING

    private boolean startFinalize() {
        finalizingCode = windowCode;
        finalizingIndex = windowLastIndex;
        windowCode = -1;
        phase = FINALIZING;
        ReplayCommand command = commands.apply(finalizingCode);
        if (command == null) {
            warnings.report(WarningCode.UNKNOWN_COMMAND, finalizingCode);
            return fail(finalizingIndex, finalizingCode, ReplayPlaybackException.FINALIZE,
                    "no command is registered for code " + finalizingCode, null, null);
        }
        Mono<ReplayCommandResult> result;
        try {
            result = command.finalizeRun(this);
        } catch (Throwable error) {
            Exceptions.throwIfJvmFatal(error);
            syncOutcome = error;
            return true;
        }
        subscribeCommand(result);
        return true;
    }

    private boolean finalizing() {
        Object outcome = takeOutcome();
        if (outcome == null) {
            return false;
        }
        if (!accept(outcome, finalizingIndex, finalizingCode, ReplayPlaybackException.FINALIZE, null)) {
            return true;
        }
        phase = IDLE;
        completePauseWaiters();
        return true;
    }

    // ------------------------------------------------------------------ GROUP: a group in flight

    private boolean group() {
        boolean progress = false;
        CoreSubscriber<? super PlaybackStep> subscriber = actual;
        while (emitted < passives.length && subscriber != null && requested > 0) {
            emit(subscriber, passives[emitted++]);
            progress = true;
        }
        ActiveStep active = current;
        if (!activeIn) {
            Object outcome = takeOutcome();
            if (outcome != null) {
                activeIn = true;
                progress = true;
                ReplayStep step = active.step();
                if (!accept(outcome, step.index(), step.code(), ReplayPlaybackException.EXECUTE, active)) {
                    return true;
                }
                active.settle((ReplayCommandResult) outcome);
            }
        }
        // Every handle is emitted before the group settles, unless playback is stopping (the subscriber
        // left, or stop() will complete the Flux): then handles it cannot see count as seen.
        boolean abandoning = stopRequested;
        boolean settled = activeIn && (emitted == passives.length || abandoning);
        PassiveStep[] handles = passives;
        for (int i = 0; i < handles.length; i++) {
            PassiveStep handle = handles[i];
            if (handle.processed) {
                continue;
            }
            ReplayCommandResult result = handle.settledResult();
            // A stop skips every handle still pending, even one the active command waits on (the dialog
            // pattern), after the grace; otherwise a handle waits for its active step's result first.
            if (result == null && (abandoning || (activeIn && i < emitted)) && graceOver(handle)) {
                if (handle.settle(ReplayCommandResult.IGNORED)) {
                    handle.processed = true;
                    progress = true;
                    ReplayStep step = handle.step();
                    warnings.report(WarningCode.PASSIVE_SKIPPED, step.index(), step.code(), active.step().code());
                    continue;
                }
                result = handle.settledResult(); // completed concurrently: that completion counts
            }
            if (result == null) {
                settled = false;
                continue;
            }
            handle.processed = true;
            progress = true;
            ReplayStep step = handle.step();
            if (!accept(result, step.index(), step.code(), ReplayPlaybackException.PASSIVE, handle)) {
                return true;
            }
        }
        if (settled) {
            settleGroup(active, handles.length);
            return true;
        }
        return progress;
    }

    private boolean graceOver(PassiveStep handle) {
        if (graceNanos == 0) {
            return true;
        }
        long now = scheduler.now(TimeUnit.NANOSECONDS);
        if (handle.graceDeadline == 0) {
            handle.graceDeadline = now + graceNanos;
        }
        long deadline = handle.graceDeadline;
        if (now >= deadline) {
            return true;
        }
        if (graceTimer == null || graceDue <= now || deadline < graceDue) {
            if (graceTimer != null) {
                graceTimer.dispose();
            }
            graceDue = deadline;
            graceTimer = scheduler.schedule(this::drain, deadline - now, TimeUnit.NANOSECONDS);
        }
        return false;
    }

    private void settleGroup(ActiveStep active, int passiveCount) {
        REPLAYED.lazySet(this, active.step().index() + 1 + passiveCount);
        current = null;
        if (passiveCount > 0) {
            passives = NO_PASSIVES;
            offered = NO_PASSIVES;
        }
        phase = IDLE;
        completePermit(active);
        completePauseWaiters();
    }

    // ------------------------------------------------------------------ command outcomes

    private void subscribeCommand(@Nullable Mono<ReplayCommandResult> result) {
        if (result == null) {
            syncOutcome = new NullPointerException("The command returned a null Mono");
        } else if (result instanceof Fuseable.ScalarCallable) {
            // Mono.just / Mono.empty / Mono.error: read the constant without subscribing.
            Object value;
            try {
                value = ((Callable<?>) result).call();
            } catch (Throwable error) {
                Exceptions.throwIfJvmFatal(error);
                value = Exceptions.unwrap(error);
            }
            syncOutcome = value == null ? ReplayCommandResult.SUCCESS : value;
        } else {
            CommandCall pending = new CommandCall(this, context);
            call = pending;
            result.subscribe(pending);
        }
    }

    @Nullable
    private Object takeOutcome() {
        Object outcome = syncOutcome;
        if (outcome != null) {
            syncOutcome = null;
            return outcome;
        }
        CommandCall pending = call;
        if (pending != null && (outcome = pending.outcome) != null) {
            call = null;
            return outcome;
        }
        return null;
    }

    /**
     * Checks an outcome: FAILED or an error fails playback, IGNORED warns.
     *
     * @return {@code true} if playback goes on
     */
    private boolean accept(Object outcome, int index, int code, String phaseName, @Nullable PlaybackStep culprit) {
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
            warnings.report(WarningCode.COMMAND_IGNORED, index, code, phaseName);
        }
        return true;
    }

    // ------------------------------------------------------------------ termination

    private boolean fail(int index, int code, String phaseName, String reason, @Nullable Throwable cause,
                         @Nullable PlaybackStep culprit) {
        terminate(PlaybackState.FAILED, new ReplayPlaybackException(index, code, phaseName, reason, cause), culprit);
        return true;
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
        disposePacing();
        if (graceTimer != null) {
            graceTimer.dispose();
            graceTimer = null;
        }
        CommandCall pending = call;
        call = null;
        syncOutcome = null;
        if (pending != null) {
            pending.cancel();
        }
        if (culprit != null) {
            culprit.settle(ReplayCommandResult.FAILED);
        }
        if (current != null) {
            current.settle(ReplayCommandResult.IGNORED);
            current = null;
        }
        for (PassiveStep handle : passives) {
            handle.settle(ReplayCommandResult.IGNORED);
        }
        passives = NO_PASSIVES;
        offered = NO_PASSIVES;
        head = null;
        setState(terminal);
        states.tryEmitComplete();
        if (groupPermit != null) {
            permits.addFirst(groupPermit);
            groupPermit = null;
        }
        for (Sinks.One<PlaybackStep> permit; (permit = permits.poll()) != null; ) {
            if (error != null) {
                permit.tryEmitError(error);
            } else {
                permit.tryEmitEmpty();
            }
        }
        completePauseWaiters();
        seeker.terminate(terminal, error);
        stopWaiters.forEach(Sinks.Empty::tryEmitEmpty);
        stopWaiters.clear();
    }

    private boolean deliverTerminal() {
        CoreSubscriber<? super PlaybackStep> subscriber = actual;
        if (subscriber == null || terminalDelivered) {
            return false;
        }
        terminalDelivered = true;
        actual = null;
        Throwable error = failure;
        if (error != null) {
            subscriber.onError(error);
        } else {
            subscriber.onComplete();
        }
        return true;
    }

    // ------------------------------------------------------------------ helpers

    private void emit(CoreSubscriber<? super PlaybackStep> subscriber, PlaybackStep step) {
        if (requested != Long.MAX_VALUE) {
            REQUESTED.decrementAndGet(this);
        }
        subscriber.onNext(step);
    }

    private void setState(PlaybackState next) {
        if (state != next) {
            state = next;
            states.tryEmitNext(next);
        }
    }

    private void completePermit(PlaybackStep step) {
        Sinks.One<PlaybackStep> permit = groupPermit;
        if (permit != null) {
            groupPermit = null;
            permit.tryEmitValue(step);
        }
    }

    private void completePauseWaiters() {
        if (!pauseWaiters.isEmpty()) {
            pauseWaiters.forEach(Sinks.Empty::tryEmitEmpty);
            pauseWaiters.clear();
        }
    }

    private void disposePacing() {
        if (pacingTimer != null) {
            pacingTimer.dispose();
            pacingTimer = null;
        }
    }

    @Override
    public String toString() {
        return "ReplaySandbox[" + state + ", replayed=" + replayed + ", speed=" + speed + "]";
    }
}
