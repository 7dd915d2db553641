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
package dev.reprise.diagnostic;

import org.jspecify.annotations.Nullable;

/**
 * The base of every exception Reprise itself throws: a malformed route or file
 * ({@code ReplayFormatException}), a cap reached ({@code ReplayCapacityException}), a failed playback
 * ({@code ReplayPlaybackException}, and its desync case), a file that does not fit the game
 * ({@code ReplayMismatchException}).
 *
 * <p>Unchecked, like reactor-core's own errors: catch this type to handle every failure the library
 * reports, or a subclass for one kind. Programming errors (an argument out of range, a call in the
 * wrong state) stay {@link IllegalArgumentException} and {@link IllegalStateException}, and I/O
 * failures stay {@link java.io.IOException}.
 *
 * <p>Sealed: the kinds are the library's, so a {@code switch} or a {@code catch} can name them all, and a
 * later release adds a kind only with a note in the changelog.
 */
public abstract sealed class ReplayException extends RuntimeException
        permits dev.reprise.desync.ReplayDesyncException, dev.reprise.io.ReplayMismatchException,
        dev.reprise.playback.ReplayPlaybackException, dev.reprise.route.RecordedOverflowException,
        dev.reprise.route.ReplayCapacityException, dev.reprise.route.ReplayFormatException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception.
     *
     * @param message what went wrong and where; never {@code null}
     * @param cause   the underlying failure, or {@code null}
     */
    protected ReplayException(String message, @Nullable Throwable cause) {
        super(message, cause);
    }

    /**
     * Creates an exception without a cause.
     *
     * @param message what went wrong and where; never {@code null}
     */
    protected ReplayException(String message) {
        super(message);
    }
}
