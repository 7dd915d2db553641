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
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import dev.reprise.verify.ReplayVerifier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bug-report recipe of {@code docs/testing.md}, as a newcomer met it: a turn-based crawler applied a
 * perk twice. The player's 208-step replay fails the invariant on the build with the bug; on the fixed
 * build the hero is weaker, levels up at other fights, and the whole replay cannot pass; shrunk, it keeps
 * the four steps that show the bug, fails on the build with the bug and passes on the fixed one.
 */
class BugReportExamplesTest {

    private static final Path REPLAYS = Path.of("target/perk-replays");
    /** The player's replay, as the bug report brought it. */
    private static final Path REPORT = REPLAYS.resolve("reports/perk-report.reprise");
    /** The regression case: the report, shrunk. */
    private static final Path PERK_TWICE = REPLAYS.resolve("perk-applied-twice.reprise");

    @BeforeAll
    static void theReportArrives() throws IOException {
        if (Files.exists(REPLAYS)) {
            try (Stream<Path> paths = Files.walk(REPLAYS)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        Files.createDirectories(REPORT.getParent());
        PerkGame.report(208).write(REPORT);
        shrinkTheReport();
    }

    /** Run once, by hand or as here: the shrunk replay becomes the regression case. */
    static void shrinkTheReport() throws IOException {
        ShrunkReplay shrunk = ReplayCheck.of(REPORT, PerkGame::buggy)
                .ignoringStateHashes()
                .invariant(PerkGame.PERK_ONCE, PerkGame::perkAppliedOnce)
                .shrink()
                .to(PERK_TWICE);
        System.out.println(shrunk.summary()); // perk-report.reprise: 208 -> 4 steps, 14 tries, ...
    }

    @Test
    void theReport_breaksTheInvariant_onTheBuildWithTheBug() {
        assertThatThrownBy(() -> ReplayCheck.of(REPORT, PerkGame::buggy)
                .ignoringStateHashes() // recorded on the build with the bug
                .invariant(PerkGame.PERK_ONCE, PerkGame::perkAppliedOnce)
                .check())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("invariant \"a perk is applied once\" broke");
    }

    @Test
    void theWholeReport_cannotPass_onTheFixedBuild() {
        assertThatThrownBy(() -> ReplayCheck.of(REPORT, PerkGame::fixed)
                .ignoringStateHashes()
                .invariant(PerkGame.PERK_ONCE, PerkGame::perkAppliedOnce)
                .check())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("(code 17, perk) failed in passive")
                .hasMessageContaining("no perk dialog is open");
    }

    @Test
    void theShrunkReport_keepsTheFightsToTheFirstPerk() throws IOException {
        ReplayArray route = new ReplayArray();
        route.loadState(ReplayFile.read(PERK_TWICE).save());

        assertThat(Stream.iterate(0, i -> i < route.length(), i -> i + 1).map(route::get).map(ReplayStep::code))
                .containsExactly(PerkGame.FIGHT, PerkGame.FIGHT, PerkGame.FIGHT, PerkGame.PERK);
    }

    @Test
    void perkAppliedTwice_failsOnTheBuildWithTheBug() {
        assertThatThrownBy(() -> ReplayCheck.of(PERK_TWICE, PerkGame::buggy)
                .ignoringStateHashes()
                .invariant(PerkGame.PERK_ONCE, PerkGame::perkAppliedOnce)
                .check())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("invariant \"a perk is applied once\" broke");
    }

    @Test
    void perkAppliedTwice_isAppliedOnce() {
        ReplayCheck.of(PERK_TWICE, PerkGame::fixed)
                .ignoringStateHashes()
                .invariant(PerkGame.PERK_ONCE, PerkGame::perkAppliedOnce)
                .check();
    }

    @Test
    void aCut_keepsTheFirstSteps() throws IOException {
        ReplayFile report = ReplayFile.read(REPORT);

        ReplayFile firstFight = ReplayCases.cut(report, 14);

        assertThat(firstFight.save().length()).isEqualTo(14);
        assertThat(firstFight.metadata()).containsAllEntriesOf(report.metadata())
                .containsEntry(ReplayVerifier.TEST_CASE_KEY, "cut");
        assertThatThrownBy(() -> ReplayCases.cut(report, 209)).isInstanceOf(IllegalArgumentException.class);
    }
}
