package dev.reprise.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.samples.tower.replay.TowerCommands;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DesyncAndSeekSampleTest {

    @ParameterizedTest
    @ValueSource(longs = {7, 11, 2026})
    void run_seeksMatchAStraightPlaythrough_andTheDesyncWindowHoldsTheChangedMove(long seed) {
        DesyncAndSeekSample.Outcome outcome = DesyncAndSeekSample.run(seed);

        assertThat(outcome.seeksMatched()).isTrue();
        assertThat(outcome.desync()).isPresent();
        ReplayDesyncException desync = outcome.desync().orElseThrow();
        assertThat(desync.lastMatchedIndex()).isLessThan(outcome.changedStep());
        assertThat(desync.stepIndex()).isGreaterThan(outcome.changedStep());
        assertThat(desync.stepIndex() - desync.lastMatchedIndex())
                .isLessThanOrEqualTo(DesyncAndSeekSample.HASH_INTERVAL + 2); // two hash steps and one window
        assertThat(desync.replayedHash()).isNotEqualTo(desync.recordedHash());
    }

    @Test
    void dictionary_namesTheStateHashStep() {
        assertThat(TowerCommands.dictionary().name(TowerCommands.STATE_HASH)).contains(TowerCommands.STATE_HASH_NAME);
    }
}
