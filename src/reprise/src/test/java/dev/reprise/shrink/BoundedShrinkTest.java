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
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.reprise.io.ReplayFile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A check that never returns is bounded: the replay is {@code TIMED_OUT} once its timeout is past, a shrink
 * keeps to its time budget, and the thread left in the check never holds up the test.
 */
class BoundedShrinkTest {

    private static final Duration TIMEOUT = Duration.ofMillis(300);

    private final StuckCheck stuck = new StuckCheck();

    @TempDir
    Path folder;

    @AfterEach
    void letTheThreadsLeftBehindEnd() {
        stuck.release();
    }

    /** The invariant of the dungeon, as a careless test wrote it: once the curse struck twice, it never returns. */
    private boolean hangsOnceBroken(DungeonGame game) {
        if (!game.curseStrikesOnce()) {
            stuck.block();
        }
        return true;
    }

    private ReplayCheck<DungeonGame> check(Path replay, Function<ReplayFile, DungeonGame> build) {
        return ReplayCheck.of(replay, build).ignoringStateHashes()
                .invariant("never returns once broken", this::hangsOnceBroken).timeout(TIMEOUT);
    }

    private Path report() throws IOException {
        Path path = folder.resolve("bug.reprise");
        DungeonGame.report(400).write(path);
        return path;
    }

    @Test
    void aCheckThatNeverReturns_timesOut() throws IOException {
        Path bug = report();

        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertThatThrownBy(
                () -> check(bug, DungeonGame::buggy).check()).isInstanceOf(AssertionError.class)
                .hasMessageContaining("did not end within " + TIMEOUT));
    }

    @Test
    void aShrinkWhoseCheckNeverReturns_keepsToItsTimeBudget_andWritesProgressMeanwhile() throws IOException {
        Path bug = report();
        List<String> lines = new ArrayList<>();

        ShrunkReplay shrunk = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> check(bug, DungeonGame::buggy)
                .shrink().timeBudget(Duration.ofSeconds(2)).progress(Duration.ZERO, lines::add).run());

        assertThat(shrunk.status()).isEqualTo(ShrunkReplay.Status.SHRUNK);
        assertThat(shrunk.failure().orElseThrow().kind()).isEqualTo(ReplayFailure.Kind.TIMED_OUT);
        assertThat(shrunk.stepsAfter()).isLessThan(shrunk.stepsBefore());
        assertThat(shrunk.elapsed()).isLessThan(Duration.ofSeconds(2).plus(TIMEOUT.multipliedBy(6)));
        assertThat(lines).isNotEmpty();
    }
}
