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
package dev.reprise.verify;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.diagnostic.ReplayException;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.ReplayResetter;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplayStep;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.MonoSink;
import reactor.core.publisher.Mono;

/**
 * One side of a {@link Lockstep} comparison while it plays: its game built, the route loaded, the sandbox
 * open. It plays one step at a time, when {@link #next()} asks (one unit of demand on the playback), and tells
 * each step's state as computed at the moment the step settled, on the playing thread; so a game never
 * plays more than the step asked for.
 */
final class LockstepSide {

    /** Checkpoints of a side restored from its snapshots are taken at least this often. */
    static final int RESTORE_INTERVAL = 16;

    /** How a side's state is told after each step. */
    enum Mode {
        /** By its state hash. */
        HASH,
        /** By its described state. */
        DESCRIBE,
        /** Described after one step only: nothing is told about the others. */
        DESCRIBE_ONE
    }

    /**
     * A step's state on one side, at the moment it settled.
     *
     * @param step  the step
     * @param hash  the state hash (for {@link Mode#HASH})
     * @param state the described state, or {@code null} when it was not described
     */
    record Settled(ReplayStep step, long hash, @Nullable Map<String, ?> state) {
    }

    /**
     * What came of one step asked for.
     *
     * @param settled the state after it, or {@code null} when it was not asked of (or the route ended)
     * @param ended   whether the route had ended: no step was played
     */
    record Told(@Nullable Settled settled, boolean ended) {
    }

    /** What {@link #next()} tells once the route ended. */
    private static final Told END = new Told(null, true);

    private final Lockstep.Side side;
    private final VerifiableGame game;
    private final ReplaySandbox sandbox;
    private final Listener listener = new Listener();
    /** Whether the playback ended; then every {@link #next()} tells {@link #END}. */
    private boolean ended;
    /** Why the playback failed, once it did; then every {@link #next()} fails with it. */
    private @Nullable Failed failure;
    /** Who waits for the step asked for last; {@code null} when nobody does. */
    private @Nullable MonoSink<Told> waiting;
    private volatile Mode mode = Mode.HASH;
    private volatile int at = -1;

    private LockstepSide(Lockstep.Side side, VerifiableGame game, ReplaySandbox sandbox) {
        this.side = side;
        this.game = game;
        this.sandbox = sandbox;
    }

    /**
     * Builds the side's game, loads the route and opens the sandbox (which resets the game).
     *
     * @throws Failed if the game cannot be built or cannot play the route
     * @throws Skipped if the side restores snapshots and the game has none
     */
    static LockstepSide open(Lockstep.Side side) {
        VerifiableGame game;
        try {
            game = Objects.requireNonNull(side.games().create(side.file()), "the game factory returned null");
        } catch (RuntimeException e) {
            throw new Failed(side, -1, "the game could not be built from the file: " + Verification.describe(e));
        }
        ReplaySystem system = game.system();
        try {
            system.loadState(side.file().save());
        } catch (ReplayFormatException e) {
            throw new Failed(side, -1, "the route does not fit the game's route: " + e.getMessage());
        }
        ignoreStateHashes(system);
        try {
            SandboxConfig<?> config = game.sandbox(system.array());
            SnapshotProvider<?> snapshots = null;
            if (side.restoring()) {
                snapshots = config.snapshots().orElseThrow(() -> new Skipped("game \""
                        + side.file().gameId() + "\" has no snapshots (its sandbox config sets no SnapshotProvider)"));
            }
            config = stepByStep(config, snapshots);
            return new LockstepSide(side, game, system.createReplaySandbox(config));
        } catch (ReplayException | IllegalArgumentException | IllegalStateException e) {
            throw new Failed(side, -1, "the game failed before playback: " + Verification.describe(e));
        }
    }

    /** @return whether the game has a state hash; asked before playback */
    boolean hashes() {
        try {
            return game.stateHash().isPresent();
        } catch (RuntimeException e) {
            throw new Failed(side, -1, "stateHash() of game \"" + side.file().gameId() + "\" threw: "
                    + Verification.describe(e));
        }
    }

