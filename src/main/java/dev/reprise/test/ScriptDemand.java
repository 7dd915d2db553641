package dev.reprise.test;

import dev.reprise.playback.PlaybackStep;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;

/**
 * The demand of a {@link PlaybackVerifier} script, decided while the script runs: sits between the
 * playback's steps and the {@code StepVerifier} (which asks for everything and is ignored), and asks
 * playback for exactly the steps the script expects — or, while the clock moves, for every step that
 * comes due.
 *
 * <p>Counts, all since the start: the steps the script {@linkplain #expect expected}, the steps asked
 * of playback, the steps delivered. An expectation asks only for what was not asked for already (by
 * {@link #ahead} or while {@linkplain #flow flowing}); while flowing, one step is always asked for
 * ahead of those delivered, so each step goes when its time comes, and the steps delivered wait in the
 * {@code StepVerifier} for the lines that expect them. Bookkeeping is under this object's monitor; the
 * requests go out after it. One subscriber.
 */
final class ScriptDemand extends Flux<PlaybackStep> implements CoreSubscriber<PlaybackStep>, Subscription {

    private final Flux<PlaybackStep> steps;
    @Nullable
    private CoreSubscriber<? super PlaybackStep> actual;
    @Nullable
    private volatile Subscription upstream;
    private long expected;
    private long requested;
    private long delivered;
    private boolean flowing;
    @Nullable
    private PlaybackStep last;

    ScriptDemand(Flux<PlaybackStep> steps) {
        this.steps = steps;
    }

    @Override
    public void subscribe(CoreSubscriber<? super PlaybackStep> subscriber) {
        synchronized (this) {
            if (actual != null) {
                Operators.error(subscriber, new IllegalStateException("ScriptDemand allows one subscriber"));
                return;
            }
            actual = subscriber;
        }
        steps.subscribe(this);
    }

    @Override
    public void onSubscribe(Subscription subscription) {
        upstream = subscription;
        actual().onSubscribe(this);
    }

    /** The verifier's own demand: ignored, the script's lines decide. */
    @Override
    public void request(long n) {
        // StepVerifier asks for everything at once; demand goes out through expect, ahead and flow.
    }

    @Override
    public void cancel() {
        upstream().cancel();
    }

    /**
     * The script expects {@code n} more steps: asks playback for those not asked for yet.
     *
     * @param n at least 0
     */
    void expect(long n) {
        long ask;
        synchronized (this) {
            expected = Operators.addCap(expected, n);
            ask = Math.max(0, expected - requested);
            requested += ask;
        }
        if (ask > 0) {
            upstream().request(ask);
        }
    }

    /**
     * Asks playback for {@code n} steps beyond those asked for, which later expectations use up.
     *
     * @param n at least 1
     */
    void ahead(long n) {
        synchronized (this) {
            requested = Operators.addCap(requested, n);
        }
        upstream().request(n);
    }

    /**
     * Starts or ends flowing: while the clock moves, every step that comes due goes, one asked for
     * ahead at a time.
     *
     * @param on {@code true} when the clock starts moving
     */
    void flow(boolean on) {
        boolean ask;
        synchronized (this) {
            flowing = on;
            ask = on && requested == delivered;
            if (ask) {
                requested++;
            }
        }
        if (ask) {
            upstream().request(1);
        }
    }

    /** @return whether playback has been asked for a step it has not delivered yet */
    synchronized boolean asked() {
        return requested > delivered;
    }

    /** @return the last step delivered, or {@code null} before the first */
    @Nullable
    synchronized PlaybackStep lastDelivered() {
        return last;
    }

    @Override
    public void onNext(PlaybackStep step) {
        boolean ask;
        synchronized (this) {
            delivered++;
            last = step;
            ask = flowing && requested == delivered;
            if (ask) {
                requested++;
            }
        }
        actual().onNext(step);
        if (ask) {
            upstream().request(1);
        }
    }

    @Override
    public void onError(Throwable error) {
        actual().onError(error);
    }

    @Override
    public void onComplete() {
        actual().onComplete();
    }

    private CoreSubscriber<? super PlaybackStep> actual() {
        CoreSubscriber<? super PlaybackStep> subscriber = actual;
        if (subscriber == null) {
            throw new IllegalStateException("not subscribed");
        }
        return subscriber;
    }

    private Subscription upstream() {
        Subscription subscription = upstream;
        if (subscription == null) {
            throw new IllegalStateException("not subscribed");
        }
        return subscription;
    }
}
