package dev.reprise.samples.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.ReplayFile;
import dev.reprise.test.ReplayAssertions;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.VerifiableGame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tower plays its corpus the same way every time, and describes its state field by field. */
class TowerDeterminismTest {

    private static final long SEED = 20_261_207L;

    @TempDir
    Path folder;

    @Test
    void assertDeterministic_everyValidReplayOfTheCorpus_isDeterministic() throws IOException {
        int written = 0;
        for (TowerCorpus.Entry entry : TowerCorpus.generate(SEED, 20)) {
            if (entry.expected() == Outcome.VALID) {
                Files.write(folder.resolve(entry.id() + ".reprise"), entry.bytes());
                written++;
            }
        }
        assertThat(written).isEqualTo(10);

        ReplayAssertions.assertDeterministic(folder, TowerVerification::game);
    }

    @Test
    void describeState_namesTheHeroFieldsAndTheFloors() {
        ReplayFile file = TowerVerification.record(SEED, 2, 30);
        VerifiableGame game = TowerVerification.game(file);

        Map<String, ?> state = game.describeState();

        assertThat(Map.copyOf(state).keySet()).contains("hero", "keys", "items", "bag", "slots", "floors");
        assertThat(state.get("hero")).asInstanceOf(InstanceOfAssertFactories.MAP).containsEntry("hp", 1000)
                .containsKeys("gold", "floor", "x", "y");
    }
}
