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
package dev.reprise.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code shrink} and {@code cut} end to end, on the samples' tower game (its provider is on the test class
 * path): every exit code, the one line written, and what the installed game says of the files written.
 */
class ShrinkCommandTest {

    private static final ReplayVerifier TOWER = TowerVerification.verifier().parallelism(1).testCases(true).build();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** A bot's game of the tower: valid, a state-hash step every 50 inputs. */
    private static ReplayFile valid;

    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void record() {
        valid = TowerVerification.record(7, 2, 400);
    }

    private int run(String... args) {
        return ToolRun.run(out, err, args);
    }

    private static Verdict verdict(Path file) {
        return TOWER.verify(ReplaySource.of(file.toString(), file)).block(TIMEOUT);
    }

    private Path write(String name, ReplayFile file) throws IOException {
        Path path = folder.resolve(name);
        file.write(path);
        return path;
    }

    /** The valid game with steps changed: a route edited in place, metadata kept. */
    private static ReplayFile edited(java.util.function.Consumer<ReplayArray> edit) {
        ReplayArray route = new ReplayArray();
        route.loadState(valid.save());
        edit.accept(route);
        return ReplayFile.builder(route.saveState()).gameId(valid.gameId()).gameBuild(valid.gameBuild())
                .dictionary(valid.dictionary()).metadata(valid.metadata()).build();
    }

    /** The index of the {@code n}-th state-hash step (from 0). */
    private static int hashStep(int n) {
        ReplayArray route = new ReplayArray();
        route.loadState(valid.save());
        for (int i = 0, seen = 0; i < route.length(); i++) {
            if (route.get(i).code() == TowerCommands.STATE_HASH && seen++ == n) {
                return i;
            }
        }
        throw new AssertionError("fewer than " + (n + 1) + " hash steps");
    }

    @Test
    void shrink_aFailedReplay_writesTheSmallestThatFailsTheSameWay_andPrintsOneLine() throws IOException {
        // UNEQUIP takes a slot number: a text fails the step with a TowerInputException, whatever came before.
        Path in = write("failed.reprise", edited(route -> route.insert(route.length() / 2, TowerCodes.UNEQUIP,
                "not a slot")));
        Path shrunk = folder.resolve("shrunk.reprise");
        Verdict before = verdict(in);
        assertThat(before.outcome()).isEqualTo(Outcome.FAILED);

        int status = run("shrink", in.toString(), shrunk.toString());

        assertThat(status).as(err.toString()).isEqualTo(ReplayTool.OK);
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).matches("shrunk " + java.util.regex.Pattern.quote(in + " -> " + shrunk)
                + " \\(FAILED\\): " + (valid.save().length() + 1) + " -> 1 steps, \\d+ tries; state hashes none");
        Verdict after = verdict(shrunk);
        assertThat(after.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(after.reason()).contains("(code " + TowerCodes.UNEQUIP + ", UNEQUIP)")
                .contains("TowerInputException");
        assertThat(ReplayFile.read(shrunk).save().length()).isEqualTo(1);
    }

    @Test
    void shrink_aValidReplay_exitsOne_andWritesNothing() throws IOException {
        Path in = write("valid.reprise", valid);
        Path target = folder.resolve("never.reprise");

        int status = run("shrink", "--game=" + TowerCommands.GAME_ID, in.toString(), target.toString());

        assertThat(status).isEqualTo(ReplayTool.FAILED);
        assertThat(out.toString()).isEqualTo(in + ": VALID, nothing to shrink; " + target + " is not written"
                + System.lineSeparator());
        assertThat(target).doesNotExist();
    }

    @Test
    void shrink_aDesync_isCutAfterTheFirstDivergingHashWindow_sayingSo() throws IOException {
        int second = hashStep(1);
        Path in = write("desync.reprise", edited(route -> route.set(second, TowerCommands.STATE_HASH,
                ((Number) route.get(second).param(0)).longValue() ^ 1)));
        Path cut = folder.resolve("cut.reprise");

        int status = run("shrink", in.toString(), cut.toString());

        assertThat(status).as(err.toString()).isEqualTo(ReplayTool.OK);
        assertThat(out.toString().lines().toList()).singleElement().asString()
                .startsWith("cut " + in + " -> " + cut + " after the first diverging hash window (DESYNC at step "
                        + second + "; a desync cannot be shrunk by removing inputs): " + valid.save().length() + " -> "
                        + (second + 1) + " steps, ")
                .endsWith("; state hashes recorded");
        Verdict after = verdict(cut);
        assertThat(after.outcome()).isEqualTo(Outcome.DESYNC);
        assertThat(after.stepReached()).isEqualTo(second);
    }

