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
package dev.reprise.verify;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The temporary folders that hold the copies of {@link GameBuilds}' jars, one per {@code GameBuilds}, named
 * {@code reprise-builds-<pid>-<random>} after the process that made them. Those still there when the
 * process exits (an interrupted command, a jar still leased) are deleted by a shutdown hook; those of a
 * process that is gone (one killed before its hook ran) are deleted when this process makes its first.
 * Thread-safe.
 */
final class BuildCopies {

    private static final String PREFIX = "reprise-builds-";
    /** The folders of this process not yet deleted. */
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Thread hook = new Thread(() -> LIVE.forEach(BuildCopies::deleteTree), "reprise-builds-cleanup");
        Runtime.getRuntime().addShutdownHook(hook);
    }

    private BuildCopies() {
    }

    /**
     * Makes a new folder of copies, after deleting the stale ones of processes that are gone.
     *
     * @return the folder, deleted at exit if it is still there
     * @throws IOException if it cannot be made
     */
    static Path newFolder() throws IOException {
        Path folder = Files.createTempDirectory(PREFIX + ProcessHandle.current().pid() + "-");
        LIVE.add(folder);
        deleteStale(Objects.requireNonNull(folder.getParent(), "the temporary folder"));
        return folder;
    }

    /**
     * Deletes a folder of copies if no copy is left in it.
     *
     * @return whether it is gone
     */
    static boolean deleteIfEmpty(Path folder) {
        try {
            Files.deleteIfExists(folder); // fails while copies of jars still leased are in it
        } catch (IOException e) {
            return false; // deleted when the last of them is unloaded, or at exit
        }
        LIVE.remove(folder);
        return true;
    }

    /** Deletes the folders of copies, under {@code temp}, of processes no longer running. */
    static void deleteStale(Path temp) {
        try (DirectoryStream<Path> folders = Files.newDirectoryStream(temp, PREFIX + "*")) {
            for (Path folder : folders) {
                long pid = owner(String.valueOf(folder.getFileName()));
                if (pid > 0 && ProcessHandle.of(pid).isEmpty() && Files.isDirectory(folder)) {
                    deleteTree(folder);
                }
            }
        } catch (IOException | RuntimeException e) {
            // A temporary folder that cannot be read: its stale copies stay, as they would have anyway.
        }
    }

    /** The process id in a folder's name, or -1 if it names none (another program's, or an older release's). */
    static long owner(String name) {
        int end = name.indexOf('-', PREFIX.length());
        if (!name.startsWith(PREFIX) || end < 0) {
            return -1;
        }
        try {
            return Long.parseLong(name.substring(PREFIX.length(), end));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void deleteTree(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException | RuntimeException e) {
            // Left to the system's cleaning of its temporary folder.
        }
    }
}
