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
package dev.reprise;

import dev.reprise.command.ReplayCommand;
import dev.reprise.diagnostic.ReplayWarning;
import dev.reprise.diagnostic.WarningCode;
import dev.reprise.command.CommandDictionary;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayCapacityException;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import java.util.Objects;
import java.util.Optional;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import org.jspecify.annotations.Nullable;

/**
 * The entry point: a game's route, the commands that give its codes meaning, and the sandbox that plays
 * it back. Four jobs, in the order a game meets them:
 *
 * <ol>
 *   <li><b>Register</b> the command of each code: {@link #registerCommand}, {@link #replaceCommand};
 *       {@link #command(int)} and {@link #commandDictionary()} read them back.</li>
 *   <li><b>Record</b> the player's inputs into the route, {@link #array()}: {@link #record}, with
 *       {@link #disable()}/{@link #enable()} around what must not be recorded; live spectators follow
 *       {@link #recorded()}.</li>
 *   <li><b>Create a sandbox</b> that plays the route onto the game: {@link #createReplaySandbox}, or the
 *       cold {@link #playback} (one fresh sandbox per subscription); {@link #releaseSandbox()} stops it.</li>
 *   <li><b>Save and load</b> the route in memory: {@link #saveState()}, {@link #loadState(ReplaySave)}.</li>
 * </ol>
 *
 * <p>Recording has one spelling, {@link #record} (its primitive overloads allocate nothing): it appends to
 * {@link #array()}, whose {@code add} is the same write under the route's own name, for code that holds a
 * route without a system. Reading and editing the route — {@code get}, cursors, streams, {@code insert},
 * {@code set}, {@code delete} — are the array's alone: {@code system.array().get(i)}. The system keeps
 * only what a game needs of its route as a whole, {@link #saveState()}, {@link #loadState},
 * {@link #disable()}/{@link #enable()} and {@link #recorded()}; all but {@code loadState} (which also
 * checks the sandbox playing the route) do what the array's methods of the same names do.
 *
 * <p>Disk is not its job: a replay file is written with {@code ReplayFile.builder(system.saveState())}
 * (with {@link #commandDictionary()}), read with {@code ReplayFile.read}, checked with
 * {@code ReplayCompatibility} and loaded with {@code loadState(file.save())} — all in
 * {@code dev.reprise.io}. Warnings of the route and its sandboxes are logged and published on
 * {@link #warnings()}.
 *
 * <p>Like the route, a system has one writer: record, register, load and create sandboxes from one
 * thread at a time. {@link #command}, {@link #commandDictionary()}, {@link #warnings()} and
 * {@link #recorded()} are safe from any thread, and sandboxes look commands up from theirs.
 */
public final class ReplaySystem {

    private final Sinks.Many<ReplayWarning> warningSink = Sinks.many().multicast().directBestEffort();
    private final ReplayArray array;
    private volatile CommandRegistry registry = CommandRegistry.EMPTY;
    @Nullable
    private volatile ReplaySandbox sandbox;
    /** The sandbox created last, released or not: the next one cuts it off and waits for its end. */
    @Nullable
    private volatile ReplaySandbox lastCreated;

    /** Creates a system with an empty route of {@link ReplayArrayConfig#DEFAULTS}. */
    public ReplaySystem() {
        this(ReplayArrayConfig.DEFAULTS);
    }

    /**
     * Creates a system with an empty route.
     *
     * @param config the route's sizes, growth and caps
     */
    public ReplaySystem(ReplayArrayConfig config) {
        this.array = new ReplayArray(config, this::publish);
    }

    /**
     * Returns the route this system records into: the same {@link ReplayArray} for the system's life.
     * Appends through it are recorded like {@link #record}'s ({@link #recorded()} publishes them), and its
     * edits and reads follow the array's own rules (one writer thread).
     *
     * @return the route
     */
    public ReplayArray array() {
        return array;
    }

    // ------------------------------------------------------------------ commands

    /**
     * Registers the command of a code under its default name: the built-in name for codes 0–7
     * ({@code "UP"} ...), else {@code "code-N"}.
     *
     * @param code    0..65535
     * @param command the command
     * @throws IllegalArgumentException if the code is outside 0..65535
     * @throws IllegalStateException    if a command is registered for the code already (use
     *                                  {@link #replaceCommand(int, ReplayCommand)} to change it)
     */
    public void registerCommand(int code, ReplayCommand command) {
        registerCommand(code, CommandRegistry.defaultName(code), command);
    }

