package dev.reprise.tool;

import dev.reprise.internal.support.ProgressBar;
import dev.reprise.verify.BuildCompatibility;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Reproduction;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import reactor.core.publisher.Flux;

/**
 * {@code compat}: the compatibility report of replays with the installed build of their game
 * ({@link BuildCompatibility}): plays every replay found on that build, whatever build recorded it, and
 * prints one line per replay in the order they were given (REPRODUCES, DIVERGES, FAILS or UNREADABLE, with
 * where and why) and a summary. Exit codes for a release gate and {@code git bisect run}:
 * {@link ReplayTool#OK} when every replay reproduces, {@link ReplayTool#FAILED} when one does not,
 * {@link ReplayTool#NOT_RUN} when nothing could run (no game installed, no replay found, a usage error).
 *
 * <p>Streams: the lines (or, with {@code --json}, one JSON object per replay) go to standard output; the
 * progress bar and, with {@code --json}, the summary to standard error.
 */
@Command(name = "compat", description = {
    "Plays replays on the installed build of their game, whatever build recorded them (a ReplayVerifierProvider "
        + "on the class path, or the one game jar of --builds), and says of each: REPRODUCES, DIVERGES (the first "
        + "step whose state hash differs, its command, both hashes), FAILS (the step and why) or UNREADABLE. Older "
        + "builds' replays are upgraded first when the game declares how. Folders are walked for *"
        + ReplayFinder.EXTENSION + " files (sorted).",
    "Exit code 0 if every replay reproduces, 1 if one does not, 125 if nothing could run (no game installed, "
        + "no replay file, a usage error): git bisect run can run it as it is."})
final class CompatCommand extends ToolCommand {

    private static final Duration REDRAW = Duration.ofMillis(100);

    @Parameters(arity = "1..*", paramLabel = "DIR|FILE", description = "replay files, and folders to walk")
    List<Path> paths;

    @Option(names = "--game", paramLabel = "GAME_ID", description = "the game to play on, when several are "
            + "installed")
    @Nullable String game;

    @Option(names = "--builds", paramLabel = "DIR", description = "play on the game jar in DIR (one build of the "
            + "game) instead of the class path's game")
    @Nullable Path builds;

    @Option(names = "--json", description = "print one JSON object per replay on standard output "
            + "(the summary goes to standard error)")
    boolean json;

    @Option(names = "--parallel", paramLabel = "N",
            description = "replays played at once, 1 or more (default: the processor count)")
    @Nullable Integer parallel;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "most time one replay may take, 1 or more seconds (default: ${DEFAULT-VALUE}); "
                    + "past it, the replay FAILS")
    int timeoutSeconds;

    @Option(names = "--progress", negatable = true, description = "draw a progress bar on standard error "
            + "(default: only if the tool runs on a terminal)")
    @Nullable Boolean progress;

    /** Whether the tool runs on a terminal; tests replace it. */
    BooleanSupplier terminal = () -> System.console() != null;

    @Override
    public Integer call() {
        int parallelism = parallel != null ? parallel : Runtime.getRuntime().availableProcessors();
        if (parallelism < 1) {
            throw usage("--parallel must be 1 or more, but was " + parallelism);
        }
        if (timeoutSeconds < 1) {
            throw usage("--timeout must be 1 or more seconds, but was " + timeoutSeconds);
        }
        List<ReplayFinder.Found> found = ReplayFinder.find(paths);
        if (found.isEmpty()) {
            return notRun("no replay files (*" + ReplayFinder.EXTENSION + ") in " + paths);
        }
        InstalledGames games;
        try {
            games = InstalledGames.open(game, builds, err());
        } catch (IllegalArgumentException e) {
            return notRun(e.getMessage());
        }
        try (games) {
            InstalledGames.Installed on;
            ReplayVerifier verifier;
            try {
                on = games.single();
                verifier = on.provider().verifier().parallelism(parallelism)
                        .timeout(Duration.ofSeconds(timeoutSeconds)).reader(ToolFiles.READER).build();
            } catch (RuntimeException e) {
                return notRun(e instanceof IllegalArgumentException ? e.getMessage()
                        : "the game failed to make its verifier: " + e);
            }
            return report(found, parallelism, on.name(), BuildCompatibility.of(verifier));
        }
    }

    private int report(List<ReplayFinder.Found> found, int parallelism, String installed, BuildCompatibility check) {
        PrintWriter out = out();
        PrintWriter err = err();
        CompatSummary summary = new CompatSummary(installed);
        ProgressBar bar = Boolean.TRUE.equals(progress) || progress == null && terminal.getAsBoolean()
                ? new ProgressBar(err, found.size(), "replays", REDRAW, System::nanoTime) : null;
        // Lines are printed in the order the replays were given, each as soon as those before it are in.
        @Nullable CompatRow[] rows = new CompatRow[found.size()];
        int[] printed = {0};
        long started = System.nanoTime();
        rows(check, found).doOnNext(row -> {
            rows[(int) row.position()] = row;
            summary.add(row);
            CompatRow next;
            while (printed[0] < rows.length && (next = rows[printed[0]]) != null) {
                rows[printed[0]++] = null;
                out.println(ToolText.escape(json ? CompatJson.write(next) : next.line()));
            }
            out.flush();
            if (bar != null) {
                bar.update(summary.total(), summary.label());
            }
        }).blockLast(Duration.ofSeconds(timeoutSeconds).multipliedBy((found.size() + parallelism - 1L) / parallelism
                + 1).plusMinutes(1)); // each replay has its timeout: this is a backstop
        if (bar != null) {
            bar.finish(summary.total(), summary.label());
        }
        summary.print(json ? err : out, Duration.ofNanos(System.nanoTime() - started), parallelism);
        return summary.allReproduce() ? ReplayTool.OK : ReplayTool.FAILED;
    }

    /**
     * The rows of everything found: those of paths known to be unreadable first (made here, so that their
     * reason is specific), then the report's, each carrying its place among {@code found}.
     */
    private static Flux<CompatRow> rows(BuildCompatibility check, List<ReplayFinder.Found> found) {
        List<CompatRow> refused = new ArrayList<>();
        List<ReplaySource> sources = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            Path path = found.get(i).path();
            String problem = found.get(i).problem() != null ? found.get(i).problem() : ToolFiles.problem(path);
            if (problem != null) {
                refused.add(CompatRow.unreadable(i, ToolFiles.show(path), problem));
            } else {
                sources.add(ReplaySource.of(path.toString(), path));
                positions.add(i);
            }
        }
        return Flux.concat(Flux.fromIterable(refused), check.check(Flux.fromIterable(sources))
                .map(r -> CompatRow.of(positions.get((int) r.position()), r)));
    }

    private int notRun(@Nullable String why) {
        err().println("replay-tool compat: " + ToolText.escape(String.valueOf(why)) + " (nothing was run)");
        err().flush();
        return ReplayTool.NOT_RUN;
    }
}
