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

import dev.reprise.diagnostic.ReplayWarning;
import dev.reprise.command.CommandLookup;
import dev.reprise.diagnostic.WarningCode;
import dev.reprise.internal.SandboxHost;
import dev.reprise.internal.WarningReporter;
import java.util.Objects;
import java.util.function.Consumer;
import reactor.core.publisher.Flux;
import reactor.core.publisher.GroupedFlux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import org.jspecify.annotations.Nullable;

/**
 * Plays a route: {@link #steps()} is the playback itself, a unicast {@code Flux} of steps in route
 * order with backpressure, and the controls steer it.
 *
 * <p>Steps move in groups — an active step plus the passive steps right after it. A group is
 * dispatched only when the previous one settled, the sandbox is playing (or a {@link #step()} is
 * pending), pacing allows it and the subscriber has demand for its active step (each step emitted uses
 * one unit). Never more than one active step is in flight. See {@code docs/playback.md}.
 *
 * <p>Controls follow one rule, as in Reactor: <b>a method that returns a {@code Mono} is lazy</b> —
 * nothing happens until it is subscribed, and each subscription acts again ({@link #pause()} and
 * {@link #stop()} are idempotent; each subscription to {@link #step()} plays one more group, each to
 * {@link #seek} seeks once). So {@code Mono.delay(Duration.ofSeconds(1)).then(sandbox.stop())} stops
 * after a second, not at once. <b>A {@code void} method acts at once</b>: {@link #play()}
 * (which also continues a paused playback), {@link #setSpeed}, {@link #checkRoute()} and the fire-and-forget
 * twins {@link #pauseNow()}, {@link #stopNow()}, {@link #stepNow()} and {@link #seekNow}. The {@code Now}
 * twins post the control and return at once: they never wait for it to take effect (unlike Reactor
 * Netty's {@code disposeNow()}, which blocks until the server is disposed); subscribe to the {@code Mono}
 * twin to know when it has. Cancelling a control's Mono does not undo what it started. Every control is
 * safe from any thread. Once the state is {@link PlaybackState#ENDED}, {@link PlaybackState#STOPPED} or
 * {@link PlaybackState#FAILED}, every control answers at once. Nothing happens without a subscriber to
 * {@link #steps()} requesting steps.
 *
 * <p><b>Starting.</b> The first request on {@link #steps()} (or {@link #windows()}) starts playing: the
 * state goes from {@code READY} to {@code PLAYING}, as {@link #play()} would. With
 * {@link SandboxConfig.Builder#startPaused startPaused(true)} the sandbox stays {@code READY} until
 * {@link #play()} or {@link #step()}. {@link #terminated()} tells how playback ended.
 *
 * <p><b>Threads.</b> The game's callbacks — the {@link ReplayResetter}, every command's {@code execute}
 * and {@code finalizeRun}, a passive step's {@code apply}
 * ({@link dev.reprise.command.ReplayCommand#passive(java.util.function.Consumer)}), the
 * {@link SnapshotProvider}'s capture, restore and estimate, and seeks — never run concurrently. With
 * {@link SandboxConfig.Builder#runOn runOn(scheduler)} they all run, and every step emitted and the
 * completion or error are signalled, on one worker of that scheduler (the game thread), serially; the
 * reset comes first, once {@link #steps()} is subscribed ({@code onSubscribe} is called on the subscribing
 * thread). Nothing touches the game before that subscription. Without it they run on whichever thread
 * drives playback at that moment: the thread that subscribes or requests, calls a control, completes a
 * passive step, signals a command's result, or runs a pacing timer or clock tick — so a
 * {@link PassiveStep#complete} from a UI thread may run the next group's commands on that thread before
 * it returns; the first reset runs in {@link dev.reprise.ReplaySystem#createReplaySandbox} (or
 * {@link #create}; see {@link ReplayResetter}). A UI answering through {@link PassiveAnswers} answers on
 * its own thread; the library applies the answer on the game's thread.
 *
 * <p>{@link #seek} moves playback to any step, forward or backward, from checkpoints kept in a
 * memory-bounded cache when the config has a {@link SnapshotProvider}. See {@code docs/seeking.md}.
 */
