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

import dev.reprise.verify.ReplayVerifier;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import reactor.core.publisher.Flux;

/**
 * The options of the commands that play a batch of replays on the parallel verifier ({@code verify},
 * {@code compat}), a picocli mixin: the files and folders, {@code --json}, and {@code --parallel},
 * {@code --timeout} ({@link TimeoutOption}), {@code --max-steps} and {@code --[no-]progress}, each checked as
 * it is parsed (a usage error of the command it is mixed into); and the batch run they shape: the replays
 * found, the verifier's bounds, the progress bar and the wait for the last result.
 *
 * <p>Defaults: the processor count, {@link ReplayVerifier#RECOMMENDED_TIMEOUT} and
 * {@link ReplayVerifier#RECOMMENDED_MAX_STEPS} (a test holds them equal to the help's), a bar only on a
 * terminal.
 */
final class VerifyOptions {

    private static final Duration REDRAW = Duration.ofMillis(100);

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Parameters(arity = "1..*", paramLabel = "DIR|FILE", description = "replay files, and folders to walk")
    List<Path> paths;

    @Option(names = "--json", description = "print one JSON object per replay on standard output "
            + "(the summary goes to standard error)")
    boolean json;

    @Mixin
    TimeoutOption timeout = new TimeoutOption();

    private int parallelism = Runtime.getRuntime().availableProcessors();
    private long maxSteps = ReplayVerifier.RECOMMENDED_MAX_STEPS;
    private @Nullable Boolean progress;

    /** Whether the tool runs on a terminal; tests replace it. */
    BooleanSupplier terminal = () -> System.console() != null;

    /** Sets how many replays are played at once. */
    @Option(names = "--parallel", paramLabel = "N",
            description = "replays played at once, 1 or more (default: the processor count)")
    void parallel(int parallel) {
        if (parallel < 1) {
            throw usage("--parallel must be 1 or more, but was " + parallel);
        }
        this.parallelism = parallel;
    }

    /** Sets the step budget of one replay; picocli calls it with the default, then with the value given. */
    @Option(names = "--max-steps", paramLabel = "N", defaultValue = "" + ReplayVerifier.RECOMMENDED_MAX_STEPS,
            description = "most steps one replay may play, 1 or more (default: ${DEFAULT-VALUE}); a longer "
                    + "route plays that many steps and is then TIMED_OUT")
    void maxSteps(long steps) {
        if (steps < 1) {
            throw usage("--max-steps must be 1 or more, but was " + steps);
        }
        this.maxSteps = steps;
    }

    /** Forces the progress bar on or off. */
    @Option(names = "--progress", negatable = true, description = "draw a progress bar on standard error "
            + "(default: only if the tool runs on a terminal)")
    void progress(boolean progress) {
        this.progress = progress;
    }

    /**
     * Finds the replays the command line names: a file as it is, a folder walked for
     * {@code *}{@value ReplayFinder#EXTENSION} files ({@link ReplayFinder}).
     *
     * @return what was found, in a deterministic order
     * @throws ToolFailure if nothing was found, saying where it was looked for
     */
    List<ReplayFinder.Found> find() {
        List<ReplayFinder.Found> found = ReplayFinder.find(paths);
        if (found.isEmpty()) {
            throw new ToolFailure("no replay files (*" + ReplayFinder.EXTENSION + ") in " + paths);
        }
        return found;
    }

    /** Returns how many replays are played at once. */
    int parallelism() {
        return parallelism;
    }

    /** Returns the most one replay may take. */
    Duration timeout() {
        return timeout.timeout();
    }

    /** Returns the most steps one replay may play. */
    long maxSteps() {
        return maxSteps;
    }

    /**
     * Sets these bounds on a verifier, and the tool's reader.
     *
     * @param verifier a game's verifier builder
     * @return the same builder
     */
    ReplayVerifier.Builder apply(ReplayVerifier.Builder verifier) {
        // A developer's tool: shrunk and cut cases need not claim the buggy build's final hash.
        return verifier.parallelism(parallelism).timeout(timeout()).maxSteps(maxSteps).reader(ToolFiles.READER)
                .testCases(true);
    }

    /**
     * Plays a batch: hands each result to {@code each} as it comes, drawing the progress bar if there is one,
     * and waits for the last.
     *
     * @param results the batch's results, one per replay
     * @param count   how many there are
     * @param tally   what the results come to, for the bar: fed by {@code each}
     * @param each    takes each result, in the order they come
     * @param err     where the bar goes
     * @param <T>     the results' type
     * @return how long the batch took
     */
    <T> Duration run(Flux<T> results, int count, Tally tally, Consumer<? super T> each, PrintWriter err) {
        ProgressBar bar = Boolean.TRUE.equals(progress) || progress == null && terminal.getAsBoolean()
                ? new ProgressBar(err, count, "replays", REDRAW, System::nanoTime) : null;
        long started = System.nanoTime();
        results.doOnNext(result -> {
            each.accept(result);
            if (bar != null) {
                bar.update(tally.total(), tally.label());
            }
        }).blockLast(backstop(count)); // each replay has its timeout: this is a backstop
        if (bar != null) {
            bar.finish(tally.total(), tally.label());
        }
        return Duration.ofNanos(System.nanoTime() - started);
    }

    /** The longest the whole batch can take if every replay uses its whole timeout, plus a minute. */
    private Duration backstop(int replays) {
        return timeout().multipliedBy((replays + parallelism - 1L) / parallelism + 1).plusMinutes(1);
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(mixee.commandLine(), message);
    }

    /** What a batch's results come to so far, as its progress bar shows it. */
    interface Tally {

        /** Returns how many results are in. */
        int total();

        /** Returns the bar's label: e.g. {@code "no failures"}, {@code "2 do not reproduce"}. */
        String label();
    }
}
