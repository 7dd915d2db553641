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

import dev.reprise.verify.Reproduction;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One line of the {@code compat} report: a replay's place among the paths found, its id (the path), its
 * status, and the reproduction it comes from, or the reason a path could not even be tried.
 *
 * @param position     the place among the paths found
 * @param id           the path, as given or found
 * @param status       what came of it
 * @param reproduction the report's finding; null for a path refused before it was read
 * @param problem      why a refused path cannot be read; null when there is a reproduction
 */
record CompatRow(long position, String id, Reproduction.Status status, @Nullable Reproduction reproduction,
                 @Nullable String problem) {

    /** The row of the report's finding for the path at {@code position}. */
    static CompatRow of(long position, Reproduction reproduction) {
        return new CompatRow(position, reproduction.id(), reproduction.status(), reproduction, null);
    }

    /** The row of a path that cannot be read at all (missing, a folder, a device). */
    static CompatRow unreadable(long position, String id, String problem) {
        return new CompatRow(position, id, Reproduction.Status.UNREADABLE, null, problem);
    }

    /**
     * The build that recorded the replay, if its file could be read: the origin build of a file upgraded
     * before, else the build its header names.
     */
    Optional<String> recordedBuild() {
        return reproduction == null ? Optional.empty()
                : reproduction.originBuild().or(reproduction::recordedBuild);
    }

    /** Whether a declared upgrade was applied to the replay. */
    boolean upgraded() {
        return reproduction != null && reproduction.upgraded();
    }

    /** The line printed: the id, then the status and where and why. */
    String line() {
        return id + "  " + (reproduction != null ? reproduction.describe() : status + ": " + problem);
    }
}
