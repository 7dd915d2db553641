package dev.reprise.playback;

import dev.reprise.route.ReplayArray;
import java.time.Duration;
import java.util.Objects;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link ReplaySandbox} plays: the route, how to reset the game first, where to start and how
 * to pace. Immutable; build one with {@link #builder}, which checks each option as it is set.
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
     * @return a new builder: no save, start index 0, no step interval, {@code Schedulers.parallel()},
     *         no passive grace
     */
    public static <S> Builder<S> builder(ReplayArray route, ReplayResetter<S> resetter) {
        return new Builder<>(route, resetter);
    }

    /** @return the route to play */
    public ReplayArray route() {
        return route;
    }

    /** @return the resetter called before playback */
    public ReplayResetter<S> resetter() {
        return resetter;
    }

    /** @return the save handed to the resetter, or {@code null} */
    @Nullable
    public S save() {
        return save;
    }

    /** @return the 0-based index of the first step played */
    public int startIndex() {
        return startIndex;
    }

    /** @return the time between dispatches at speed 1 (divided by the speed); zero for no pacing */
    public Duration stepInterval() {
        return stepInterval;
    }

    /** @return the scheduler that times pacing and passive grace */
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
     * @return the provider, or {@code null}: then a seek resets through the resetter and fast-forwards
     *         from the start index
     */
    @Nullable
    public SnapshotProvider<?> snapshots() {
        return snapshots;
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

    /** Calls the resetter with the save. */
    void reset() {
        resetter.reset(save);
    }

    @Override
    public String toString() {
        return "SandboxConfig[startIndex=" + startIndex + ", stepInterval=" + stepInterval
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
         * Sets the time between dispatches at speed 1; the sandbox waits {@code interval / speed}.
         *
         * @param interval zero or positive, at most about 292 years
         * @return this builder
         * @throws IllegalArgumentException if negative or too long
         */
        public Builder<S> stepInterval(Duration interval) {
            this.stepInterval = nonNegative("stepInterval", interval);
            return this;
        }

        /**
         * Sets the scheduler that times pacing and passive grace.
         *
         * @param scheduler the scheduler
         * @return this builder
         */
        public Builder<S> scheduler(Scheduler scheduler) {
            this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
            return this;
        }

        /**
         * Sets how long an emitted passive step may stay unsettled once its active step's result is in
         * before it is skipped with warning 194.
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
            if (steps < 1) {
                throw new IllegalArgumentException("checkpointInterval must be at least 1 step, was " + steps);
            }
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
            if (bytes < 1) {
                throw new IllegalArgumentException("checkpointBudget must be at least 1 byte, was " + bytes);
            }
            this.checkpointBudget = bytes;
            return this;
        }

        /**
         * Builds the config; the default scheduler, {@code Schedulers.parallel()}, is resolved now.
         *
         * @return the config
         */
        public SandboxConfig<S> build() {
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
