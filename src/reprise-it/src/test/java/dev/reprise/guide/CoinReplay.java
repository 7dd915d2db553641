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
package dev.reprise.guide;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCode;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.playback.PassiveAnswers;
import dev.reprise.playback.PassiveStep;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * Everything the getting-started guide does with {@link CoinGame}, against the library alone: the
 * commands, recording, saving, loading, a frame loop and a dialog that answers the chests' choices.
 * {@code GettingStartedTest} runs it; {@code docs/getting-started.md} is copied from it.
 */
final class CoinReplay {

    /** The game's identity in its replay files. */
    static final String GAME_ID = "coin-game";
    /** The game's build, written into its replay files. */
    static final String GAME_BUILD = "1.0";

    private CoinReplay() {
    }

    /** Gives every input code of the game the command that plays it back onto {@code game}. */
    static ReplaySystem replaySystem(CoinGame game) {
        ReplaySystem replay = new ReplaySystem();
        replay.registerCommand(ReplayCode.RIGHT, "right", ReplayCommand.sync(step -> game.move(1, 0)));
        replay.registerCommand(ReplayCode.DOWN, "down", ReplayCommand.sync(step -> game.move(0, 1)));
        replay.registerCommand(CoinGame.CHEST, "chest", ReplayCommand.sync(step -> game.openChest()));
        // The answer to a chest is passive: it belongs to the chest before it. Playback applies it, on the
        // game's thread: at once when nobody watches (tests, verifiers), after the dialog when a player does.
        replay.registerCommand(CoinGame.CHOOSE, "choose", ReplayCommand.passive(step -> game.choose(step.intParam(0))));
        return replay;
    }

    /** The game's input handler: each input is recorded first, then applied. */
    record Inputs(ReplaySystem replay, CoinGame game) {

        void right() {
            replay.record(ReplayCode.RIGHT);
            game.move(1, 0);
        }

        void down() {
            replay.record(ReplayCode.DOWN);
            game.move(0, 1);
        }

        void openChest() {
            replay.record(CoinGame.CHEST);
            game.openChest();
        }

        void choose(int option) {
            replay.record(CoinGame.CHOOSE, option);
            game.choose(option);
        }
    }

    /** Writes what was recorded to a replay file: the route, the game's id and build and its command names. */
    static void write(ReplaySystem replay, Path file) throws IOException {
        ReplayFile.builder(replay.saveState())
                .gameId(GAME_ID).gameBuild(GAME_BUILD).dictionary(replay.commandDictionary())
                .build()
                .write(file); // atomically
    }

    /** Reads a replay file into a fresh system for {@code game}, refusing a file of another game. */
    static ReplaySystem read(Path file, CoinGame game) throws IOException {
        ReplaySystem player = replaySystem(game);
        ReplayCompatibility compatibility = ReplayCompatibility.builder(GAME_ID, player.commandDictionary()).build();
        player.loadState(compatibility.check(ReplayFile.read(file)).save());
        return player;
    }

    /**
     * The "watch replay" button's handler, called on the game's thread: it returns at once, and the replay
     * plays in the game's frame loop — one group of steps per frame at speed 1, every command on the game's
     * thread, each chest's choice shown by the dialog — then tells how it ended.
     */
    static ReplaySandbox watchReplay(ReplaySystem player, CoinGame game, Publisher<?> frames, Scheduler gameThread,
            Dialog dialog, Runnable render, Consumer<PlaybackState> onEnd) {
        ReplaySandbox sandbox = player.createReplaySandbox(SandboxConfig.builder(player.array(), save -> game.reset())
                .clock(frames)
                .runOn(gameThread)
                .build());
        sandbox.terminated().subscribe(onEnd); // ENDED, STOPPED or FAILED, on the game's thread
        sandbox.steps()
                .transform(PassiveAnswers.by(dialog::show, Duration.ofSeconds(30)))
                .concatMap(step -> step.result().thenReturn(step)) // a step is emitted before it runs
                .subscribe(step -> render.run());
        return sandbox;
    }

    /**
     * The dialog that shows a chest's choice: it stays on screen for the reading time, then answers.
     * It only answers: playback applies the recorded option, on the game's thread.
     */
    record Dialog(Duration readingTime) {

        Mono<ReplayCommandResult> show(PassiveStep choice) {
            return Mono.delay(readingTime).thenReturn(ReplayCommandResult.SUCCESS);
        }
    }

    /** The frames of {@link #watchReplay}: a clock of {@code fps} ticks per second. */
    static Flux<Long> frames(int fps) {
        return Flux.interval(Duration.ofSeconds(1).dividedBy(fps));
    }
}
