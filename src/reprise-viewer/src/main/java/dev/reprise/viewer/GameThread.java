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
package dev.reprise.viewer;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The thread a replay's game runs its commands on, one of its own per playback: a command that never returns
 * holds this thread only, never a worker the viewer's sessions share. It notes when its work started and
 * when the last step was done, so that a step running past the step timeout is seen from another thread
 * ({@link #overrun}); closing it interrupts the game and leaves a thread that ignores that to itself (a daemon
 * thread: it never keeps the process alive, and nothing waits on it). Thread-safe.
 */
final class GameThread implements AutoCloseable {

    private final ThreadPoolExecutor executor;
    private final Scheduler scheduler;
    /** When the work in hand, or its last step, started ({@link System#nanoTime()}); 0 while idle. */
    private volatile long since;

    /** @param name the thread's name, naming its session */
    GameThread(String name) {
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        }) {
            @Override
            protected void beforeExecute(Thread thread, Runnable task) {
                since = now();
            }

            @Override
            protected void afterExecute(Runnable task, @Nullable Throwable error) {
                since = 0;
            }
        };
        this.scheduler = Schedulers.fromExecutorService(executor, name);
    }

    /** @return the scheduler of this thread, for the sandbox's {@code runOn} */
    Scheduler scheduler() {
        return scheduler;
    }

    /** Notes that a step was done: the next one's time starts now. */
    void stepDone() {
        if (since != 0) {
            since = now();
        }
    }

    /**
     * Says whether the step in hand has run longer than {@code timeout}.
     *
     * @param timeout the step timeout
     * @return whether it ran past it
     */
    boolean overrun(Duration timeout) {
        long started = since;
        return started != 0 && System.nanoTime() - started > timeout.toNanos();
    }

    /**
     * Returns how often a watchdog checks for a step run past {@code timeout}: a quarter of it, 10 ms to 1 s.
     *
     * @param timeout the step timeout
     * @return the period in milliseconds
     */
    static long watchPeriodMillis(Duration timeout) {
        return Math.max(10, Math.min(1000, timeout.toMillis() / 4));
    }

    /** Stops the thread: work not started is dropped, the work in hand interrupted. */
    @Override
    public void close() {
        executor.shutdownNow();
        scheduler.dispose();
    }

    /** A start time never 0, which means idle. */
    private static long now() {
        long now = System.nanoTime();
        return now == 0 ? 1 : now;
    }
}
