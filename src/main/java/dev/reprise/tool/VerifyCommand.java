package dev.reprise.tool;

import dev.reprise.internal.support.ProgressBar;
import dev.reprise.internal.support.VerdictJsonFormat;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import dev.reprise.verify.Verdict;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.BooleanSupplier;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import reactor.core.publisher.Flux;

/**
 * {@code verify}: plays every replay of the installed game ({@link ReplayVerifierProvider}, {@code --game}
 * to choose one when several are; or, with {@code --builds=DIR}, the jar of each replay's game and build)
 * found in the given files and folders and
 * judges it, in parallel, with a progress bar on a terminal, a summary table and, with {@code --json},
 * one JSON verdict per line. Exit code {@link ReplayTool#FAILED} if any replay is not {@code VALID}. Each
 * replay is bounded by {@code --timeout} and {@code --max-steps}, by default
 * {@link ReplayVerifier#RECOMMENDED_TIMEOUT} and {@link ReplayVerifier#RECOMMENDED_MAX_STEPS}.
 *
 * <p>Streams: JSON lines go to standard output, in the order the replays finish; the progress bar and,
 * with {@code --json}, the summary go to standard error, so that standard output stays one verdict per
 * line. A path that cannot be read (missing, a folder that cannot be listed, a device, a file over the
 * reader's caps) is an {@code INVALID_FILE} verdict naming the reason, never an error of the command.
 */
@Command(name = "verify", description = {
    "Plays replays of an installed game (a ReplayVerifierProvider on the class path, or the game jars of --builds) and judges each: VALID, DESYNC, "
        + "INVALID_FILE, REJECTED, FAILED, TIMED_OUT or UNKNOWN_BUILD. Folders are walked for *" + ReplayFinder.EXTENSION + " files (sorted).",
    "Exit code 1 if any replay is not VALID. (check only checks a file's structure, for any game.)"})
final class VerifyCommand extends ToolCommand {

    private static final Duration REDRAW = Duration.ofMillis(100);

    @Parameters(arity = "1..*", paramLabel = "DIR|FILE", description = "replay files, and folders to walk")
    List<Path> paths;

    @Option(names = "--parallel", paramLabel = "N",
            description = "replays verified at once, 1 or more (default: the processor count)")
    @Nullable Integer parallel;

    @Option(names = "--game", paramLabel = "GAME_ID", description = "the game to verify, when several are "
            + "installed (a game jar on the class path lists its " + "dev.reprise.verify.ReplayVerifierProvider)")
    @Nullable String game;

    @Option(names = "--json", description = "print one JSON verdict per line on standard output "
            + "(the summary goes to standard error)")
    boolean json;

    @Option(names = "--builds", paramLabel = "DIR", description = "play each replay with the game jar in DIR of "
            + "its game and build, each jar in its own class loader (UNKNOWN_BUILD when none is); the class "
            + "path's games are not used")
    @Nullable Path builds;

    /** The default of {@code --timeout}: {@link ReplayVerifier#RECOMMENDED_TIMEOUT}, in seconds (a test holds them equal). */
    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "most time one replay may take, from reading it to its verdict, 1 or more seconds "
                    + "(default: ${DEFAULT-VALUE}); past it, the replay is TIMED_OUT")
    int timeoutSeconds;

    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "" + ReplayVerifier.RECOMMENDED_MAX_STEPS,
            description = "most steps one replay may play, 1 or more (default: ${DEFAULT-VALUE}); a longer "
                    + "route plays that many steps and is then TIMED_OUT")
    long maxSteps;

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
        if (maxSteps < 1) {
            throw usage("--max-steps must be 1 or more, but was " + maxSteps);
        }
        List<ReplayFinder.Found> found = ReplayFinder.find(paths);
        if (found.isEmpty()) {
            throw new ToolFailure("no replay files (*" + ReplayFinder.EXTENSION + ") in " + paths);
        }
        InstalledGames games;
        try {
            games = InstalledGames.open(this.game, builds, err());
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage() + (builds == null ? " (--game)" : " (--builds)"));
        }
        try (games) {
            return verify(found, parallelism, games.verifier(b -> b.parallelism(parallelism)
                    .timeout(Duration.ofSeconds(timeoutSeconds)).maxSteps(maxSteps).reader(ToolFiles.READER)));
        }
    }

    private int verify(List<ReplayFinder.Found> found, int parallelism, ReplayVerifier verifier) {
        PrintWriter out = out();
        PrintWriter err = err();
        VerifySummary summary = new VerifySummary();
        ProgressBar bar = Boolean.TRUE.equals(progress) || progress == null && terminal.getAsBoolean()
                ? new ProgressBar(err, found.size(), "replays", REDRAW, System::nanoTime) : null;
        long started = System.nanoTime();
        verdicts(verifier, found).doOnNext(verdict -> {
            summary.add(verdict);
            if (json) {
                // Jackson escapes C0 controls only; the C1 ones and bidi overrides get a JSON escape here.
                out.println(ToolText.escape(VerdictJsonFormat.write(verdict)));
                out.flush();
            }
            if (bar != null) {
                bar.update(summary.total(), label(summary));
            }
        }).blockLast(bound(found.size(), parallelism)); // each replay has its timeout: this is a backstop
        if (bar != null) {
            bar.finish(summary.total(), label(summary));
        }
        summary.print(json ? err : out, Duration.ofNanos(System.nanoTime() - started), parallelism);
        return summary.failures() == 0 ? ReplayTool.OK : ReplayTool.FAILED;
    }

    /** The longest the whole batch can take if every replay uses its whole timeout, plus a minute. */
    private Duration bound(int replays, int parallelism) {
        return Duration.ofSeconds(timeoutSeconds).multipliedBy((replays + parallelism - 1) / parallelism + 1L)
                .plusMinutes(1);
    }

    private static String label(VerifySummary summary) {
        return summary.failures() == 0 ? "no failures" : summary.failures() + " not valid";
    }

    /**
     * The verdicts of everything found: those of paths known to be unreadable first (made here, so that
     * their reason is specific), then the verifier's, each carrying its place among {@code found}.
     */
    private static Flux<Verdict> verdicts(ReplayVerifier verifier, List<ReplayFinder.Found> found) {
        List<Verdict> refused = new ArrayList<>();
        List<ReplaySource> sources = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            Path path = found.get(i).path();
            String problem = found.get(i).problem() != null ? found.get(i).problem() : ToolFiles.problem(path);
            if (problem != null) {
                refused.add(Verdict.of(ToolFiles.show(path), i, Outcome.INVALID_FILE, 0, 0, OptionalLong.empty(),
                        OptionalLong.empty(), problem, Duration.ZERO));
            } else {
                sources.add(ReplaySource.of(path.toString(), path));
                positions.add(i);
            }
        }
        return Flux.concat(Flux.fromIterable(refused), verifier.verify(Flux.fromIterable(sources))
                .map(v -> Verdict.of(v.id(), positions.get((int) v.position()), v.outcome(), v.stepReached(),
                        v.stepCount(), v.expectedHash(), v.actualHash(), v.reason(), v.elapsed())));
    }
}
