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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplaySave;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import reactor.core.publisher.Flux;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayLibraryTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    static Path root;
    static Path folder;
    static ReplayLibrary library;
    static ReplaySave route;

    @BeforeAll
    static void files() throws IOException {
        folder = Files.createDirectories(root.resolve("replays"));
        route = SumViewer.route(200, 25, 0);
        SumViewer.write(route, folder.resolve("good.reprise"));
        SumViewer.write(route, root.resolve("outside.reprise"));
        Files.createSymbolicLink(folder.resolve("link.reprise"), root.resolve("outside.reprise"));
        Files.createDirectories(folder.resolve("dir.reprise"));
        Files.writeString(folder.resolve("notes.txt"), "not listed");
        ReplayFile.builder(route).gameId("some.other.game").build().write(folder.resolve("other.reprise"));
        library = new ReplayLibrary(ViewerOptions.defaults(folder), ViewerGames.of(List.of(new SumViewer())));
    }

    @Test
    void list_showsOnlyReplayFilesDirectlyInTheFolder() throws IOException {
        assertThat(library.list()).extracting(ReplayLibrary.Listed::name)
                .containsExactly("good.reprise", "other.reprise");
    }

    @Test
    void open_goodFile_isVerified() {
        ReplayLibrary.Loaded loaded = library.open("good.reprise");
        assertThat(loaded.file().save().length()).isEqualTo(route.length());
        assertThat(loaded.game().gameId()).isEqualTo(SumViewer.GAME_ID);
    }

    @Test
    void open_pathsLinksAndFolders_areRefused() {
        assertThatThrownBy(() -> library.open("../outside.reprise")).hasMessageContaining("not a replay name");
        assertThatThrownBy(() -> library.open("/etc/passwd")).hasMessageContaining("not a replay name");
        assertThatThrownBy(() -> library.open("..\\outside.reprise")).hasMessageContaining("not a replay name");
        assertThatThrownBy(() -> library.open("notes.txt")).hasMessageContaining("not a replay name");
        assertThatThrownBy(() -> library.open("link.reprise")).hasMessageContaining("no replay named");
        assertThatThrownBy(() -> library.open("dir.reprise")).hasMessageContaining("no replay named");
    }

    @Test
    void open_otherGame_namesTheGame() {
        assertThatThrownBy(() -> library.open("other.reprise"))
                .hasMessageContaining("a replay of \"some.other.game\", the viewer knows [sum-game]");
    }

    @Test
    void upload_corrupt_namesTheReason_andGoodUploadOpensOnce() throws IOException {
        assertThatThrownBy(() -> library.upload("x.reprise", Flux.just(new byte[] {1, 2, 3})).block(WAIT))
                .hasMessageStartingWith("x.reprise: ");
        String token = library.upload("mine.reprise", Flux.just(Files.readAllBytes(folder.resolve("good.reprise"))))
                .block(WAIT);
        assertThat(library.takeUpload(token).name()).isEqualTo("mine.reprise");
        assertThatThrownBy(() -> library.takeUpload(token)).hasMessageContaining("no such upload");
    }
}
