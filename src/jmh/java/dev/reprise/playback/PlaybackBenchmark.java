package dev.reprise.playback;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.infra.Blackhole;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;

/**
 * Playback throughput: a 1,000,000-step route of synchronous no-op active commands, played to the end
 * with unbounded demand or with a demand of 1 at a time (a request per step from onNext). One operation
 * is one step.
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

    @Setup(Level.Trial)
    public void route() {
        system = new ReplaySystem();
        system.registerCommand(1, ReplayCommand.sync(step -> { }));
        for (int i = 0; i < STEPS; i++) {
            system.record(1);
        }
        config = SandboxConfig.builder(system.array(), save -> { }).build();
    }

    @Benchmark
    @OperationsPerInvocation(STEPS)
    public long play(Blackhole blackhole) {
        ReplaySandbox sandbox = system.createReplaySandbox(config);
        sandbox.play();
        CountingSubscriber subscriber = new CountingSubscriber(batch, blackhole);
        sandbox.steps().subscribe(subscriber);
        if (subscriber.count != STEPS || !subscriber.done) {
            throw new IllegalStateException("Played " + subscriber.count + " steps, done=" + subscriber.done);
        }
        return subscriber.count;
    }

    /** Requests unbounded (batch 0) or {@code batch} steps at a time, refilling from onNext. */
    static final class CountingSubscriber implements CoreSubscriber<PlaybackStep> {
        private final int batch;
        private final Blackhole blackhole;
        private Subscription subscription;
        private int outstanding;
        long count;
        boolean done;

        CountingSubscriber(int batch, Blackhole blackhole) {
            this.batch = batch;
            this.blackhole = blackhole;
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
            throw new IllegalStateException(error);
        }

        @Override
        public void onComplete() {
            done = true;
        }
    }
}
