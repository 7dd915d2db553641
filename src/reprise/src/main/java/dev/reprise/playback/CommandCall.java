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

import dev.reprise.command.ReplayCommandResult;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * Subscribes to one command Mono ({@code execute} or {@code finalizeRun}) that did not resolve at
 * once, holds its outcome and wakes the engine. Its outcome is written once, by whichever thread the
 * Mono signals on, and read by the engine's drain; a call the engine abandoned writes only to itself.
 */
final class CommandCall implements CoreSubscriber<ReplayCommandResult> {

    /*
     * Typed as Reactor types it. The calls that hand it to Reactor suppress NullAway: javac before 17.0.20
     * does not read the @Nullable in Reactor's parameter type from its class file, so NullAway sees a
     * mismatch there that a newer javac does not.
     */
    private static final AtomicReferenceFieldUpdater<CommandCall, @Nullable Subscription> S =
            AtomicReferenceFieldUpdater.newUpdater(CommandCall.class, Subscription.class, "s");

    private final PlaybackEngine engine;
    private final Context context;
    volatile @Nullable Subscription s;
    /** {@code null} while pending, then a {@link ReplayCommandResult} or the {@link Throwable} signalled. */
    volatile @Nullable Object outcome;

    CommandCall(PlaybackEngine engine, Context context) {
        this.engine = engine;
        this.context = context;
    }

    @Override
    public Context currentContext() {
        return context;
    }

    @Override
    public void onSubscribe(Subscription subscription) {
        @SuppressWarnings("NullAway") // see S
        boolean first = Operators.setOnce(S, this, subscription);
        if (first) {
            subscription.request(Long.MAX_VALUE);
        }
    }

    @Override
    public void onNext(ReplayCommandResult result) {
        settle(result == null ? ReplayCommandResult.SUCCESS : result);
    }

    @Override
    public void onError(Throwable error) {
        if (outcome != null) {
            Operators.onErrorDropped(error, context);
            return;
        }
        settle(error);
    }

    @Override
    public void onComplete() {
        settle(ReplayCommandResult.SUCCESS);
    }

    /** Stops listening: used when playback terminates while the command is still running. */
    @SuppressWarnings("NullAway") // see S
    void cancel() {
        Operators.terminate(S, this);
    }

    private void settle(Object value) {
        if (outcome == null) {
            outcome = value;
            engine.signal();
        }
    }
}
