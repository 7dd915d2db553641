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

import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Scannable;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.GroupedFlux;
import reactor.test.StepVerifier;

/** Finalize windows on every step, and windows(): one GroupedFlux per window, completed after its finalize. */
class PlaybackWindowsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void everyStep_carriesItsWindowNumberAndCode() {
        Harness h = new Harness().active(1, 2).passive(9).record(1, 9, 1, 2, 9, 9, 2, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps().doOnNext(step -> {
                    if (step instanceof PassiveStep passive) {
                        passive.complete(SUCCESS);
                    }
                }).map(step -> step.window() + ":" + step.windowCode()))
                .expectNext("0:1", "0:1", "0:1", "1:2", "1:2", "1:2", "1:2", "2:1")
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void activeStep_knowsHowManyPassiveStepsFollowIt() {
        Harness h = new Harness().active(1).passive(9).record(1, 9, 9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.steps().doOnNext(step -> {
                    if (step instanceof PassiveStep passive) {
                        passive.complete(SUCCESS);
                    }
                }).ofType(ActiveStep.class).map(ActiveStep::passiveCount))
                .expectNext(2, 0)
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void windows_andEachWindow_areScannable() {
        Harness h = new Harness().active(1).record(1, 1);
        ReplaySandbox sandbox = h.sandbox();
        Scannable outer = Scannable.from(sandbox.windows());
        assertThat(outer.isScanAvailable()).isTrue();
        assertThat(outer.scan(Scannable.Attr.PARENT)).isSameAs(sandbox.steps());
        assertThat(outer.stepName()).isEqualTo("playbackWindows");
        List<Scannable> windows = new CopyOnWriteArrayList<>();
        sandbox.play();
        StepVerifier.create(sandbox.windows().doOnNext(window -> windows.add(Scannable.from(window)))
                        .concatMap(GroupedFlux::collectList))
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(windows).singleElement().satisfies(window -> {
            assertThat(window.isScanAvailable()).isTrue();
            assertThat(window.scan(Scannable.Attr.TERMINATED)).isTrue();
            assertThat(window.scan(Scannable.Attr.PARENT)).isSameAs(sandbox.steps());
            assertThat(window.stepName()).isEqualTo("playbackWindow(1)");
        });
    }

    @Test
    void windows_groupStepsByWindow_eachCompletingAfterItsFinalize() {
        Harness h = new Harness().active(1, 2).record(1, 1, 2, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.windows().concatMap(window -> window.collectList()
                        .map(steps -> window.key() + "=" + steps.stream().map(s -> s.step().index()).toList()
                                + " after " + List.copyOf(h.log))))
                .expectNext("1=[0, 1] after [exec1@0, exec1@1, fin1]")
                .expectNext("2=[2] after [exec1@0, exec1@1, fin1, exec2@2, fin2]")
                .expectNext("1=[3] after [exec1@0, exec1@1, fin1, exec2@2, fin2, exec1@3, fin1]")
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void windows_zeroDemand_opensNothing_andEachStepWaitsForItsWindowsDemand() {
        Harness h = new Harness().active(1, 2).record(1, 1, 2);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        List<GroupedFlux<Integer, PlaybackStep>> windows = new CopyOnWriteArrayList<>();
        BaseSubscriber<GroupedFlux<Integer, PlaybackStep>> outer = new BaseSubscriber<>() {
            @Override
            protected void hookOnSubscribe(Subscription subscription) {
                // no demand yet
            }

            @Override
            protected void hookOnNext(GroupedFlux<Integer, PlaybackStep> window) {
                windows.add(window);
            }
        };
        sandbox.windows().subscribe(outer);
        assertThat(windows).isEmpty();
        assertThat(h.log).isEmpty();

        outer.request(1);
        assertThat(windows).hasSize(1);
        assertThat(windows.get(0).key()).isEqualTo(1);
        assertThat(h.log).isEmpty(); // the window is open, but nobody asked for a step

        StepVerifier.create(windows.get(0), 0)
                .thenRequest(1)
                .assertNext(step -> assertThat(step.step().index()).isZero())
                .then(() -> assertThat(h.log).containsExactly("exec1@0"))
                .thenRequest(1)
                .assertNext(step -> assertThat(step.step().index()).isOne())
                .then(() -> assertThat(h.log).containsExactly("exec1@0", "exec1@1"))
                .thenRequest(1) // the next step is of code 2: the window is finalized, then completes
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.log).containsExactly("exec1@0", "exec1@1", "fin1");
        assertThat(windows).hasSize(1); // no second window before it is requested

        outer.request(1);
        assertThat(windows).hasSize(2);
        assertThat(windows.get(1).key()).isEqualTo(2);
        outer.cancel();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
    }

    @Test
    void windows_withVirtualTimePacing_andStop() {
        Harness h = new Harness().active(1, 2).record(1, 1, 2, 2);
        ReplaySandbox[] sandbox = new ReplaySandbox[1];
        StepVerifier.withVirtualTime(() -> {
                    sandbox[0] = h.sandbox(b -> b.stepInterval(Duration.ofSeconds(1)));
                    sandbox[0].play();
                    return sandbox[0].windows().concatMap(window -> window.count());
                })
                .expectSubscription()
                .expectNoEvent(Duration.ofMillis(1_500)) // steps 0 at 0 s and 1 at 1 s, window 1 still open
                .thenAwait(Duration.ofMillis(500))       // step 2 at 2 s closes it
                .expectNext(2L)
                .then(() -> sandbox[0].stopNow())        // finalizes window 2 at once
                .expectNext(1L)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.log).containsExactly("exec1@0", "exec1@1", "fin1", "exec2@2", "fin2");
    }

