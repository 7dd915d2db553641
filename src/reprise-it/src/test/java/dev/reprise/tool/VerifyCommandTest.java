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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.reprise.samples.cli.CorpusCommand;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplayVerifier;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Runs {@code verify} end to end over a folder of corpus files written by {@link TowerCorpus}. */
class VerifyCommandTest {

    private static final long SEED = 11;
    private static final int COUNT = 20;
    /** One JSON verdict: the fields this test reads, in the order the verdict's JSON has them. */
    private static final Pattern JSON_LINE = Pattern.compile("^\\{\"version\":1,\"id\":\"([^\"]*)\",\"position\":(\\d+),"
            + "\"outcome\":\"([A-Z_]+)\",\"valid\":(true|false),\"stepReached\":(\\d+),\"stepCount\":(\\d+),"
            + "\"expectedHash\":(null|\"[0-9a-f]{16}\"),\"actualHash\":(null|\"[0-9a-f]{16}\"),"
            + "\"reason\":\"(?:[^\"\\\\]|\\\\.)*\",\"elapsedMillis\":\\d+\\.\\d{3},"
            + "\"playedBuild\":\"[^\"]*\",\"jar\":\"\",\"upgraded\":false}$");

    @TempDir
    static Path root;
    private static Path corpus;

    private static final Map<String, Outcome> EXPECTED = new HashMap<>();

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void writeCorpus() throws IOException {
        corpus = Files.createDirectory(root.resolve("corpus"));
        for (TowerCorpus.Entry entry : TowerCorpus.generate(SEED, COUNT)) {
            Path file = corpus.resolve(entry.id() + ReplayFinder.EXTENSION);
            Files.write(file, entry.bytes());
            EXPECTED.put(file.toString(), entry.expected());
        }
    }

    private int run(String... args) {
        return ToolRun.run(out, err, args);
    }

    @Test
    void aFolderGivenThroughASymlink_isWalked() throws IOException {
        Path linked = Files.createSymbolicLink(root.resolve("linked"), corpus);

        int status = run("verify", "--parallel", "2", linked.toString());

        assertThat(status).as(err.toString()).isEqualTo(ReplayTool.FAILED); // the corpus has broken replays
        assertThat(out.toString()).startsWith("verified " + COUNT + " replays");
    }

    @Test
    void json_printsOneVerdictPerReplay_withTheCorpusOutcomes() {
        int status = run("verify", "--json", "--parallel", "2", corpus.toString());

        assertThat(status).as(err.toString()).isEqualTo(ReplayTool.FAILED); // the corpus has broken replays
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(COUNT).allSatisfy(line -> assertThat(line).matches(JSON_LINE));
        Map<String, Outcome> outcomes = new HashMap<>();
        List<Integer> positions = new ArrayList<>();
        for (String line : lines) {
            Matcher m = JSON_LINE.matcher(line);
            assertThat(m.matches()).isTrue();
            outcomes.put(m.group(1), Outcome.valueOf(m.group(3)));
            positions.add(Integer.parseInt(m.group(2)));
            assertThat(m.group(4)).isEqualTo(String.valueOf(m.group(3).equals("VALID")));
        }
        assertThat(outcomes).isEqualTo(EXPECTED);
        assertThat(positions).containsExactlyInAnyOrderElementsOf(
                IntStream.range(0, COUNT).boxed().toList());
        // The positions follow the sorted walk: position i is the i-th file by name.
        List<String> sorted = EXPECTED.keySet().stream().sorted().toList();
        for (String line : lines) {
            Matcher m = JSON_LINE.matcher(line);
            assertThat(m.matches()).isTrue();
            assertThat(sorted.get(Integer.parseInt(m.group(2)))).isEqualTo(m.group(1));
        }
        assertThat(err.toString()).contains("verified 20 replays").contains("first failures");
    }

