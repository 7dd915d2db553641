package dev.reprise.samples.viewer.tower;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.replay.TowerCommands;
import org.junit.jupiter.api.Test;

class TowerViewerTest {

    @Test
    void open_aReplayWithoutSeedMetadata_saysWhatIsMissing() {
        ReplayFile noSeed = ReplayFile.builder(new ReplayArray().saveState()).gameId(TowerCommands.GAME_ID)
                .dictionary(TowerCommands.dictionary()).build();

        assertThatThrownBy(() -> TowerViewer.replaysOnly().open(noSeed))
                .hasMessageContaining("the file has no \"seed\" metadata");
    }
}
