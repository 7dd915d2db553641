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

import dev.reprise.testing.Gen;
import dev.reprise.testing.SeededCases;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Seeking is exact: for random bot routes of the tower game and random forward and backward targets,
 * what the game holds after {@code seek(k)} is what it holds after playing the route straight to the
 * first group boundary at or after {@code k} — with a generous budget, with a budget so small that
 * checkpoints are evicted all the time, and without a snapshot provider.
 */
class SeekProperties {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    enum Budget { NONE, TINY, SMALL, AMPLE }

    @Test
    void seek_holdsWhatStraightPlayHolds() {
        SeededCases.check(60, gen -> seekHoldsWhatStraightPlayHolds(gen.between(1L, 1_000_000L), gen.between(1, 600),
                gen.between(1, 64), gen.pick(Budget.class), fractions(gen, 12)));
    }

    private static void seekHoldsWhatStraightPlayHolds(long seed, int inputLimit, int interval, Budget budget,
                                                       List<Double> targets) {
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
            assertThat(sandbox.replayed()).as("landed after seek(%d)", target).isEqualTo(landed);
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

    /**
     * The same for any route: random runs of two active codes (long runs delay checkpoints) and passive
     * steps answered by their active step, in a game where every execute, passive and finalize counts.
     */
    @Test
    void seek_anyRoute_holdsWhatStraightPlayHolds() {
        SeededCases.check(100, gen -> seekAnyRouteHoldsWhatStraightPlayHolds(gen.list(1, 120, g -> g.between(0, 5)),
                gen.between(1, 16), gen.between(1, 6), fractions(gen, 8)));
    }

    private static void seekAnyRouteHoldsWhatStraightPlayHolds(List<Integer> codes, int interval, int budgetSnapshots,
                                                               List<Double> targets) {
        // 0..2 → code 1, 3..4 → code 2, 5 → passive 9 (long runs of one code are likely)
        int[] route = codes.stream().mapToInt(c -> c <= 2 ? 1 : c <= 4 ? 2 : 9).toArray();
        SeekGame g = new SeekGame(new int[] {1, 2}, route);
        g.h.passive(9);
        g.answersPassives = true;
        int length = route.length;
        List<Integer> landings = targets.stream().map(f -> (int) Math.round(f * length)).toList();
        long[] straight = landings.stream().mapToLong(g::straightValue).toArray();
        int[] straightLanding = landings.stream().mapToInt(k -> firstBoundary(route, k)).toArray();
        ReplaySandbox sandbox = g.sandbox(b -> b.snapshots(g.snapshots()).checkpointInterval(interval)
                .checkpointBudget(100L * budgetSnapshots));
        sandbox.steps().subscribe();
        for (int i = 0; i < landings.size(); i++) {
            sandbox.seek(landings.get(i)).block(TIMEOUT);
            assertThat(sandbox.replayed()).isEqualTo(straightLanding[i]);
            assertThat(g.value).as("value after seek(%d) in %s", landings.get(i), codes).isEqualTo(straight[i]);
        }
    }

    /** One to {@code max} seek targets, each a fraction of the route's length. */
    private static List<Double> fractions(Gen gen, int max) {
        return gen.list(1, max, g -> g.between(0.0, 1.0));
    }

    /** The first group boundary at or after {@code k}: a passive step after an active one is inside a group. */
    private static int firstBoundary(int[] route, int k) {
        int at = k;
        while (at < route.length && route[at] == 9 && at > 0 && inGroup(route, at)) {
            at++;
        }
        return at;
    }

    private static boolean inGroup(int[] route, int passive) {
        int i = passive;
        while (i > 0 && route[i - 1] == 9) {
            i--;
        }
        return i > 0; // an active step heads the run of passives
    }
}
