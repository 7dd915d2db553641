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

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplaySave;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.VerifiableGame;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The plays of one shrink: the replay itself judged as the check says, the routes the search tries
 * (their state hashes ignored, from a checkpoint when the game has snapshots), and the passes that give the
 * result its fresh state hashes and confirm it. Used by the shrinking thread only.
 *
 * <p>Without a snapshot provider each try gets a fresh game from the factory; with one, the tries share
 * one game, which the game's resetter (or a checkpoint's restore) puts back before each try, as a sandbox
 * does before a backward seek.
 *
 * <p>The game's code (its factory, commands and the checks) runs on a {@link GameThread}, each play
 * bounded by the check's timeout: a play past it is {@code TIMED_OUT} and its thread left behind, with the
 * shared game it was playing (the next try builds another). {@link #close()} lets the thread go.
 *
 * @param <G> the game's type
 */
final class ShrinkTrials<G extends VerifiableGame> implements AutoCloseable {

    /** A route's state hashes as the game computes them. */
    record Hashes(Map<Integer, Long> steps, OptionalLong finalState) {
    }

    private final String id;
    private final ReplayFile file;
    private final Judging<G> judging;
    private final Judging<G> searching;
    private final Map<Integer, Boolean> passive = new HashMap<>();
    private final Map<Integer, Boolean> hashes = new HashMap<>();
    private final GameThread thread = new GameThread();
    private Runnable whileWaiting = () -> { };
    private boolean searchReady;
    @Nullable
    private G shared;
    @Nullable
    private ShrinkCheckpoints<?> checkpoints;

    /**
     * @param id      the replay's id, for messages
     * @param file    the replay
     * @param judging how the replay is judged
     */
    ShrinkTrials(String id, ReplayFile file, Judging<G> judging) {
        this.id = id;
        this.file = file;
        this.judging = judging;
        this.searching = judging.stateHashes(true);
    }

    /**
     * Sets what the shrinking thread does about once a second while it waits for a play, e.g. write a
     * progress line.
     *
     * @param tick run on the shrinking thread
     */
    void whileWaiting(Runnable tick) {
        this.whileWaiting = tick;
    }

    /** Lets the game thread go once it is done; one left stuck in the game stays behind. */
    @Override
    public void close() {
        thread.close();
    }

    /** @return why the replay itself does not hold up, judged as the check says; {@code null} if it does */
    JudgedReplay.@Nullable Failure judgeReplay() {
        return judge(file);
    }

    /**
     * Judges a replay file of the same game as the check says (state hashes checked unless the check
     * ignores them).
     *
     * @return why it does not hold up, or {@code null} if it does
     */
    JudgedReplay.@Nullable Failure judge(ReplayFile replay) {
        return new JudgedReplay<>(judging).bounded(thread, judge -> judge.play(ReplaySource.of(id, replay)),
                whileWaiting);
    }

    /** @return the replay's route cut into groups, by the game's passive and state-hash commands */
    RouteGroups groups() {
        ReplaySystem system;
        try {
            system = Objects.requireNonNull(thread.call(this::build, judging.timeout(), whileWaiting)).system();
        } catch (TimeoutException | RuntimeException e) {
            // The game cannot be built for this file: every try fails the same, whatever its steps.
            return RouteGroups.of(file.save(), code -> false, code -> false);
        }
        IntPredicate isPassive = code -> passive.computeIfAbsent(code, c -> system.command(c)
                .map(command -> command.type() == ReplayCommandType.PASSIVE).orElse(false));
        IntPredicate isHash = code -> hashes.computeIfAbsent(code, c -> system.command(c)
                .map(command -> command instanceof StateHashCheck).orElse(false));
        return RouteGroups.of(file.save(), isPassive, isHash);
    }

    /**
     * Plays a route the search tries, its state hashes ignored, from the last checkpoint before its first
     * change when the game has snapshots. {@link #settle} must follow.
     *
     * @param save        the route
     * @param firstChange the index of its first step that differs from the smallest failing route so far
     * @return why it does not hold up, or {@code null} if it does
     */
    JudgedReplay.@Nullable Failure attempt(ReplaySave save, int firstChange) {
        prepareSearch();
        G sharedGame = shared;
        ShrinkCheckpoints<?> kept = checkpoints;
        JudgedReplay.Failure failure = new JudgedReplay<>(searching).bounded(thread,
                judge -> attempt(judge, save, firstChange, sharedGame, kept), whileWaiting);
        if (failure != null && failure.what().kind() == ReplayFailure.Kind.TIMED_OUT && sharedGame != null) {
            // The shared game may still be played by the thread left behind: the next try builds another.
            shared = null;
            checkpoints = null;
            searchReady = false;
        }
        return failure;
    }

    /** Plays a try on the game thread, on the shared game from a checkpoint if there is one. */
    private JudgedReplay.@Nullable Failure attempt(JudgedReplay<G> judge, ReplaySave save, int firstChange,
                                                   @Nullable G sharedGame, @Nullable ShrinkCheckpoints<?> kept) {
        G game;
        SandboxConfig<?> config;
        Consumer<? super PlaybackStep> listener = null;
        if (kept != null) {
            game = Objects.requireNonNull(sharedGame, "a shared game with checkpoints");
            JudgedReplay.Failure unfit = JudgedReplay.load(game.system(), save);
            if (unfit != null) {
                return unfit;
            }
            config = game.sandbox(game.system().array());
            int start = kept.startBefore(firstChange);
            if (start > 0) {
                config = kept.from(config, game.system().array(), start);
            }
            listener = kept.taking(start);
        } else {
            try {
                game = build();
            } catch (RuntimeException e) {
                return JudgedReplay.Failure.before(ReplayFailure.Kind.GAME, "the game could not be built from the "
                        + "file: " + JudgedReplay.describe(e), e);
            }
            JudgedReplay.ignoreStateHashes(game.system());
            JudgedReplay.Failure unfit = JudgedReplay.load(game.system(), save);
            if (unfit != null) {
                return unfit;
            }
            config = game.sandbox(game.system().array());
        }
        return judge.play(game, config, save.length(), listener);
    }

    /**
     * Ends a try: the checkpoints it took before its first change are kept (the route so far plays the
     * same there); if its route becomes the smallest failing one, those after it replace the old ones.
     *
     * @param adopted     whether the try's route is now the smallest failing one
     * @param firstChange the try's first change, as given to {@link #attempt}
     */
    void settle(boolean adopted, int firstChange) {
        ShrinkCheckpoints<?> kept = checkpoints;
        if (kept != null) {
            kept.settle(adopted, firstChange);
        }
    }

    /**
     * Plays a route on a fresh game to learn its state hashes as this build computes them: the hash each
     * state-hash step should carry, and the final state's (where playback ended, if it failed earlier).
     * Nothing is judged.
     *
     * @param save the route
     * @return the hashes, by step index; the final state's, if the game has a state hash; none if the game
     *         cannot be built
     */
    Hashes hashes(ReplaySave save) {
        try {
            return Objects.requireNonNull(thread.call(() -> hashesHere(save), judging.timeout(), whileWaiting));
        } catch (TimeoutException e) {
            return new Hashes(Map.of(), OptionalLong.empty()); // the route does not end: no state to hash
        }
    }

    private Hashes hashesHere(ReplaySave save) {
        G game;
        try {
            game = build();
        } catch (RuntimeException e) {
            return new Hashes(Map.of(), OptionalLong.empty()); // nothing plays: the replay fails before its steps
        }
        ReplaySystem system = game.system();
        Map<Integer, Long> fresh = new ConcurrentHashMap<>(); // written on the playing thread
        for (int code : system.commandDictionary().asMap().keySet()) {
            ReplayCommand command = system.command(code).orElse(null);
            if (command instanceof StateHashCheck check) {
                system.replaceCommand(code, ReplayCommand.active((step, context) -> check.execute(step, context)
                        .doOnSuccess(result -> fresh.put(step.index(), ((Number) step.param(0)).longValue()))
                        .onErrorResume(ReplayDesyncException.class, desync -> {
                            fresh.put(step.index(), desync.replayedHash());
                            return Mono.just(ReplayCommandResult.SUCCESS);
                        })));
            }
        }
        OptionalLong finalState = OptionalLong.empty();
        if (JudgedReplay.load(system, save) == null) {
            new JudgedReplay<>(judging.playingOnly()).play(game, game.sandbox(system.array()), save.length(), null);
            try {
                finalState = game.stateHash();
            } catch (RuntimeException e) {
                finalState = OptionalLong.empty();
            }
        }
        return new Hashes(Map.copyOf(fresh), finalState);
    }

    /**
     * Returns a replay file of the same game with another route and metadata.
     *
     * @param save     the route
     * @param metadata the metadata
     * @return the file
     */
    ReplayFile file(ReplaySave save, Map<String, String> metadata) {
        return ReplayCases.withRoute(file, save, metadata);
    }

    /** Builds the game the tries share if it has snapshots; else each try builds its own. */
    private void prepareSearch() {
        if (searchReady) {
            return;
        }
        searchReady = true;
        Shared<G> prepared;
        try {
            prepared = thread.call(() -> {
                G game = build();
                SandboxConfig<?> config = game.sandbox(game.system().array());
                if (config.snapshots().isEmpty()) {
                    return null;
                }
                JudgedReplay.ignoreStateHashes(game.system());
                return new Shared<>(game, ShrinkCheckpoints.of(config, file.save().length()));
            }, judging.timeout(), whileWaiting);
        } catch (TimeoutException | RuntimeException e) {
            return; // each try reports it
        }
        if (prepared != null) {
            shared = prepared.game();
            checkpoints = prepared.checkpoints();
        }
    }

    /** The game the tries share, and their checkpoints. */
    private record Shared<G>(G game, ShrinkCheckpoints<?> checkpoints) {
    }

    /** @throws RuntimeException whatever the factory throws; an {@link IllegalStateException} for {@code null} */
    private G build() {
        G game = judging.games().apply(file);
        if (game == null) {
            throw new IllegalStateException("the game factory returned null");
        }
        return game;
    }
}
