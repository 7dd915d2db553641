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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** The worker's restart policy, over runs that need no broker. */
class VerificationWorkerTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final WorkerSettings SETTINGS = WorkerSettings.builder("127.0.0.1:9").workerId("w").build();

    /** A run the test ends by hand; it reports its end on a thread of its own, as a real run does. */
    private static final class FakeRun implements RunStarter.Run {
        final Consumer<@Nullable Throwable> onEnd;
        volatile boolean stopped;
        volatile boolean disposed;
        volatile long committed;
        volatile long aborted;

        FakeRun(Consumer<@Nullable Throwable> onEnd) {
            this.onEnd = onEnd;
        }

        void end(@Nullable Throwable error) {
            CompletableFuture.runAsync(() -> onEnd.accept(error));
        }

        @Override
        public void stop() {
            stopped = true;
            end(null);
        }

        @Override
        public void crash() {
            end(new VerdictCommitter.SimulatedCrash());
        }

        @Override
        public void dispose() {
            disposed = true;
        }

        @Override
        public long committedVerdicts() {
            return committed;
        }

        @Override
        public long abortedTransactions() {
            return aborted;
        }
    }

    /** Starts fake runs, or fails a start with the next planned error; records every attempt. */
    private static final class Starter implements RunStarter {
        final Deque<RuntimeException> failures = new ArrayDeque<>();
        final LinkedBlockingQueue<FakeRun> runs = new LinkedBlockingQueue<>();
        final List<Object> attempts = new CopyOnWriteArrayList<>();

        Starter failing(RuntimeException... errors) {
            failures.addAll(List.of(errors));
            return this;
        }

        @Override
        public synchronized Run start(Consumer<@Nullable Throwable> onEnd) {
            RuntimeException failure = failures.poll();
            if (failure != null) {
                attempts.add(failure);
                throw failure;
            }
            FakeRun run = new FakeRun(onEnd);
            attempts.add(run);
            runs.add(run);
            return run;
        }

        FakeRun nextRun() throws InterruptedException {
            FakeRun run = runs.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            assertThat(run).as("a run started within %s", WAIT).isNotNull();
            return run;
        }
    }

    private static VerificationWorker worker(Starter starter, Duration firstBackoff) {
        return new VerificationWorker(SETTINGS, starter, firstBackoff, Duration.ofMillis(4));
    }

    @Test
    void runFailingWithAKafkaError_isFollowedByANewRun() throws Exception {
        Starter starter = new Starter();
        VerificationWorker worker = worker(starter, Duration.ofMillis(1)).start();
        FakeRun first = starter.nextRun();
        first.committed = 7;
        first.aborted = 2;
        first.end(new ProducerFencedException("fenced while the broker was away"));
        FakeRun second = starter.nextRun();
        second.committed = 3;
        second.aborted = 1;
        assertThat(worker.restarts()).isEqualTo(1);
        // The worker takes the run in after start returns: its count may lag the run's start for a moment.
        Await.until(() -> worker.committedVerdicts() == 10, WAIT, "both runs' verdicts counted");
        assertThat(worker.abortedTransactions()).isEqualTo(3);
        assertThat(worker.failure()).isEmpty();
        worker.close();
        assertThat(second.stopped).isTrue();
        assertThat(worker.awaitTermination(WAIT)).isTrue();
        assertThat(worker.failure()).isEmpty();
    }

    @Test
    void startFailingWithKafkaErrors_isTriedAgainUntilItStarts() throws Exception {
        Starter starter = new Starter();
        VerificationWorker worker = worker(starter, Duration.ofMillis(1)).start();
        starter.failing(new TimeoutException("initTransactions: no coordinator"),
                new TimeoutException("initTransactions: no coordinator"), new KafkaException("disconnected"));
        starter.nextRun().end(new TimeoutException("commit timed out"));
        FakeRun started = starter.nextRun();
        assertThat(starter.attempts).hasSize(5).last().isSameAs(started);
        assertThat(worker.restarts()).isEqualTo(1);
        assertThat(worker.failure()).isEmpty();
        worker.close();
    }

    @Test
    void backoff_doublesUpToTheMaximum() {
        Duration max = Duration.ofSeconds(30);
        Duration backoff = VerificationWorker.FIRST_RESTART_BACKOFF;
        StringBuilder waits = new StringBuilder();
        for (int i = 0; i < 7; i++) {
            waits.append(backoff.toSeconds()).append(' ');
            backoff = VerificationWorker.nextBackoff(backoff, max);
        }
        assertThat(waits.toString().trim()).isEqualTo("1 2 4 8 16 30 30");
    }

    @Test
    void runFailingWithAnAuthorisationError_endsTheWorker() throws Exception {
        Starter starter = new Starter();
        VerificationWorker worker = worker(starter, Duration.ofMillis(1)).start();
        TopicAuthorizationException denied = new TopicAuthorizationException("not allowed to write verdicts");
        starter.nextRun().end(denied);
        assertThat(worker.awaitTermination(WAIT)).isTrue();
        assertThat(worker.failure()).containsSame(denied);
        assertThat(starter.attempts).hasSize(1);
    }

    @Test
    void startFailingWithAnotherError_endsTheWorkerWithBothErrors() throws Exception {
        Starter starter = new Starter();
        VerificationWorker worker = worker(starter, Duration.ofMillis(1)).start();
        IllegalStateException broken = new IllegalStateException("the verifier is closed");
        starter.failing(broken);
        KafkaException cause = new KafkaException("coordinator moved");
        starter.nextRun().end(cause);
        assertThat(worker.awaitTermination(WAIT)).isTrue();
        assertThat(worker.failure()).containsSame(broken);
        assertThat(broken.getSuppressed()).containsExactly(cause);
    }

    @Test
    void closeDuringTheWaitToStartAgain_endsTheWorkerAtOnce() throws Exception {
        Starter starter = new Starter();
        VerificationWorker worker = new VerificationWorker(SETTINGS, starter, Duration.ofHours(1), Duration.ofHours(1)).start();
        starter.nextRun().end(new KafkaException("disconnected"));
        Await.until(() -> worker.restarts() == 1, WAIT, "the restart counted");
        long before = System.nanoTime();
        worker.close();
        assertThat(Duration.ofNanos(System.nanoTime() - before)).isLessThan(WAIT);
        assertThat(worker.awaitTermination(Duration.ZERO)).isTrue();
        assertThat(worker.failure()).isEmpty();
        assertThat(starter.attempts).hasSize(1);
    }

    @Test
    void firstStartFailing_isThrownAndEndsTheWorker() throws Exception {
        Starter starter = new Starter().failing(new TimeoutException("initTransactions: no coordinator"));
        VerificationWorker worker = worker(starter, Duration.ofMillis(1));
        assertThatThrownBy(worker::start).isInstanceOf(TimeoutException.class);
        assertThat(worker.awaitTermination(Duration.ZERO)).isTrue();
        assertThat(worker.failure().orElseThrow()).isInstanceOf(TimeoutException.class);
        assertThatThrownBy(worker::start).isInstanceOf(IllegalStateException.class).hasMessageContaining("already started");
    }

    @Test
    void close_stopsTheRunAndEndsCleanly() throws Exception {
        Starter starter = new Starter();
        VerificationWorker worker = worker(starter, Duration.ofMillis(1)).start();
        FakeRun run = starter.nextRun();
        worker.close();
        assertThat(run.stopped).isTrue();
        assertThat(run.disposed).isTrue();
        assertThat(worker.awaitTermination(Duration.ZERO)).isTrue();
        assertThat(worker.failure()).isEmpty();
    }
}
