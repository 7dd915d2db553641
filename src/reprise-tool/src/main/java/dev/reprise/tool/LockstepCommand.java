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
import dev.reprise.verify.Lockstep;
import dev.reprise.verify.LockstepResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * What {@code diff} and {@code determinism} share: the replay files, {@code --json} and {@code --timeout};
 * each replay read and compared in the order given, one line each as soon as it is in (one JSON object with
 * {@code --json}), then a summary (on standard error with {@code --json}). A replay that cannot be read or
 * compared is its own line: nothing stops the others. Exit codes: {@link ReplayTool#OK} when every replay's
 * runs are alike, {@link ReplayTool#FAILED} when one is not, {@link ReplayTool#NOT_RUN} when nothing could run.
 */
abstract class LockstepCommand extends ToolCommand {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "replay files, and folders to walk")
    List<Path> paths;

    @Option(names = "--json", description = "print one JSON object per replay on standard output "
            + "(the summary goes to standard error)")
    boolean json;

    @Mixin
    TimeoutOption timeout = new TimeoutOption();

    /** Compares one replay that was read. */
    @FunctionalInterface
    interface Comparing {
        PartingRow compare(int position, String id, ReplayFile file);
    }

    /** Returns the comparison of this command's options: the timeout of one replay's comparison. */
    Lockstep lockstep() {
        return Lockstep.builder().timeout(timeout.timeout()).build();
    }

    /** Waits for one comparison: the comparison has its own timeout, this is a backstop. */
    LockstepResult await(reactor.core.publisher.Mono<LockstepResult> comparison) {
        return comparison.blockOptional(timeout.timeout().plusMinutes(1))
                .orElseThrow(() -> new IllegalStateException("the comparison ended without a result"));
    }

    /**
     * Finds the replays, compares each, prints the lines and the summary.
     *
     * @param comparing compares one replay; an exception it throws is that replay's FAILS line
     * @return the exit code
     */
    int report(Comparing comparing) {
        List<ReplayFinder.Found> found = ReplayFinder.find(paths);
        if (found.isEmpty()) {
            return notRun("no replay files (*" + ReplayFinder.EXTENSION + ") in " + paths);
        }
        PrintWriter out = out();
        Map<String, Integer> tally = new TreeMap<>();
        long started = System.nanoTime();
        boolean alike = true;
        for (int i = 0; i < found.size(); i++) {
            PartingRow row = row(i, found.get(i), comparing);
            alike &= PartingRow.alike(row.status());
            tally.merge(row.status(), 1, Integer::sum);
            out.println(ToolText.escape(json ? PartingJson.write(row) : row.line()));
            out.flush();
        }
        PrintWriter summary = json ? err() : out;
        summary.println(spec.name() + ": " + found.size() + (found.size() == 1 ? " replay" : " replays") + " in "
                + Duration.ofNanos(System.nanoTime() - started).toMillis() + " ms");
        tally.forEach((status, count) -> summary.printf("%-13s %d%n", status, count));
        summary.flush();
        return alike ? ReplayTool.OK : ReplayTool.FAILED;
    }

    private static PartingRow row(int position, ReplayFinder.Found found, Comparing comparing) {
        Path path = found.path();
        String id = ToolFiles.show(path);
        String problem = found.problem() != null ? found.problem() : ToolFiles.problem(path);
        if (problem != null) {
            return PartingRow.unreadable(position, id, problem);
        }
        ReplayFile file;
        try {
            file = ToolFiles.read(path);
        } catch (ToolFailure e) {
            return PartingRow.unreadable(position, id, String.valueOf(e.getMessage()));
        }
        try {
            return comparing.compare(position, id, file);
        } catch (RuntimeException e) {
            return PartingRow.fails(position, id, "could not be compared: " + e.getMessage());
        }
    }

    /** Prints why nothing was run; returns {@link ReplayTool#NOT_RUN}. */
    int notRun(@Nullable String why) {
        err().println("replay-tool " + spec.name() + ": " + ToolText.escape(String.valueOf(why)) + " (nothing was run)");
        err().flush();
        return ReplayTool.NOT_RUN;
    }
}