    /**
     * Registers the command of a code under a name, which replay files use to check that their command
     * dictionary matches the system playing them.
     *
     * @param code    0..65535
     * @param name    a non-blank name
     * @param command the command
     * @throws IllegalArgumentException if the code is outside 0..65535 or the name is blank
     * @throws IllegalStateException    if a command is registered for the code already (use
     *                                  {@link #replaceCommand(int, String, ReplayCommand)} to change it)
     */
    public synchronized void registerCommand(int code, String name, ReplayCommand command) {
        checkCommand(code, name, command);
        CommandRegistry current = registry;
        if (current.get(code) != null) {
            throw new IllegalStateException("A command is registered for code " + code + " already (\""
                    + current.names().get(code) + "\"); use replaceCommand to change it");
        }
        registry = current.with(code, name, command);
    }

    /**
     * Registers the command of a code, replacing the one registered for it if any; the code keeps its
     * registered name (or gets its default name, as {@link #registerCommand(int, ReplayCommand)} gives).
     * A sandbox already playing looks the new command up from its next step on.
     *
     * @param code    0..65535
     * @param command the command
     * @throws IllegalArgumentException if the code is outside 0..65535
     */
    public synchronized void replaceCommand(int code, ReplayCommand command) {
        String name = code >= 0 && code <= CommandRegistry.MAX_CODE ? registry.names().get(code) : null;
        replaceCommand(code, name != null ? name : CommandRegistry.defaultName(code), command);
    }

    /**
     * Registers the command of a code under a name, replacing the command and name registered for it if
     * any. A sandbox already playing looks the new command up from its next step on.
     *
     * @param code    0..65535
     * @param name    a non-blank name
     * @param command the command
     * @throws IllegalArgumentException if the code is outside 0..65535 or the name is blank
     */
    public synchronized void replaceCommand(int code, String name, ReplayCommand command) {
        checkCommand(code, name, command);
        registry = registry.with(code, name, command);
    }

    private static void checkCommand(int code, String name, ReplayCommand command) {
        if (code < 0 || code > CommandRegistry.MAX_CODE) {
            throw new IllegalArgumentException("Command code must be in 0.." + CommandRegistry.MAX_CODE
                    + ", was " + code);
        }
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(command, "command");
        if (name.isBlank()) {
            throw new IllegalArgumentException("The name of command code " + code + " must not be blank");
        }
    }

    /**
     * Returns the command registered for a code.
     *
     * @param code any int
     * @return the command, or empty if none is registered
     */
    public Optional<ReplayCommand> command(int code) {
        return registry.command(code);
    }

    /**
     * Returns the name of every registered code: the command dictionary a replay file of this game
     * stores ({@code ReplayFile.Builder.dictionary}) and a file is checked against
     * ({@code ReplayCompatibility.builder(gameId, system.commandDictionary())}).
     *
     * @return an immutable snapshot, in code order ({@link CommandDictionary#asMap()})
     * @throws IllegalArgumentException if a registered name cannot be stored in a file (more than 65,535
     *                                  bytes of UTF-8, or not well-formed)
     */
    public CommandDictionary commandDictionary() {
        return registry.dictionary();
    }

    // ------------------------------------------------------------------ recording

    /**
     * Appends a step without params. Allocation-free unless {@link #recorded()} has subscribers.
     *
     * @param code the command code, within the route's width
     * @throws IllegalArgumentException if the code does not fit the width
     * @throws ReplayCapacityException  if the route is full
     */
    public void record(int code) {
        array.add(code);
    }

    /**
     * Appends a step with one {@code int} param. Allocation-free unless {@link #recorded()} has subscribers.
     *
     * @param code the command code, within the route's width
     * @param p0   the param
     * @throws IllegalArgumentException if the code does not fit the width
     * @throws ReplayCapacityException  if a cap would be exceeded
     */
    public void record(int code, int p0) {
        array.add(code, p0);
    }

    /**
     * Appends a step with two {@code int} params. Allocation-free unless {@link #recorded()} has subscribers.
     *
     * @param code the command code, within the route's width
     * @param p0   the first param
     * @param p1   the second param
     * @throws IllegalArgumentException if the code does not fit the width
     * @throws ReplayCapacityException  if a cap would be exceeded
     */
    public void record(int code, int p0, int p1) {
        array.add(code, p0, p1);
    }

    /**
     * Appends a step with one {@code long} param.
     *
     * @param code the command code, within the route's width
     * @param p0   the param
     * @throws IllegalArgumentException if the code does not fit the width
     * @throws ReplayCapacityException  if a cap would be exceeded
     */
    public void record(int code, long p0) {
        array.add(code, p0);
    }

