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

import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.ReplayVerifierProvider;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code diff}: plays each replay on two builds of a folder of game jars side by side, the states compared
 * after every step ({@link BuildDiff}), and says where they part: SAME, PARTS (the step, its command and
 * params, the steps alike, and each differing field with both values), FAILS (which side, where, why) or
 * UNREADABLE.
 */
@Command(name = "diff", description = {
    "Plays each replay on two builds side by side (the game jars of --builds, each in its own class loader), "
        + "compares their states after every step, and says of each: SAME, PARTS at step N (command, params) "
        + "after N steps alike: field left \u2260 right; ..., FAILS (which side, where, why) or UNREADABLE. "
        + "--left defaults to the build that recorded the replay, --right to the newest build of the folder; "
        + "a side whose build declares an upgrade plays the upgraded route.",
    "Exit code 0 if every replay is SAME, 1 if one is not, 125 if nothing could run (no game jar, an unknown "
        + "build, no replay file, a usage error)."})
final class DiffCommand extends LockstepCommand {

    @Option(names = "--builds", paramLabel = "DIR", required = true,
            description = "the folder of game jars whose builds are compared")
    @Nullable Path builds;

    @Option(names = "--left", paramLabel = "BUILD", description = "the left build (default: the replay's own)")
    @Nullable String left;

    @Option(names = "--right", paramLabel = "BUILD", description = "the right build (default: the newest)")
    @Nullable String right;

    @Override
    public Integer call() {
        Path folder = builds;
        if (folder == null || !java.nio.file.Files.isDirectory(folder)) {
            return notRun("no folder of game jars at " + folder);
        }
        try (GameBuilds<ReplayVerifierProvider> installed = GameBuilds.verifiers(folder).build()) {
            installed.skipped().forEach(problem -> err().println("replay-tool: "
                    + ToolText.escape(problem.path() + ": skipped, " + problem.reason())));
            if (installed.installed().isEmpty()) {
                return notRun("no game jar is installed in " + folder);
            }
            BuildDiff diff = new BuildDiff(installed, lockstep());
            for (String build : new String[] {left, right}) {
                if (build != null && !diff.installed(build)) {
                    return notRun("no game jar in " + folder + " plays build \"" + build + "\"; it holds "
                            + diff.describe());
                }
            }
            return report((position, id, file) -> {
                try {
                    return PartingRow.of(position, id, "SAME", null, await(diff.compare(file, left, right)));
                } catch (IllegalArgumentException e) {
                    return PartingRow.fails(position, id, String.valueOf(e.getMessage()));
                }
            });
        }
    }
}
