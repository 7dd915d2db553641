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

import dev.reprise.io.ReplayFile;
import dev.reprise.verify.ReplaySource;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A check that fails once in N runs is caught before the search: the shrink says the game or check is not deterministic. */
class FlakyShrinkTest {

    /** The check fails the first replay played, then once in every {@code N} (a clock, a race, a random seed). */
    private static final int N = 50;

    @Test
    void aReplayThatFailsOnlySometimes_isNotShrunk_sayingTheGameOrCheckIsNotDeterministic() {
        ReplayFile report = DungeonGame.report(400);
        AtomicInteger built = new AtomicInteger();
        Set<DungeonGame> unlucky = ConcurrentHashMap.newKeySet();

        assertThatThrownBy(() -> ReplayCheck.of(ReplaySource.of("flaky", report), file -> {
                    DungeonGame game = DungeonGame.fixed(file);
                    if (built.incrementAndGet() % N == 1) {
                        unlucky.add(game);
                    }
                    return game;
                })
                .ignoringStateHashes()
                .invariant("the hero is in the dungeon", game -> !unlucky.contains(game))
                .shrink().progress(Duration.ofDays(1), line -> { }).run())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("judged twice, it invariant \"the hero is in the dungeon\" broke")
                .hasMessageContaining("then held up")
                .hasMessageContaining("not deterministic");
        assertThat(built).hasValueLessThanOrEqualTo(3);
    }
}
