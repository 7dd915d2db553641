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
import dev.reprise.verify.GameBuilds;
import dev.reprise.verify.Lockstep;
import dev.reprise.verify.LockstepResult;
import dev.reprise.verify.Reproduction;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * {@code compat --explain}: for a replay that DIVERGES and whose recording build is installed in the
 * {@code --builds} folder, the exact step and fields where it parts from that build, from a {@link BuildDiff}
 * of the recording build against the build compat plays on. Opens the folder's jars once, for the command;
 * close it when the command is done. Not thread-safe: one command's.
 */
final class CompatExplain implements AutoCloseable {

    private final GameBuilds<dev.reprise.verify.ReplayVerifierProvider> builds;
    private final BuildDiff diff;
    private final @Nullable String build;
    private final Duration timeout;

    private CompatExplain(Path folder, @Nullable String build, Duration timeout) {
        this.builds = GameBuilds.verifiers(folder).build();
        this.diff = new BuildDiff(builds, Lockstep.builder().timeout(timeout).build());
        this.build = build;
        this.timeout = timeout;
    }

    /**
     * Opens the folder's builds for explaining.
     *
     * @param folder  the {@code --builds} folder
     * @param build   the {@code --build} compat plays on, or null for the folder's newest
     * @param timeout the most one replay's comparison may take
     * @return the explainer
     */
    static CompatExplain open(Path folder, @Nullable String build, Duration timeout) {
        return new CompatExplain(folder, build, timeout);
    }

    /**
     * Explains a row: where a diverging replay parts from its recording build.
     *
     * @param row a row of the report
     * @return the lines to print under the row's, indented; empty if it does not diverge or its recording
     *     build is not installed
     */
    Optional<String> explain(CompatRow row) {
        Optional<String> recorded = row.recordedBuild();
        if (row.status() != Reproduction.Status.DIVERGES || recorded.isEmpty() || !diff.installed(recorded.get())) {
            return Optional.empty();
        }
        String where;
        try {
            ReplayFile file = ToolFiles.read(Path.of(row.id()));
            LockstepResult result = diff.compare(file, null, build).blockOptional(timeout.plusMinutes(1))
                    .orElseThrow(() -> new IllegalStateException("no result"));
            where = result.line();
        } catch (RuntimeException e) {
            where = "not explained: " + e.getMessage();
        }
        return Optional.of("    build " + recorded.get() + " against " + (build == null ? "the newest build" : "build "
                + build) + ": " + where);
    }

    @Override
    public void close() {
        builds.close();
    }
}
