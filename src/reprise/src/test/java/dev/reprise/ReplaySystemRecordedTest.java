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
package dev.reprise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.reprise.route.RecordedOverflowException;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.test.StepVerifier;

/**
 * {@link ReplaySystem#recorded()}, the route's feed ({@link ReplayArray#recorded(int)}): a game's input never
 * waits for a spectator, and a step appended through {@code array().add(...)} reaches it like a recorded one. Each subscriber has a
 * bounded buffer; one that falls further behind is dropped with {@link RecordedOverflowException}.
 * Deterministic: no sleeps and no timing assertions, only bounded waits.
 */
class ReplaySystemRecordedTest {

    @Test
    void subscriberThatNeverRequests_isDroppedWithOverflow_namingBufferAndStep() {
        ReplaySystem system = new ReplaySystem();
        StepVerifier.create(system.array().recorded(8), 0)
                .then(() -> {
                    for (int i = 0; i < 100; i++) {
                        system.record(1, i);
                    }
                    assertThat(system.array().length()).isEqualTo(100);
                })
                .expectErrorSatisfies(e -> {
                    assertThat(e).isInstanceOf(RecordedOverflowException.class)
                            .hasMessageContaining("more than 8 steps behind")
                            .hasMessageContaining("step 8 did not fit");
                    RecordedOverflowException overflow = (RecordedOverflowException) e;
                    assertThat(overflow.bufferSize()).isEqualTo(8);
                    // Steps 0 to 7 wait in the buffer: step 8 overflows it.
                    assertThat(overflow.stepIndex()).isEqualTo(8);
                })
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void blockingSubscriber_neverRunsOnTheRecordingThread_andRecordNeverWaitsForIt() throws InterruptedException {
        ReplaySystem system = new ReplaySystem();
        Thread recordingThread = Thread.currentThread();
        CountDownLatch recordingDone = new CountDownLatch(1);
        CountDownLatch terminated = new CountDownLatch(1);
        List<Integer> received = new CopyOnWriteArrayList<>();
        AtomicReference<Throwable> error = new AtomicReference<>();
        AtomicReference<String> onRecordingThread = new AtomicReference<>();
        system.array().recorded(16).subscribe(new BaseSubscriber<ReplayStep>() {
            @Override
            protected void hookOnNext(ReplayStep step) {
                if (Thread.currentThread() == recordingThread) {
                    onRecordingThread.compareAndSet(null, "step " + step.index() + " was delivered on the recording thread");
                    return;
                }
                received.add(step.index());
                try {
                    // A spectator stuck until the game has recorded everything: only a bounded wait.
                    recordingDone.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            protected void hookOnError(Throwable throwable) {
                error.set(throwable);
                terminated.countDown();
            }
        });
        for (int i = 0; i < 200; i++) {
            system.record(2, i);
        }
        recordingDone.countDown(); // reached only because record() never waited for the spectator
        assertThat(terminated.await(10, TimeUnit.SECONDS)).as("the slow subscriber was dropped").isTrue();
        assertThat(onRecordingThread.get()).isNull();
        assertThat(system.array().length()).isEqualTo(200);
        assertThat(error.get()).isInstanceOf(RecordedOverflowException.class);
        RecordedOverflowException overflow = (RecordedOverflowException) error.get();
        assertThat(overflow.bufferSize()).isEqualTo(16);
        // 16 buffered, and at most one in the spectator's hands.
        assertThat(overflow.stepIndex()).isBetween(16, 17);
        // The worker may or may not have handed out step 0 before the overflow: whatever arrived, arrived in order.
        assertThat(received).isEqualTo(java.util.stream.IntStream.range(0, received.size()).boxed().toList());
    }

    @Test
    void otherSubscribers_goOn_afterASlowOneIsDropped() {
        ReplaySystem system = new ReplaySystem();
        // The overflow reaches the slow subscriber off the recording thread: wait for it, bounded.
        CompletableFuture<Throwable> slowError = new CompletableFuture<>();
        system.array().recorded(4).subscribe(new BaseSubscriber<ReplayStep>() {
            @Override
            protected void hookOnSubscribe(Subscription subscription) {
                // never requests
            }

            @Override
            protected void hookOnError(Throwable throwable) {
                slowError.complete(throwable);
            }
        });
        StepVerifier.create(system.recorded().map(ReplayStep::index).take(50))
                .then(() -> {
                    for (int i = 0; i < 50; i++) {
                        system.record(3);
                    }
                })
                .expectNextSequence(java.util.stream.IntStream.range(0, 50).boxed().toList())
                .expectComplete()
                .verify(Duration.ofSeconds(5));
        assertThat(slowError).succeedsWithin(Duration.ofSeconds(5)).isInstanceOf(RecordedOverflowException.class);
    }

    @Test
    void subscriberWithinItsBuffer_getsEveryStep_whenItRequestsLater() {
        ReplaySystem system = new ReplaySystem();
        StepVerifier.create(system.array().recorded(32).map(ReplayStep::index), 0)
                .then(() -> {
                    for (int i = 0; i < 20; i++) {
                        system.record(4, "s" + i);
                    }
                })
                .thenRequest(20)
                .expectNextSequence(java.util.stream.IntStream.range(0, 20).boxed().toList())
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void recorded_rejectsABufferBelowOne() {
        ReplaySystem system = new ReplaySystem();
        assertThatThrownBy(() -> system.array().recorded(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1 step, was 0");
    }

    @Test
    void defaultBuffer_isDocumentedConstant() {
        assertThat(ReplayArray.DEFAULT_RECORDED_BUFFER).isEqualTo(1024);
    }

    @Test
    void arrayAdd_reachesRecordedSubscribers_inOrderWithRecord() {
        ReplaySystem system = new ReplaySystem();
        StepVerifier.create(system.recorded(), 0)
                .then(() -> {
                    system.record(1, 7);
                    system.array().add(2, "direct");
                    system.array().insert(system.array().length(), 3, 1.5); // insert at the end appends
                    system.array().insert(0, 4);                             // an edit, not an append
                    system.record(5);
                })
                .thenRequest(4)
                .expectNext(new ReplayStep(0, 1, List.of(7)))
                .expectNext(new ReplayStep(1, 2, List.of("direct")))
                .expectNext(new ReplayStep(2, 3, List.of(1.5)))
                .expectNext(new ReplayStep(4, 5, List.of()))
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void standaloneRoute_publishesItsAppends() {
        ReplayArray route = new ReplayArray();
        StepVerifier.create(route.recorded(2).map(ReplayStep::code), 0)
                .then(() -> {
                    route.add(6);
                    route.disable();
                    route.add(7); // not written: not published
                    route.enable();
                    route.add(8, true);
                })
                .thenRequest(2)
                .expectNext(6, 8)
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    private static List<Integer> indices(java.util.Collection<Object> steps) {
        return steps.stream().map(step -> ((ReplayStep) step).index()).toList();
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1})
    void nonPositiveRequest_dropsTheSubscriberWithTheRule39Error_andDiscardsItsQueue(long n) {
        ReplaySystem system = new ReplaySystem();
        AtomicReference<Subscription> held = new AtomicReference<>();
        StepVerifier.create(system.array().recorded(8), 0)
                .consumeSubscriptionWith(held::set)
                .then(() -> {
                    system.record(1, 0);
                    system.record(1, 1);
                })
                .then(() -> held.get().request(n))
                .expectErrorSatisfies(error -> assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class)
                        .hasMessage("Spec. Rule 3.9 - Cannot request a non strictly positive number: " + n))
                .verifyThenAssertThat(Duration.ofSeconds(5))
                .hasDiscardedElementsSatisfying(steps -> assertThat(indices(steps)).containsExactly(0, 1));
        system.record(1, 2); // the dropped subscriber is no longer fed
    }

    @Test
    void overflow_discardsTheQueuedStepsAndTheOneThatDidNotFit() {
        ReplaySystem system = new ReplaySystem();
        StepVerifier.create(system.array().recorded(2), 0)
                .then(() -> {
                    for (int i = 0; i < 3; i++) {
                        system.record(1, i);
                    }
                })
                .expectError(RecordedOverflowException.class)
                .verifyThenAssertThat(Duration.ofSeconds(5))
                .hasDiscardedElementsSatisfying(steps -> assertThat(indices(steps)).containsExactly(0, 1, 2));
    }

    @Test
    void cancel_discardsTheQueuedSteps_onTheSubscribersWorker() {
        ReplaySystem system = new ReplaySystem();
        List<Integer> discarded = new CopyOnWriteArrayList<>();
        List<String> threads = new CopyOnWriteArrayList<>();
        BaseSubscriber<ReplayStep> subscriber = new BaseSubscriber<>() {
            @Override
            protected void hookOnSubscribe(Subscription subscription) {
                // no demand: the steps wait in the queue
            }
        };
        system.array().recorded(8)
                .doOnDiscard(ReplayStep.class, step -> {
                    discarded.add(step.index());
                    threads.add(Thread.currentThread().getName());
                })
                .subscribe(subscriber);
        system.record(1, 0);
        system.record(1, 1);
        subscriber.cancel();
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(discarded).containsExactly(0, 1));
        assertThat(threads).noneMatch(name -> name.equals(Thread.currentThread().getName()));
    }
}
