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
package dev.reprise.command;

import dev.reprise.route.ReplayStep;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/** An active command made of lambdas, built by the factories of {@link ReplayCommand}. */
final class LambdaCommand implements ReplayCommand {

    /** Shared so a synchronous command allocates nothing per step. */
    static final Mono<ReplayCommandResult> SUCCESS = Mono.just(ReplayCommandResult.SUCCESS);

    static final Function<PlaybackContext, Mono<ReplayCommandResult>> NO_FINALIZER = context -> Mono.empty();

    private final BiFunction<? super ReplayStep, ? super PlaybackContext, ? extends Mono<ReplayCommandResult>> execute;
    private final Function<? super PlaybackContext, ? extends Mono<ReplayCommandResult>> finalize;

    LambdaCommand(BiFunction<? super ReplayStep, ? super PlaybackContext, ? extends Mono<ReplayCommandResult>> execute,
                  Function<? super PlaybackContext, ? extends Mono<ReplayCommandResult>> finalize) {
        this.execute = Objects.requireNonNull(execute, "execute");
        this.finalize = finalize;
    }

    @Override
    public Mono<ReplayCommandResult> execute(ReplayStep step, PlaybackContext context) {
        return execute.apply(step, context);
    }

    @Override
    public Mono<ReplayCommandResult> finalizeRun(PlaybackContext context) {
        return finalize.apply(context);
    }

    @Override
    public String toString() {
        return finalize == NO_FINALIZER ? "ReplayCommand.active" : "ReplayCommand.withFinalizer";
    }
}
