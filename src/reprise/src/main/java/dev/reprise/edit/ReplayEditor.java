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
package dev.reprise.edit;

import dev.reprise.ReplaySystem;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.edit.Change.Branch;
import dev.reprise.edit.EditorEvent.Kind;
import dev.reprise.internal.Require;
import dev.reprise.playback.ReplayResetter;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayCursor;
import dev.reprise.route.ReplayStep;
import dev.reprise.verify.VerifiableGame;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.ConcurrentModificationException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Edits a game's route while it plays: change, insert or delete any step, {@linkplain #seek seek} to any
 * step and see the game there at once, undo and redo every change, and keep {@linkplain #branch branches}
 * of the route to come back to. The route edited is the one in {@code game.system().array()}; the game is
 * played through the {@link SandboxConfig} of {@code game.sandbox(route)}, whose commands run where that
 * config says ({@link SandboxConfig#runOn()}), as in any playback.
 *
 * <p><b>Kept states.</b> When the config has a {@link SnapshotProvider}, the editor keeps the game's state
 * as it plays: at the config's {@linkplain SandboxConfig#checkpointInterval() checkpoint interval} and at
 * each place a seek lands, always at a closed group boundary (no finalize window open), in one Caffeine
 * cache bounded by the config's {@linkplain SandboxConfig#checkpointBudget() checkpoint budget}. A seek
 * restores the nearest kept state at or before its target and plays forward from there; an edit at step
 * {@code k} drops only the states after {@code k} (and the one at {@code k} if step {@code k} no longer
 * starts a new window). Each branch keeps the states it had when it was saved; branches and the undo
 * history share the states of the steps they have in common, all within the one budget. Without a
 * provider every seek replays from the start.
 *
 * <p><b>State-hash steps.</b> A step whose code's registered command is a {@link StateHashCheck} holds the
 * hash of the run that recorded it. An edit at step {@code k} makes every such step after {@code k} stale
 * (from {@code k} on for a delete); a seek that plays across a stale one stops before it, writes into it the
 * hash its check computes for the game standing there ({@link StateHashCheck#currentHash()}, on the game's
 * thread), and plays on, so the edited route stays consistent with itself and no seek fails with a desync
 * the edit caused. A seek refreshes every stale step before its target (it starts from a kept state before
 * the first one); each refresh is a {@link Kind#REHASHED} event. A hash step the user writes keeps the
 * user's hash: a desync there is theirs.
 *
 * <p><b>Undo.</b> Every change — {@link #set}, {@link #insert}, {@link #delete}, {@link #branch} and
 * {@link #restore} — can be undone and redone, up to {@link Builder#historySize} changes back. A change
 * that is refused (bad index, unregistered code, params the command's recorded kinds cannot hold, unknown
 * branch) changes nothing and leaves nothing to undo. Undo gives back the route's exact bytes (steps are
 * written back as the route reads them, and the route always stores a value in its smallest tag; the hash
 * steps refreshed since the change get their recorded hashes back) and the states kept for it; redo writes
 * the refreshed hashes again.
 *
 * <p><b>Threads.</b> Not thread-safe, like the route: call it from one thread at a time (a UI's thread),
 * and do not edit while a {@link #seek} is in flight (that seek then fails with a
 * {@link java.util.ConcurrentModificationException}). An edit does not move the game: seek again to see
 * it. {@link #events()} may signal on the game's thread.
 */
public final class ReplayEditor {

    /** The default {@link Builder#historySize}: 100 changes. */
    public static final int DEFAULT_HISTORY_SIZE = 100;

    private final ReplaySystem system;
    private final ReplayArray route;
    private final SandboxConfig<?> base;
    @Nullable
    private final GameStates<?> states;
    private final KeptStates kept;
    private final Groups groups;
    private final int historySize;
    private final ArrayDeque<Done> undo = new ArrayDeque<>();
    private final ArrayDeque<Done> redo = new ArrayDeque<>();
    private final Map<String, Branch> branches = new LinkedHashMap<>();
    private final Object lock = new Object();
    private final Sinks.Many<EditorEvent> events = Sinks.many().multicast().directBestEffort();
    /** Bumped by every change of the route: a state captured for an older route is not kept. */
    private long generation;
    /** The state-hash steps the edits made stale, refreshed as a seek plays them. */
    private StaleHashes stale = StaleHashes.NONE;
    private volatile int position = -1;

    private ReplayEditor(Builder builder) {
        VerifiableGame game = builder.game;
        this.system = game.system();
        this.route = system.array();
        this.base = Objects.requireNonNull(game.sandbox(route), "VerifiableGame.sandbox returned null");
        this.states = base.snapshots().map(GameStates::new).orElse(null);
        GameStates<?> estimating = states;
        this.kept = new KeptStates(snapshot -> estimating == null ? 0 : estimating.estimateBytes(snapshot),
                base.checkpointBudget());
        this.groups = new Groups(system);
        this.historySize = builder.historySize;
    }

    /**
     * Opens an editor on the route in {@code game.system().array()} with the default options. Nothing is
     * played until the first {@link #seek}.
     *
     * @param game the game whose route to edit
     * @return the editor
     */
    public static ReplayEditor open(VerifiableGame game) {
        return builder(game).build();
    }

    /**
     * Returns a builder for an editor on the route in {@code game.system().array()}.
     *
     * @param game the game whose route to edit
     * @return a builder with the default history size
     */
    public static Builder builder(VerifiableGame game) {
        return new Builder(game);
    }

    // ------------------------------------------------------------------ reading

    /** @return the number of steps of the edited route */
    public int length() {
        return route.length();
    }

    /**
     * Returns a copy of the edited route, which later edits do not change.
     *
     * @return a new route holding the same bytes
     */
    public ReplayArray route() {
        ReplayArray copy = new ReplayArray(route.config());
        synchronized (lock) { // a seek may be refreshing a hash step
            copy.loadState(route.saveState());
        }
        return copy;
    }

    /**
     * Returns the step the game stands at: the last seek landed after the route's first
     * {@code position()} steps.
     *
     * @return the number of steps played, or -1 before the first seek landed (or after one failed)
     */
    public int position() {
        return position;
    }

    /**
     * Returns the steps of the current route before which a state is kept: a seek to any of them replays
     * nothing, and a seek elsewhere replays from the nearest one below.
     *
     * @return the steps, ascending (a copy)
     */
    public int[] keptSteps() {
        synchronized (lock) {
            return kept.steps();
        }
    }

    /**
     * Returns the summed estimated size of every state kept, for the route, its branches and its history.
     *
     * @return bytes by the provider's estimate, at most the config's checkpoint budget
     */
    public long keptBytes() {
        synchronized (lock) {
            return kept.weightedBytes();
        }
    }

    /**
     * Returns what the editor does, for a UI to follow: edits, seeks, states kept and hash steps
     * refreshed. Hot and multicast: a subscriber sees what happens after it subscribed; one that cannot
     * keep up misses events (best effort), so a UI reads {@link #position()} and {@link #keptSteps()}
     * rather than counting events.
     * Events of a seek may come on the game's thread.
     *
     * @return the events
     */
    public Flux<EditorEvent> events() {
        return events.asFlux();
    }

    /** @return the names of the saved branches, in the order they were first saved (a copy) */
    public Set<String> branches() {
        synchronized (lock) {
            return Collections.unmodifiableSet(new LinkedHashSet<>(branches.keySet()));
        }
    }

    // ------------------------------------------------------------------ seeking

    /**
     * Returns a lazy seek: when subscribed, it leaves the game as it is after the route's first
     * {@code step} steps. It restores the nearest kept state at or before the target (or resets the game
     * through the config's resetter) and plays forward, keeping states on the way. A target inside a group
     * (a passive step answering the active one before it) lands after the group, as a sandbox's seek does.
     * Where the step after the target starts a new finalize window (or at the end of the route), the
     * window before it is finalized, and the state there is kept; elsewhere the window is left open, as
     * playback leaves it. Stale state-hash steps before the target are refreshed on the way (see above).
     *
     * <p>The seek plays on a sandbox of the game's system ({@link ReplaySystem#createReplaySandbox}), which
     * replaces the sandbox the system had (a new one after each hash step refreshed); the editor's last
     * sandbox stays paused where the seek landed until the next seek. If a command fails on the way, the
     * game stands nowhere known: {@link #position()} is -1 until a seek lands.
     *
     * @param step the target, 0 to {@link #length()}
     * @return a Mono that seeks on each subscription and completes once the game stands there; it errors
     *         with the playback's failure if a command fails on the way
     * @throws IndexOutOfBoundsException if {@code step} is outside {@code 0..length()}
     */
    public Mono<Void> seek(int step) {
        checkTarget(step);
        return Mono.defer(() -> land(step));
    }

    private Mono<Void> land(int target) {
        checkTarget(target);
        int at = groups.landing(target);
        boolean closed = groups.closed(at);
        long playing;
        KeptStates.@Nullable Found from;
        synchronized (lock) {
            playing = generation;
            // From a state before the first stale hash step on the way, so that the seek refreshes them all
            // (an undo can leave one stale below states kept since).
            int firstStale = stale.firstIn(0, at);
            if (states == null) {
                from = null;
            } else {
                from = firstStale < 0 ? kept.nearest(at, closed) : kept.nearest(firstStale, true);
            }
        }
        position = -1;
        SandboxConfig.Builder<?> start = from == null ? fromStart(base, route) : fromKept(from);
        return play(start, from == null ? 0 : from.step(), at, closed, playing).doOnSuccess(done -> {
            position = at;
            emit(Kind.SEEKED, at);
        });
    }

    /**
     * Plays from {@code startedAt} (where {@code start} leaves the game) to {@code at}. A stale state-hash
     * step on the way is played up to, then refreshed with the hash of the game standing before it (the
     * state its check compares), and playing goes on from there on the game as it stands.
     */
    private Mono<Void> play(SandboxConfig.Builder<?> start, int startedAt, int at, boolean closed, long playing) {
        int rehash;
        synchronized (lock) {
            rehash = stale.firstIn(startedAt, at);
        }
        int end = rehash < 0 ? at : rehash;
        boolean keepsEnd = rehash < 0 ? closed : groups.closed(end);
        AtomicReference<@Nullable ReplaySandbox> created = new AtomicReference<>();
        AtomicReference<@Nullable Throwable> failure = new AtomicReference<>();
        start.startPaused(true);
        if (states != null) {
            start.snapshots(capturing(states, playing, created));
        }
        ReplaySandbox sandbox = system.createReplaySandbox(start.build());
        created.set(sandbox);
        sandbox.steps().subscribe(step -> { }, failure::set);
        Mono<Void> moved = sandbox.seek(end);
        if (rehash >= 0 || closed) {
            // Before a hash step the window open is finalized by playback too: the hash step starts its own.
            moved = moved.then(sandbox.stop())
                    .then(Mono.defer(() -> {
                        Throwable failed = failure.get();
                        return failed != null ? Mono.error(failed)
                                : keepsEnd ? keepLanding(end, startedAt, playing) : Mono.empty();
                    }));
        }
        if (rehash < 0) {
            return moved;
        }
        return moved.then(onGame(() -> refresh(rehash, playing)))
                .then(Mono.defer(() -> play(fromHere(base, route, rehash), rehash, at, closed, playing)));
    }

    /**
     * Writes the current state's hash, by the step's own {@link StateHashCheck}, into the stale hash step
     * {@code step}; on the game's thread, the game standing before that step and no sandbox playing.
     */
    private void refresh(int step, long playing) {
        ReplayStep old;
        synchronized (lock) {
            checkPlaying(step, playing);
            old = route.get(step);
        }
        StateHashCheck check = StaleHashes.check(system, old.code()).orElse(null);
        long hash = check == null ? 0 : check.currentHash(); // the game's code: never under the lock
        synchronized (lock) {
            checkPlaying(step, playing);
            stale = stale.without(step);
            if (check == null) {
                return; // the code is no state-hash check any more: nothing to refresh
            }
            checkWritable();
            route.set(step, old.code(), hash);
            Done last = undo.peekFirst();
            if (last != null) {
                last.rehashed().add(new Rehash(old, route.get(step)));
            }
        }
        emit(Kind.REHASHED, step);
    }

    private void checkPlaying(int step, long playing) {
        if (playing != generation) {
            throw new ConcurrentModificationException("The route was edited while a seek played it, at step "
                    + step + ": do not edit while a seek is in flight");
        }
    }

    /** Runs {@code action} where the game's callbacks run: the config's {@code runOn}, else here. */
    private Mono<Void> onGame(Runnable action) {
        Mono<Void> run = Mono.fromRunnable(action);
        return base.runOn().map(run::subscribeOn).orElse(run);
    }

    /** Keeps the state a seek landed in, at a closed boundary, unless it came from the state kept there. */
    private Mono<Void> keepLanding(int at, int startedAt, long playing) {
        GameStates<?> provider = states;
        if (provider == null || startedAt == at) {
            return Mono.empty();
        }
        return onGame(() -> keep(at, playing, provider.capture()));
    }

    private static <S> SandboxConfig.Builder<S> fromStart(SandboxConfig<S> base, ReplayArray route) {
        return base.toBuilder(route, base.resetter()).save(base.save().orElse(null));
    }

    /** Plays on from {@code step} with the game as it stands there: its reset leaves the game alone. */
    private static <S> SandboxConfig.Builder<S> fromHere(SandboxConfig<S> base, ReplayArray route, int step) {
        return base.toBuilder(route, (@Nullable S unused) -> { }).startIndex(step);
    }

    private SandboxConfig.Builder<Object> fromKept(KeptStates.Found from) {
        GameStates<?> provider = Objects.requireNonNull(states, "states are kept only with a provider");
        ReplayResetter<Object> restore = snapshot -> provider.restore(Objects.requireNonNull(snapshot, "snapshot"));
        return base.toBuilder(route, restore).save(from.snapshot()).startIndex(from.step());
    }

    /**
     * The game's provider as the sandbox sees it: each checkpoint the sandbox captures is kept for the
     * step it stands at (the sandbox captures at closed boundaries only, on the game's thread, where
     * {@code replayed()} is the boundary's step); a state already kept there is handed back uncaptured.
     */
    private <T> SnapshotProvider<T> capturing(GameStates<T> provider, long playing,
                                              AtomicReference<@Nullable ReplaySandbox> sandbox) {
        return new SnapshotProvider<>() {
            @Override
            public T capture() {
                ReplaySandbox playingOn = sandbox.get();
                int step = playingOn == null ? -1 : playingOn.replayed();
                Object known = step < 0 ? null : keptAt(step, playing);
                if (known != null) {
                    return provider.cast(known);
                }
                T snapshot = provider.captureTyped();
                if (step >= 0) {
                    keep(step, playing, snapshot);
                }
                return snapshot;
            }

            @Override
            public void restore(T snapshot) {
                provider.restore(snapshot);
            }

            @Override
            public long estimateBytes(T snapshot) {
                return provider.estimateBytes(snapshot);
            }
        };
    }

    @Nullable
    private Object keptAt(int step, long playing) {
        synchronized (lock) {
            if (playing != generation) {
                return null;
            }
            KeptStates.Found found = kept.nearest(step, true);
            return found != null && found.step() == step ? found.snapshot() : null;
        }
    }

    private void keep(int step, long playing, Object snapshot) {
        synchronized (lock) {
            if (playing != generation || kept.has(step)) {
                return; // captured for a route edited since, or kept already
            }
            kept.put(step, snapshot);
        }
        emit(Kind.KEPT, step);
    }

    // ------------------------------------------------------------------ editing

    /**
     * Replaces the step at {@code step} with another command or other params.
     *
     * @param step   the step to change, 0 to {@code length() - 1}
     * @param code   a code the game registers
     * @param params params of the kinds the route records for {@code code} (any, if it records none)
     * @throws IndexOutOfBoundsException if {@code step} is outside the route; nothing changed
     * @throws IllegalArgumentException  if the game does not register {@code code}, or the params do not
     *                                   fit it or cannot be stored; nothing changed
     * @throws IllegalStateException     if the route is {@linkplain ReplayArray#disable() disabled}
     */
    public void set(int step, int code, Object... params) {
        checkStep("set", step, route.length());
        List<Object> checked = checkCommand(code, params);
        edit(new Change.SetStep(new ReplayStep(step, code, checked)), null, null);
    }

    /**
     * Inserts a step before the step at {@code step}; at {@code length()} it appends.
     *
     * @param step   where the new step goes, 0 to {@code length()}
     * @param code   a code the game registers
     * @param params params of the kinds the route records for {@code code} (any, if it records none)
     * @throws IndexOutOfBoundsException if {@code step} is outside {@code 0..length()}; nothing changed
     * @throws IllegalArgumentException  as {@link #set}; nothing changed
     * @throws IllegalStateException     if the route is disabled
     */
    public void insert(int step, int code, Object... params) {
        checkStep("insert", step, route.length() + 1);
        List<Object> checked = checkCommand(code, params);
        edit(new Change.InsertStep(new ReplayStep(step, code, checked)), null, null);
    }

    /**
     * Deletes the step at {@code step}.
     *
     * @param step the step to delete, 0 to {@code length() - 1}
     * @throws IndexOutOfBoundsException if {@code step} is outside the route; nothing changed
     * @throws IllegalStateException     if the route is disabled
     */
    public void delete(int step) {
        checkStep("delete", step, route.length());
        edit(new Change.DeleteStep(step), null, null);
    }

    /**
     * Saves the route and its kept states as a branch named {@code name}, replacing a branch of that name.
     * Undoable.
     *
     * @param name the branch's name, not blank
     * @throws IllegalArgumentException if {@code name} is blank
     */
    public void branch(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("A branch needs a name that is not blank, was \"" + name + "\"");
        }
        Branch branch;
        synchronized (lock) {
            branch = new Branch(route.saveState().detach(), kept.view(), stale);
        }
        edit(new Change.PutBranch(name, branch), null, null);
    }

    /**
     * Makes the branch named {@code name} the route edited, with the states it kept, and those kept since
     * for the steps before the first one where the route and the branch part: a seek plays from them. The
     * branch stays saved. Undoable.
     *
     * @param name a saved branch
     * @throws IllegalArgumentException if no branch has that name; nothing changed
     * @throws IllegalStateException    if the route is disabled
     */
    public void restore(String name) {
        Objects.requireNonNull(name, "name");
        Branch branch;
        synchronized (lock) {
            branch = branches.get(name);
        }
        if (branch == null) {
            throw new IllegalArgumentException("No branch is named \"" + name + "\"; the branches are " + branches());
        }
        ReplayArray restored = new ReplayArray(route.config());
        restored.loadState(branch.route());
        int common = commonSteps(route, restored);
        NavigableMap<Integer, KeptStates.Key> view;
        synchronized (lock) {
            // States kept since the branch was saved, before the first step where the routes part, hold for it too.
            view = new TreeMap<>(kept.view().headMap(common, false));
        }
        view.putAll(branch.view());
        edit(new Change.ReplaceRoute(branch.route()), view, branch.stale());
    }

    /** @return how many steps the two routes have in common from the start */
    private static int commonSteps(ReplayArray one, ReplayArray other) {
        ReplayCursor a = one.cursor(0);
        ReplayCursor b = other.cursor(0);
        int common = 0;
        while (a.next() && b.next() && sameStep(a, b)) {
            common++;
        }
        return common;
    }

    private static boolean sameStep(ReplayCursor a, ReplayCursor b) {
        if (a.code() != b.code() || a.paramCount() != b.paramCount()) {
            return false;
        }
        for (int i = 0; i < a.paramCount(); i++) {
            if (a.paramType(i) != b.paramType(i) || !a.param(i).equals(b.param(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Undoes the last change not undone yet.
     *
     * @return {@code false} if there was nothing to undo
     */
    public boolean undo() {
        return replay(undo, redo, true);
    }

    /**
     * Redoes the last change undone, unless a change was made since.
     *
     * @return {@code false} if there was nothing to redo
     */
    public boolean redo() {
        return replay(redo, undo, false);
    }

    /**
     * Undoes or redoes {@code from}'s last change. The hash steps refreshed since the change are part of it:
     * an undo writes their stale hashes back before undoing the change, a redo writes the refreshed ones
     * again after redoing it, so both give back the route's exact bytes.
     */
    private boolean replay(ArrayDeque<Done> from, ArrayDeque<Done> to, boolean undoing) {
        int changed;
        synchronized (lock) {
            Done done = from.peekFirst();
            if (done == null) {
                return false;
            }
            checkWritable();
            NavigableMap<Integer, KeptStates.Key> view = kept.view();
            List<Rehash> rehashed = done.rehashed();
            if (undoing) {
                for (int i = rehashed.size() - 1; i >= 0; i--) {
                    write(rehashed.get(i).stale());
                }
            }
            Change inverse = done.change().apply(system, branches);
            if (!undoing) {
                // Seeks since the undo may have refreshed some of these steps already: undo gives back
                // what each holds now.
                List<Rehash> again = new ArrayList<>(rehashed.size());
                for (Rehash rehash : rehashed) {
                    again.add(new Rehash(route.get(rehash.fresh().index()), rehash.fresh()));
                    write(rehash.fresh());
                }
                rehashed = again;
            }
            from.removeFirst();
            generation++;
            changed = done.change().from();
            kept.merge(changed, done.view());
            push(to, new Done(inverse, view, stale, rehashed));
            stale = done.stale();
        }
        if (changed != Integer.MAX_VALUE) {
            emit(Kind.EDITED, changed);
        }
        return true;
    }

    private void write(ReplayStep step) {
        route.set(step.index(), step.code(), step.params().toArray(new Object[0]));
    }

    /**
     * Applies a checked change: the route, the kept states and the stale hash steps (the branch's when
     * given) and the history.
     */
    private void edit(Change change, @Nullable NavigableMap<Integer, KeptStates.Key> viewAfter,
                      @Nullable StaleHashes staleAfter) {
        int changed = change.from();
        synchronized (lock) {
            checkWritable();
            boolean closedBefore = changed != Integer.MAX_VALUE && kept.has(changed) && groups.closed(changed);
            NavigableMap<Integer, KeptStates.Key> view = kept.view();
            StaleHashes staleBefore = stale;
            Change inverse = change.apply(system, branches); // throws before changing anything
            generation++;
            if (viewAfter != null) {
                kept.setView(viewAfter);
            } else if (changed != Integer.MAX_VALUE) {
                kept.dropAfter(changed, closedBefore && groups.closed(changed));
            }
            if (staleAfter != null) {
                stale = staleAfter;
            } else if (changed != Integer.MAX_VALUE) {
                stale = stale.edited(changed, change.staleFrom(), system);
            }
            push(undo, new Done(inverse, view, staleBefore, new ArrayList<>()));
            redo.clear();
        }
        if (changed != Integer.MAX_VALUE) {
            emit(Kind.EDITED, changed);
        }
    }

    private void push(ArrayDeque<Done> stack, Done done) {
        stack.addFirst(done);
        if (stack.size() > historySize) {
            stack.removeLast();
        }
    }

    /**
     * A change done: the change that undoes it, the kept states and stale hash steps from before it, and
     * the hash steps refreshed since it (on the route as it left it), in the order they were.
     */
    private record Done(Change change, NavigableMap<Integer, KeptStates.Key> view, StaleHashes stale,
                        List<Rehash> rehashed) {
    }

    /** A state-hash step refreshed: as it was, and as it was written. */
    private record Rehash(ReplayStep stale, ReplayStep fresh) {
    }

    // ------------------------------------------------------------------ checks

    private void checkTarget(int step) {
        int length = route.length();
        if (step < 0 || step > length) {
            throw new IndexOutOfBoundsException("Cannot seek to step " + step + ": the route has " + length
                    + " steps (0.." + length + ")");
        }
    }

    private static void checkStep(String what, int step, int bound) {
        if (step < 0 || step >= bound) {
            throw new IndexOutOfBoundsException("Cannot " + what + " step " + step + ": the route has "
                    + ("insert".equals(what) ? bound - 1 : bound) + " steps (0.." + (bound - 1) + ")");
        }
    }

    private void checkWritable() {
        if (route.isDisabled()) {
            throw new IllegalStateException("The route is disabled (ReplayArray.disable()): enable it to edit");
        }
    }

    private List<Object> checkCommand(int code, Object[] params) {
        Objects.requireNonNull(params, "params");
        if (system.command(code).isEmpty()) {
            throw new IllegalArgumentException("The game registers no command for code " + code
                    + "; its commands are " + system.commandDictionary().asMap());
        }
        int maxCode = route.commandWidth() == CommandWidth.UINT8 ? 0xFF : 0xFFFF;
        if (code > maxCode) {
            throw new IllegalArgumentException("Code " + code + " does not fit the route's command width "
                    + route.commandWidth());
        }
        if (params.length > 255) {
            throw new IllegalArgumentException("A step holds at most 255 params, " + params.length + " given");
        }
        for (int i = 0; i < params.length; i++) {
            Object param = params[i];
            if (ParamKind.of(param) == null) {
                throw new IllegalArgumentException("Param " + i + " of command " + code + " is "
                        + (param == null ? "null" : "a " + param.getClass().getName())
                        + ": a route stores booleans, integers, floats, BigIntegers and strings");
            }
            if (param instanceof BigInteger big && big.abs().bitLength() > 2040) {
                throw new IllegalArgumentException("Param " + i + " of command " + code
                        + " is a BigInteger of " + big.abs().bitLength() + " bits; a route stores at most 2040");
            }
        }
        ParamKind.check(route, code, params);
        return List.of(params);
    }

    private void emit(Kind kind, int step) {
        synchronized (events) {
            events.tryEmitNext(new EditorEvent(kind, step));
        }
    }

    @Override
    public String toString() {
        return "ReplayEditor[length=" + route.length() + ", position=" + position + ", branches="
                + branches().size() + "]";
    }

    /** Builds a {@link ReplayEditor}; each option is checked as it is set. Not thread-safe. */
    public static final class Builder {
        private final VerifiableGame game;
        private int historySize = DEFAULT_HISTORY_SIZE;

        private Builder(VerifiableGame game) {
            this.game = Objects.requireNonNull(game, "game");
        }

        /**
         * Sets how many changes can be undone; older ones are forgotten.
         *
         * @param changes at least 1
         * @return this builder
         * @throws IllegalArgumentException if below 1
         */
        public Builder historySize(int changes) {
            Require.atLeastOne(changes, "historySize", "change");
            this.historySize = changes;
            return this;
        }

        /**
         * Opens the editor: asks the game for its sandbox config once, and plays nothing yet.
         *
         * @return the editor
         */
        public ReplayEditor build() {
            return new ReplayEditor(this);
        }
    }
}
