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
import dev.reprise.internal.Require;
import dev.reprise.route.ReplayArray;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.reactivestreams.Publisher;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link ReplaySandbox} plays: the route, how to reset the game first, where to start, how to
 * pace (a {@linkplain Builder#stepInterval step interval} or the game's own {@linkplain Builder#clock
 * clock}), where commands run ({@link Builder#runOn}) and whether playback waits for {@code play()}
 * ({@link Builder#startPaused}). Immutable; build one with {@link #builder}, which checks each option as
 * it is set (and {@link Builder#build()} checks that the options agree).
 *
 * @param <S> the type of the save the resetter restores from
 */
public final class SandboxConfig<S> {

    /** The default {@link #checkpointInterval()}: 1000 steps (chosen from SeekBenchmark; see docs/seeking.md). */
    public static final int DEFAULT_CHECKPOINT_INTERVAL = 1000;

    /** The default {@link #checkpointBudget()}: 64 MiB (chosen from SeekBenchmark; see docs/seeking.md). */
    public static final long DEFAULT_CHECKPOINT_BUDGET = 64L << 20;

    private final ReplayArray route;
    private final ReplayResetter<S> resetter;
    @Nullable
    private final S save;
    private final int startIndex;
    private final Duration stepInterval;
    @Nullable
    private final Publisher<?> clock;
    @Nullable
    private final Scheduler runOn;
    private final boolean startPaused;
    private final Scheduler scheduler;
    private final Duration passiveGrace;
    @Nullable
    private final SnapshotProvider<?> snapshots;
    private final int checkpointInterval;
    private final long checkpointBudget;

    private SandboxConfig(Builder<S> b) {
        this.route = b.route;
        this.resetter = b.resetter;
        this.save = b.save;
        this.startIndex = b.startIndex;
        this.stepInterval = b.stepInterval;
        this.clock = b.clock;
        this.runOn = b.runOn;
        this.startPaused = b.startPaused;
        // Resolved now, so a config built inside StepVerifier.withVirtualTime gets the virtual scheduler.
        this.scheduler = b.scheduler != null ? b.scheduler : Schedulers.parallel();
        this.passiveGrace = b.passiveGrace;
        this.snapshots = b.snapshots;
        this.checkpointInterval = b.checkpointInterval;
        this.checkpointBudget = b.checkpointBudget;
    }

    /**
     * Returns a builder for playing {@code route} after {@code resetter} reset the game.
     *
     * @param route   the route to play
     * @param resetter resets the game before playback
     * @param <S>     the type of save
     * @return a new builder: no save, start index 0, no step interval and no clock, no {@code runOn},
     *         starting when subscribed, {@code Schedulers.parallel()}, no passive grace
     */
    public static <S> Builder<S> builder(ReplayArray route, ReplayResetter<S> resetter) {
        return new Builder<>(route, resetter);
    }

    /** @return the route to play, as {@code ReplaySystem.array()} returns it */
    public ReplayArray array() {
        return route;
    }

    /** @return the resetter called before playback */
    public ReplayResetter<S> resetter() {
        return resetter;
    }

    /**
     * Returns the save handed to the resetter.
     *
     * @return the save, or empty: then the resetter is called with {@code null} (the game's start)
     */
    public Optional<S> save() {
        return Optional.ofNullable(save);
    }

    /** @return the 0-based index of the first step played */
    public int startIndex() {
        return startIndex;
    }

    /** @return the time between dispatches at speed 1 (divided by the speed); zero for no pacing */
    public Duration stepInterval() {
        return stepInterval;
    }

    /**
     * Returns the game's clock, whose ticks pace playback instead of a step interval.
     *
     * @return the clock, or empty when playback is paced by {@link #stepInterval()} (or not at all)
     */
    public Optional<Publisher<?>> clock() {
        return Optional.ofNullable(clock);
    }

    /**
     * Returns the scheduler on one worker of which the game's callbacks (resetter, {@code execute},
     * {@code finalizeRun}, passive {@code apply}, snapshots) and every step emission happen.
     *
     * @return the scheduler, or empty: then they happen on whichever thread drives playback (see
     *         {@link ReplaySandbox})
     */
    public Optional<Scheduler> runOn() {
        return Optional.ofNullable(runOn);
    }

    /**
     * Tells whether playback waits for {@link ReplaySandbox#play()} (or a {@link ReplaySandbox#step()})
     * instead of starting when {@link ReplaySandbox#steps()} (or {@link ReplaySandbox#windows()}) is
     * first requested.
     *
     * @return {@code true} to open paused; {@code false} (the default) to start on demand
     */
    public boolean startPaused() {
        return startPaused;
    }

    /**
     * Returns the timer: the scheduler that times pacing and passive grace (where commands run is
     * {@link #runOn()}).
     *
     * @return the timer scheduler
     */
    public Scheduler scheduler() {
        return scheduler;
    }

    /** @return how long an emitted passive step may stay unsettled once its active step's result is in */
    public Duration passiveGrace() {
        return passiveGrace;
    }

    /**
     * Returns the game's snapshot provider, which lets the sandbox keep checkpoints for seeking.
     *
     * @return the provider, or empty: then a seek resets through the resetter and fast-forwards from the
     *         start index
     */
    public Optional<SnapshotProvider<?>> snapshots() {
        return Optional.ofNullable(snapshots);
    }

    /**
     * Returns how many steps at least lie between two checkpoints; a checkpoint is taken at the first
     * closed group boundary that far from the previous one.
     *
     * @return the interval in steps, at least 1; {@link #DEFAULT_CHECKPOINT_INTERVAL} unless set
     */
    public int checkpointInterval() {
        return checkpointInterval;
    }

    /**
     * Returns the memory budget of the checkpoint cache: the most the snapshots it keeps may weigh
     * together, by {@link SnapshotProvider#estimateBytes}.
     *
     * @return the budget in bytes, at least 1; {@link #DEFAULT_CHECKPOINT_BUDGET} unless set
     */
    public long checkpointBudget() {
        return checkpointBudget;
    }

    /**
     * Returns a builder that plays another route after another resetter, preset with every other option
     * of this config: pacing (step interval or clock), {@code runOn}, {@code startPaused}, the scheduler,
     * the passive grace, the snapshot provider and the checkpoint options. The save and the start index
     * are not copied, since they belong to the resetter and the route: the builder starts with no save
     * and start index 0. A test harness uses it to play a game's own config from a point of its choosing,
     * for instance a snapshot it restores.
     *
     * @param route    the route to play
     * @param resetter resets the game before playback
     * @param <T>      the type of the new resetter's save
     * @return a new builder; this config is unchanged
     */
    public <T> Builder<T> toBuilder(ReplayArray route, ReplayResetter<T> resetter) {
        Builder<T> builder = new Builder<>(route, resetter);
        builder.stepInterval = stepInterval;
        builder.stepIntervalSet = !stepInterval.isZero();
        builder.clock = clock;
        builder.runOn = runOn;
        builder.startPaused = startPaused;
        builder.scheduler = scheduler;
        builder.passiveGrace = passiveGrace;
        builder.snapshots = snapshots;
        builder.checkpointInterval = checkpointInterval;
        builder.checkpointBudget = checkpointBudget;
        return builder;
    }

    /** Calls the resetter with the save. */
    void reset() {
        resetter.reset(save);
    }

    @Override
    public String toString() {
        return "SandboxConfig[startIndex=" + startIndex + ", stepInterval=" + stepInterval
                + ", clock=" + (clock != null) + ", runOn=" + runOn + ", startPaused=" + startPaused
                + ", passiveGrace=" + passiveGrace + ", scheduler=" + scheduler + ", save=" + save
                + ", snapshots=" + snapshots + ", checkpointInterval=" + checkpointInterval
                + ", checkpointBudget=" + checkpointBudget + "]";
    }

    /**
     * Builds a {@link SandboxConfig}. Each setter checks its value at once and throws
     * {@link IllegalArgumentException} (or {@link NullPointerException}) naming the option.
     *
     * @param <S> the type of save
     */
    public static final class Builder<S> {
        private final ReplayArray route;
        private final ReplayResetter<S> resetter;
        @Nullable
        private S save;
        private int startIndex;
        private Duration stepInterval = Duration.ZERO;
        private boolean stepIntervalSet;
        @Nullable
        private Publisher<?> clock;
        @Nullable
        private Scheduler runOn;
        private boolean startPaused;
        @Nullable
        private Scheduler scheduler;
        private Duration passiveGrace = Duration.ZERO;
        @Nullable
        private SnapshotProvider<?> snapshots;
        private int checkpointInterval = DEFAULT_CHECKPOINT_INTERVAL;
        private long checkpointBudget = DEFAULT_CHECKPOINT_BUDGET;

        private Builder(ReplayArray route, ReplayResetter<S> resetter) {
            this.route = Objects.requireNonNull(route, "route");
            this.resetter = Objects.requireNonNull(resetter, "resetter");
        }

        /**
         * Sets the save handed to the resetter.
         *
         * @param save the save; may be {@code null}
         * @return this builder
         */
        public Builder<S> save(@Nullable S save) {
            this.save = save;
            return this;
        }

        /**
         * Sets where playback starts.
         *
         * @param startIndex 0..{@code route.length()}
         * @return this builder
         * @throws IllegalArgumentException if outside {@code 0..route.length()}
         */
        public Builder<S> startIndex(int startIndex) {
            if (startIndex < 0 || startIndex > route.length()) {
                throw new IllegalArgumentException("startIndex must be in 0.." + route.length()
                        + " (the route's length), was " + startIndex);
            }
            this.startIndex = startIndex;
            return this;
        }

        /**
         * Sets the time between dispatches at speed 1; the sandbox waits {@code interval / speed}. The
         * time-based alternative to {@link #clock}: {@link #build()} refuses both.
         *
         * @param interval zero or positive, at most about 292 years
         * @return this builder
         * @throws IllegalArgumentException if negative or too long
         */
        public Builder<S> stepInterval(Duration interval) {
            this.stepInterval = nonNegative("stepInterval", interval);
            this.stepIntervalSet = true;
            return this;
        }

        /**
         * Paces playback by the game's own clock instead of a step interval: each tick lets
         * {@link ReplaySandbox#speed()} groups go, fractions carrying over (speed 0.5 plays a group every
         * other tick, speed 3 three per tick). Nothing is dispatched before the first tick. A tick's
         * unused whole groups do not pile up: after a slow command playback goes on at {@code speed}
         * groups a tick rather than bursting to catch up (only the fraction carries over), and ticks that
         * come while paused are dropped, so a resumed playback waits for the next tick.
         * Pause, resume, step, seek, stop and {@code setSpeed} act as with a step interval; a seek
         * fast-forwards without waiting for ticks.
         *
         * <p>The clock is subscribed (with unbounded demand) when playback first wants to dispatch a
         * group, and cancelled when playback terminates. Its values are ignored; a clock that completes
         * stops playback as {@link ReplaySandbox#stopNow()} does, one that errors fails it with that error.
         * Ticks may come from any thread.
         *
         * @param ticks the clock, for instance the game loop's frames or {@code Flux.interval(...)}
         * @return this builder
         * @see #build()
         */
        public Builder<S> clock(Publisher<?> ticks) {
            this.clock = Objects.requireNonNull(ticks, "clock");
            return this;
        }

        /**
         * Makes the game's callbacks — the resetter, every {@code execute} and {@code finalizeRun}, a
         * passive step's {@code apply}, snapshot capture and restore, seeks — and every step emission of the
         * sandbox happen on one {@linkplain Scheduler#createWorker() worker} of {@code scheduler}, serially:
         * never on the thread that completes a passive step, calls a control, requests or fires a timer or
         * clock tick. The worker is taken when {@link ReplaySandbox#steps()} (or {@code windows()}) is
         * subscribed, the game is reset on it before any command, and it is released once playback
         * terminated and the subscriber was told. If the scheduler refuses or drops playback's work (it was
         * disposed, or its executor shut down with {@code shutdownNow}), the game thread is gone: playback
         * fails with a {@link ReplayPlaybackException} saying so and naming the step whose work was lost, as
         * soon as anyone notices — the next answer, control or request, or a subscription to
         * {@link ReplaySandbox#terminated()}; a {@code stop()} waiting then answers too. A scheduler that
         * neither refuses work nor says it is disposed once its thread is gone (a trampolining
         * {@code Schedulers.fromExecutor(executor, true)}) cannot be told from a busy game thread.
         * Without it, the callbacks run on whichever thread drives playback (see {@link ReplaySandbox}).
         *
         * @param scheduler the scheduler, for instance the game thread's {@code Schedulers.fromExecutor}
         *                  or {@code Schedulers.single()}
         * @return this builder
         */
        public Builder<S> runOn(Scheduler scheduler) {
            this.runOn = Objects.requireNonNull(scheduler, "runOn");
            return this;
        }

        /**
         * Sets whether playback waits for {@link ReplaySandbox#play()} or {@link ReplaySandbox#step()}.
         * By default ({@code false}) the first request on {@link ReplaySandbox#steps()} (or
         * {@code windows()}) starts playing; with {@code true} the sandbox stays {@code READY} until a
         * control starts it.
         *
         * @param paused {@code true} to open paused
         * @return this builder
         */
        public Builder<S> startPaused(boolean paused) {
            this.startPaused = paused;
            return this;
        }

        /**
         * Sets the timer: the scheduler that times pacing ({@link #stepInterval}) and passive grace. It
         * only times; where commands run is {@link #runOn}.
         *
         * @param scheduler the timer, by default {@code Schedulers.parallel()}
         * @return this builder
         */
        public Builder<S> scheduler(Scheduler scheduler) {
            this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
            return this;
        }

        /**
         * Sets how long an emitted passive step may stay unsettled once its active step's result is in
         * before it is skipped with {@link WarningCode#PASSIVE_SKIPPED warning 194}.
         *
         * @param grace zero (the original engine's rule: skip at once) or positive, at most about 292 years
         * @return this builder
         * @throws IllegalArgumentException if negative or too long
         */
        public Builder<S> passiveGrace(Duration grace) {
            this.passiveGrace = nonNegative("passiveGrace", grace);
            return this;
        }

        /**
         * Sets the game's snapshot provider: the sandbox then keeps checkpoints while it plays and
         * seeks, so a seek replays at most about one {@linkplain #checkpointInterval interval} of steps.
         *
         * @param provider captures and restores the game's state
         * @param <T>      the type of a snapshot
         * @return this builder
         */
        public <T> Builder<S> snapshots(SnapshotProvider<T> provider) {
            this.snapshots = Objects.requireNonNull(provider, "snapshots");
            return this;
        }

        /**
         * Sets how many steps at least lie between two checkpoints.
         *
         * @param steps at least 1
         * @return this builder
         * @throws IllegalArgumentException if below 1
         */
        public Builder<S> checkpointInterval(int steps) {
            Require.atLeastOne(steps, "checkpointInterval", "step");
            this.checkpointInterval = steps;
            return this;
        }

        /**
         * Sets the memory budget of the checkpoint cache, in estimated bytes; the least recently useful
         * checkpoints are evicted beyond it.
         *
         * @param bytes at least 1
         * @return this builder
         * @throws IllegalArgumentException if below 1
         */
        public Builder<S> checkpointBudget(long bytes) {
            Require.atLeastOne(bytes, "checkpointBudget", "byte");
            this.checkpointBudget = bytes;
            return this;
        }

        /**
         * Builds the config; the default scheduler, {@code Schedulers.parallel()}, is resolved now.
         *
         * @return the config
         * @throws IllegalStateException if both a {@linkplain #stepInterval step interval} and a
         *                               {@linkplain #clock clock} were set: pacing is one or the other
         */
        public SandboxConfig<S> build() {
            if (clock != null && stepIntervalSet) {
                throw new IllegalStateException("stepInterval(" + stepInterval + ") and clock(...) were both set;"
                        + " playback is paced by one of them: drop one");
            }
            return new SandboxConfig<>(this);
        }

        private static Duration nonNegative(String name, Duration value) {
            Objects.requireNonNull(value, name);
            if (value.isNegative()) {
                throw new IllegalArgumentException(name + " must not be negative, was " + value);
            }
            try {
                value.toNanos(); // timing is done in nanoseconds
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException(name + " is too long to count in nanoseconds: " + value, e);
            }
            return value;
        }
    }
}
