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
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import reactor.core.Exceptions;
import reactor.core.Fuseable;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * The command Mono in flight ({@code execute} or {@code finalizeRun}) and its outcome: a resolved Mono
 * ({@code Mono.just}, {@code Mono.empty}, {@code Mono.error}) is read without a subscription, any other is
 * subscribed through a {@link CommandCall}. Drain-owned.
 */
final class CommandRun {

    private final PlaybackEngine engine;
    /** The outcome of a command that resolved without a subscription. */
    @Nullable
    private Object syncOutcome;
    @Nullable
    private CommandCall call;

    CommandRun(PlaybackEngine engine) {
        this.engine = engine;
    }

    /** Records an error the command threw instead of returning a Mono, or while its Mono was subscribed. */
    void threw(Throwable error) {
        CommandCall pending = call;
        if (pending != null) {
            call = null; // its Mono threw while subscribed: nothing more is listened to
            pending.cancel();
        }
        syncOutcome = error;
    }

    void start(@Nullable Mono<ReplayCommandResult> result, Context context) {
        if (result == null) {
            syncOutcome = new NullPointerException("The command returned a null Mono");
        } else if (result instanceof Fuseable.ScalarCallable) {
            Object value;
            try {
                value = ((Callable<?>) result).call();
            } catch (Throwable error) {
                GameErrors.throwIfUnrecoverable(error);
                value = Exceptions.unwrap(error);
            }
            syncOutcome = value == null ? ReplayCommandResult.SUCCESS : value;
        } else {
            CommandCall pending = new CommandCall(engine, context);
            call = pending;
            result.subscribe(pending);
        }
    }

    /** @return the outcome (a {@link ReplayCommandResult} or a {@link Throwable}) once in, else {@code null} */
    @Nullable
    Object take() {
        Object outcome = syncOutcome;
        if (outcome != null) {
            syncOutcome = null;
            return outcome;
        }
        CommandCall pending = call;
        if (pending != null && (outcome = pending.outcome) != null) {
            call = null;
            return outcome;
        }
        return null;
    }

    /** @return the outcome once in, without taking it (see {@link #take()}), else {@code null} */
    @Nullable
    Object peek() {
        Object outcome = syncOutcome;
        if (outcome != null) {
            return outcome;
        }
        CommandCall pending = call;
        return pending != null ? pending.outcome : null;
    }

    /** Stops listening to the command in flight: playback terminated. */
    void cancel() {
        CommandCall pending = call;
        call = null;
        syncOutcome = null;
        if (pending != null) {
            pending.cancel();
        }
    }
}