    @Test
    void summary_countsEachOutcome_andNamesTheFirstFailures() {
        int status = run("verify", "--parallel", "2", corpus.toString());

        assertThat(status).isEqualTo(ReplayTool.FAILED);
        String text = out.toString();
        Map<Outcome, Long> expected = new EnumMap<>(Outcome.class);
        for (Outcome outcome : Outcome.values()) {
            expected.put(outcome, EXPECTED.values().stream().filter(outcome::equals).count());
        }
        for (Outcome outcome : Outcome.values()) {
            assertThat(text).containsPattern("(?m)^" + outcome + "\\s+" + expected.get(outcome) + "$");
        }
        long failures = COUNT - expected.get(Outcome.VALID);
        assertThat(text).contains("verified 20 replays").contains(failures + " not valid")
                .contains("first failures (" + Math.min(failures, VerifySummary.FAILURES) + " of " + failures + ")")
                .containsPattern("DESYNC at step [\\d,]+ of [\\d,]+: ")
                .contains("slowest");
        assertThat(err.toString()).isEmpty(); // not a terminal: no progress bar
    }

    @Test
    void onlyValidReplays_exitZero() throws IOException {
        Path valid = Files.createDirectory(root.resolve("valid"));
        for (Map.Entry<String, Outcome> entry : EXPECTED.entrySet()) {
            if (entry.getValue() == Outcome.VALID) {
                Path file = Path.of(entry.getKey());
                Files.copy(file, valid.resolve(file.getFileName()));
            }
        }

        assertThat(run("verify", "--parallel", "1", valid.toString())).as(out + "" + err).isZero();

        assertThat(out.toString()).contains("all valid").containsPattern("(?m)^VALID\\s+10$");
    }

