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

import dev.reprise.command.ReplayCode;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.io.ReplayMismatchException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.test.StepVerifier;

class ReplaySystemReplayFileTest {

    @TempDir
    Path dir;

    private static ReplaySystem game() {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(ReplayCode.UP, ReplayCommand.sync(step -> { }));
        system.registerCommand(20, "openChest", ReplayCommand.sync(step -> { }));
        return system;
    }

    private static ReplayFile file(ReplaySystem system, String gameId, String gameBuild) {
        return ReplayFile.builder(system.saveState()).gameId(gameId).gameBuild(gameBuild)
                .dictionary(system.commandDictionary()).build();
    }

    private static ReplayCompatibility compatibility(ReplaySystem system, String gameId) {
        return ReplayCompatibility.builder(gameId, system.commandDictionary()).build();
    }

    @Test
    void writeAsync_snapshotsAtBuild_thenReadAsync_loadsTheSameRoute() {
        ReplaySystem recorder = game();
        recorder.record(ReplayCode.UP);
        recorder.record(20, 7, "gold");
        Path file = dir.resolve("run.rpl");
        var save = file(recorder, "tower", "1.0").writeAsync(file);
        recorder.record(ReplayCode.UP); // after build(): not in the file
        StepVerifier.create(save).expectComplete().verify(Duration.ofSeconds(10));

        ReplaySystem player = game();
        ReplayFile read = ReplayFile.readAsync(file).map(compatibility(player, "tower")::check)
                .block(Duration.ofSeconds(10));
        player.loadState(read.save());

        assertThat(player.array().length()).isEqualTo(2);
        assertThat(player.array().get(1).params()).containsExactly(7, "gold");
        assertThat(read.dictionary()).isEqualTo(recorder.commandDictionary());
        assertThat(read.gameBuild()).isEqualTo("1.0");
    }

    @Test
    void readAsync_otherGameOrUnknownCommand_failsWithEveryMismatch() throws Exception {
        ReplaySystem recorder = game();
        recorder.record(20, 1);
        Path file = dir.resolve("run.rpl");
        file(recorder, "tower", "1.0").writeAsync(file).block(Duration.ofSeconds(10));

        ReplaySystem other = new ReplaySystem(); // knows no command 20, and is another game
        StepVerifier.create(ReplayFile.readAsync(file).map(compatibility(other, "other-game")::check))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(ReplayMismatchException.class)
                        .hasMessageContaining("other-game").hasMessageContaining("20"))
                .verify(Duration.ofSeconds(10));
        assertThat(other.array().length()).isZero();
        assertThat(Files.exists(file)).isTrue();
    }

    @Test
    void commandDictionary_namesBuiltInsAndNamedCommands() {
        assertThat(game().commandDictionary().asMap()).containsEntry(ReplayCode.UP, "UP").containsEntry(20, "openChest");
    }

    @Test
    void loadState_beyondCaps_throwsAndKeepsTheRoute() {
        ReplaySystem recorder = game();
        for (int i = 0; i < 5; i++) {
            recorder.record(ReplayCode.UP);
        }
        ReplayFile file = ReplayFile.builder(recorder.saveState()).gameId("tower").gameBuild("1.0")
                .dictionary(recorder.commandDictionary()).build();
        ReplaySystem small = new ReplaySystem(dev.reprise.route.ReplayArrayConfig.builder()
                .initCommandLength(2).commandMaxLength(3).build());
        small.record(ReplayCode.UP);
        assertThatThrownBy(() -> small.loadState(file.save())).isInstanceOf(dev.reprise.route.ReplayFormatException.class);
        assertThat(small.array().length()).isEqualTo(1);
    }

    @Test
    void write_thenRead_blocking_roundTripsAndChecks() throws Exception {
        ReplaySystem recorder = game();
        recorder.record(20, 3, "key");
        Path file = dir.resolve("blocking.rpl");
        file(recorder, "tower", "2.0").write(file);

        ReplaySystem player = game();
        ReplayFile read = compatibility(player, "tower").check(ReplayFile.read(file));
        player.loadState(read.save());
        assertThat(player.array().get(0).params()).containsExactly(3, "key");
        assertThatThrownBy(() -> compatibility(new ReplaySystem(), "other-game").check(ReplayFile.read(file)))
                .isInstanceOf(ReplayMismatchException.class).hasMessageContaining("other-game");
    }
}
