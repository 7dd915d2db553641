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
import dev.reprise.command.ReplayCode;
import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.desync.StateHashRecorder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/** The examples of docs/seeking.md, kept compiling and passing here. */
class SeekingExamplesTest {

    /** A toy game whose whole state is a position, kept as an immutable value. */
    static final class Hero {
        record Position(int x, int y) {
        }

        Position at = new Position(0, 0);

        long stateHash() {
            return 31L * at.x() + at.y();
        }
    }

    static final int STATE_HASH = 200; // the game's code for state-hash steps

    @Test
    void seekWithCheckpoints() {
        Hero hero = new Hero();
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(ReplayCode.RIGHT, ReplayCommand.sync(step -> hero.at = new Hero.Position(hero.at.x() + 1, hero.at.y())));
        system.registerCommand(ReplayCode.UP, ReplayCommand.sync(step -> hero.at = new Hero.Position(hero.at.x(), hero.at.y() - 1)));
        for (int i = 0; i < 5_000; i++) {
            system.record(i % 3 == 0 ? ReplayCode.UP : ReplayCode.RIGHT);
        }
        // [seek-config]
        SnapshotProvider<Hero.Position> snapshots = new SnapshotProvider<>() {
            @Override
            public Hero.Position capture() {
                return hero.at; // immutable: safe to keep
            }

            @Override
            public void restore(Hero.Position snapshot) {
                hero.at = snapshot;
            }

            @Override
            public long estimateBytes(Hero.Position snapshot) {
                return 24;
            }
        };
        ReplaySandbox sandbox = system.createReplaySandbox(
                SandboxConfig.<Hero.Position>builder(system.array(), save -> hero.at = new Hero.Position(0, 0))
                        .snapshots(snapshots)
                        .checkpointInterval(500)          // a checkpoint at least every 500 steps
                        .checkpointBudget(16L << 20)      // at most 16 MiB of snapshots
                        .startPaused(true)                // seek first, then play
                        .build());
        // [seek-config]
        // [seek-use]
        sandbox.steps()
                .filter(step -> !step.seeking())          // fast-forwarded steps are not shown
                .subscribe(step -> { /* draw the frame */ });
        sandbox.seek(4_000).block(Duration.ofSeconds(5)); // forward: plays 0..3999, capturing checkpoints
        sandbox.seek(1_234).block(Duration.ofSeconds(5)); // backward: restores the checkpoint at 1002, replays 232 steps
        sandbox.play();                                   // goes on from step 1234
        // [seek-use]
        assertThat(sandbox.checkpoints().indexes()).startsWith(501, 1002, 1503);
        assertThat(hero.at).isEqualTo(new Hero.Position(5_000 - 1_667, -1_667));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void desyncDetection() {
        Hero recording = new Hero();
        Hero replaying = new Hero();
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(ReplayCode.RIGHT, ReplayCommand.sync(step -> replaying.at = new Hero.Position(replaying.at.x() + 1, 0)));
        // [desync-record]
        StateHashRecorder recorder = new StateHashRecorder(system, STATE_HASH, 100, recording::stateHash);
        for (int i = 0; i < 1_000; i++) {
            recorder.record(ReplayCode.RIGHT);            // before the game applies the input
            recording.at = new Hero.Position(recording.at.x() + 1, 0);
        }
        recorder.recordHash();                            // and one at the end
        // [desync-record]
        system.array().set(250, ReplayCode.UP);          // a corrupted step...
        system.registerCommand(ReplayCode.UP, ReplayCommand.sync(step -> { }));
        // [desync-play]
        system.registerCommand(STATE_HASH, new StateHashCheck(replaying::stateHash));
        ReplaySandbox sandbox = system.createReplaySandbox(
                SandboxConfig.<Object>builder(system.array(), save -> replaying.at = new Hero.Position(0, 0)).build());
        sandbox.play();
        StepVerifier.create(sandbox.steps())
                .thenConsumeWhile(step -> true)
                .expectErrorSatisfies(error -> {
                    ReplayDesyncException desync = ReplayDesyncException.in(error).orElseThrow();
                    // "Replay desync at step 302: ... the last matching hash step was 201,
                    //  so the replay diverged in steps 202..301"
                    assertThat(desync.lastMatchedIndex()).isEqualTo(201);
                    assertThat(desync.stepIndex()).isEqualTo(302);
                }).verify(Duration.ofSeconds(10));
        // [desync-play]
    }

    @Test
    void docs_quoteEveryExampleAsWritten() throws IOException {
        String source = Files.readString(Path.of("src/reprise/src/test/java/dev/reprise/playback/SeekingExamplesTest.java"));
        String doc = Files.readString(Path.of("docs/seeking.md"));
        Matcher region = Pattern.compile("// \\[([a-z-]+)]\n(.*?)\n\\s*// \\[\\1]", Pattern.DOTALL).matcher(source);
        int regions = 0;
        while (region.find()) {
            regions++;
            String code = region.group(2).stripIndent().strip();
            assertThat(doc).as("docs/seeking.md quotes [%s]", region.group(1)).contains(code);
        }
        assertThat(regions).isEqualTo(4);
    }
}
