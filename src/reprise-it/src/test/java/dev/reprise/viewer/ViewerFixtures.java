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

import dev.reprise.ReplaySystem;
import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.TowerState;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.viewer.tower.TowerViewer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import reactor.core.publisher.Mono;

/** Tower recordings for the viewer's tests: written as replay files, and played straight to compare with. */
final class ViewerFixtures {

    static final Duration TIMEOUT = Duration.ofSeconds(30);

    private ViewerFixtures() {
    }

    /**
     * A bot's game recorded with a state hash every few inputs.
     *
     * @param seed the tower's and the bot's seed
     * @param floors the tower's floors
     * @param system the recording
     * @param finalState the state the bot's game ended in
     */
    record Recording(long seed, int floors, ReplaySystem system, TowerState finalState) {

        Tower tower() {
            return TowerGenerator.generate(seed, floors);
        }

        ReplayArray array() {
            return system.array();
        }

        /** The index of the first CHOICE step at or after {@code from}, or -1. */
        int choiceAfter(int from) {
            for (int i = from; i < array().length(); i++) {
                if (array().get(i).code() == TowerCodes.CHOICE) {
                    return i;
                }
            }
            return -1;
        }
    }

    static Recording record(long seed, int floors, int inputLimit, int hashInterval) {
        TowerGame game = new TowerGame(TowerGenerator.generate(seed, floors));
        ReplaySystem system = new ReplaySystem();
        TowerCommands.register(system, game); // so the recorder knows CHOICE is passive
        StateHashRecorder recorder = new StateHashRecorder(system, TowerCommands.STATE_HASH, hashInterval,
                () -> game.state().stateHash());
        TowerBot.Run run = new TowerBot(game, seed, inputLimit).play(recorder::record);
        recorder.recordHash();
        return new Recording(seed, floors, system, run.finalState());
    }

    static Path write(Recording recording, ReplaySave save, Path dir, String name) throws IOException {
        Path file = dir.resolve(name);
        ReplayFile.builder(save).gameId(TowerCommands.GAME_ID).dictionary(TowerCommands.dictionary())
                .metadata(TowerViewer.SEED, Long.toString(recording.seed()))
                .metadata(TowerViewer.FLOORS, Integer.toString(recording.floors()))
                .build().write(file);
        return file;
    }

    /** Prints a measured figure and writes it to {@code target/<file>}, for the docs and the lead to quote. */
    static void report(String file, String figure) throws IOException {
        System.out.println(figure);
        Path target = Path.of("target", file);
        Files.createDirectories(target.getParent());
        Files.writeString(target, figure + System.lineSeparator(), StandardCharsets.UTF_8);
    }

    static Path write(Recording recording, Path dir, String name) throws IOException {
        return write(recording, recording.system().saveState(), dir, name);
    }

    /** Writes a copy whose move at some step is turned around, so that playback fails with a desync. */
    static Path writeDesynced(Recording recording, Path dir, String name) throws IOException {
        ReplaySave intact = recording.system().saveState().detach();
        ReplaySystem changed = new ReplaySystem();
        for (int at = recording.array().length() / 3; at < recording.array().length(); at++) {
            if (!TowerCodes.isMove(recording.array().get(at).code())) {
                continue;
            }
            changed.array().loadState(intact);
            changed.array().set(at, (changed.array().get(at).code() + 2) % 4);
            if (desyncOf(recording, changed.saveState()).isPresent()) {
                return write(recording, changed.saveState(), dir, name);
            }
        }
        throw new IllegalStateException("no turned move desyncs this recording");
    }

    private static Optional<ReplayDesyncException> desyncOf(Recording recording, ReplaySave save) {
        TowerGame game = new TowerGame(recording.tower());
        ReplaySystem player = TowerCommands.player(save, game);
        ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        sandbox.play();
        return sandbox.steps().then(Mono.<ReplayDesyncException>empty())
                .onErrorResume(error -> Mono.justOrEmpty(ReplayDesyncException.in(error)))
                .blockOptional(TIMEOUT);
    }

    /**
     * The state after playing the first {@code steps} steps straight, the last run of moves committed and
     * the recorded answers of the last group applied (what a stop there leaves).
     */
    static TowerState straight(Recording recording, int steps) {
        TowerGame game = new TowerGame(recording.tower());
        ReplaySystem player = TowerCommands.player(recording.system().saveState(), game);
        ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        sandbox.play();
        sandbox.steps().take(steps).then().block(TIMEOUT); // cancelling stops the playback and finalizes
        return game.state();
    }

    /**
     * The state a route of only the first {@code steps} steps ends in: nothing of step {@code steps} or
     * later applied, so a CHOICE at {@code steps} is still open.
     */
    static TowerState before(Recording recording, int steps) {
        ReplayArray prefix = new ReplayArray();
        for (int i = 0; i < steps; i++) {
            ReplayStep step = recording.array().get(i);
            prefix.add(step.code(), step.params().toArray());
        }
        TowerGame game = new TowerGame(recording.tower());
        ReplaySystem player = TowerCommands.player(prefix.saveState(), game);
        ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        sandbox.play();
        sandbox.steps().then().block(TIMEOUT);
        return game.state();
    }
}