    @Test
    void shrink_usageErrors_exitTwo() throws IOException {
        Path in = write("failed.reprise", valid);
        Path target = folder.resolve("never.reprise");

        assertThat(run("shrink", in.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(run("shrink", "--game=no-such-game", in.toString(), target.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString()).contains("game 'no-such-game' is not installed");
        assertThat(run("shrink", "--max-tries=0", in.toString(), target.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(run("shrink", "--budget=0", in.toString(), target.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(run("shrink", "--no-such-option", in.toString(), target.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(run("shrink", "--timeout=0", in.toString(), target.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString()).contains("replay-tool shrink: --timeout must be 1 or more seconds, but was 0");
        assertThat(run("shrink", "--build=1", in.toString(), target.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString()).contains("--build chooses among the game jars of --builds=DIR");
        assertThat(target).doesNotExist();
    }

    @Test
    void shrink_eachTryIsBoundedByTimeout_asVerifyBoundsAReplay() {
        ShrinkCommand command = new ShrinkCommand();
        new CommandLine(command).parseArgs("in.reprise", "out.reprise");
        assertThat(command.timeout.timeout()).isEqualTo(ReplayVerifier.RECOMMENDED_TIMEOUT);
        new CommandLine(command).parseArgs("--timeout=5", "in.reprise", "out.reprise");
        assertThat(command.timeout.timeout()).isEqualTo(Duration.ofSeconds(5));

        assertThat(run("shrink", "--help")).isZero();
        assertThat(out.toString().replaceAll("\\s+", " ")).contains("--timeout=SECONDS").contains("(default: 60)")
                .contains("Each try is bounded by --timeout");
    }

    @Test
    void shrink_anUnreadableReplay_exitsOne_namingIt() {
        Path missing = folder.resolve("missing.reprise");

        assertThat(run("shrink", missing.toString(), folder.resolve("out.reprise").toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(err.toString()).isEqualTo(missing + ": no such file" + System.lineSeparator());
    }

    @Test
    void shrink_aTightBudget_writesTheBestSoFar_sayingItStoppedEarly() throws IOException {
        Path in = write("failed.reprise", edited(route -> route.insert(route.length() / 2, TowerCodes.UNEQUIP,
                "not a slot")));
        Path shrunk = folder.resolve("early.reprise");

        assertThat(run("shrink", "--max-tries=2", in.toString(), shrunk.toString())).isEqualTo(ReplayTool.OK);

        assertThat(out.toString()).contains(" 2 tries; ").contains("stopped early");
        assertThat(verdict(shrunk).outcome()).isEqualTo(Outcome.FAILED);
    }

    @Test
    void cut_keepsTheFirstSteps_withAFinalStateHashRecomputedOnTheInstalledGame() throws IOException {
        Path in = write("valid.reprise", valid);
        Path cut = folder.resolve("cut.reprise");

        int status = run("cut", "--final-hash", in.toString(), cut.toString(), "--steps=120");

        assertThat(status).as(err.toString()).isEqualTo(ReplayTool.OK);
        assertThat(out.toString()).isEqualTo("cut " + in + " -> " + cut + ": " + valid.save().length() + " -> 120 steps; "
                + "final state hash (" + TowerVerification.FINAL_HASH_KEY + ") recomputed on the game; the kept steps "
                + "hold up (VALID)" + System.lineSeparator());
        ReplayFile file = ReplayFile.read(cut);
        assertThat(file.save().length()).isEqualTo(120);
        assertThat(file.metadata().get(TowerVerification.FINAL_HASH_KEY))
                .isNotEqualTo(valid.metadata().get(TowerVerification.FINAL_HASH_KEY));
        assertThat(verdict(cut).outcome()).isEqualTo(Outcome.VALID);
    }

    @Test
    void cut_writesNoFinalStateHashUnlessAsked_andVerifyJudgesTheTestCaseWithoutOne() throws IOException {
        Path in = write("valid.reprise", valid);
        Path cut = folder.resolve("cut.reprise");

        assertThat(run("cut", in.toString(), cut.toString(), "--steps=120")).as(err.toString()).isEqualTo(ReplayTool.OK);

        assertThat(out.toString()).contains("120 steps; no final state hash (" + TowerVerification.FINAL_HASH_KEY
                + "; --final-hash writes one); the kept steps hold up (VALID)");
        ReplayFile file = ReplayFile.read(cut);
        assertThat(file.metadata()).doesNotContainKey(TowerVerification.FINAL_HASH_KEY)
                .containsEntry(ReplayVerifier.TEST_CASE_KEY, "cut");
        Verdict verdict = verdict(cut);
        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.VALID);
        assertThat(verdict.reason()).contains("a test case, no final state hash claimed");
    }

    @Test
    void cut_ofAFailingPrefix_saysTheKeptStepsFail() throws IOException {
        Path in = write("failed.reprise", edited(route -> route.insert(10, TowerCodes.UNEQUIP, "not a slot")));
        Path cut = folder.resolve("cut.reprise");

        assertThat(run("cut", in.toString(), cut.toString(), "--steps=20")).as(err.toString()).isEqualTo(ReplayTool.OK);

        assertThat(out.toString()).contains("; the kept steps fail: FAILED (");
    }

    @Test
    void shrink_writesNoFinalStateHash_soThatVerifySaysHowTheCaseIsJudged() throws IOException {
        Path in = write("failed.reprise", edited(route -> route.insert(route.length() / 2, TowerCodes.UNEQUIP,
                "not a slot")));
        Path shrunk = folder.resolve("shrunk.reprise");

        assertThat(run("shrink", in.toString(), shrunk.toString())).as(err.toString()).isEqualTo(ReplayTool.OK);

        assertThat(ReplayFile.read(shrunk).metadata()).doesNotContainKey(TowerVerification.FINAL_HASH_KEY)
                .containsEntry(ReplayVerifier.TEST_CASE_KEY, "shrunk");
        assertThat(verdict(shrunk).outcome()).isEqualTo(Outcome.FAILED);
    }

    @Test
    void shrink_maxTries_isTheMostTriesReported() throws IOException {
        Path in = write("failed.reprise", edited(route -> route.insert(route.length() / 2, TowerCodes.UNEQUIP,
                "not a slot")));

        assertThat(run("shrink", "--max-tries=50", in.toString(), folder.resolve("early.reprise").toString()))
                .as(err.toString()).isEqualTo(ReplayTool.OK);

        assertThat(out.toString()).containsPattern(" (50|[1-4]?\\d) tries; ");
    }

    @Test
    void shrink_ontoItsInput_isRefused_andTheReportIsKept() throws IOException {
        Path in = write("failed.reprise", edited(route -> route.insert(route.length() / 2, TowerCodes.UNEQUIP,
                "not a slot")));
        byte[] before = Files.readAllBytes(in);
        Path link = Files.createSymbolicLink(folder.resolve("link.reprise"), in.getFileName());

        assertThat(run("shrink", in.toString(), in.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(run("shrink", in.toString(), link.toString())).isEqualTo(ReplayTool.USAGE);

        assertThat(err.toString()).contains("is IN").contains("is a link to IN");
        assertThat(Files.readAllBytes(in)).isEqualTo(before);
    }

    @Test
    void cut_aGameThatIsNotInstalled_keepsTheMetadata() throws IOException {
        Path in = write("other.reprise", valid.toBuilder().gameId("not-installed").build());
        Path cut = folder.resolve("cut.reprise");

        assertThat(run("cut", in.toString(), cut.toString(), "--steps", "3")).isEqualTo(ReplayTool.OK);

        assertThat(out.toString()).contains(": " + valid.save().length() + " -> 3 steps; game \"not-installed\" is "
                + "not installed: the metadata is kept as it was");
        assertThat(ReplayFile.read(cut).metadata()).containsAllEntriesOf(valid.metadata());
    }

    @Test
    void cut_usageErrors_exitTwo_andAnUnreadableFile_one() throws IOException {
        Path in = write("valid.reprise", valid);
        Path target = folder.resolve("never.reprise");

        assertThat(run("cut", in.toString(), target.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(run("cut", in.toString(), target.toString(), "--steps=-1")).isEqualTo(ReplayTool.USAGE);
        assertThat(run("cut", in.toString(), target.toString(), "--steps=" + (valid.save().length() + 1)))
                .isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString()).contains("--steps must be at most " + valid.save().length());
        assertThat(run("cut", folder.resolve("missing").toString(), target.toString(), "--steps=1"))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(Files.exists(target)).isFalse();
    }
}