    /** @return how many steps the route has */
    int length() {
        return game.system().array().length();
    }

    /** @return the name of a step's command, or {@code code N} */
    String command(ReplayStep step) {
        return game.system().commandDictionary().name(step.code()).orElse("code " + step.code());
    }

    /**
     * Starts the playback, which then waits for {@link #next()}: from now on the state after every step is
     * told as the step settles, an active step once its command's result is in (before its answers are
     * applied), a passive step once its answer was applied.
     *
     * @param mode how the state is told
     * @param at   for {@link Mode#DESCRIBE_ONE}, the step after which it is described
     */
    void start(Mode mode, int at) {
        this.mode = mode;
        this.at = at;
        sandbox.steps().subscribe(listener);
        sandbox.play();
    }

    /**
     * Plays one more step: asks the playback for it (one unit of demand, so the game goes no further) and
     * returns the state told once it settled.
     *
     * @return a Mono of the step's state (none when it was not asked of), of the end of the route, or an error
     *     {@link Failed} if the game failed
     */
    Mono<Told> next() {
        return Mono.create(sink -> {
            Failed failed;
            boolean over;
            synchronized (this) {
                failed = failure;
                over = ended;
                if (failed == null && !over) {
                    waiting = sink;
                }
            }
            if (failed != null) {
                sink.error(failed);
            } else if (over) {
                sink.success(END);
            } else {
                listener.request(1);
            }
        });
    }

    /** Stops the playback and the listening; called when the comparison ends, however it ends. */
    void stop() {
        sandbox.stopNow();
        listener.dispose();
    }

    /**
     * Hands what came of the step asked for to whoever waits for it, once; the end of the playback, or its
     * failure, is kept for every later {@link #next()} too.
     */
    private void tell(Told told, @Nullable Failed failed) {
        MonoSink<Told> sink;
        synchronized (this) {
            if (failed != null && failure == null) {
                failure = failed;
            }
            ended |= told.ended();
            sink = waiting;
            waiting = null;
        }
        if (sink != null) {
            if (failed != null) {
                sink.error(failed);
            } else {
                sink.success(told);
            }
        }
    }

    /**
     * Tells the state after a step where it settles: the result's subscriber runs on the playing thread as
     * the step settles, before anything else happens to the game.
     */
    private void told(PlaybackStep step) {
        step.result().subscribe(result -> {
            if (result == ReplayCommandResult.FAILED) {
                return; // playback fails next, with the step and the cause
            }
            ReplayStep settled = step.step();
            try {
                if (mode == Mode.HASH) {
                    tell(new Told(new Settled(settled, hash(settled), null), false), null);
                } else if (mode == Mode.DESCRIBE || settled.index() == at) {
                    tell(new Told(new Settled(settled, 0, describe(settled)), false), null);
                } else {
                    tell(new Told(null, false), null);
                }
            } catch (Failed e) {
                sandbox.stopNow(); // from the playing thread: nothing more is dispatched
                tell(END, e);
            }
        });
    }

    /** The playback's steps, asked for one at a time by {@link #next()}. */
    private final class Listener extends BaseSubscriber<PlaybackStep> {

        @Override
        protected void hookOnSubscribe(Subscription subscription) {
            // Nothing yet: next() asks for each step.
        }

        @Override
        protected void hookOnNext(PlaybackStep step) {
            told(step);
        }

        @Override
        protected void hookOnComplete() {
            if (sandbox.state() == PlaybackState.FAILED) {
                tell(END, new Failed(side, sandbox.replayed(), "playback failed after "
                        + sandbox.replayed() + " steps"));
            } else {
                tell(END, null);
            }
        }

        @Override
        protected void hookOnError(Throwable error) {
            tell(END, error instanceof Failed f ? f : failed(error));
        }
    }

