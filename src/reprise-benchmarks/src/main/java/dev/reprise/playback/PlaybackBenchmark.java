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

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Playback throughput: a 1,000,000-step route of synchronous no-op active commands, played to the end
 * with unbounded demand or with a demand of 1 at a time (a request per step from onNext). One operation
 * is one step. {@code play} is unpaced; {@code playClocked} is paced by a clock the benchmark ticks once
 * per step (a game loop's frame per group, the worst case for the clock's bookkeeping);
 * {@code playClockedFast} ticks once per {@value #FAST_SPEED} steps at that speed (a fast-forward);
 * {@code playRunOn} runs every command and emission on one worker of a single-thread scheduler.
 *
 * <pre>
 * mvn -Pjmh -DskipTests package
 * java -jar target/benchmarks.jar PlaybackBenchmark -f 1 -wi 2 -w 1s -i 3 -r 1s -prof gc
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class PlaybackBenchmark {

    static final int STEPS = 1_000_000;

    /** Steps requested at a time: 0 for unbounded. */
    @Param({"0", "1"})
    public int batch;

    private ReplaySystem system;
    private SandboxConfig<Object> config;
    private SandboxConfig<Object> runOnConfig;
    private Scheduler gameThread;

    @Setup(Level.Trial)
    public void route() {
        system = new ReplaySystem();
        system.registerCommand(1, ReplayCommand.sync(step -> { }));
        for (int i = 0; i < STEPS; i++) {
            system.record(1);
        }
        config = SandboxConfig.builder(system.array(), save -> { }).build();
        gameThread = Schedulers.newSingle("game");
        runOnConfig = SandboxConfig.builder(system.array(), save -> { }).runOn(gameThread).build();
    }

    @TearDown(Level.Trial)
    public void dispose() {
        gameThread.dispose();
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long play(Blackhole blackhole) {
        ReplaySandbox sandbox = system.createReplaySandbox(config);
        CountingSubscriber subscriber = new CountingSubscriber(batch, blackhole);
        sandbox.steps().subscribe(subscriber);
        return subscriber.played();
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long playClocked(Blackhole blackhole) {
        Frames frames = new Frames();
        ReplaySandbox sandbox = system.createReplaySandbox(
                SandboxConfig.builder(system.array(), save -> { }).clock(frames).build());
        CountingSubscriber subscriber = new CountingSubscriber(batch, blackhole);
        sandbox.steps().subscribe(subscriber);
        for (int frame = 0; frame < STEPS; frame++) {
            frames.tick(); // each frame plays one group, synchronously, on this thread
        }
        return subscriber.played();
    }

    /** Groups per tick in {@link #playClockedFast}: a fast-forward, where the clock's cost is per tick, not per step. */
    static final int FAST_SPEED = 1024;

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long playClockedFast(Blackhole blackhole) {
        Frames frames = new Frames();
        ReplaySandbox sandbox = system.createReplaySandbox(
                SandboxConfig.builder(system.array(), save -> { }).clock(frames).build());
        sandbox.setSpeed(FAST_SPEED);
        CountingSubscriber subscriber = new CountingSubscriber(batch, blackhole);
        sandbox.steps().subscribe(subscriber);
        for (int frame = 0; frame <= STEPS / FAST_SPEED; frame++) {
            frames.tick(); // each frame plays FAST_SPEED groups
        }
        return subscriber.played();
    }

    /**
     * The floor of a clock tick, without playback: what any tick must do to reach a serialized drain
     * (an atomic tick count, the drain's {@code wip} in and out, one read of the count). One operation
     * is one tick; compare with {@code playClocked} minus {@code play} per step.
     */
    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long tickHandOffFloor() {
        Frames frames = new Frames();
        HandOff handOff = new HandOff();
        frames.subscribe(handOff);
        for (int frame = 0; frame < STEPS; frame++) {
            frames.tick();
        }
        return handOff.seen;
    }

    /** The least subscriber a clock can hand its ticks to: the drain pattern of {@code ClockPacing}. */
    static final class HandOff implements Subscriber<Object> {
        private static final AtomicLongFieldUpdater<HandOff> TICKS =
                AtomicLongFieldUpdater.newUpdater(HandOff.class, "ticks");
        private static final AtomicIntegerFieldUpdater<HandOff> WIP =
                AtomicIntegerFieldUpdater.newUpdater(HandOff.class, "wip");
        volatile long ticks;
        volatile int wip;
        long seen;

        @Override
        public void onSubscribe(Subscription s) {
            s.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(Object tick) {
            TICKS.incrementAndGet(this);
            if (WIP.getAndIncrement(this) != 0) {
                return;
            }
            int missed = 1;
            do {
                seen = ticks;
                missed = WIP.addAndGet(this, -missed);
            } while (missed != 0);
        }

        @Override
        public void onError(Throwable error) {
            throw new IllegalStateException(error);
        }

        @Override
        public void onComplete() {
        }
    }

    /** A game loop's frame clock: the loop calls {@link #tick()}; no allocation per frame. */
    static final class Frames implements Publisher<Object> {
        private static final Object TICK = new Object();
        private Subscriber<? super Object> clock;

        @Override
        public void subscribe(Subscriber<? super Object> subscriber) {
            clock = subscriber;
            subscriber.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {
                    // ticks come when the loop says, whatever the demand (the sandbox asks for all)
                }

                @Override
                public void cancel() {
                    clock = null;
                }
            });
        }

        void tick() {
            Subscriber<? super Object> current = clock;
            if (current != null) {
                current.onNext(TICK);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long playRunOn(Blackhole blackhole) throws InterruptedException {
        ReplaySandbox sandbox = system.createReplaySandbox(runOnConfig);
        CountingSubscriber subscriber = new CountingSubscriber(batch, blackhole);
        sandbox.steps().subscribe(subscriber);
        if (!subscriber.finished.await(1, TimeUnit.MINUTES)) {
            throw new IllegalStateException("runOn playback did not end");
        }
        return subscriber.played();
    }

    /** Requests unbounded (batch 0) or {@code batch} steps at a time, refilling from onNext. */
    static final class CountingSubscriber implements CoreSubscriber<PlaybackStep> {
        private final int batch;
        private final Blackhole blackhole;
        final CountDownLatch finished = new CountDownLatch(1);
        private Subscription subscription;
        private int outstanding;
        private long count;
        private boolean done;

        CountingSubscriber(int batch, Blackhole blackhole) {
            this.batch = batch;
            this.blackhole = blackhole;
        }

        /** @return the steps played; throws unless the whole route was played (read after {@link #finished}) */
        long played() {
            if (count != STEPS || !done) {
                throw new IllegalStateException("Played " + count + " steps, done=" + done);
            }
            return count;
        }

        @Override
        public void onSubscribe(Subscription s) {
            subscription = s;
            if (batch == 0) {
                s.request(Long.MAX_VALUE);
            } else {
                outstanding = batch;
                s.request(batch);
            }
        }

        @Override
        public void onNext(PlaybackStep step) {
            blackhole.consume(step);
            count++;
            if (batch != 0 && --outstanding == 0) {
                outstanding = batch;
                subscription.request(batch);
            }
        }

        @Override
        public void onError(Throwable error) {
            finished.countDown();
            throw new IllegalStateException(error);
        }

        @Override
        public void onComplete() {
            done = true;
            finished.countDown();
        }
    }
}