public final class ReplaySandbox {

    private final SandboxConfig<?> config;
    private final PlaybackEngine engine;
    private final PlaybackWindows windows;

    private ReplaySandbox(SandboxConfig<?> config, PlaybackEngine engine) {
        this.config = config;
        this.engine = engine;
        this.windows = new PlaybackWindows(engine);
    }

    /**
     * Creates a sandbox on the config's route at its start index, playing the commands {@code commands}
     * resolves, for a tool that plays a route without a {@code ReplaySystem} (a verifier, a viewer, a test
     * harness). A game uses {@link dev.reprise.ReplaySystem#createReplaySandbox}, which passes its registered
     * commands, feeds {@code ReplaySystem.warnings()} and keeps one sandbox at a time; this method keeps
     * nothing: each call creates an independent sandbox, its warnings only logged (logger
     * {@code dev.reprise}, level WARN).
     *
     * <p>The game is reset here, on the calling thread, through the config's resetter and save, when no
     * {@link SandboxConfig#runOn() runOn} is set; with runOn the new playback resets it itself, on its
     * worker, after the subscription and before any command. Nothing else is stopped: two sandboxes playing
     * one game at once are the caller's concern. Never blocks; safe from any thread.
     *
     * @param config   what to play and how
     * @param commands resolves each code to its command (and name) as steps are played
     * @return the new sandbox, {@code READY}
     */
    public static ReplaySandbox create(SandboxConfig<?> config, CommandLookup commands) {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(commands, "commands");
        // A system's lookup is also its host (not API): the sandbox it replaces is stopped as stopNow()
        // does, and the game is reset only once that one has ended, on the thread that ends it (or on the
        // new sandbox's runOn worker), so nothing of the old playback reaches the new one's game.
        Consumer<? super ReplayWarning> warnings = null;
        ReplaySandbox replaced = null;
        if (commands instanceof SandboxHost<?> host) {
            warnings = host::warn;
            replaced = host.replaced() instanceof ReplaySandbox previous ? previous : null;
        }
        Mono<PlaybackState> predecessor = null;
        if (replaced != null && !replaced.engine.state().isTerminal()) {
            replaced.stopNow();
            predecessor = replaced.terminated();
        }
        boolean resetNow = config.runOn().isEmpty()
                && (predecessor == null || replaced == null || replaced.engine.state().isTerminal());
        if (resetNow) {
            config.reset();
            predecessor = null;
        }
        // The engine asks per step: the lookup's Optionals are unwrapped here (ReplaySystem's are pre-made,
        // so its playback allocates nothing per lookup).
        return new ReplaySandbox(config, new PlaybackEngine(config, code -> commands.command(code).orElse(null),
                code -> commands.name(code).orElse(null),
                new WarningReporter(warnings), resetNow, predecessor));
    }

    /**
     * Returns the playback: every step of the route from the start index, in route order. Unicast: a
     * second subscriber gets an {@link IllegalStateException}. Completes when the route has played out
     * ({@link PlaybackState#ENDED}) or on {@link #stop()} or cancellation ({@link PlaybackState#STOPPED});
     * errors with {@link ReplayPlaybackException} when a step fails and with
     * {@link java.util.ConcurrentModificationException} when the route changes (both
     * {@link PlaybackState#FAILED}). Cancelling stops playback like {@link #stop()}: pending passive steps
     * get the passive grace and are skipped, the group in flight settles, the open window is finalized.
     * A second subscriber, to this or to {@link #windows()}, gets an {@link IllegalStateException}: a
     * sandbox plays once. A request of {@code n <= 0} fails playback with {@link IllegalArgumentException}
     * (Reactive Streams rule 3.9, {@link PlaybackState#FAILED}).
     *
     * <p>Reactor's hooks apply as to any operator: the Flux passes through {@code Flux.onAssembly} (so
     * {@code Hooks.onOperatorDebug} and {@code checkpoint()} name it), an exception a command throws goes
     * through {@code Operators.onOperatorError} before it fails playback, and the game's
     * {@link SandboxConfig#clock() clock} is subscribed with the subscriber's {@code Context}.
     *
     * @return the Flux of steps; the same instance on every call unless an assembly hook wraps it
     */
    public Flux<PlaybackStep> steps() {
        return engine.assembled();
    }

