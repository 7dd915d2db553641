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

import dev.reprise.ReplaySystem;
import dev.reprise.command.PassiveHandle;
import dev.reprise.command.ReplayCode;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** The examples of docs/playback.md, kept compiling and passing here. */
class PlaybackExamplesTest {

    /** A toy game state. */
    static final class Hero {
        int x;
        int y;
        final List<String> said = new CopyOnWriteArrayList<>();

        void restore(int[] save) {
            x = save == null ? 0 : save[0];
            y = save == null ? 0 : save[1];
        }
    }

    static final int CHOICE = 100; // a passive code: the option picked in a dialog

    static void register(ReplaySystem system, Hero hero) {
        system.registerCommand(ReplayCode.UP, ReplayCommand.sync(step -> hero.y--));
        system.registerCommand(ReplayCode.RIGHT, ReplayCommand.sync(step -> hero.x++));
        system.registerCommand(ReplayCode.TELEPORT,
                ReplayCommand.sync(step -> {
                    hero.x = step.intParam(0);
                    hero.y = step.intParam(1);
                }));
        system.registerCommand(CHOICE, "choice", ReplayCommand.passive());
    }

    @Test
    void gameLoop() {
        Hero hero = new Hero();
        ReplaySystem system = new ReplaySystem();
        register(system, hero);
        List<String> frames = new CopyOnWriteArrayList<>();
        StepVerifier.withVirtualTime(() -> {
                    // [game-loop]
                    // Recording: the input handler records each step, then acts on it.
                    system.record(ReplayCode.RIGHT);
                    system.record(ReplayCode.RIGHT);
                    system.record(ReplayCode.TELEPORT, 5, 7);
                    system.record(ReplayCode.UP);

                    // Playback: reset the game to the route's start, then a step every 200 ms / speed.
                    ReplaySandbox sandbox = system.createReplaySandbox(
                            SandboxConfig.<int[]>builder(system.array(), hero::restore)
                                    .stepInterval(Duration.ofMillis(200))
                                    .build());
                    sandbox.setSpeed(2); // 100 ms between steps
                    sandbox.play();
                    return sandbox.steps()
                            .doOnNext(step -> frames.add("frame " + hero.x + "," + hero.y));
                    // [game-loop]
                })
                .expectNextCount(1)
                .expectNoEvent(Duration.ofMillis(99))
                .thenAwait(Duration.ofMillis(300))
                .expectNextCount(3)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(hero.x).isEqualTo(5);
        assertThat(hero.y).isEqualTo(6);
        assertThat(frames).hasSize(4);
    }

    @Test
    void stepVerifierTest() {
        Hero hero = new Hero();
        ReplaySystem system = new ReplaySystem();
        register(system, hero);
        system.record(ReplayCode.RIGHT);
        system.record(ReplayCode.UP);
        // [step-verifier]
        ReplaySandbox sandbox = system.createReplaySandbox(
                SandboxConfig.<int[]>builder(system.array(), hero::restore).build());
        sandbox.play();
        StepVerifier.create(sandbox.steps(), 0)
                .expectSubscription()
                .then(() -> assertThat(hero.x).isZero())      // no demand: nothing was played
                .thenRequest(1)
                .assertNext(step -> assertThat(step.step().code()).isEqualTo(ReplayCode.RIGHT))
                .then(() -> assertThat(hero.x).isEqualTo(1))
                .thenRequest(1)
                .expectNextCount(1)
                .expectComplete().verify(Duration.ofSeconds(10));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
        // [step-verifier]
    }

    @Test
    void asyncUi() throws Exception {
        Hero hero = new Hero();
        ReplaySystem system = new ReplaySystem();
        register(system, hero);
        system.registerCommand(42, "talk", ReplayCommand.active((step, context) -> {
            hero.said.add("dialog opened");
            // Wait for whoever answers the choice that follows (here: the UI thread).
            return context.nextPassive()
                    .flatMap(PassiveHandle::result)
                    .thenReturn(ReplayCommandResult.SUCCESS);
        }));
        system.record(42);
        system.record(CHOICE, 2);
        system.record(ReplayCode.UP);
        ExecutorService uiThread = Executors.newSingleThreadExecutor();
        try {
            // [async-ui]
            ReplaySandbox sandbox = system.createReplaySandbox(
                    SandboxConfig.<int[]>builder(system.array(), hero::restore).build());
            sandbox.play();
            Mono<Long> played = sandbox.steps()
                    .doOnNext(step -> {
                        if (step instanceof PassiveStep choice) {
                            // The UI applies the recorded choice on its own thread, then answers.
                            uiThread.execute(() -> {
                                hero.said.add("picked option " + choice.step().intParam(0));
                                choice.complete(ReplayCommandResult.SUCCESS);
                            });
                        }
                    })
                    .count();
            // [async-ui]
            StepVerifier.create(played).expectNext(3L).expectComplete().verify(Duration.ofSeconds(10));
        } finally {
            uiThread.shutdownNow();
        }
        assertThat(hero.said).containsExactly("dialog opened", "picked option 2");
        assertThat(hero.y).isEqualTo(-1);
    }

    @Test
    void windowsAnimateAWalkAsOneUnit() {
        Hero hero = new Hero();
        ReplaySystem system = new ReplaySystem();
        register(system, hero);
        system.record(ReplayCode.RIGHT);
        system.record(ReplayCode.RIGHT);
        system.record(ReplayCode.RIGHT);
        system.record(ReplayCode.UP);
        // [windows]
        ReplaySandbox sandbox = system.createReplaySandbox(
                SandboxConfig.<int[]>builder(system.array(), hero::restore).build());
        sandbox.play();
        Flux<String> walks = sandbox.windows()
                // A window is a run of one code, complete once its finalizeRun settled:
                // animate the whole walk as one unit.
                .concatMap(window -> window.collectList()
                        .map(steps -> "walk of " + steps.size() + " (code " + window.key() + ")"
                                + " to " + hero.x + "," + hero.y));
        // [windows]
        StepVerifier.create(walks)
                .expectNext("walk of 3 (code " + ReplayCode.RIGHT + ") to 3,0")
                .expectNext("walk of 1 (code " + ReplayCode.UP + ") to 3,-1")
                .expectComplete()
                .verify(Duration.ofSeconds(5));
    }
}
