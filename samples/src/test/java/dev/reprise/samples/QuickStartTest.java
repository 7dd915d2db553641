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
import dev.reprise.command.ReplayCode;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's quick start, compiled and run: the snippets there are copied from here. */
class QuickStartTest {

    @TempDir
    Path dir;

    @Test
    void recordAndReplay() {
        int[] hero = {0, 0}; // the game: a hero at (x, y)

        // Give each input code a command that plays it...
        ReplaySystem replay = new ReplaySystem();
        replay.registerCommand(ReplayCode.RIGHT, ReplayCommand.sync(step -> hero[0]++));
        replay.registerCommand(ReplayCode.DOWN, ReplayCommand.sync(step -> hero[1]++));
        replay.registerCommand(ReplayCode.TELEPORT, ReplayCommand.sync(step -> {
            hero[0] = step.intParam(0);
            hero[1] = step.intParam(1);
        }));

        // ...record the inputs as the player makes them...
        replay.record(ReplayCode.RIGHT);
        replay.record(ReplayCode.TELEPORT, 7, 3);
        replay.record(ReplayCode.DOWN);

        // ...and play them back: reset the game, then every step, in order, as a Flux.
        ReplaySandbox sandbox = replay.createReplaySandbox(
                SandboxConfig.builder(replay.array(), save -> hero[0] = hero[1] = 0).build());
        sandbox.play();
        sandbox.steps().blockLast();

        assertThat(hero).containsExactly(7, 4);
    }

    @Test
    void saveAndLoad() throws IOException {
        ReplaySystem replay = new ReplaySystem();
        replay.record(ReplayCode.RIGHT);
        replay.record(ReplayCode.TELEPORT, 7, 3);
        Path file = dir.resolve("run.reprise");

        ReplayFile.builder(replay.saveState()).gameId("my-game").build().write(file);

        ReplaySystem loaded = new ReplaySystem();
        loaded.loadState(ReplayFile.read(file).save());

        assertThat(loaded.array().length()).isEqualTo(2);
        assertThat(loaded.array().get(1).params()).containsExactly(7, 3);
    }
}
