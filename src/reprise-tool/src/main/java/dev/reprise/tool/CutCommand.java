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
import dev.reprise.shrink.ReplayCases;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code cut}: keeps the first N steps of a replay as a new file ({@link ReplayCases#cut}), with the final
 * state hash its game's verifier claims recomputed on the game when the game is installed (a
 * {@code ReplayVerifierProvider} of the file's game id on the class path, or with {@code --builds} the jar
 * of a folder that plays the file's build, or the one {@code --build} names).
 */
@Command(name = "cut", description = {
    "Keeps the first N steps of IN as OUT, with the same game id, build, dictionary and metadata, marked a "
        + "test case. When the file's game is installed (a ReplayVerifierProvider on the class path, or with "
        + "--builds the game jar that plays IN's build, or the one --build names), the final state hash it "
        + "claims is removed, or with --final-hash recomputed by playing the kept steps; otherwise the metadata "
        + "is kept as it was.",
    "The line says whether the kept steps still fail as IN did."})
final class CutCommand extends ToolCommand {

    @Parameters(index = "0", paramLabel = "IN", description = "the replay file to cut")
    Path input;

    @Parameters(index = "1", paramLabel = "OUT", description = "where the cut replay goes (replaced if there)")
    Path output;

    @Option(names = "--steps", required = true, paramLabel = "N", description = "how many steps to keep, "
            + "0..the replay's length")
    int steps;

    @Option(names = "--final-hash", description = "write the final state hash the game's verifier claims, "
            + "recomputed by playing the kept steps on the installed game (by default OUT claims none: a test "
            + "case is judged by its play, and verify accepts it without a hash)")
    boolean finalHash;

    @Mixin
    BuildsOption builds = new BuildsOption();

    @Override
    public Integer call() {
        if (steps < 0) {
            throw usage("--steps must be 0 or more, but was " + steps);
        }
        InstalledGames games;
        try {
            games = builds.open(null, this);
        } catch (IllegalArgumentException e) {
            throw builds.usage(this, e);
        }
        try (games) {
            ReplayFile file = ToolFiles.read(input);
            int length = file.save().length();
            if (steps > length) {
                throw usage("--steps must be at most " + length + " (the length of " + input + "), but was " + steps);
            }
            requireNotInput(input, output);
            ToolFiles.requireWritable(output);
            ReplayVerifier verifier;
            try {
                verifier = games.playing(file).verifier(ReplayVerifier.RECOMMENDED_TIMEOUT);
            } catch (IllegalArgumentException e) {
                return write(ReplayCases.cut(file, steps), length, e.getMessage() + ": the metadata is kept as it was");
            }
            ReplayFile cut;
            try {
                cut = ReplayCases.cut(file, steps, verifier, finalHash);
            } catch (RuntimeException e) {
                throw new ToolFailure(input + ": the game could not play the kept steps: " + ToolFiles.reason(e));
            }
            return write(cut, length, verifier.finalHashKey()
                    .map(key -> finalHash ? "final state hash (" + key + ") recomputed on the game"
                            : "no final state hash (" + key + "; --final-hash writes one)")
                    .orElse("the game claims no final state hash") + "; " + judged(verifier, cut));
        }
    }

    /** Says how the installed game judges the kept steps: whether they still fail. */
    private String judged(ReplayVerifier verifier, ReplayFile cut) {
        Verdict verdict = ToolFiles.verdict(verifier, ReplaySource.of(output.toString(), cut),
                ReplayVerifier.RECOMMENDED_TIMEOUT);
        if (verdict.outcome() == Outcome.VALID) {
            return "the kept steps hold up (VALID)";
        }
        return "the kept steps fail: " + verdict.outcome() + " (" + verdict.reason() + ")";
    }

    private int write(ReplayFile cut, int length, String hash) {
        try {
            cut.write(output);
        } catch (IOException e) {
            throw ToolFiles.cannotWrite(output, e);
        }
        out().println(ToolText.escape(String.format(Locale.ROOT, "cut %s -> %s: %d -> %d steps; %s", input, output,
                length, steps, hash)));
        out().flush();
        return ReplayTool.OK;
    }
}
