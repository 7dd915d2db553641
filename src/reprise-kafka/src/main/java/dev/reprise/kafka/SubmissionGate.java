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
package dev.reprise.kafka;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * Holds delivered submissions back from the verifier until their {@link Keeper} lets them start: until
 * their attempt is recorded, until a suspect can be verified alone, until a resubmission is known to have
 * no verdict yet. A submission the keeper answers itself (a suspect with too many deaths, a resubmission
 * already answered) never reaches the verifier.
 *
 * <p>Demand passes through one for one: every submission requested from upstream is either released
 * downstream (now or later) or, if answered or dropped, replaced by one more request upstream. So the
 * gate holds at most what the verifier asked for. Every signal downstream is sent on the thread that
 * delivers upstream (the receiver's polling thread) or from {@link #drain()}, which must be called on that
 * same thread: they are serial. When upstream completes (a stop), the held submissions are abandoned:
 * they were never started, and the partition's next owner verifies them.
 */
final class SubmissionGate extends Flux<Submission> implements CoreSubscriber<Submission>, Subscription {

    /** What becomes of a held submission now. */
    enum Decision {
        /** Start it: emit it to the verifier. */
        RELEASE,
        /** Keep it; later submissions may pass it. */
        HOLD,
        /** Keep it, and let nothing behind it pass (a suspect waiting to be verified alone). */
        BLOCK,
        /** The keeper answered it (or its partition is gone): forget it and ask upstream for another. */
        ANSWERED
    }

    /** Decides for each held submission; called on the polling thread only. */
    interface Keeper {
        /** Decides for a held submission, in delivery order. */
        Decision decide(Submission submission);

        /** The submission was emitted to the verifier. */
        void released(Submission submission);

        /** The submission was never started and never will be by this run (a stop). */
        void abandoned(Submission submission);
    }

    private final Flux<Submission> upstream;
    private final Keeper keeper;
    /** Submissions delivered and not yet released or answered, in delivery order; polling thread only. */
    private final ArrayDeque<Submission> held = new ArrayDeque<>();
    private @Nullable Subscription subscription;
    private @Nullable CoreSubscriber<? super Submission> actual;
    private boolean done;
    /** Set by {@link #cancel()}, from any thread: nothing more is emitted. */
    private volatile boolean cancelled;

    SubmissionGate(Flux<Submission> upstream, Keeper keeper) {
        this.upstream = upstream;
        this.keeper = keeper;
    }

    @Override
    public void subscribe(CoreSubscriber<? super Submission> subscriber) {
        if (actual != null) {
            Operators.error(subscriber, new IllegalStateException("a SubmissionGate may be subscribed to once"));
            return;
        }
        actual = subscriber;
        upstream.subscribe(this);
    }

    @Override
    public Context currentContext() {
        CoreSubscriber<? super Submission> downstream = actual;
        return downstream == null ? Context.empty() : downstream.currentContext();
    }

    @Override
    public void onSubscribe(Subscription s) {
        if (Operators.validate(subscription, s)) {
            subscription = s;
            Objects.requireNonNull(actual, "subscribed").onSubscribe(this);
        }
    }

    @Override
    public void onNext(Submission submission) {
        if (done) {
            return;
        }
        held.addLast(submission);
        drain();
    }

    @Override
    public void onError(Throwable error) {
        if (done) {
            Operators.onErrorDropped(error, currentContext());
            return;
        }
        done = true;
        held.clear();
        Objects.requireNonNull(actual, "subscribed").onError(error);
    }

    @Override
    public void onComplete() {
        if (done) {
            return;
        }
        done = true;
        held.forEach(keeper::abandoned);
        held.clear();
        Objects.requireNonNull(actual, "subscribed").onComplete();
    }

    /**
     * Releases what may start now and forgets what was answered, in delivery order; polling thread only.
     */
    void drain() {
        if (done || cancelled) {
            return;
        }
        CoreSubscriber<? super Submission> downstream = Objects.requireNonNull(actual, "subscribed");
        Subscription upstreamSubscription = Objects.requireNonNull(subscription, "subscribed");
        for (Iterator<Submission> it = held.iterator(); it.hasNext();) {
            Submission submission = it.next();
            Decision decision = keeper.decide(submission);
            if (decision == Decision.BLOCK) {
                return;
            }
            if (decision == Decision.RELEASE) {
                it.remove();
                keeper.released(submission);
                downstream.onNext(submission);
            } else if (decision == Decision.ANSWERED) {
                it.remove();
                upstreamSubscription.request(1);
            }
            if (done || cancelled) {
                return;
            }
        }
    }

    /** Returns how many submissions are held. */
    int held() {
        return held.size();
    }

    @Override
    public void request(long n) {
        Objects.requireNonNull(subscription, "subscribed").request(n);
    }

    @Override
    public void cancel() {
        cancelled = true;
        Objects.requireNonNull(subscription, "subscribed").cancel();
    }
}
