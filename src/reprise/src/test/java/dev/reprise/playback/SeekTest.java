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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** {@link ReplaySandbox#seek}: in every state, forward and backward, with and without checkpoints. */
class SeekTest {

    @Test
    void seek_fromReady_fastForwardsMarkedStepsAndStaysPaused() {
        SeekGame g = new SeekGame(new int[] {1, 2}, 1, 1, 2, 2);
        long expected = g.straightValue(3);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(2);
        StepVerifier.create(sandbox.steps(), 0)
                .thenRequest(10)
                .then(() -> StepVerifier.create(sandbox.seek(3)).expectComplete().verify(Duration.ofSeconds(10)))
                .assertNext(step -> assertThat(step.seeking()).isTrue())
                .assertNext(step -> assertThat(step.seeking()).isTrue())
                .assertNext(step -> assertThat(step.step().index()).isEqualTo(2))
                .then(() -> {
                    assertThat(g.h.log).containsExactly("~exec1@0", "~exec1@1", "~fin1", "~exec2@2");
                    assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
                    assertThat(sandbox.replayed()).isEqualTo(3);
                    assertThat(g.value).isEqualTo(expected);
                })
                .then(sandbox::play)
                .assertNext(step -> assertThat(step.seeking()).isFalse())
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(g.h.log).endsWith("exec2@3", "fin2");
    }

    @Test
    void seek_toCurrentPosition_fromReady_changesNothing() {
        SeekGame g = new SeekGame(new int[] {1}, 1, 1);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(1);
        StepVerifier.create(sandbox.steps(), 0)
                .then(() -> StepVerifier.create(sandbox.seek(0)).expectComplete().verify(Duration.ofSeconds(10)))
                .then(() -> assertThat(sandbox.state()).isEqualTo(PlaybackState.READY))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
        assertThat(g.executed).isZero();
    }

    @Test
    void seek_needsDemand_likeAnyDispatch() {
        SeekGame g = SeekGame.alternating(6);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(2);
        AtomicReference<Mono<Void>> seek = new AtomicReference<>();
        StepVerifier.create(sandbox.steps(), 0)
                .then(() -> seek.set(Mono.fromFuture(sandbox.seek(4).toFuture())))
                .then(() -> seek.get().subscribe())
                .then(() -> assertThat(g.executed).isZero())
                .thenRequest(1)
                .expectNextCount(1)
                .then(() -> assertThat(g.executed).isEqualTo(1))
                .thenRequest(3)
                .expectNextCount(3)
                .then(() -> StepVerifier.create(seek.get()).expectComplete().verify(Duration.ofSeconds(10)))
                .then(() -> assertThat(sandbox.replayed()).isEqualTo(4))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void seek_backward_costsAtMostOneInterval() {
        int interval = 10;
        SeekGame g = SeekGame.alternating(200);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(interval);
        sandbox.steps().subscribe();
        sandbox.seek(200).block();
        assertThat(sandbox.checkpoints().indexes()).containsExactly(
                10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190);
        for (int target : new int[] {155, 150, 3, 0, 199, 101, 100, 11, 10, 9}) {
            int before = g.executed;
            sandbox.seek(target).block();
            int cost = g.executed - before;
            assertThat(cost).as("steps replayed by seek(%d)", target).isLessThanOrEqualTo(interval);
            assertThat(sandbox.replayed()).isEqualTo(target);
        }
    }

    @Test
    void seek_backward_landsOnTheStraightPlayValue() {
        SeekGame g = SeekGame.alternating(60);
        long[] straight = new long[61];
        for (int k = 0; k <= 60; k += 7) {
            straight[k] = g.straightValue(k);
        }
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(5);
        sandbox.steps().subscribe();
        sandbox.seek(60).block();
        for (int k = 56; k >= 0; k -= 7) {
            sandbox.seek(k).block();
            assertThat(g.value).as("value after seek(%d)", k).isEqualTo(straight[k]);
        }
    }

    @Test
    void seek_withoutSnapshots_backward_resetsAndReplaysFromTheStart() {
        SeekGame g = SeekGame.alternating(20);
        long expected = g.straightValue(5);
        ReplaySandbox sandbox = g.sandbox(b -> { });
        int resetsAtOpen = g.resets;
        sandbox.steps().subscribe();
        sandbox.seek(15).block();
        assertThat(g.resets).isEqualTo(resetsAtOpen); // forward: goes on from where it stands
        int before = g.executed;
        sandbox.seek(5).block();
        assertThat(g.resets).isEqualTo(resetsAtOpen + 1);
        assertThat(g.executed - before).isEqualTo(5);
        assertThat(g.value).isEqualTo(expected);
        assertThat(sandbox.checkpoints()).isNull();
    }

    @Test
    void seek_forward_restoresACheckpointOnlyWhenItIsAhead() {
        SeekGame g = SeekGame.alternating(100);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(10);
        sandbox.steps().subscribe();
        sandbox.seek(100).block();
        sandbox.seek(12).block();
        int restores = g.restores;
        sandbox.seek(15).block();  // checkpoint 10 is behind: goes on from 12
        assertThat(g.restores).isEqualTo(restores);
        int before = g.executed;
        sandbox.seek(95).block();  // checkpoint 90 is ahead of 15
        assertThat(g.restores).isEqualTo(restores + 1);
        assertThat(g.executed - before).isEqualTo(5);
    }

    @Test
    void seek_intoAnOpenWindow_rebuildsItAndFinalizesOnceWhenItCloses() {
        // 1 1 1 2: a checkpoint can only be taken at 3 (after fin1); seeking to 2 must replay the window.
        SeekGame g = new SeekGame(new int[] {1, 2}, 1, 1, 1, 2);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(1);
        sandbox.steps().subscribe();
        sandbox.seek(4).block();
        assertThat(sandbox.checkpoints().indexes()).containsExactly(3);
        g.h.log.clear();
        sandbox.seek(2).block();
        assertThat(g.h.log).containsExactly("~exec1@0", "~exec1@1");
        StepVerifier.create(sandbox.stop()).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(g.h.log).containsExactly("~exec1@0", "~exec1@1", "fin1");
    }

    @Test
    void seek_aPassiveStep_landsAfterItsGroup_andOffersIt() {
        SeekGame g = new SeekGame(new int[] {1}, 1, 9, 9, 1);
        g.h.passive(9);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(1);
        StepVerifier.create(sandbox.steps().doOnNext(step -> {
                    if (step instanceof PassiveStep choice) {
                        assertThat(choice.seeking()).isTrue();
                        choice.complete(ReplayCommandResult.SUCCESS);
                    }
                }), 10)
                .then(() -> StepVerifier.create(sandbox.seek(2)).expectComplete().verify(Duration.ofSeconds(10)))
                .expectNextCount(3)
                .then(() -> assertThat(sandbox.replayed()).isEqualTo(3))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
        assertThat(g.h.warningCodes()).doesNotContain(194);
    }

    @Test
    void seek_whilePlaying_ignoresPacingThenKeepsPlaying() {
        SeekGame g = SeekGame.alternating(10);
        ReplaySandbox[] sandbox = new ReplaySandbox[1];
        StepVerifier.withVirtualTime(() -> {
                    sandbox[0] = g.sandbox(b -> b.snapshots(g.snapshots()).checkpointInterval(2)
                            .stepInterval(Duration.ofSeconds(1)));
                    sandbox[0].play();
                    return sandbox[0].steps();
                })
                .assertNext(step -> assertThat(step.step().index()).isZero())
                .then(() -> sandbox[0].seek(6).subscribe())
                .expectNextCount(5)                      // 1..5 at once, marked seeking
                .then(() -> assertThat(sandbox[0].state()).isEqualTo(PlaybackState.PLAYING))
                .expectNoEvent(Duration.ofMillis(999))
                .thenAwait(Duration.ofMillis(1))
                .assertNext(step -> {
                    assertThat(step.step().index()).isEqualTo(6);
                    assertThat(step.seeking()).isFalse();
                })
                .then(() -> sandbox[0].seek(1).subscribe())   // backward while playing
                .assertNext(step -> {
                    assertThat(step.step().index()).isEqualTo(0);
                    assertThat(step.seeking()).isTrue();
                })
                .then(() -> assertThat(sandbox[0].replayed()).isEqualTo(1))
                .expectNoEvent(Duration.ofMillis(999))
                .thenAwait(Duration.ofMillis(1))
                .assertNext(step -> assertThat(step.step().index()).isEqualTo(1))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void seek_whilePaused_staysPaused_andWaitsForTheGroupInFlight() {
        SeekGame g = SeekGame.alternating(6);
        AtomicReference<reactor.core.publisher.Sinks.One<ReplayCommandResult>> slow = new AtomicReference<>();
        g.h.command(7, ReplayCommand.active((step, context) -> {
            reactor.core.publisher.Sinks.One<ReplayCommandResult> sink = reactor.core.publisher.Sinks.one();
            slow.set(sink);
            return sink.asMono();
        }));
        g.h.record(7);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(2);
        StepVerifier.create(sandbox.steps(), 20)
                .then(() -> sandbox.seek(7).subscribe())
                .expectNextCount(7)                              // 0..5 and the slow 6 in flight
                .then(() -> sandbox.pause().subscribe())
                .then(() -> sandbox.seek(2).subscribe(v -> { }, e -> { }))   // queued behind the first seek
                .expectNoEvent(Duration.ofMillis(10))
                .then(() -> slow.get().tryEmitValue(ReplayCommandResult.SUCCESS))
                .expectNextCount(2)                              // no checkpoint below 2: reset, then 0 and 1
                .then(() -> {
                    assertThat(g.h.log).endsWith("~exec0@0", "~fin0", "~exec1@1");
                    assertThat(sandbox.replayed()).isEqualTo(2);
                    assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
                })
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void seek_commandsSeeSeekingOnlyWhileFastForwarding() {
        SeekGame g = SeekGame.alternating(4);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(2);
        sandbox.steps().subscribe();
        sandbox.seek(2).block();
        sandbox.step().block();
        assertThat(g.h.log).containsExactly("~exec0@0", "~fin0", "~exec1@1", "fin1", "exec0@2");
    }

    @Test
    void seek_doesNotUseStepPermits() {
        SeekGame g = SeekGame.alternating(6);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(2);
        StepVerifier.create(sandbox.steps(), 0)
                .then(() -> sandbox.seek(3).subscribe())
                .then(() -> StepVerifier.create(sandbox.step().map(s -> s.step().index()))
                        .then(() -> {
                        })
                        .thenCancel()
                        .verify(Duration.ofSeconds(10)))
                .thenRequest(10)
                .expectNextCount(4)          // seek 0..2, then the step() group 3
                .then(() -> assertThat(sandbox.replayed()).isEqualTo(4))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void seek_afterTermination_errorsAtOnce() {
        SeekGame g = SeekGame.alternating(2);
        ReplaySandbox ended = g.sandboxWithCheckpoints(1);
        ended.play();
        StepVerifier.create(ended.steps()).expectNextCount(2).expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(ended.seek(1))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(IllegalStateException.class)
                        .hasMessage("Cannot seek to step 1: playback is ENDED")).verify(Duration.ofSeconds(10));

        ReplaySandbox stopped = g.sandboxWithCheckpoints(1);
        stopped.stop().block();
        StepVerifier.create(stopped.seek(0)).expectErrorMessage("Cannot seek to step 0: playback is STOPPED").verify(Duration.ofSeconds(10));
    }

    @Test
    void seek_afterFailure_errorsAtOnce_andAFailureDuringSeekReachesIt() {
        SeekGame g = SeekGame.alternating(4);
        g.h.active(5, ReplayCommandResult.FAILED, ReplayCommandResult.SUCCESS).record(5);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(1);
        StepVerifier.create(sandbox.steps(), 10)
                .then(() -> StepVerifier.create(sandbox.seek(5))
                        .expectErrorSatisfies(Harness.failedAt(4, 5, ReplayPlaybackException.Phase.EXECUTE)).verify(Duration.ofSeconds(10)))
                .expectNextCount(5)
                .expectErrorSatisfies(Harness.failedAt(4, 5, ReplayPlaybackException.Phase.EXECUTE)).verify(Duration.ofSeconds(10));
        StepVerifier.create(sandbox.seek(0)).expectErrorMessage("Cannot seek to step 0: playback is FAILED").verify(Duration.ofSeconds(10));
    }

    @Test
    void stop_duringSeek_errorsTheSeek() {
        SeekGame g = SeekGame.alternating(6);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(1);
        AtomicReference<Mono<Void>> seek = new AtomicReference<>();
        StepVerifier.create(sandbox.steps(), 1)
                .then(() -> seek.set(Mono.fromFuture(sandbox.seek(5).toFuture())))
                .then(() -> seek.get().subscribe(v -> { }, e -> { }))
                .expectNextCount(1)
                .then(() -> sandbox.stop().subscribe())
                .expectComplete().verify(Duration.ofSeconds(10));
        StepVerifier.create(seek.get()).expectErrorMessage("Cannot seek to step 5: playback is STOPPED").verify(Duration.ofSeconds(10));
        assertThat(g.h.log).containsExactly("~exec0@0", "fin0");
    }

    @Test
    void seek_invalidTarget_throws() {
        SeekGame g = SeekGame.alternating(4);
        ReplaySandbox sandbox = g.sandbox(b -> b.startIndex(1));
        assertThatThrownBy(() -> sandbox.seek(5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("seek target must be in 1..4 (start index to route length), was 5");
        assertThatThrownBy(() -> sandbox.seek(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("was 0");
        assertThatThrownBy(() -> sandbox.seek(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void seek_fromAStartIndex_resetsToThatIndex() {
        SeekGame g = SeekGame.alternating(8);
        ReplaySandbox sandbox = g.sandbox(b -> b.startIndex(4));
        sandbox.steps().subscribe();
        sandbox.seek(8).block();
        g.h.log.clear();
        sandbox.seek(6).block();
        assertThat(g.h.log).containsExactly("~exec0@4", "~fin0", "~exec1@5");
    }

    @Test
    void checkpoints_stayWithinTheBudget() {
        SeekGame g = SeekGame.alternating(200);
        ReplaySandbox sandbox = g.sandbox(b -> b.snapshots(g.snapshots()).checkpointInterval(5).checkpointBudget(350));
        sandbox.steps().subscribe();
        sandbox.seek(200).block();
        CheckpointStore<?> store = sandbox.checkpoints();
        assertThat(g.captures).isEqualTo(39);
        assertThat(store.size()).isEqualTo(3);
        assertThat(store.weightedBytes()).isEqualTo(300);
        assertThat(store.indexes()).hasSize(3);
        long expected = g.value;
        sandbox.seek(17).block();
        sandbox.seek(200).block();
        assertThat(g.value).isEqualTo(expected);
    }

    @Test
    void seeks_queueUp_andEachAnswersWhenItLands() {
        SeekGame g = SeekGame.alternating(10);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(2);
        List<String> landed = new java.util.concurrent.CopyOnWriteArrayList<>();
        StepVerifier.create(sandbox.steps(), 0)
                .then(() -> sandbox.seek(3).doOnSuccess(v -> landed.add("3@" + sandbox.replayed())).subscribe())
                .then(() -> sandbox.seek(8).doOnSuccess(v -> landed.add("8@" + sandbox.replayed())).subscribe())
                .then(() -> sandbox.seek(1).doOnSuccess(v -> landed.add("1@" + sandbox.replayed())).subscribe())
                .thenRequest(100)
                .expectNextCount(3 + 5 + 1)
                .then(() -> assertThat(landed).containsExactly("3@3", "8@8", "1@1"))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void seek_whilePausedWithPacing_fastForwardsWithoutWaiting() {
        SeekGame g = SeekGame.alternating(10);
        ReplaySandbox[] sandbox = new ReplaySandbox[1];
        StepVerifier.withVirtualTime(() -> {
                    sandbox[0] = g.sandbox(b -> b.snapshots(g.snapshots()).checkpointInterval(2)
                            .stepInterval(Duration.ofSeconds(1)));
                    return sandbox[0].steps();
                })
                .then(() -> sandbox[0].stepNow())
                .expectNextCount(1)
                .then(() -> sandbox[0].seek(6).subscribe())
                .expectNextCount(5)                       // no time passed: pacing does not apply
                .then(() -> {
                    assertThat(sandbox[0].state()).isEqualTo(PlaybackState.PAUSED);
                    assertThat(sandbox[0].replayed()).isEqualTo(6);
                })
                .expectNoEvent(Duration.ofSeconds(5))     // and it stays paused
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void seek_offersPassiveStepsToTheActiveCommand_seedPattern() {
        SeekGame g = new SeekGame(new int[] {1});
        List<String> taken = new java.util.concurrent.CopyOnWriteArrayList<>();
        g.h.passive(9).command(3, ReplayCommand.active((step, context) -> context.nextPassive()
                .doOnNext(passive -> taken.add(passive.step().index() + (context.seeking() ? "~" : "")))
                .doOnNext(passive -> passive.complete(ReplayCommandResult.SUCCESS))
                .thenReturn(ReplayCommandResult.SUCCESS)));
        g.h.record(3, 9, 1, 3, 9, 1);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(1);
        sandbox.steps().subscribe();
        sandbox.seek(6).block(Duration.ofSeconds(5));
        sandbox.seek(3).block(Duration.ofSeconds(5));
        assertThat(taken).containsExactly("1~", "4~");
        assertThat(g.h.warningCodes()).doesNotContain(194);
    }

    @Test
    void routeChange_duringSeek_failsTheSeekAndThePlayback() {
        SeekGame g = SeekGame.alternating(6);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(2);
        AtomicReference<Mono<Void>> seek = new AtomicReference<>();
        StepVerifier.create(sandbox.steps(), 1)
                .then(() -> seek.set(Mono.fromFuture(sandbox.seek(5).toFuture())))
                .then(() -> seek.get().subscribe(v -> { }, e -> { }))
                .expectNextCount(1)
                .then(() -> g.h.system.record(0))
                .then(sandbox::checkRoute)
                .expectError(java.util.ConcurrentModificationException.class).verify(Duration.ofSeconds(10));
        StepVerifier.create(seek.get()).expectError(java.util.ConcurrentModificationException.class).verify(Duration.ofSeconds(10));
    }

    @Test
    void snapshotProviderThrowing_failsPlaybackAndTheSeek() {
        SeekGame g = SeekGame.alternating(6);
        IllegalStateException broken = new IllegalStateException("no snapshot today");
        ReplaySandbox sandbox = g.sandbox(b -> b.checkpointInterval(2).snapshots(new SnapshotProvider<Long>() {
            @Override
            public Long capture() {
                throw broken;
            }

            @Override
            public void restore(Long snapshot) {
            }

            @Override
            public long estimateBytes(Long snapshot) {
                return 1;
            }
        }));
        AtomicReference<Mono<Void>> seek = new AtomicReference<>();
        StepVerifier.create(sandbox.steps(), 10)
                .then(() -> seek.set(Mono.fromFuture(sandbox.seek(4).toFuture())))
                .then(() -> seek.get().subscribe(v -> { }, e -> { }))
                .expectNextCount(2)
                .expectErrorSatisfies(error -> assertThat(error).isSameAs(broken)).verify(Duration.ofSeconds(10));
        StepVerifier.create(seek.get()).expectErrorSatisfies(error -> assertThat(error).isSameAs(broken)).verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }
}
