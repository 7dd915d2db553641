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

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayMismatchException;
import dev.reprise.shrink.ReplayShrink;
import dev.reprise.shrink.ShrunkReplay;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code shrink}: writes a 1-minimal replay that the installed game judges the same way as the input — the
 * same outcome (not {@code VALID}) for the same reason, its numbers masked — found by the core's
 * {@link ReplayShrink}. A {@code DESYNC} is cut after its first diverging hash window instead. A replay of an
 * older build is upgraded first by the upgrades the game declares, as {@code verify} plays it, and OUT is the
 * upgraded replay's. The input is verified twice and must fail the same way both times; the result is
 * verified twice before it is written, and must come out as the input did. OUT may not be IN, nor a link to it.
 *
 * <p>Exit codes: {@link ReplayTool#OK} when OUT is written (one line on standard output: the steps before
 * and after, the tries); {@link ReplayTool#FAILED} when IN is {@code VALID} (nothing to shrink; OUT is not
 * written) or cannot be shrunk (unreadable, not a replay of the game); {@link ReplayTool#USAGE} on usage
 * errors. Progress lines go to standard error while it runs long.
 */
@Command(name = "shrink", description = {
    "Writes to OUT a 1-minimal replay the installed game (a ReplayVerifierProvider on the class path, or with "
        + "--builds the game jar that plays IN's build, or the one --build names) judges the same way as IN: the "
        + "same outcome for the same reason, numbers masked. IN must be judged the same way twice, and OUT too "
        + "before it is written. Shrinking cuts IN to its shortest failing prefix, then removes inputs (an "
        + "active step with its passive steps at a time, and the inputs that removal made impossible) while it "
        + "still fails the same way; state hashes are ignored while it searches and recomputed for OUT, which "
        + "claims no final state hash unless --final-hash. Each try is bounded by --timeout, as verify bounds a "
        + "replay. A DESYNC is cut after its first diverging hash window instead. OUT may not be IN.",
    "Exit code 0 when OUT is written, 1 when IN is VALID (OUT is not written) or cannot be shrunk, 2 for a "
        + "usage error."})
final class ShrinkCommand extends ToolCommand {

    @Parameters(index = "0", paramLabel = "IN", description = "the replay file to shrink")
    Path input;

    @Parameters(index = "1", paramLabel = "OUT", description = "where the shrunk replay goes (replaced if there)")
    Path output;

    @Mixin
    GameOptions games = new GameOptions();

    @Option(names = "--max-tries", paramLabel = "N", description = "the most replays to try, 1 or more (default: "
            + "no limit); past it, the smallest failing replay found so far is written")
    @Nullable Integer maxTries;

    @Option(names = "--budget", paramLabel = "SECONDS", defaultValue = "600", description = "the longest the "
            + "search may run, 1 or more seconds (default: ${DEFAULT-VALUE}); past it, the smallest failing "
            + "replay found so far is written")
    int budgetSeconds;

    @Mixin
    TimeoutOption timeout = new TimeoutOption();

    @Option(names = "--final-hash", description = "write the final state hash the game's verifier claims, as "
            + "this build computes it for OUT (by default OUT claims none: it is marked a test case, judged by its "
            + "play, and verify on the fixed build shows whether it passes)")
    boolean finalHash;

    @Override
    public Integer call() {
        if (maxTries != null && maxTries < 1) {
            throw usage("--max-tries must be 1 or more, but was " + maxTries);
        }
        if (budgetSeconds < 1) {
            throw usage("--budget must be 1 or more seconds, but was " + budgetSeconds);
        }
        ReplayFile file = ToolFiles.read(input);
        requireNotInput(input, output);
        ToolFiles.requireWritable(output);
        return games.play(this, timeout.timeout(), installed -> installed.playing(file), on -> {
            ReplayVerifier verifier = on.verifier(timeout.timeout());
            return shrink(verifier, ReplaySource.of(input.toString(), upgraded(verifier, file)));
        });
    }

    /**
     * The file as the build plays it, upgraded by the upgrades the game declares (as {@code verify} and
     * {@code compat} play it), so that the shrink plays the same route; the file itself if none applies, or
     * if one cannot be applied (its verdict then says why).
     */
    private static ReplayFile upgraded(ReplayVerifier verifier, ReplayFile file) {
        try {
            return verifier.upgrade(file);
        } catch (ReplayMismatchException | IllegalArgumentException e) {
            return file;
        }
    }

    private int shrink(ReplayVerifier verifier, ReplaySource source) {
        Verdict verdict = verdict(verifier, source);
        if (verdict.outcome() == Outcome.VALID) {
            out().println(ToolText.escape(input + ": VALID, nothing to shrink; " + output + " is not written"));
            out().flush();
            return ReplayTool.FAILED;
        }
        if (verdict.outcome() == Outcome.INVALID_FILE) {
            throw new ToolFailure(input + ": INVALID_FILE, cannot be shrunk: " + verdict.reason());
        }
        Verdict twice = verdict(verifier, source);
        if (!sameWay(verdict, twice)) {
            throw new ToolFailure(input + ": judged twice, it was " + shown(verdict) + ", then " + shown(twice)
                    + ": the game or its checks are not deterministic, so no smaller replay can be trusted to fail "
                    + "the same way; " + output + " is not written");
        }
        ReplayShrink shrink = ReplayShrink.of(source, verifier).timeBudget(Duration.ofSeconds(budgetSeconds))
                .progress(ReplayShrink.DEFAULT_PROGRESS_AFTER, line -> {
                    err().println(ToolText.escape(line));
                    err().flush();
                });
        if (maxTries != null) {
            shrink.maxTries(maxTries);
        }
        if (finalHash) {
            verifier.finalHashKey().ifPresent(shrink::finalStateHash);
        }
        ShrunkReplay shrunk;
        try {
            shrunk = shrink.run();
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new ToolFailure(input + ": " + verdict.outcome() + ", cannot be shrunk: " + e.getMessage());
        }
        ReplayFile result = shrunk.file().orElseThrow(() -> new ToolFailure(input + ": " + shown(verdict)
                + (verdict.expectedHash().isPresent() && verdict.outcome() == Outcome.REJECTED
                        ? ", but it holds up once its recorded state hashes are ignored: nothing to shrink; "
                        : ", but it held up when the shrink judged it: the game or its checks are not "
                                + "deterministic; ") + output + " is not written"));
        for (int time = 1; time <= 2; time++) {
            Verdict again = verdict(verifier, ReplaySource.of(output.toString(), result));
            if (!sameWay(verdict, again)) {
                throw new ToolFailure(input + ": the shrunk replay is judged " + shown(again) + ", not as "
                        + input + " was (" + shown(verdict) + ")" + (time == 2 ? " the second time: the game or its "
                        + "checks are not deterministic" : "") + "; " + output + " is not written");
            }
        }
        try {
            result.write(output);
        } catch (IOException e) {
            throw ToolFiles.cannotWrite(output, e);
        }
        out().println(ToolText.escape(line(shrunk, verdict)));
        out().flush();
        return ReplayTool.OK;
    }

    /**
     * Tells whether two verdicts fail the same way: the same outcome, for the same reason once the numbers in
     * it (steps, counts, times) are masked; any two timeouts (where a replay stopped varies).
     */
    static boolean sameWay(Verdict one, Verdict other) {
        return one.outcome() == other.outcome() && (one.outcome() == Outcome.TIMED_OUT
                || masked(one.reason()).equals(masked(other.reason())));
    }

    private static String masked(String reason) {
        return reason.replaceAll("\\d+", "#");
    }

    private static String shown(Verdict verdict) {
        return verdict.outcome() + " (" + verdict.reason() + ")";
    }

    /** Judges one replay; the verifier's timeout bounds it, and the wait, should the game be stuck past it. */
    private Verdict verdict(ReplayVerifier verifier, ReplaySource source) {
        return ToolFiles.verdict(verifier, source, timeout.timeout());
    }

    private String line(ShrunkReplay shrunk, Verdict verdict) {
        StringBuilder line = new StringBuilder();
        if (shrunk.status() == ShrunkReplay.Status.CUT) {
            line.append("cut ").append(input).append(" -> ").append(output).append(" after the first diverging hash "
                    + "window (DESYNC at step ").append(verdict.stepReached()).append("; a desync cannot be shrunk "
                    + "by removing inputs): ");
        } else {
            line.append("shrunk ").append(input).append(" -> ").append(output).append(" (")
                    .append(verdict.outcome()).append("): ");
        }
        line.append(String.format(Locale.ROOT, "%d -> %d steps, %d %s", shrunk.stepsBefore(), shrunk.stepsAfter(),
                shrunk.tries(), shrunk.tries() == 1 ? "try" : "tries"));
        line.append("; state hashes ").append(shrunk.stateHashes().name().toLowerCase(Locale.ROOT));
        if (shrunk.stoppedEarly()) {
            line.append("; stopped early (the budget was spent), so it may not be minimal");
        }
        return Objects.requireNonNull(line.toString());
    }
}