    @Test
    void windows_lonePassiveAtTheStart_isAWindowOfItsOwn() {
        Harness h = new Harness().active(1).passive(9).record(9, 1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.windows().concatMap(window -> window.count().map(n -> window.key() + "x" + n)))
                .expectNext("9x1", "1x1")
                .expectComplete()
                .verify(TIMEOUT);
    }

    @Test
    void windows_failure_errorsTheOpenWindowAndTheOuterFlux() {
        Harness h = new Harness().active(1, dev.reprise.command.ReplayCommandResult.FAILED, SUCCESS).record(1);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.windows().concatMap(window -> window))
                .expectNextCount(1)
                .expectErrorSatisfies(Harness.failedAt(0, 1, ReplayPlaybackException.Phase.EXECUTE))
                .verify(TIMEOUT);
    }

    @Test
    void windows_andSteps_shareOnePlayback() {
        ReplaySandbox sandbox = new Harness().active(1).record(1).sandbox();
        sandbox.steps().subscribe();
        StepVerifier.create(sandbox.windows())
                .expectError(IllegalStateException.class)
                .verify(TIMEOUT);
    }

    @Test
    void windows_backwardSeek_endsTheOpenWindowWithoutAFinalize_andNumbersGoOn() {
        Harness h = new Harness().active(1, 2).record(1, 1, 2, 2);
        ReplaySandbox sandbox = h.sandbox();
        List<String> seen = new CopyOnWriteArrayList<>();
        sandbox.windows().subscribe(window -> window.collectList().subscribe(steps -> seen.add(window.key() + "="
                + steps.stream().map(step -> step.step().index() + "@" + step.window()).toList())));
        sandbox.stepNow();
        sandbox.stepNow();
        sandbox.stepNow(); // window 0 finalized, window 1 (code 2) open with step 2
        sandbox.seekNow(1); // backward, no checkpoints: reset to the start, replay step 0
        assertThat(sandbox.replayed()).isEqualTo(1);
        sandbox.stopNow();
        assertThat(seen).containsExactly("1=[0@0, 1@0]", "2=[2@1]", "1=[0@2]");
        assertThat(h.log).containsExactly("exec1@0", "exec1@1", "fin1", "exec2@2", "exec1@0", "fin1");
    }

    @Test
    void windows_flattened_playOnlyWhatIsRequested() {
        Harness h = new Harness().active(1, 2).record(1, 2, 2);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        StepVerifier.create(sandbox.windows().concatMap(window -> window), 0)
                .expectSubscription()
                .then(() -> assertThat(h.log).isEmpty())
                .thenRequest(1)
                .assertNext(step -> assertThat(step.windowCode()).isEqualTo(1))
                .then(() -> assertThat(h.log).containsExactly("exec1@0"))
                .thenRequest(1)
                .assertNext(step -> assertThat(step.window()).isOne())
                .then(() -> assertThat(h.log).containsExactly("exec1@0", "fin1", "exec2@1"))
                .thenRequest(1)
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(h.log).containsExactly("exec1@0", "fin1", "exec2@1", "exec2@2", "fin2");
    }

    /** Subscribes to the windows with a demand of one window, collecting them. */
    private static BaseSubscriber<GroupedFlux<Integer, PlaybackStep>> oneWindow(
            List<GroupedFlux<Integer, PlaybackStep>> windows) {
        return new BaseSubscriber<>() {
            @Override
            protected void hookOnSubscribe(Subscription subscription) {
                subscription.request(1);
            }

            @Override
            protected void hookOnNext(GroupedFlux<Integer, PlaybackStep> window) {
                windows.add(window);
            }
        };
    }

    private static List<Integer> indices(java.util.Collection<Object> steps) {
        return steps.stream().map(step -> ((PlaybackStep) step).step().index()).toList();
    }

    @ParameterizedTest
    @ValueSource(longs = {0, -1})
    void window_nonPositiveRequest_errorsThatWindowAlone_dropsItsSteps_andPlaybackGoesOn(long n) {
        Harness h = new Harness().active(1, 2).record(1, 1, 2);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        List<GroupedFlux<Integer, PlaybackStep>> windows = new CopyOnWriteArrayList<>();
        BaseSubscriber<GroupedFlux<Integer, PlaybackStep>> outer = oneWindow(windows);
        sandbox.windows().subscribe(outer);
        Subscription[] first = new Subscription[1];

        StepVerifier.create(windows.get(0), 0)
                .consumeSubscriptionWith(subscription -> first[0] = subscription)
                .thenRequest(1)
                .assertNext(step -> assertThat(step.step().index()).isZero())
                .then(() -> first[0].request(n))
                .expectErrorSatisfies(error -> assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class)
                        .hasMessage("Spec. Rule 3.9 - Cannot request a non strictly positive number: " + n))
                .verifyThenAssertThat()
                .hasDiscardedElementsSatisfying(steps -> assertThat(indices(steps)).containsExactly(1));
        assertThat(h.log).containsExactly("exec1@0", "exec1@1", "fin1"); // played as after a cancel
        assertThat(sandbox.state()).isNotEqualTo(PlaybackState.FAILED);

        outer.request(1);
        StepVerifier.create(windows.get(1).map(step -> step.step().index()))
                .expectNext(2)
                .expectComplete()
                .verify(TIMEOUT);
        StepVerifier.create(sandbox.terminated()).expectNext(PlaybackState.ENDED).expectComplete().verify(TIMEOUT);
    }

    @Test
    void window_nonPositiveRequestInsideOnSubscribe_errorsThatWindowOnceOnSubscribeReturned() {
        Harness h = new Harness().active(1, 2).record(1, 1, 2);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        List<GroupedFlux<Integer, PlaybackStep>> windows = new CopyOnWriteArrayList<>();
        BaseSubscriber<GroupedFlux<Integer, PlaybackStep>> outer = oneWindow(windows);
        sandbox.windows().subscribe(outer);

        StepVerifier.create(windows.get(0), 0)
                .consumeSubscriptionWith(subscription -> subscription.request(0))
                .expectErrorSatisfies(error -> assertThat(error).isExactlyInstanceOf(IllegalArgumentException.class)
                        .hasMessage("Spec. Rule 3.9 - Cannot request a non strictly positive number: 0"))
                .verify(TIMEOUT);
        outer.request(1);
        StepVerifier.create(windows.get(1).map(step -> step.step().index())).expectNext(2).expectComplete()
                .verify(TIMEOUT);
        StepVerifier.create(sandbox.terminated()).expectNext(PlaybackState.ENDED).expectComplete().verify(TIMEOUT);
    }

    @Test
    void windows_outerNonPositiveRequest_failsPlaybackWithTheRule39Error() {
        Harness h = new Harness().active(1).record(1);
        ReplaySandbox sandbox = h.sandbox();
        StepVerifier.create(sandbox.windows(), 0)
                .consumeSubscriptionWith(subscription -> subscription.request(0))
                .expectErrorMessage("Spec. Rule 3.9 - Cannot request a non strictly positive number: 0")
                .verify(TIMEOUT);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }

    /**
     * Rule 1.3: a window is subscribed on another thread, and while its subscriber is inside onSubscribe
     * (held there until the playback has completed), a third thread stops the playback. The window's
     * completion waits until onSubscribe has returned, and comes then; the steps it asked for inside
     * onSubscribe are never delivered during it either.
     */
    @Test
    void windows_stopWhileAWindowSubscriberIsInOnSubscribe_deliversNothingUntilItReturns() throws Exception {
        ExecutorService subscribing = Executors.newSingleThreadExecutor();
        try {
            for (int run = 0; run < 200; run++) {
                boolean requestInside = run % 2 == 1;
                Harness h = new Harness().active(1).record(1, 1);
                ReplaySandbox sandbox = h.sandbox();
                sandbox.play();
                CountDownLatch entered = new CountDownLatch(1);
                CountDownLatch outerDone = new CountDownLatch(1);
                CountDownLatch windowDone = new CountDownLatch(1);
                AtomicBoolean inside = new AtomicBoolean();
                List<String> duringOnSubscribe = new CopyOnWriteArrayList<>();
                CoreSubscriber<PlaybackStep> slow = new CoreSubscriber<>() {
                    @Override
                    public void onSubscribe(Subscription subscription) {
                        inside.set(true);
                        if (requestInside) {
                            subscription.request(1);
                        }
                        entered.countDown();
                        try {
                            // Held here while the stop completes the playback on the test thread.
                            outerDone.await(5, TimeUnit.SECONDS);
                        } catch (InterruptedException interrupted) {
                            Thread.currentThread().interrupt();
                        }
                        inside.set(false);
                    }

                    @Override
                    public void onNext(PlaybackStep step) {
                        if (inside.get()) {
                            duringOnSubscribe.add("onNext");
                        }
                    }

                    @Override
                    public void onError(Throwable error) {
                        duringOnSubscribe.add("onError " + error);
                        windowDone.countDown();
                    }

                    @Override
                    public void onComplete() {
                        if (inside.get()) {
                            duringOnSubscribe.add("onComplete");
                        }
                        windowDone.countDown();
                    }
                };
                sandbox.windows().subscribe(window -> subscribing.execute(() -> window.subscribe(slow)), error -> { },
                        outerDone::countDown);
                assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();

                sandbox.stopNow();

                assertThat(outerDone.await(5, TimeUnit.SECONDS)).as("run %d", run).isTrue();
                assertThat(windowDone.await(5, TimeUnit.SECONDS)).as("run %d: the window completes", run).isTrue();
                assertThat(duringOnSubscribe).as("run %d: signals during onSubscribe", run).isEmpty();
                assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
            }
        } finally {
            subscribing.shutdownNow();
        }
    }

    @Test
    void windows_cancelledWindow_discardsTheRestOfItsSteps_withItsSubscribersContext() {
        Harness h = new Harness().active(1, 2).record(1, 1, 1, 2);
        ReplaySandbox sandbox = h.sandbox();
        sandbox.play();
        List<GroupedFlux<Integer, PlaybackStep>> windows = new CopyOnWriteArrayList<>();
        sandbox.windows().subscribe(oneWindow(windows));

        StepVerifier.create(windows.get(0), 1)
                .assertNext(step -> assertThat(step.step().index()).isZero())
                .thenCancel()
                .verifyThenAssertThat()
                .hasDiscardedElementsSatisfying(steps -> assertThat(indices(steps)).containsExactly(1, 2));
        assertThat(h.log).containsExactly("exec1@0", "exec1@1", "exec1@2", "fin1");
    }
}
