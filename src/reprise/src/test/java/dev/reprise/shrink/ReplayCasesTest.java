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
package dev.reprise.shrink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCode;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayCasesTest {

    @TempDir
    Path folder;

    private final ReplaySystem system = new ReplaySystem();

    ReplayCasesTest() {
        system.registerCommand(ReplayCode.RIGHT, ReplayCommand.sync(step -> { }));
        system.record(ReplayCode.RIGHT);
        system.record(ReplayCode.RIGHT);
    }

    @Test
    void write_writesTheRouteAsAReplayFileInTheFolder_creatingIt() throws IOException {
        Path written = ReplayCases.write(system, folder.resolve("src/test/replays"), "bug-1234", "my-game", "1.2");

        assertThat(written).isEqualTo(folder.resolve("src/test/replays/bug-1234.reprise"));
        ReplayFile file = ReplayFile.read(written);
        assertThat(file.gameId()).isEqualTo("my-game");
        assertThat(file.gameBuild()).isEqualTo("1.2");
        assertThat(file.save().length()).isEqualTo(2);
        assertThat(file.dictionary()).isEqualTo(system.commandDictionary());
        try (var files = Files.list(written.getParent())) {
            assertThat(files).containsExactly(written); // no temporary file left
        }
    }

    @Test
    void write_aFileWithMetadata_keepsTheExtensionGiven() throws IOException {
        Path written = ReplayCases.write(ReplayFile.builder(system.saveState()).gameId("my-game").gameBuild("1")
                .dictionary(system.commandDictionary()).metadata("seed", "42").build(), folder,
                "case.reprise");

        assertThat(written.getFileName().toString()).isEqualTo("case.reprise");
        assertThat(ReplayFile.read(written).metadata()).containsEntry("seed", "42");
    }

    @Test
    void write_neverOverwritesAKeptCase() throws IOException {
        Path kept = ReplayCases.write(system, folder, "bug", "my-game", "1");
        byte[] before = Files.readAllBytes(kept);
        system.record(ReplayCode.RIGHT);

        assertThatThrownBy(() -> ReplayCases.write(system, folder, "bug", "my-game", "1"))
                .isInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining("bug.reprise");
        assertThat(Files.readAllBytes(kept)).isEqualTo(before);
    }

    @Test
    void write_aNameWithFolders_isRefused() {
        assertThatThrownBy(() -> ReplayCases.write(system, folder, "../escape", "g", "1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("without folders");
        assertThatThrownBy(() -> ReplayCases.write(system, folder, " ", "g", "1"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void find_aFolder_walksItForReplayFiles_sortedByRelativePath() throws IOException {
        Files.createDirectories(folder.resolve("b/deep"));
        Files.write(folder.resolve("b/deep/z.reprise"), new byte[] {1});
        Files.write(folder.resolve("c.reprise"), new byte[] {1});
        Files.write(folder.resolve("a.reprise"), new byte[] {1});
        Files.write(folder.resolve("notes.txt"), new byte[] {1}); // not a replay: not found

        assertThat(ReplayCases.find(folder)).extracting(ReplayCases.Found::relative)
                .containsExactly("a.reprise", "b/deep/z.reprise", "c.reprise");
        assertThat(ReplayCases.find(folder)).allSatisfy(found -> {
            assertThat(found.path()).startsWith(folder).exists();
            assertThat(found.problem()).isEmpty();
        });
    }

    @Test
    void find_aFile_isTakenAsItIs_whateverItsName() throws IOException {
        Path file = Files.write(folder.resolve("bug.bin"), new byte[] {1});

        assertThat(ReplayCases.find(file)).containsExactly(new ReplayCases.Found(file, "bug.bin",
                java.util.Optional.empty()));
    }

    @Test
    void find_aPathThatDoesNotExist_isRefusedNamingIt() {
        assertThatThrownBy(() -> ReplayCases.find(folder.resolve("gone")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no such file or folder: ").hasMessageEndingWith("gone");
    }
}