    /**
     * Returns the same playback as {@link #steps()}, one finalize window at a time: each window is a
     * {@link GroupedFlux} keyed by the window's code ({@link PlaybackStep#windowCode()}) holding its steps
     * (all with the same {@link PlaybackStep#window()}), and it completes once the window's
     * {@code finalizeRun} has settled — so a game loop can animate a walk as one unit, for instance
     * {@code windows().concatMap(window -> window.collectList())}. A lone passive step at the start is a
     * window of its own, completed at once; a window dropped by a seek completes without a finalize.
     *
     * <p>Backpressure is exact at both levels: a window is opened only when the outer subscriber has
     * requested one, and a step is dispatched only when its window's subscriber has requested it (each
     * window must be subscribed, as with any {@code GroupedFlux}). The controls work as with
     * {@link #steps()}. Unicast, sharing the playback with {@link #steps()}: a sandbox plays once, through
     * one of them. The outer Flux completes or errors as {@link #steps()} would; cancelling it stops
     * playback; cancelling a window drops (but still plays) the rest of its steps, each going to
     * {@code Operators.onDiscard} with the window subscriber's {@code Context}. A request of {@code n <= 0}
     * on the outer Flux fails playback (rule 3.9); on a window it errors that window alone with
     * {@link IllegalArgumentException} and drops the rest of its steps as a cancel would, and playback
     * goes on. Reactor's hooks apply as on {@link #steps()}.
     *
     * @return the Flux of windows; the same instance on every call unless an assembly hook wraps it
     */
    public Flux<GroupedFlux<Integer, PlaybackStep>> windows() {
        return windows.assembled();
    }

    /**
     * Returns how playback ended: a Mono of {@link PlaybackState#ENDED}, {@link PlaybackState#STOPPED} or
     * {@link PlaybackState#FAILED} that completes once playback has terminated. It never errors (the
     * failure itself goes to the subscriber of {@link #steps()}), and replays the state to subscribers
     * that come later. Hot: subscribing does not start playback. A subscription looks whether the game
     * thread is gone (the {@link SandboxConfig#runOn() runOn} scheduler dropped playback's work): then the
     * playback fails saying so, and this Mono answers {@code FAILED}.
     *
     * @return the terminal state; the same Mono on every call
     */
    public Mono<PlaybackState> terminated() {
        return engine.terminated();
    }

    /** Starts or continues playing: {@code READY} or {@code PAUSED} becomes {@code PLAYING}; otherwise nothing. */
    public void play() {
        engine.play();
    }

    /**
     * Returns a lazy pause: when subscribed, no group is dispatched after the one in flight
     * ({@code PLAYING} becomes {@code PAUSED}). Finalize never runs on a pause.
     *
     * @return a Mono that pauses on each subscription and completes once no group or finalize is in
     *         flight: at once if none is or playback has terminated
     */
    public Mono<Void> pause() {
        return Mono.defer(() -> awaitable(Control.PAUSE));
    }

    /**
     * Asks playback to pause and returns at once (fire-and-forget): like subscribing to {@link #pause()},
     * but it never waits for the group in flight, and never blocks (unlike Reactor Netty's
     * {@code disposeNow()}). Subscribe to {@link #pause()} to know when the pause has taken effect.
     */
    public void pauseNow() {
        engine.post(new Control(Control.PAUSE, null, 0));
    }