    /**
     * Appends a step with three {@code int} params. Allocation-free unless {@link #recorded()} has subscribers.
     *
     * @param code the command code, within the route's width
     * @param p0   the first param
     * @param p1   the second param
     * @param p2   the third param
     * @throws IllegalArgumentException if the code does not fit the width
     * @throws ReplayCapacityException  if a cap would be exceeded
     */
    public void record(int code, int p0, int p1, int p2) {
        array.add(code, p0, p1, p2);
    }

    /**
     * Appends a step with one {@code boolean} param. Allocation-free unless {@link #recorded()} has subscribers.
     *
     * @param code the command code, within the route's width
     * @param p0   the param
     * @throws IllegalArgumentException if the code does not fit the width
     * @throws ReplayCapacityException  if a cap would be exceeded
     */
    public void record(int code, boolean p0) {
        array.add(code, p0);
    }

    /**
     * Appends a step with one {@code double} param (stored as a float64, whatever its value).
     * Allocation-free unless {@link #recorded()} has subscribers.
     *
     * @param code the command code, within the route's width
     * @param p0   the param
     * @throws IllegalArgumentException if the code does not fit the width
     * @throws ReplayCapacityException  if a cap would be exceeded
     */
    public void record(int code, double p0) {
        array.add(code, p0);
    }

    /**
     * Appends a step with one {@code String} param. Allocation-free unless {@link #recorded()} has subscribers.
     *
     * @param code the command code, within the route's width
     * @param p0   the param, not {@code null}
     * @throws IllegalArgumentException if the code does not fit the width or the param is {@code null}
     * @throws ReplayCapacityException  if a cap would be exceeded
     */
    public void record(int code, String p0) {
        array.add(code, p0);
    }

    /**
     * Appends a step; params follow {@link ReplayArray#add(int, Object...)}: a param the route cannot
     * store ({@code null}, an unsupported type, a too large {@code BigInteger}, more than 255 params)
     * throws {@link IllegalArgumentException} and nothing is written. While recording is
     * {@link #disable() disabled} nothing is written and nothing is published.
     *
     * @param code   the command code, within the route's width
     * @param params the params
     * @throws IllegalArgumentException if the code does not fit the width or a param cannot be stored
     * @throws ReplayCapacityException  if a cap would be exceeded
     */
    public void record(int code, Object... params) {
        array.add(code, params);
    }

    /**
     * Returns every step recorded from now on, for live spectating and hooks: the route's own feed,
     * {@code array().recorded()}, so a step appended through {@code array().add(...)} is published as one
     * recorded here. Hot; each subscriber has a buffer of {@link ReplayArray#DEFAULT_RECORDED_BUFFER}
     * steps and is dropped with {@link dev.reprise.route.RecordedOverflowException} when it falls further
     * behind ({@link ReplayArray#recorded(int)} chooses another size, and says the rest). Recording never
     * waits for a subscriber. Safe from any thread.
     *
     * @return a hot Flux of recorded steps; it never completes, and fails only on an overflow
     */
    public Flux<ReplayStep> recorded() {
        return array.recorded();
    }

    /**
     * Suspends recording until a matching {@link #enable()} (a nesting counter): the route's own switch,
     * {@code array().disable()}, so writes through {@code array()} are suspended too; see
     * {@link ReplayArray#disable()}.
     */
    public void disable() {
        array.disable();
    }

    /** Re-enables recording: undoes one {@link #disable()}. */
    public void enable() {
        array.enable();
    }

    // ------------------------------------------------------------------ playback

    /**
     * Stops the sandbox created before, if it still plays, resets the game with the config's resetter and
     * save, and creates a new sandbox on the config's route at its start index. Commands are looked up in
     * this system as steps are played.
     *
     * <p>The sandbox created before (even one {@linkplain #releaseSandbox() released} and still stopping)
     * stops as {@link ReplaySandbox#stopNow()} does: its group in flight settles and its open window is
     * finalized. The game is reset only once it has ended, so nothing of the old playback — a late
     * {@code finalizeRun}, a command still in flight — reaches the new one's game. Without
     * {@link SandboxConfig#runOn()} the reset happens here, on the calling thread, when nothing else plays
     * (else on the thread that ends the old sandbox); with runOn it happens on the new sandbox's worker,
     * after the subscription and before any command. Never blocks.
     *
     * <p>The usual way to create a sandbox: its warnings are published on {@link #warnings()}.
     * {@link ReplaySandbox#create(SandboxConfig, dev.reprise.command.CommandLookup) ReplaySandbox.create} is
     * for tools that play a route without a system. {@link #releaseSandbox()} is this method's other half.
     *
     * @param config what to play and how
     * @return the new sandbox, {@code READY}; also {@link #sandbox()} from now on
     */
    public ReplaySandbox createReplaySandbox(SandboxConfig<?> config) {
        Objects.requireNonNull(config, "config");
        sandbox = null;
        ReplaySandbox created = ReplaySandbox.create(config,
                new HostedCommands(CommandRegistry.live(() -> registry), this::publish, lastCreated));
        lastCreated = created;
        sandbox = created;
        return created;
    }

