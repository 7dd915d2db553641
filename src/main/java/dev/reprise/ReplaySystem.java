package dev.reprise;

import dev.reprise.command.ReplayCommand;
import dev.reprise.io.CommandDictionary;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileVerifier;
import dev.reprise.io.ReplayMismatchException;
import dev.reprise.internal.WarningReporter;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayCapacityException;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import org.jspecify.annotations.Nullable;

/**
 * The entry point: a route being recorded, the commands that give its codes meaning, and the sandbox
 * that plays it back.
 *
 * <p>{@link #record} appends to {@link #array()}; {@link #createReplaySandbox} opens a
 * {@link ReplaySandbox} that looks commands up here; {@link #saveState()} and {@link #loadState} move the
 * route in and out. Warnings of the route, the system and its sandboxes are logged and published on
 * {@link #warnings()}.
 *
 * <p>Like the route, a system has one writer: record, register, load and create sandboxes from one
 * thread at a time. {@link #command}, {@link #commandNames()}, {@link #warnings()} and
 * {@link #recorded()} are safe from any thread, and sandboxes look commands up from theirs.
 */
public final class ReplaySystem {

    private static final VarHandle RECORDED_SUBSCRIBERS;

    static {
        try {
            RECORDED_SUBSCRIBERS = MethodHandles.lookup()
                    .findVarHandle(ReplaySystem.class, "recordedSubscribers", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Sinks.Many<ReplayWarning> warningSink = Sinks.many().multicast().directBestEffort();
    private final Sinks.Many<ReplayStep> recordedSink = Sinks.many().multicast().directBestEffort();
    /**
     * Subscribers of {@link #recorded()}, changed atomically, read plainly by the recording thread: while
     * zero, recording pays one load and decodes nothing. A plain read (not volatile, not opaque) keeps
     * the route's own fields hoistable in a recording loop; a subscriber that arrives from another
     * thread is therefore seen by the recording thread a moment later (the Flux is hot anyway).
     */
    private int recordedSubscribers;
    private final Flux<ReplayStep> recorded = recordedSink.asFlux()
            .doOnSubscribe(subscription -> RECORDED_SUBSCRIBERS.getAndAdd(this, 1))
            .doFinally(signal -> RECORDED_SUBSCRIBERS.getAndAdd(this, -1));
    private final WarningReporter warnings = new WarningReporter(this::publish);
    private final ReplayArray array;
    private volatile CommandRegistry registry = CommandRegistry.EMPTY;
    @Nullable
    private volatile ReplaySandbox sandbox;

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

    /** @return the route this system records into */
    public ReplayArray array() {
        return array;
    }

    // ------------------------------------------------------------------ commands

    /**
     * Registers the command of a code under its default name: the built-in name for codes 0–7
     * ({@code "UP"} ...), else {@code "code-N"}. A code registered already keeps its first command,
     * with warning 163.
     *
     * @param code    0..65535
     * @param command the command
     * @throws IllegalArgumentException if the code is outside 0..65535
     */
    public void registerCommand(int code, ReplayCommand command) {
        registerCommand(code, CommandRegistry.defaultName(code), command);
    }

    /**
     * Registers the command of a code under a name, which replay files use to check that their command
     * dictionary matches the system playing them. A code registered already keeps its first command and
     * name, with warning 163.
     *
     * @param code    0..65535
     * @param name    a non-blank name
     * @param command the command
     * @throws IllegalArgumentException if the code is outside 0..65535 or the name is blank
     */
    public synchronized void registerCommand(int code, String name, ReplayCommand command) {
        if (code < 0 || code > CommandRegistry.MAX_CODE) {
            throw new IllegalArgumentException("Command code must be in 0.." + CommandRegistry.MAX_CODE
                    + ", was " + code);
        }
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(command, "command");
        if (name.isBlank()) {
            throw new IllegalArgumentException("The name of command code " + code + " must not be blank");
        }
        CommandRegistry current = registry;
        if (current.get(code) != null) {
            warnings.report(WarningCode.DUPLICATE_COMMAND, code);
            return;
        }
        registry = current.with(code, name, command);
    }

    /**
     * Returns the command registered for a code.
     *
     * @param code any int
     * @return the command, or empty if none is registered
     */
    public Optional<ReplayCommand> command(int code) {
        return Optional.ofNullable(registry.get(code));
    }

    /**
     * Returns the name of every registered code: the command dictionary.
     *
     * @return an unmodifiable snapshot, in code order
     */
    public Map<Integer, String> commandNames() {
        return registry.names();
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
        int before = beforeRecording();
        array.add(code);
        afterRecording(before);
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
        int before = beforeRecording();
        array.add(code, p0);
        afterRecording(before);
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
        int before = beforeRecording();
        array.add(code, p0, p1);
        afterRecording(before);
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
        int before = beforeRecording();
        array.add(code, p0);
        afterRecording(before);
    }

    /**
     * Appends a step; params follow {@link ReplayArray#add(int, Object...)} (unsupported values are
     * dropped with warning 148, more than 255 with 153). While recording is {@link #disable() disabled}
     * nothing is written and nothing is published.
     *
     * @param code   the command code, within the route's width
     * @param params the params
     * @throws IllegalArgumentException if the code does not fit the width
     * @throws ReplayCapacityException  if a cap would be exceeded
     */
    public void record(int code, Object... params) {
        int before = beforeRecording();
        array.add(code, params);
        afterRecording(before);
    }

    /**
     * Returns every step recorded from now on, as the route stores it (decoded back), for live
     * spectating and hooks. Hot: a subscriber sees only steps recorded after it subscribed, and steps
     * that were not written (recording disabled, a failed write) are never published. A subscriber
     * without demand misses steps (apply {@code onBackpressureBuffer} to keep them). Steps are decoded
     * only while someone subscribes.
     *
     * @return a hot Flux of recorded steps; it never completes
     */
    public Flux<ReplayStep> recorded() {
        return recorded;
    }

    /** @return the route's length before a write, or -1 when nobody listens to {@link #recorded()} */
    private int beforeRecording() {
        return recordedSubscribers == 0 ? -1 : array.length();
    }

    /** Publishes the step just written, if someone listens and the write really happened. */
    private void afterRecording(int before) {
        if (before >= 0 && array.length() > before) {
            recordedSink.tryEmitNext(array.get(before));
        }
    }

    /** Suspends recording until a matching {@link #revert()} (a nesting counter); see {@link ReplayArray#disable()}. */
    public void disable() {
        array.disable();
    }

    /** Undoes one {@link #disable()}. */
    public void revert() {
        array.revert();
    }

    // ------------------------------------------------------------------ playback

    /**
     * Stops the current sandbox, if any, resets the game with the config's reseter and save, and opens
     * a new sandbox on the config's route at its start index. Commands are looked up in this system as
     * steps are played.
     *
     * @param config what to play and how
     * @return the new sandbox, {@code READY}; also {@link #sandbox()} from now on
     */
    public ReplaySandbox createReplaySandbox(SandboxConfig<?> config) {
        Objects.requireNonNull(config, "config");
        releaseSandbox();
        ReplaySandbox created = ReplaySandbox.open(config, code -> registry.get(code), this::publish);
        sandbox = created;
        return created;
    }

    /** Stops the current sandbox, if any, and forgets it. Does not wait for the stop to complete. */
    public void releaseSandbox() {
        ReplaySandbox previous = sandbox;
        sandbox = null;
        if (previous != null) {
            previous.stopNow();
        }
    }

    /** @return the sandbox opened by the last {@link #createReplaySandbox} and not released since */
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
     * with {@link java.util.ConcurrentModificationException} (warning 156) and must be recreated.
     *
     * @param save the route to load
     * @throws ReplayFormatException if the save is malformed or beyond the route's caps
     */
    public void loadState(ReplaySave save) {
        array.loadState(save);
        ReplaySandbox current = sandbox;
        if (current != null && current.config().route() == array) {
            current.checkRoute();
        }
    }

    // ------------------------------------------------------------------ replay files

    /**
     * Returns the registered commands as a replay file's command dictionary (code to name, see
     * {@link #commandNames()}).
     *
     * @return an immutable dictionary
     */
    public CommandDictionary commandDictionary() {
        return CommandDictionary.of(commandNames());
    }

    /**
     * Starts a replay file of the route as it is now, with this system's command dictionary. The route
     * is copied when the builder's {@code build()} is called: call it on the recording thread, then
     * write the file from anywhere (for example with {@link ReplayFile#save(Path)}).
     *
     * @param gameId    the game's identity, checked when the file is loaded
     * @param gameBuild the game's build string
     * @return a builder preset with the route, game and dictionary; add metadata or compression
     */
    public ReplayFile.Builder replayFile(String gameId, String gameBuild) {
        return ReplayFile.builder(saveState()).gameId(gameId).gameBuild(gameBuild).dictionary(commandDictionary());
    }

    /**
     * Saves the route as it is now to a replay file, without blocking the caller: the route is copied
     * at once, on the calling thread (so later recording does not change what is saved), and the file
     * is written atomically on {@code Schedulers.boundedElastic()} when the Mono is subscribed.
     *
     * @param target    the file to write; a previous file there is replaced only once the new one is complete
     * @param gameId    the game's identity
     * @param gameBuild the game's build string
     * @return a Mono completing once the file is on disk, or failing with the I/O error
     */
    public Mono<Void> saveReplay(Path target, String gameId, String gameBuild) {
        return replayFile(gameId, gameBuild).build().save(target);
    }

    /**
     * Reads a replay file on {@code Schedulers.boundedElastic()} and checks it against this game: its
     * game id and every command code its route uses must match {@link #commandDictionary()}. Load the
     * result with {@link #loadReplay(ReplayFile)} on the recording thread.
     *
     * @param source the file to read
     * @param gameId this game's identity
     * @return a Mono of the verified file; it fails with {@link ReplayFormatException} for a malformed
     *         file and {@link ReplayMismatchException} listing every mismatch
     */
    public Mono<ReplayFile> readReplay(Path source, String gameId) {
        ReplayFileVerifier verifier = ReplayFileVerifier.builder(gameId, commandDictionary()).build();
        return ReplayFile.load(source).map(verifier::verify);
    }

    /**
     * Replaces the route with a replay file's route, as {@link #loadState(ReplaySave)} does.
     *
     * @param file a file, typically from {@link #readReplay(Path, String)}
     * @throws ReplayFormatException if the route is beyond this system's caps
     */
    public void loadReplay(ReplayFile file) {
        loadState(file.route());
    }

    // ------------------------------------------------------------------ warnings

    /**
     * Returns every warning from now on: the route's (148–155, 179), the system's (163) and its
     * sandboxes' (156, 157, 194, 1001). Hot; warnings are also logged through Reactor's {@code Loggers}.
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
