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
package dev.reprise.shrink;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * Where a check or a shrink runs a game's code (its factory, its commands, the checks on its state): a daemon thread
 * that runs one task at a time, each bounded by a timeout that starts before it runs. A task past its
 * timeout is abandoned: its thread is interrupted and left to the game, never waited on, and the next task
 * gets a new thread. Being a daemon, a thread left stuck in a game does not keep the JVM from exiting.
 *
 * <p>Used by one thread at a time (a test's, or a shrink's), which waits for each task.
 */
final class GameThread implements AutoCloseable {

    /** Between two ticks of the waiting thread, e.g. for a progress line. */
    private static final long TICK_NANOS = Duration.ofSeconds(1).toNanos();

    private static final AtomicInteger THREADS = new AtomicInteger();

    @Nullable
    private ExecutorService executor;

    /**
     * Runs a task on the game thread and waits for it, at most {@code timeout}.
     *
     * @param task    the game's work; what it throws is rethrown here
     * @param timeout the longest the task may run, from now
     * @param tick    run on the waiting thread about once a second while the task runs
     * @param <T>     the task's result type
     * @return the task's result, may be {@code null} if the task returns it
     * @throws TimeoutException if the task did not end in time: it is abandoned
     */
    <T> @Nullable T call(Supplier<? extends @Nullable T> task, Duration timeout, Runnable tick)
            throws TimeoutException {
        long deadline = System.nanoTime() + nanos(timeout);
        Future<? extends @Nullable T> future = executor().submit(task::get);
        while (true) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                abandon(future);
                throw new TimeoutException("did not end within " + timeout);
            }
            try {
                return future.get(Math.min(left, TICK_NANOS), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                tick.run();
            } catch (ExecutionException e) {
                throw rethrown(e.getCause());
            } catch (InterruptedException e) {
                abandon(future);
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the game ran", e);
            }
        }
    }

    /** Lets the thread end once its task is done; a thread left stuck in a game stays behind. */
    @Override
    public void close() {
        ExecutorService running = executor;
        executor = null;
        if (running != null) {
            running.shutdown();
        }
    }

    private ExecutorService executor() {
        ExecutorService running = executor;
        if (running == null) {
            running = Executors.newSingleThreadExecutor(task -> {
                Thread thread = new Thread(task, "reprise-kit-game-" + THREADS.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });
            executor = running;
        }
        return running;
    }

    /** Leaves a task that ran too long to its thread: interrupted, never waited for; the next task gets another. */
    private void abandon(Future<?> future) {
        future.cancel(true);
        ExecutorService running = executor;
        executor = null;
        if (running != null) {
            running.shutdownNow();
        }
    }

    private static RuntimeException rethrown(@Nullable Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("the game's code failed", cause);
    }

    private static long nanos(Duration timeout) {
        try {
            return timeout.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE / 2;
        }
    }
}
