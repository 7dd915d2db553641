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

import dev.reprise.verify.BuildCompatibility;
import dev.reprise.verify.GameCode;
import dev.reprise.verify.ReplayVerifier;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import reactor.core.publisher.Flux;

/**
 * {@code compat}: the compatibility report of replays with the installed build of their game
 * ({@link BuildCompatibility}): plays every replay found on that build, whatever build recorded it, and
 * prints one line per replay in the order they were given (REPRODUCES, DIVERGES, FAILS or UNREADABLE, with
 * where and why) and a summary. Exit codes for a release gate and {@code git bisect run}:
 * {@link ReplayTool#OK} when every replay reproduces, {@link ReplayTool#FAILED} when one does not,
 * {@link ReplayTool#NOT_RUN} when nothing could run (no game installed, no replay found, a usage error).
 * Each replay is bounded as {@code verify} bounds it ({@link VerifyOptions}); one over a bound FAILS.
 *
 * <p>Streams: the lines (or, with {@code --json}, one JSON object per replay) go to standard output; the
 * progress bar and, with {@code --json}, the summary to standard error.
 */
@Command(name = "compat", description = {
    "Plays replays on the installed build of their game, whatever build recorded them (a ReplayVerifierProvider "
        + "on the class path, or the game jar of --builds: its only build of the game, or the one --build names), "
        + "and says of each: REPRODUCES, DIVERGES (the first step whose state hash differs, its command, both "
        + "hashes), FAILS (the step and why; TIMED_OUT past --timeout or --max-steps) or UNREADABLE. Older "
        + "builds' replays are upgraded first when the game declares how. Folders are walked for *"
        + ReplayFinder.EXTENSION + " files (sorted).",
    "Exit code 0 if every replay reproduces, 1 if one does not, 125 if nothing could run (no game installed, "
        + "no replay file, a usage error): git bisect run can run it as it is."})
final class CompatCommand extends ToolCommand {

    @Mixin
    GameOptions games = new GameOptions();

    @Mixin
    VerifyOptions options = new VerifyOptions();

    @Option(names = "--explain", description = "with --builds: under each DIVERGES whose recording build is "
            + "installed, the exact step and fields where it parts from that build (as diff tells them)")
    boolean explain;

    @Override
    public Integer call() {
        List<ReplayFinder.Found> found;
        try {
            found = options.find();
        } catch (ToolFailure e) {
            return notRun(e.getMessage());
        }
        InstalledGames installed;
        try {
            installed = games.open(this, options.timeout());
        } catch (IllegalArgumentException | GameCode.Failure e) {
            return notRun(e.getMessage());
        }
        try (installed) {
            InstalledGames.Installed on;
            try {
                on = installed.single();
            } catch (GameCode.Failure e) {
                return notRun(e.getMessage());
            } catch (IllegalArgumentException e) {
                if (games.folder()) {
                    throw usage(String.valueOf(e.getMessage())); // a choice among the folder's builds
                }
                return notRun(e.getMessage());
            }
            ReplayVerifier verifier;
            try {
                verifier = options.apply(on.builder()).build();
            } catch (GameCode.Failure e) {
                return notRun(e.getMessage());
            } catch (RuntimeException e) {
                return notRun("the game failed to make its verifier: " + e);
            }
            if (!explain) {
                return report(found, on.name(), BuildCompatibility.of(verifier), null);
            }
            if (games.builds.builds == null) {
                throw usage("--explain compares builds of the --builds folder, and there is no --builds");
            }
            try (CompatExplain explaining = CompatExplain.open(games.builds.builds, games.builds.build,
                    options.timeout())) {
                return report(found, on.name(), BuildCompatibility.of(verifier), explaining);
            }
        }
    }

    private int report(List<ReplayFinder.Found> found, String installed, BuildCompatibility check,
                       @Nullable CompatExplain explaining) {
        PrintWriter out = out();
        CompatSummary summary = new CompatSummary(installed);
        // Lines are printed in the order the replays were given, each as soon as those before it are in.
        @Nullable CompatRow[] rows = new CompatRow[found.size()];
        int[] printed = {0};
        Duration elapsed = options.run(rows(check, ReplayFinder.Batch.of(found)), found.size(), summary, row -> {
            rows[(int) row.position()] = row;
            summary.add(row);
            CompatRow next;
            while (printed[0] < rows.length && (next = rows[printed[0]]) != null) {
                rows[printed[0]++] = null;
                out.println(ToolText.escape(options.json ? CompatJson.write(next) : next.line()));
                if (explaining != null && !options.json) {
                    explaining.explain(next).ifPresent(line -> out.println(ToolText.escape(line)));
                }
            }
            out.flush();
        }, err());
        summary.print(options.json ? err() : out, elapsed, options.parallelism());
        return summary.allReproduce() ? ReplayTool.OK : ReplayTool.FAILED;
    }

    /**
     * The rows of everything found: those of paths known to be unreadable first, then the report's, each
     * carrying its place among the replays found.
     */
    private static Flux<CompatRow> rows(BuildCompatibility check, ReplayFinder.Batch batch) {
        return Flux.concat(Flux.fromIterable(batch.refused()).map(r -> CompatRow.unreadable(r.position(), r.id(),
                r.problem())), check.check(Flux.fromIterable(batch.sources()))
                .map(r -> CompatRow.of(batch.position(r.position()), r)));
    }

    private int notRun(@Nullable String why) {
        err().println("replay-tool compat: " + ToolText.escape(String.valueOf(why)) + " (nothing was run)");
        err().flush();
        return ReplayTool.NOT_RUN;
    }
}