    @Test
    void unreadablePaths_andFilesOverTheCaps_areVerdicts_notCrashes() throws IOException {
        Path huge = root.resolve("huge.reprise");
        try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(2_600_000_000L); // sparse
        }
        Path missing = root.resolve("missing.reprise");
        try {
            int status = run("verify", "--json", huge.toString(), missing.toString());

            assertThat(status).isEqualTo(ReplayTool.FAILED);
            assertThat(out.toString().lines()).hasSize(2)
                    .anySatisfy(line -> assertThat(line).contains("\"id\":\"" + huge + "\"")
                            .contains("\"outcome\":\"INVALID_FILE\"").contains("2,600,000,000 bytes, more than"))
                    .anySatisfy(line -> assertThat(line).contains("\"id\":\"" + missing + "\"")
                            .contains("\"outcome\":\"INVALID_FILE\"").contains("\"reason\":\"no such file\""));
            assertThat(err.toString()).doesNotContain("Exception").doesNotContain("\tat ");
        } finally {
            Files.delete(huge);
        }
    }

    @Test
    void aSymlinkToItself_isCalledALoop_notAMissingFile() throws IOException {
        Path loop = root.resolve("loop.reprise");
        Files.createSymbolicLink(loop, loop.getFileName());
        try {
            assertThat(run("verify", "--json", loop.toString())).isEqualTo(ReplayTool.FAILED);

            assertThat(out.toString()).contains("\"outcome\":\"INVALID_FILE\"")
                    .contains("a symlink loop (" + loop.toAbsolutePath().normalize() + " leads back to itself)")
                    .doesNotContain("no such file");
        } finally {
            Files.delete(loop);
        }
    }

    @Test
    void aDevice_isAVerdict() {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "needs /dev/zero");

        assertThat(run("verify", "--json", "/dev/zero")).isEqualTo(ReplayTool.FAILED);

        assertThat(out.toString()).contains("\"outcome\":\"INVALID_FILE\"")
                .contains("not a regular file (a device, pipe or socket)");
    }

    @Test
    void progress_forced_drawsABarOfReplays() {
        run("verify", "--progress", "--parallel", "2", corpus.toString());

        assertThat(err.toString()).contains("\r[##############################] 100%  20/20 replays")
                .contains("not valid").endsWith(System.lineSeparator());
    }

    @Test
    void corpus_writesTheSampleReplays_thatVerifyJudgesAsTheirNamesSay() {
        Path written = root.resolve("written");

        CommandLine corpusCommand = CorpusCommand.commandLine();
        corpusCommand.setOut(new PrintWriter(out, true));
        corpusCommand.setErr(new PrintWriter(err, true));
        assertThat(corpusCommand.execute("--count", "10", "--seed", String.valueOf(SEED), written.toString())).isZero();
        assertThat(out.toString()).startsWith("wrote 10 replays to " + written + "/");

        out.getBuffer().setLength(0);
        assertThat(run("verify", "--json", written.toString())).isEqualTo(ReplayTool.FAILED);
        assertThat(out.toString().lines()).hasSize(10).allSatisfy(line -> {
            Matcher m = JSON_LINE.matcher(line);
            assertThat(m.matches()).isTrue();
            Path original = corpus.resolve(Path.of(m.group(1)).getFileName());
            assertThat(Outcome.valueOf(m.group(3))).as(line).isEqualTo(EXPECTED.get(original.toString()));
        });
    }

    @Test
    void eachReplayIsBoundedByDefault_byTheVerifiersRecommendedTimeoutAndStepBudget() {
        VerifyCommand command = new VerifyCommand();
        new CommandLine(command).parseArgs("some.reprise");

        assertThat(command.options.timeout()).isEqualTo(ReplayVerifier.RECOMMENDED_TIMEOUT);
        assertThat(command.options.maxSteps()).isEqualTo(ReplayVerifier.RECOMMENDED_MAX_STEPS);
        for (String tool : new String[] {"verify", "compat"}) {
            out.getBuffer().setLength(0);
            assertThat(run(tool, "--help")).isZero();
            assertThat(out.toString().replaceAll("\\s+", " ")).as(tool).contains("--timeout=SECONDS")
                    .contains("(default: 60)").contains("--max-steps=N").contains("(default: 1000000)")
                    .contains("--parallel=N").contains("--[no-]progress");
        }
        CompatCommand compat = new CompatCommand();
        new CommandLine(compat).parseArgs("some.reprise");
        assertThat(compat.options.timeout()).isEqualTo(ReplayVerifier.RECOMMENDED_TIMEOUT);
        assertThat(compat.options.maxSteps()).isEqualTo(ReplayVerifier.RECOMMENDED_MAX_STEPS);
    }

    @Test
    void maxSteps_aRouteLongerThanTheBudget_isTimedOut() {
        int status = run("verify", "--json", "--parallel", "2", "--max-steps", "3", corpus.toString());

        assertThat(status).isEqualTo(ReplayTool.FAILED);
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(COUNT);
        // Every replay that is read plays 3 steps, then is over the budget; only unreadable files are not.
        assertThat(lines).allSatisfy(line -> assertThat(line).containsAnyOf("\"outcome\":\"TIMED_OUT\"",
                "\"outcome\":\"INVALID_FILE\""));
        assertThat(lines.stream().filter(line -> line.contains("more than the budget of 3")).count())
                .isGreaterThanOrEqualTo(EXPECTED.values().stream().filter(Outcome.VALID::equals).count());

        err.getBuffer().setLength(0);
        assertThat(run("verify", "--max-steps", "0", corpus.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString().strip()).isEqualTo("replay-tool verify: --max-steps must be 1 or more, but was 0 "
                + "(see --help)");
    }

    @Test
    void help_isNotAnError() {
        assertThat(run("verify", "--help")).isZero();

        assertThat(out.toString()).startsWith("Usage: replay-tool verify").contains("--parallel").contains("--json");
    }

    @Test
    void anEmptyFolder_isAFailure_andBadOptionsAreUsageErrors() throws IOException {
        Path empty = Files.createDirectories(root.resolve("empty"));

        assertThat(run("verify", empty.toString())).isEqualTo(ReplayTool.FAILED);
        assertThat(err.toString().strip()).isEqualTo("no replay files (*.reprise) in [" + empty + "]");

        err.getBuffer().setLength(0);
        assertThat(run("verify", "--parallel", "0", corpus.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString().strip()).isEqualTo("replay-tool verify: --parallel must be 1 or more, but was 0 "
                + "(see --help)");
        err.getBuffer().setLength(0);
        assertThat(run("verify", "--timeout", "0", corpus.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString().strip()).isEqualTo("replay-tool verify: --timeout must be 1 or more seconds, but "
                + "was 0 (see --help)");
        err.getBuffer().setLength(0);
        assertThat(run("verify")).isEqualTo(ReplayTool.USAGE);
        assertThat(err.toString().lines()).hasSize(1);
    }
}