    /**
     * Returns a lazy stop: when subscribed, it stops for good — pending passive steps get the passive
     * grace and are then skipped (settled {@code IGNORED}, {@link WarningCode#PASSIVE_SKIPPED warning 194}), even one
     * the active command waits on, the group in flight settles, the open finalize window is finalized, the Flux
     * completes and the state becomes {@code STOPPED} (or {@code FAILED} if a step or the finalizer fails).
     *
     * @return a Mono that stops on subscription and completes once playback has terminated; at once if it
     *         already had
     */
    public Mono<Void> stop() {
        return Mono.defer(() -> awaitable(Control.STOP));
    }

    /**
     * Asks playback to stop and returns at once (fire-and-forget): like subscribing to {@link #stop()}, but
     * it never waits for playback to terminate, and never blocks (unlike Reactor Netty's
     * {@code disposeNow()}). {@link #stop()} or {@link #terminated()} tell when playback has ended.
     */
    public void stopNow() {
        engine.post(new Control(Control.STOP, null, 0));
    }

    /**
     * Returns a lazy step: each subscription plays exactly one more group, whatever the state: from
     * {@code READY} or {@code PAUSED} it dispatches one group and stays paused; while playing, it answers
     * with the next group dispatched. Steps queue up: each subscription gets its own group. At the end of
     * the route the open window is finalized and the playback ends.
     *
     * @return a Mono of the group's first step once the whole group settled; empty at the end or if
     *         playback terminates first; an error if the playback fails at this group or while it waits
     */
    public Mono<PlaybackStep> step() {
        return Mono.defer(() -> {
            if (engine.state().isTerminal()) {
                return Mono.empty();
            }
            Sinks.One<PlaybackStep> sink = Sinks.one();
            engine.post(new Control(Control.STEP, sink, 0));
            return sink.asMono();
        });
    }

    /**
     * Asks for one more group and returns at once (fire-and-forget): like subscribing to {@link #step()},
     * but it never waits for the group to settle, and never blocks (unlike Reactor Netty's
     * {@code disposeNow()}); does nothing once playback has terminated.
     */
    public void stepNow() {
        if (!engine.state().isTerminal()) {
            engine.post(new Control(Control.STEP, Sinks.one(), 0));
        }
    }

    /**
     * Returns a lazy seek: when subscribed, it moves playback to step {@code stepIndex}, forward or
     * backward, keeping the state: a playing sandbox
     * goes on playing from there, a paused one stays paused (a {@code READY} one becomes {@code PAUSED}
     * once a step was fast-forwarded).
     *
     * <p>At the next group boundary (after the group or finalize in flight settled), the sandbox restores
     * the nearest checkpoint below the target — or, moving backward without one, resets the game through
     * the config's resetter and save to the start index — unless going on from where it stands is nearer.
     * It then fast-forwards: groups are dispatched whatever the state and without pacing, commands see
     * {@link dev.reprise.command.PlaybackContext#seeking()} {@code true}, and every step is emitted on
     * {@link #steps()} marked {@link PlaybackStep#seeking()} (so it needs demand, and passive steps are
     * offered and must be completed as usual). It lands at the first group boundary at or after
     * {@code stepIndex}: if that index is a passive step, the rest of its group is played too. The open
     * finalize window is left as straight playback leaves it, so what the game holds after the seek is
     * what it holds after playing those steps from the start. Seeks queue up and run in call order.
     * Without a {@linkplain SandboxConfig#snapshots() snapshot provider} a backward seek replays from the
     * start. See {@code docs/seeking.md}.
     *
     * @param stepIndex the target, {@code config().startIndex()} to the route's length (the end)
     * @return a Mono that seeks on each subscription and completes once playback stands at the target;
     *         errors with {@link IllegalStateException} at once if playback has terminated, or if it is stopped before landing, and with the failure if
     *         it fails first
     * @throws IllegalArgumentException if {@code stepIndex} is outside {@code startIndex..route length}
     */
    public Mono<Void> seek(int stepIndex) {
        checkSeekTarget(stepIndex);
        return Mono.defer(() -> {
            PlaybackState now = engine.state();
            if (now.isTerminal()) {
                return Mono.error(Seeker.notLanded(stepIndex, now));
            }
            Sinks.Empty<Void> sink = Sinks.empty();
            engine.post(new Control(Control.SEEK, new Seeker.Request(stepIndex, sink), stepIndex));
            return sink.asMono();
        });
    }

