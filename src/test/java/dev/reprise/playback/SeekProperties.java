package dev.reprise.playback;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/**
 * Seeking is exact: for random bot routes of the tower game and random forward and backward targets,
 * what the game holds after {@code seek(k)} is what it holds after playing the route straight to the
 * first group boundary at or after {@code k} — with a generous budget, with a budget so small that
 * checkpoints are evicted all the time, and without a snapshot provider.
 */
class SeekProperties {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    enum Budget { NONE, TINY, SMALL, AMPLE }

    @Property(tries = 60)
    void seek_holdsWhatStraightPlayHolds(@ForAll @LongRange(min = 1, max = 1_000_000) long seed,
                                         @ForAll @IntRange(min = 1, max = 600) int inputLimit,
                                         @ForAll @IntRange(min = 1, max = 64) int interval,
                                         @ForAll Budget budget,
                                         @ForAll @Size(min = 1, max = 12) List<@DoubleRange(min = 0, max = 1) Double> targets) {
        TowerSeekFixture fixture = TowerSeekFixture.recorded(seed, 4, inputLimit);
        List<TowerSeekFixture.Held> straight = fixture.straightPlay();
        int length = fixture.system.array().length();
        long snapshotBytes = fixture.snapshots().estimateBytes(fixture.game.state());
        ReplaySandbox sandbox = fixture.sandbox(builder -> {
            builder.checkpointInterval(interval);
            switch (budget) {
                case NONE -> { }
                case TINY -> builder.snapshots(fixture.snapshots()).checkpointBudget(snapshotBytes * 2);
                case SMALL -> builder.snapshots(fixture.snapshots()).checkpointBudget(snapshotBytes * 8);
                case AMPLE -> builder.snapshots(fixture.snapshots());
            }
        });
        sandbox.steps().subscribe();

        for (double fraction : targets) {
            int target = (int) Math.round(fraction * length);
            sandbox.seek(target).block(TIMEOUT);

            int landed = TowerSeekFixture.boundaryAtOrAfter(straight, target);
            assertThat(sandbox.getReplayed()).as("landed after seek(%d)", target).isEqualTo(landed);
            assertThat(fixture.held()).as("held after seek(%d) of %d", target, length).isEqualTo(straight.get(landed));
            if (budget == Budget.TINY) {
                assertThat(sandbox.checkpoints().size()).isLessThanOrEqualTo(2);
            }
        }
        // Playing on from the last target ends where the straight playthrough ends.
        sandbox.seek(length).block(TIMEOUT);
        assertThat(fixture.held()).isEqualTo(straight.get(length));
        assertThat(sandbox.state()).isNotEqualTo(PlaybackState.FAILED);
    }
}