    /**
     * Returns a cold playback of {@code config}: on each subscription it resets the game through the
     * config's resetter and save, creates a fresh sandbox (as {@link #createReplaySandbox}, so it is
     * {@link #sandbox()} while it plays and a previous sandbox is stopped) and plays it. So
     * {@code retry()}, {@code repeat()} and one {@code StepVerifier} per test just work, where a sandbox
     * plays once. Nothing happens until subscribed; steps are dispatched on demand, as by
     * {@link ReplaySandbox#steps()}, and the config's {@link SandboxConfig#startPaused()} is overridden:
     * the playback plays. The controls of the sandbox playing are on {@link #sandbox()}.
     *
     * <p>One subscription plays at a time: a new one stops the one playing (its Flux completes), as a new
     * sandbox stops the previous one, and resets the game only once that one has ended. Call it from the system's writer thread, like
     * {@link #createReplaySandbox}; it subscribes on the subscribing thread.
     *
     * @param config what to play and how
     * @return a cold Flux of steps, completing at the end of the route (or on stop), erroring as
     *         {@link ReplaySandbox#steps()} does
     */
    public Flux<PlaybackStep> playback(SandboxConfig<?> config) {
        Objects.requireNonNull(config, "config");
        return Flux.defer(() -> {
            ReplaySandbox created = createReplaySandbox(config);
            created.play();
            return created.steps();
        });
    }

    /**
     * Releases the sandbox {@link #createReplaySandbox} created: stops it, if any, and forgets it. Returns at
     * once, as {@link ReplaySandbox#stopNow()} does: it does not wait for the stop to complete.
     */
    public void releaseSandbox() {
        ReplaySandbox previous = sandbox;
        sandbox = null;
        if (previous != null) {
            previous.stopNow();
        }
    }

    /** @return the sandbox created by the last {@link #createReplaySandbox} and not released since */
    public Optional<ReplaySandbox> sandbox() {
        return Optional.ofNullable(sandbox);
    }

    // ------------------------------------------------------------------ save / load

    /**
     * Returns the route as a save: zero-copy read-only views valid until the next write;
     * {@link ReplaySave#detach()} copies them for keeping.
     *
     * @return the save
     */
    public ReplaySave saveState() {
        return array.saveState();
    }

    /**
     * Replaces the route with a saved one, validating everything first (on a problem it throws and
     * leaves the route untouched). Every read stream expires; a sandbox playing this route fails at once
     * with {@link java.util.ConcurrentModificationException} ({@link WarningCode#SANDBOX_STREAM_EXPIRED warning
     * 156}) and must be recreated. A replay file's route is {@code loadState(file.save())}, after checking the
     * file against this game with {@code ReplayCompatibility}.
     *
     * @param save the route to load
     * @throws ReplayFormatException if the save is malformed or beyond the route's caps
     */
    public void loadState(ReplaySave save) {
        array.loadState(save);
        ReplaySandbox current = sandbox;
        if (current != null && current.config().array() == array) {
            current.checkRoute();
        }
    }

    // ------------------------------------------------------------------ warnings

    /**
     * Returns every warning from now on: the route's ({@link WarningCode#CAPACITY_REACHED 150},
     * {@link WarningCode#CODE_TRUNCATED 154}, {@link WarningCode#STREAM_EXPIRED 155},
     * {@link WarningCode#INDEX_OUT_OF_RANGE 179}) and its sandboxes' ({@link WarningCode#SANDBOX_STREAM_EXPIRED 156},
     * {@link WarningCode#UNKNOWN_COMMAND 157}, {@link WarningCode#PASSIVE_SKIPPED 194},
     * {@link WarningCode#COMMAND_IGNORED 1001}, {@link WarningCode#PASSIVE_ANSWER_LOST 1002}), every code of
     * {@link WarningCode}. Hot; warnings are also logged through Reactor's {@code Loggers}.
     * A subscriber without demand misses warnings.
     *
     * @return a hot Flux of warnings; it never completes
     */
    public Flux<ReplayWarning> warnings() {
        return warningSink.asFlux();
    }

    private void publish(ReplayWarning warning) {
        // Warnings come from the recording thread and from sandboxes' threads: serialize the emission.
        synchronized (warningSink) {
            warningSink.tryEmitNext(warning);
        }
    }

    @Override
    public String toString() {
        return "ReplaySystem[length=" + array.length() + ", commands=" + registry.names().size()
                + ", sandbox=" + sandbox + "]";
    }
}
