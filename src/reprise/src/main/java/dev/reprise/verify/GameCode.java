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
package dev.reprise.verify;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs a game's own code bounded, for programs that load games they do not trust to return: finding a
 * {@link ReplayVerifierProvider}, or calling its {@code verifier()}. The code runs on a daemon thread of its
 * own, so that code that never returns (a static initializer that loops) ends the wait at the timeout,
 * never keeps the process alive, and is never waited on again. What it throws, errors included
 * ({@link java.util.ServiceConfigurationError}, {@link NoClassDefFoundError}, {@link StackOverflowError}), is
 * a {@link Failure} in one line, for the program to report as a setup failure rather than a verdict.
 * Thread-safe.
 */
public final class GameCode {

    private GameCode() {
    }

    /**
     * Runs a game's code and returns its result.
     *
     * @param what    what the code does, for the message, e.g. {@code "tower's verifier()"}
     * @param timeout the longest it may take, more than zero
     * @param code    the game's code
     * @param <T>     the result type
     * @return what the code returned
     * @throws IllegalArgumentException as the code throws it: Reprise's own word that no game fits (as
     *     {@link ReplayVerifierProvider#find} says)
     * @throws Failure                  if the code throws anything else, does not return within
     *     {@code timeout}, or the wait is interrupted (the thread's interrupt flag is then set again)
     */
    public static <T> T call(String what, Duration timeout, Supplier<T> code) {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(code, "code");
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(code.get());
            } catch (Throwable e) { // NOPMD - everything a game throws is reported, errors included
                result.completeExceptionally(e);
            }
        }, "reprise-game-code");
        thread.setDaemon(true);
        thread.start();
        try {
            return result.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new Failure(what + " did not return within " + timeout.toMillis() + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(what + " was interrupted while it ran");
        } catch (ExecutionException e) {
            Throwable cause = Objects.requireNonNullElse(e.getCause(), e);
            if (cause instanceof IllegalArgumentException refused) {
                throw refused;
            }
            throw new Failure(what, cause);
        }
    }

    /** An error and its causes on one line: a provider's failure comes wrapped twice. */
    static String describe(Throwable error) {
        StringBuilder line = new StringBuilder(String.valueOf(error));
        Throwable cause = error.getCause();
        for (int depth = 0; cause != null && depth < 3; depth++, cause = cause.getCause()) {
            line.append("; caused by ").append(cause);
        }
        return line.toString().replace('\n', ' ').replace('\r', ' ');
    }

    /** A game's code that failed or did not return: its message is one line saying which and why. */
    public static final class Failure extends RuntimeException {

        private static final long serialVersionUID = 1L;

        /**
         * Describes what a game's code threw.
         *
         * @param what  what the code did, e.g. {@code "the game"}
         * @param error what it threw; its class, message and causes go into the line
         */
        public Failure(String what, Throwable error) {
            this(what + " failed: " + describe(error));
        }

        private Failure(String message) {
            super(message, null, false, false); // a user-facing line: no stack trace is ever printed
        }
    }
}
