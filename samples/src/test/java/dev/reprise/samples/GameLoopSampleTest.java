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
package dev.reprise.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.playback.ActiveStep;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

class GameLoopSampleTest {

    private static final Duration FRAME = Duration.ofMillis(10);

    private final SampleRecording recording = SampleRecording.record(3L, 4, 400);
    private final TowerGame game = new TowerGame(recording.tower());
    /** Groups dispatched per frame: frame n ticks at n * 10 ms. */
    private final Map<Long, Integer> perFrame = new ConcurrentHashMap<>();
    private final List<String> threads = new ArrayList<>();

    private ReplaySandbox open(VirtualTimeScheduler time) {
        ReplaySystem player = recording.player(game);
        return GameLoopSample.create(player, game, Flux.interval(FRAME), time);
    }

    private Flux<ActiveStep> counted(ReplaySandbox sandbox, VirtualTimeScheduler time) {
        return sandbox.steps().ofType(ActiveStep.class)
                .doOnNext(step -> perFrame.merge(time.now(TimeUnit.MILLISECONDS) / FRAME.toMillis(), 1, Integer::sum));
    }

    private List<Integer> frames(int from, int to) {
        List<Integer> counts = new ArrayList<>();
        for (long frame = from; frame < to; frame++) {
            counts.add(perFrame.getOrDefault(frame, 0));
        }
        return counts;
    }

    @Test
    void frameLoop_playsOneGroupPerFrame_obeysTheControls_andReproducesTheGame() {
        StepVerifier.withVirtualTime(() -> {
                    VirtualTimeScheduler time = VirtualTimeScheduler.get();
                    ReplaySandbox sandbox = open(time);
                    // Frames tick at 10, 20, 30 ... ms; each control lands between two frames.
                    Flux.concat(at(55, sandbox::pauseNow),           // after frame 5
                                    at(50, sandbox::stepNow),        // at 105 ms: played by frame 11
                                    at(50, () -> sandbox.setSpeed(2)), // at 155 ms
                                    at(0, sandbox::play),
                                    at(50, () -> sandbox.setSpeed(0.5))) // at 205 ms
                            .subscribe();
                    return counted(sandbox, time);
                })
                .thenAwait(Duration.ofHours(1))
                .thenConsumeWhile(step -> true)
                .expectComplete()
                .verify(Duration.ofSeconds(10));

        assertThat(frames(0, 1)).as("nothing before the first frame").containsOnly(0);
        assertThat(frames(1, 6)).as("playing at speed 1").containsOnly(1);
        assertThat(frames(6, 11)).as("paused").containsOnly(0);
        assertThat(frames(11, 12)).as("the single step, on the next frame").containsOnly(1);
        assertThat(frames(12, 16)).as("still paused").containsOnly(0);
        assertThat(frames(16, 21)).as("speed 2").containsOnly(2);
        assertThat(frames(21, 27)).as("speed 0.5").containsExactly(0, 1, 0, 1, 0, 1);
        assertThat(perFrame.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(groups());
        assertThat(game.state().stateHash()).isEqualTo(recording.finalHash());
    }

    @Test
    void frameLoop_withoutControls_playsAGroupEveryFrame_onTheGameThread() {
        StepVerifier.withVirtualTime(() -> {
                    VirtualTimeScheduler time = VirtualTimeScheduler.get();
                    return counted(open(time), time);
                })
                .thenAwait(FRAME.multipliedBy(groups() + 1L))
                .thenConsumeWhile(step -> true)
                .expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(frames(1, groups() + 1)).containsOnly(1);
        assertThat(game.state().stateHash()).isEqualTo(recording.finalHash());
    }

    @Test
    void frameLoop_runsEveryCommandOnTheGameThread() {
        reactor.core.scheduler.Scheduler gameThread = reactor.core.scheduler.Schedulers.newSingle("game");
        try {
            ReplaySystem player = recording.player(game);
            ReplaySandbox sandbox = GameLoopSample.create(player, game, Flux.interval(Duration.ofMillis(1)), gameThread);
            StepVerifier.create(sandbox.steps().doOnNext(step -> threads.add(Thread.currentThread().getName())))
                    .thenConsumeWhile(step -> true)
                    .expectComplete()
                    .verify(Duration.ofSeconds(30));
            assertThat(threads).isNotEmpty().allSatisfy(name -> assertThat(name).startsWith("game-"));
            assertThat(game.state().stateHash()).isEqualTo(recording.finalHash());
        } finally {
            gameThread.dispose();
        }
    }

    /** Counts the route's groups: one per active step (the route starts with one). */
    private int groups() {
        int groups = 0;
        for (int i = 0; i < recording.recorder().array().length(); i++) {
            ReplayStep step = recording.recorder().array().get(i);
            groups += TowerCodes.isPassive(step.code()) ? 0 : 1;
        }
        return groups;
    }

    private static Mono<Long> at(long millis, Runnable control) {
        return Mono.delay(Duration.ofMillis(millis)).doOnNext(tick -> control.run());
    }
}
