package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.io.ReplayFile;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.viewer.ViewerFixtures.Recording;
import dev.reprise.samples.viewer.tower.TowerViewer;
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
    static Recording recording;

    @BeforeAll
    static void files() throws IOException {
        folder = Files.createDirectories(root.resolve("replays"));
        recording = ViewerFixtures.record(11L, 3, 200, 25);
        ViewerFixtures.write(recording, folder, "good.reprise");
        ViewerFixtures.write(recording, root, "outside.reprise");
        Files.createSymbolicLink(folder.resolve("link.reprise"), root.resolve("outside.reprise"));
        Files.createDirectories(folder.resolve("dir.reprise"));
        Files.writeString(folder.resolve("notes.txt"), "not listed");
        ReplayFile.builder(recording.system().saveState()).gameId("some.other.game").build()
                .write(folder.resolve("other.reprise"));
        ReplayFile.builder(recording.system().saveState()).gameId(TowerCommands.GAME_ID)
                .dictionary(TowerCommands.dictionary()).build().write(folder.resolve("noseed.reprise"));
        TowerViewer tower = TowerViewer.replaysOnly();
        library = new ReplayLibrary(ViewerOptions.defaults(folder), ViewerGames.of(List.of(tower)));
    }

    @Test
    void list_showsOnlyReplayFilesDirectlyInTheFolder() throws IOException {
        assertThat(library.list()).extracting(ReplayLibrary.Listed::name)
                .containsExactly("good.reprise", "noseed.reprise", "other.reprise");
    }

    @Test
    void open_goodFile_isVerified() {
        ReplayLibrary.Loaded loaded = library.open("good.reprise");
        assertThat(loaded.file().save().length()).isEqualTo(recording.array().length());
        assertThat(loaded.game().gameId()).isEqualTo(TowerCommands.GAME_ID);
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
                .hasMessageContaining("a replay of \"some.other.game\", the viewer knows [dev.reprise.samples.tower]");
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

    @Test
    void replay_withoutSeedMetadata_saysWhatIsMissing() {
        ReplayLibrary.Loaded loaded = library.open("noseed.reprise");
        assertThatThrownBy(() -> loaded.game().open(loaded.file()))
                .hasMessageContaining("the file has no \"seed\" metadata");
    }
}
