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

import dev.reprise.ReplaySystem;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.time.Duration;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Sample 2, a reactive game loop: the game's frame clock paces the replay, one group (an active step
 * and the choices after it) per frame at speed 1, and every command runs on the game's thread. Pause,
 * single step and speed are the sandbox's own controls. Run it with {@code ./mvnw -q -DskipTests
 * test-compile exec:java -Dexec.mainClass=dev.reprise.samples.GameLoopSample}.
 */
public final class GameLoopSample {

    private GameLoopSample() {
    }

    /**
     * Creates a replay sandbox paced by the game loop's frames, its commands all on the game's thread.
     *
     * @param player the system holding the route
     * @param game the game the commands drive
     * @param frames the game loop's frame ticks
     * @param gameThread the scheduler of the thread that owns the game's state
     * @return the sandbox; it plays once its steps are requested, from the first frame on
     */
    public static ReplaySandbox create(ReplaySystem player, TowerGame game, Publisher<?> frames, Scheduler gameThread) {
        return player.createReplaySandbox(TowerCommands.sandbox(player.array(), game)
                .clock(frames)     // each frame lets speed() groups go: at 0.5, one every other frame
                .runOn(gameThread) // every execute, finalize and step on the game's thread
                .build());
    }

    /** Plays a recorded game at 60 frames per second while a scripted viewer pauses, steps and changes the speed. */
    public static void main(String[] args) {
        SampleRecording recording = SampleRecording.record(3L, 4, 400);
        TowerGame game = new TowerGame(recording.tower());
        Scheduler gameThread = Schedulers.newSingle("game");
        ReplaySandbox sandbox = create(recording.player(game), game,
                Flux.interval(Duration.ofMillis(16)), gameThread);
        Flux.concat(Mono.delay(Duration.ofMillis(500)).doOnNext(t -> sandbox.pauseNow()),
                        Mono.delay(Duration.ofMillis(300)).doOnNext(t -> sandbox.stepNow()),
                        Mono.delay(Duration.ofMillis(300)).doOnNext(t -> sandbox.setSpeed(4)).doOnNext(t -> sandbox.play()),
                        Mono.delay(Duration.ofMillis(400)).doOnNext(t -> sandbox.setSpeed(0.5)))
                .takeUntilOther(sandbox.terminated()).subscribe();
        long steps = sandbox.steps().count().blockOptional(Duration.ofMinutes(1)).orElseThrow();
        System.out.println(steps + " steps played, " + sandbox.terminated().block() + "; "
                + (game.state().stateHash() == recording.finalHash() ? "the replay reproduced the game" : "MISMATCH"));
        gameThread.dispose();
    }
}
