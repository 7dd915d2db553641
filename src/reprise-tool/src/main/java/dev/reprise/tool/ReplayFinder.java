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

import dev.reprise.shrink.ReplayCases;
import dev.reprise.verify.ReplaySource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Finds the replay files named on a command line: a file is taken as it is (whatever its name), a folder
 * is walked for {@code *.reprise} files, and a path that cannot be listed or does not exist is kept with
 * its reason, so that it becomes a verdict rather than an error. Deterministic: the arguments in their
 * order, each folder's files sorted by path, each file once.
 */
final class ReplayFinder {

    /** The name ending of the replay files a folder is walked for. */
    static final String EXTENSION = ReplayCases.EXTENSION;

    private ReplayFinder() {
    }

    /**
     * A path to verify and, if it is known already, why it cannot be read.
     *
     * @param path    the path, as given or as found under a given folder
     * @param problem why it cannot be read (e.g. {@code "no such file"}), or null if it is to be tried
     */
    record Found(Path path, @Nullable String problem) {
    }

    /**
     * Finds the replay files of the arguments.
     *
     * @param arguments files and folders
     * @return what was found, in a deterministic order
     */
    static List<Found> find(List<Path> arguments) {
        List<Found> found = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        for (Path argument : arguments) {
            List<Found> here = new ArrayList<>();
            if (Files.isDirectory(argument)) {
                walk(argument, here);
                here.sort(Comparator.comparing(Found::path));
            } else {
                here.add(new Found(argument, Files.exists(argument) ? null : ToolFiles.missing(argument)));
            }
            for (Found f : here) {
                if (seen.add(f.path().toAbsolutePath().normalize())) {
                    found.add(f);
                }
            }
        }
        return found;
    }

    /**
     * The replays found, split into the paths known to be unreadable (missing, a folder that cannot be
     * listed, a device, a file over the reader's caps: refused here, so that the reason is specific) and the
     * sources of the others, to play. Each keeps its place among the replays found.
     *
     * @param refused   the unreadable paths
     * @param sources   the replays to play, in the order found, each identified by its path
     * @param positions the place among the replays found of each source, by the source's index
     */
    record Batch(List<Refused> refused, List<ReplaySource> sources, List<Integer> positions) {

        /**
         * Splits the replays found.
         *
         * @param found what {@link #find} found
         * @return the batch
         */
        static Batch of(List<Found> found) {
            List<Refused> refused = new ArrayList<>();
            List<ReplaySource> sources = new ArrayList<>();
            List<Integer> positions = new ArrayList<>();
            for (int i = 0; i < found.size(); i++) {
                Path path = found.get(i).path();
                String problem = found.get(i).problem() != null ? found.get(i).problem() : ToolFiles.problem(path);
                if (problem != null) {
                    refused.add(new Refused(i, ToolFiles.show(path), problem));
                } else {
                    sources.add(ReplaySource.of(path.toString(), path));
                    positions.add(i);
                }
            }
            return new Batch(List.copyOf(refused), List.copyOf(sources), List.copyOf(positions));
        }

        /**
         * Returns the place among the replays found of a source.
         *
         * @param source the source's index in {@link #sources()}, as a verdict's position says it
         * @return its place among the replays found
         */
        int position(long source) {
            return positions.get((int) source);
        }
    }

    /**
     * A path that cannot be read as a replay.
     *
     * @param position its place among the replays found
     * @param id       the path, as the tool shows it
     * @param problem  why it cannot be read
     */
    record Refused(int position, String id, String problem) {
    }

    private static void walk(Path folder, List<Found> into) {
        for (ReplayCases.Found entry : ReplayCases.find(folder)) {
            into.add(new Found(entry.path(),
                    entry.problem().map(problem -> "cannot be listed: " + ToolFiles.reason(problem)).orElse(null)));
        }
    }
}
