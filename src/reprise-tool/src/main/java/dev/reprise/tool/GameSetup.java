package dev.reprise.tool;

import java.time.Duration;
import java.util.ServiceConfigurationError;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Runs a game's setup code (finding its provider, making its verifier) bounded, and turns its failures into
 * a {@link Failure}: one line and the exit code of a command that could not run ({@link ReplayTool#USAGE},
 * {@code compat}'s {@link ReplayTool#NOT_RUN}), never a raw trace or a verdict. The code runs on a daemon
 * thread of its own, so that one that never returns (a static initializer that loops) ends the wait at the
 * timeout and never keeps the process alive; nothing waits on that thread again.
 */
final class GameSetup {

    private GameSetup() {
    }

    /**
     * Runs {@code setup} and returns what it returns.
     *
     * @param what    what it does, for the message: e.g. {@code "the game's provider"}
     * @param timeout the most it may take
     * @param setup   the game's code
     * @return its result
     * @throws IllegalArgumentException as {@code setup} throws it: Reprise's own word that no game fits
     * @throws Failure                  if it throws anything else, or does not return in time
     */
    static <T> T run(String what, Duration timeout, Supplier<T> setup) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                result.complete(setup.get());
            } catch (Throwable e) { // NOPMD - everything a game throws is reported, errors included
                result.completeExceptionally(e);
            }
        }, "reprise-game-setup");
        thread.setDaemon(true);
        thread.start();
        try {
            return result.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new Failure(what + " did not return within " + timeout.toSeconds() + " s (--timeout)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failure(what + " was interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException notFound) {
                throw notFound;
            }
            if (cause instanceof Failure failure) {
                throw failure;
            }
            throw failed(what, cause == null ? e : cause);
        }
    }

    /** The failure of a game's code. */
    static Failure failed(String what, Throwable error) {
        StringBuilder line = new StringBuilder(what).append(" failed: ").append(error);
        Throwable cause = error.getCause();
        for (int depth = 0; cause != null && depth < 3; depth++, cause = cause.getCause()) {
            line.append("; caused by ").append(cause);
        }
        return new Failure(line.toString());
    }

    /**
     * Whether an error escaping a command is the game's rather than the tool's: what a broken game jar throws
     * at setup (a provider that cannot be loaded, a class missing at run time, a recursion without end).
     */
    static boolean isGames(Throwable error) {
        return error instanceof ServiceConfigurationError || error instanceof LinkageError
                || error instanceof StackOverflowError;
    }

    /** A game that cannot be set up: one line, and the exit code of a command that could not run. */
    static final class Failure extends RuntimeException {

        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message, null, false, false); // a user-facing line: no stack trace is ever printed
        }
    }
}