    /**
     * Asks playback to seek and returns at once (fire-and-forget): like subscribing to {@link #seek}, but it
     * never waits to land, and never blocks (unlike Reactor Netty's {@code disposeNow()}); does nothing once
     * playback has terminated.
     *
     * @param stepIndex the target, {@code config().startIndex()} to the route's length (the end)
     * @throws IllegalArgumentException if {@code stepIndex} is outside {@code startIndex..route length}
     */
    public void seekNow(int stepIndex) {
        checkSeekTarget(stepIndex);
        if (!engine.state().isTerminal()) {
            engine.post(new Control(Control.SEEK, new Seeker.Request(stepIndex, Sinks.empty()), stepIndex));
        }
    }

    /** Posts a pause or stop for one subscription and answers when it has taken full effect. */
    private Mono<Void> awaitable(int kind) {
        if (engine.state().isTerminal()) {
            return Mono.empty();
        }
        Sinks.Empty<Void> sink = Sinks.empty();
        engine.post(new Control(kind, sink, 0));
        return sink.asMono();
    }

    private void checkSeekTarget(int stepIndex) {
        int length = config.array().length();
        if (stepIndex < config.startIndex() || stepIndex > length) {
            throw new IllegalArgumentException("seek target must be in " + config.startIndex() + ".." + length
                    + " (start index to route length), was " + stepIndex);
        }
    }

    /**
     * Sets the playback speed: commands see it through the context, and with a step interval the wait
     * between dispatches is {@code stepInterval / speed}, re-timed at once.
     *
     * <p>Any finite speed above 0 is accepted. A tiny speed saturates instead of overflowing: when
     * {@code stepInterval / speed} exceeds {@link Long#MAX_VALUE} nanoseconds (about 292 years), nothing
     * is dispatched until the speed changes.
     *
     * @param speed the speed, 1 being normal
     * @throws IllegalArgumentException if not finite or not above 0
     */
    public void setSpeed(double speed) {
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw new IllegalArgumentException("speed must be finite and greater than 0, was " + speed);
        }
        engine.setSpeed(speed);
    }

    /** @return the playback speed, 1 unless {@link #setSpeed} changed it */
    public double speed() {
        return engine.speed();
    }

    /**
     * Returns how many steps have been played: the start index plus the steps of every settled group;
     * the group in flight is not counted.
     *
     * @return the number of steps before the first unsettled one
     */
    public int replayed() {
        return engine.replayed();
    }

    /**
     * Returns the oldest unsettled passive step of the group in flight. Completing it lets playback go on.
     *
     * @return the handle, or {@code null} if no passive step is pending
     */
    @Nullable
    public PassiveStep passive() {
        return engine.passive();
    }

    /** @return the current state */
    public PlaybackState state() {
        return engine.state();
    }

    /**
     * Returns the state and every later change: replays the latest state to each subscriber and
     * completes after a terminal state.
     *
     * @return a hot Flux of states
     */
    public Flux<PlaybackState> states() {
        return engine.states();
    }

    /**
     * Fails the playback now with {@link java.util.ConcurrentModificationException}
     * ({@link WarningCode#SANDBOX_STREAM_EXPIRED warning 156}) if the route changed since the sandbox was
     * created, instead of at the next step. {@link dev.reprise.ReplaySystem#loadState} calls it; call it after
     * editing a route being played.
     */
    public void checkRoute() {
        engine.checkRoute();
    }

    /** @return the sandbox's checkpoints, or {@code null} without a snapshot provider; for tests and benchmarks */
    @Nullable
    CheckpointStore<?> checkpoints() {
        return engine.checkpoints();
    }

    /** @return the config this sandbox was created with */
    public SandboxConfig<?> config() {
        return config;
    }

    @Override
    public String toString() {
        return engine.toString();
    }
}
