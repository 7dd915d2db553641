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

import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Operators;
import reactor.util.context.Context;

/**
 * What playback does with an error thrown by the game's code (a command, a passive step's apply, a UI
 * answering) or by a subscriber: it fails the playback, naming the step, unless the JVM itself is broken.
 *
 * <p>Reactor rethrows every {@link VirtualMachineError} and {@link LinkageError} as fatal
 * ({@code Exceptions.throwIfJvmFatal}). Playback cannot: a {@link StackOverflowError} from a game that
 * recurses without end, or an {@link OutOfMemoryError} from one huge allocation that a hostile parameter
 * asked for, has unwound by the time it is caught, and rethrowing it would leave the playback
 * {@code PLAYING} forever, its drain abandoned. So those end the playback {@code FAILED} like any other
 * error. Only an {@link InternalError} or {@link UnknownError} (the virtual machine itself is broken) is
 * rethrown.
 */
final class GameErrors {

    private GameErrors() {
    }

    /**
     * Rethrows an error the playback must not turn into a failure: an {@link InternalError} or
     * {@link UnknownError}, the virtual machine's own. Anything else, {@link StackOverflowError} and
     * {@link OutOfMemoryError} included, returns.
     *
     * @param error what was thrown
     */
    static void throwIfUnrecoverable(Throwable error) {
        if (error instanceof InternalError || error instanceof UnknownError) {
            throw (VirtualMachineError) error;
        }
    }

    /**
     * Turns what the game's code threw into the error playback fails with: through
     * {@code Operators.onOperatorError} (and its hooks) as Reactor does for an operator, except for an error
     * Reactor would rethrow as fatal, which is returned as it is.
     *
     * @param thrown what was thrown
     * @param step   the step being played, for the hooks, or {@code null} (a finalize)
     * @param context the subscriber's context
     * @return the error to fail with
     */
    static Throwable onGameError(Throwable thrown, @Nullable Object step, Context context) {
        throwIfUnrecoverable(thrown);
        if (thrown instanceof VirtualMachineError || thrown instanceof LinkageError) {
            return thrown;
        }
        return Operators.onOperatorError(null, thrown, step, context);
    }
}