    private long hash(ReplayStep step) {
        OptionalLong hash;
        try {
            hash = game.stateHash();
        } catch (RuntimeException e) {
            throw new Failed(side, step.index(), "stateHash() of game \"" + side.file().gameId() + "\" threw after "
                    + "step " + step.index() + " (" + command(step) + "): " + Verification.describe(e));
        }
        if (hash.isEmpty()) {
            throw new Failed(side, step.index(), "game \"" + side.file().gameId() + "\" had a state hash before "
                    + "playback and none after step " + step.index());
        }
        return hash.getAsLong();
    }

    /** Describes the state after a step; a game that fails to is named with the step. */
    Map<String, ?> describe(ReplayStep step) {
        try {
            return Objects.requireNonNull(game.describeState(), "describeState() returned null");
        } catch (RuntimeException e) {
            throw new Failed(side, step.index(), "describeState() of game \"" + side.file().gameId() + "\" threw "
                    + "after step " + step.index() + " (" + command(step) + "): " + Verification.describe(e));
        }
    }

    private Failed failed(Throwable error) {
        if (error instanceof ReplayPlaybackException p) {
            return new Failed(side, p.stepIndex(), Verification.describe(p));
        }
        return new Failed(side, sandbox.replayed(), "playback failed after " + sandbox.replayed() + " steps: "
                + Verification.describe(error));
    }

    /** Replaces the route's state-hash checks by commands that check nothing: the comparison checks more. */
    private static void ignoreStateHashes(ReplaySystem system) {
        for (int code : system.commandDictionary().asMap().keySet()) {
            if (system.command(code).orElse(null) instanceof StateHashCheck) {
                system.replaceCommand(code, ReplayCommand.sync(step -> { }));
            }
        }
    }

    /**
     * The game's config, paused until it is started; when {@code snapshots} is given, with a provider
     * that, at each checkpoint, resets the game to its start and restores the snapshot it just took, as if
     * into a fresh game, checkpoints taken at least every {@link #RESTORE_INTERVAL} steps.
     */
    private static <S> SandboxConfig<S> stepByStep(SandboxConfig<S> config, @Nullable SnapshotProvider<?> snapshots) {
        S save = config.save().orElse(null);
        SandboxConfig.Builder<S> builder = config.toBuilder(config.array(), config.resetter()).save(save)
                .startIndex(config.startIndex()).startPaused(true);
        if (snapshots != null) {
            builder.snapshots(restoring(snapshots, config.resetter(), save))
                    .checkpointInterval(Math.min(config.checkpointInterval(), RESTORE_INTERVAL));
        }
        return builder.build();
    }

    private static <S, T> SnapshotProvider<T> restoring(SnapshotProvider<T> snapshots, ReplayResetter<S> resetter,
                                                        @Nullable S save) {
        return new SnapshotProvider<>() {
            @Override
            public T capture() {
                T snapshot = snapshots.capture();
                resetter.reset(save);
                snapshots.restore(snapshot);
                return snapshot;
            }

            @Override
            public void restore(T snapshot) {
                snapshots.restore(snapshot);
            }

            @Override
            public long estimateBytes(T snapshot) {
                return snapshots.estimateBytes(snapshot);
            }
        };
    }

    /** A side that could not be played or compared: which, the step it reached (or -1), and why. */
    static final class Failed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        final String side;
        final int step;

        Failed(Lockstep.Side side, int step, String reason) {
            super(reason, null, false, false);
            this.side = side.name();
            this.step = step;
        }

        /** @return the comparison's result: this side failed */
        LockstepResult result(int alike) {
            return LockstepResult.fails(alike, step, java.util.Optional.of(side),
                    Objects.requireNonNullElse(getMessage(), "failed"));
        }
    }

    /** A side that cannot be compared as asked, for the reason given. */
    static final class Skipped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Skipped(String reason) {
            super(reason, null, false, false);
        }
    }
}
