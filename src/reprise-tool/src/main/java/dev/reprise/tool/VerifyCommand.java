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

import dev.reprise.json.VerdictJson;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import dev.reprise.verify.Verdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import reactor.core.publisher.Flux;

/**
 * {@code verify}: plays every replay of the installed game ({@link ReplayVerifierProvider}, {@code --game}
 * to choose one when several are; or, with {@code --builds=DIR}, the jar of each replay's game and build)
 * found in the given files and folders and judges it, in parallel, with a progress bar on a terminal, a
 * summary table and, with {@code --json}, one JSON verdict per line. Exit code {@link ReplayTool#FAILED} if
 * any replay is not {@code VALID}. Each replay is bounded by {@code --timeout} and {@code --max-steps}
 * ({@link VerifyOptions}), by default {@link ReplayVerifier#RECOMMENDED_TIMEOUT} and
 * {@link ReplayVerifier#RECOMMENDED_MAX_STEPS}.
 *
 * <p>Streams: JSON lines go to standard output, in the order the replays finish; the progress bar and,
 * with {@code --json}, the summary go to standard error, so that standard output stays one verdict per
 * line. A path that cannot be read (missing, a folder that cannot be listed, a device, a file over the
 * reader's caps) is an {@code INVALID_FILE} verdict naming the reason, never an error of the command.
 */
@Command(name = "verify", description = {
    "Plays replays of an installed game (a ReplayVerifierProvider on the class path, or the game jars of --builds) "
        + "and judges each: VALID, DESYNC, INVALID_FILE, REJECTED, FAILED, TIMED_OUT or UNKNOWN_BUILD. Folders "
        + "are walked for *" + ReplayFinder.EXTENSION + " files (sorted).",
    "Exit code 1 if any replay is not VALID. (check only checks a file's structure, for any game.)"})
final class VerifyCommand extends ToolCommand {

    @Mixin
    GameOption game = new GameOption();

    @Option(names = "--builds", paramLabel = "DIR", description = "play each replay with the game jar in DIR of "
            + "its game and build, each jar in its own class loader (UNKNOWN_BUILD when none is); the class "
            + "path's games are not used")
    @Nullable Path builds;

    @Mixin
    VerifyOptions options = new VerifyOptions();

    @Override
    public Integer call() {
        List<ReplayFinder.Found> found = options.find();
        try (InstalledGames games = open()) {
            ReplayVerifier verifier;
            try {
                verifier = games.verifier(options::apply);
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage() + " (--game)");
            }
            return verify(found, verifier);
        }
    }

    private InstalledGames open() {
        try {
            return InstalledGames.open(game.game, builds, null, err(), options.timeout());
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage() + (builds == null ? " (--game)" : " (--builds)"));
        }
    }

    private int verify(List<ReplayFinder.Found> found, ReplayVerifier verifier) {
        PrintWriter out = out();
        VerifySummary summary = new VerifySummary();
        Duration elapsed = options.run(verdicts(verifier, ReplayFinder.Batch.of(found)), found.size(), summary,
                verdict -> {
                    summary.add(verdict);
                    if (options.json) {
                        // Jackson escapes C0 controls only; the C1 ones and bidi overrides get a JSON escape here.
                        out.println(ToolText.escape(VerdictJson.write(verdict)));
                        out.flush();
                    }
                }, err());
        summary.print(options.json ? err() : out, elapsed, options.parallelism());
        return summary.failures() == 0 ? ReplayTool.OK : ReplayTool.FAILED;
    }

    /**
     * The verdicts of everything found: those of paths known to be unreadable first, then the verifier's,
     * each carrying its place among the replays found.
     */
    private static Flux<Verdict> verdicts(ReplayVerifier verifier, ReplayFinder.Batch batch) {
        return Flux.concat(Flux.fromIterable(batch.refused()).map(r -> Verdict.builder(r.id(), Outcome.INVALID_FILE)
                        .position(r.position()).reason(r.problem()).build()),
                verifier.verify(Flux.fromIterable(batch.sources()))
                        .map(v -> v.toBuilder().position(batch.position(v.position())).build()));
    }
}
