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
package dev.reprise.shrink;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Walks a folder for the files whose names end in an extension, for {@link ReplayCases#find}. The folder itself is followed if it is a symbolic link (its files are named under the
 * link, as given); links below it are not followed, so a link loop cannot trap the walk. A sub-folder
 * that cannot be listed is kept with its exception, so that it can fail as a replay instead of vanishing.
 *
 * <p>Stateless and thread-safe.
 */
final class FolderWalk {

    private FolderWalk() {
    }

    /**
     * One file found, or one path that could not be listed.
     *
     * @param path    the path, under the folder as given
     * @param problem why it could not be listed or read while walking; {@code null} for a file found
     */
    record Entry(Path path, @Nullable IOException problem) {
        Entry {
            Objects.requireNonNull(path, "path");
        }
    }

    /**
     * Walks {@code folder}, recursively, for files named {@code *extension}, in the order the file
     * system lists them (callers sort).
     *
     * @param folder    a folder, or a symbolic link to one
     * @param extension the name ending, e.g. {@code ".reprise"}
     * @return the files, and the paths that could not be listed with their problem
     */
    static List<Entry> walk(Path folder, String extension) {
        List<Entry> found = new ArrayList<>();
        Path start = folder;
        try {
            // walkFileTree reads the start without following it: a link would be one file, not the folder.
            if (Files.isSymbolicLink(folder)) {
                start = folder.toRealPath();
            }
            Path real = start;
            Files.walkFileTree(real, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    Path name = file.getFileName();
                    if (name != null && name.toString().endsWith(extension)) {
                        found.add(new Entry(asGiven(folder, real, file), null)); // devices too: refused later
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    found.add(new Entry(asGiven(folder, real, file), e));
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // The visitor handles every failure itself; this is only a failure to start the walk.
            found.add(new Entry(folder, e));
        }
        return found;
    }

    /** A path found under {@code walked}, named under the folder as it was given. */
    private static Path asGiven(Path given, Path walked, Path found) {
        return given == walked ? found : given.resolve(walked.relativize(found));
    }
}
