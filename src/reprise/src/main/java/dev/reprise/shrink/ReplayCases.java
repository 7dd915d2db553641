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

import dev.reprise.ReplaySystem;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplaySave;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.VerifiableGame;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Keeps the route of a session as a test case: one call writes it as a replay file into the game's test
 * folder, where the game's tests replay it on every build from then on (the test kit's
 * {@code ReplayAssertions} and {@code @ReplayFilesSource} find the cases as {@link #find} does). Call it where a session goes wrong — a failing test, a dev build's error handler, a bug-report
 * button — and commit the file:
 *
 * <pre>{@code
 * ReplayCases.write(system, Path.of("src/test/replays"), "bug-1234", GAME_ID, BUILD);
 * }</pre>
 *
 * <p>A case is never overwritten: a name already taken fails, so a kept regression is not lost to a new
 * one. The file appears complete or not at all (written beside it, then moved into place). Thread-safe: no
 * state.
 */
public final class ReplayCases {

    /** The name ending of replay files: {@code ".reprise"}. */
    public static final String EXTENSION = ".reprise";

    private ReplayCases() {
    }

    /**
     * One replay file found by {@link #find}, or a path under the folder that could not be listed.
     *
     * @param path     the file, under the folder as it was given
     * @param relative its path relative to the folder, with {@code /} separators (the file's name when a file
     *                 was given; the folder as given when its walk could not start)
     * @param problem  why the path could not be listed or read while walking; empty for a file to try
     */
    public record Found(Path path, String relative, Optional<IOException> problem) {
        /** Checks that no part is {@code null}. */
        public Found {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(relative, "relative");
            Objects.requireNonNull(problem, "problem");
        }
    }

    /**
     * Finds the replay files of a file or folder, the same way for every caller (the test kit's assertions
     * and sources, {@link ReplayCheck}, the replay tool): a file is taken as it is, whatever its name; a
     * folder is walked recursively for {@code *.reprise} files, sorted by their relative path, so every run
     * sees the same order. A folder given through a symbolic link is followed; links below it are not, so a
     * link loop cannot trap the walk. A sub-folder that cannot be listed is kept with its problem, so that it
     * can fail as a replay instead of vanishing. Reads only the folder's listing, not the files.
     *
     * @param fileOrFolder a replay file or a folder
     * @return the files found, sorted by relative path; empty for a folder without replay files
     * @throws IllegalArgumentException if {@code fileOrFolder} does not exist
     */
    public static List<Found> find(Path fileOrFolder) {
        Objects.requireNonNull(fileOrFolder, "fileOrFolder");
        if (!Files.exists(fileOrFolder)) {
            throw new IllegalArgumentException("no such file or folder: " + fileOrFolder.toAbsolutePath().normalize());
        }
        if (!Files.isDirectory(fileOrFolder)) {
            Path name = fileOrFolder.getFileName();
            return List.of(new Found(fileOrFolder, name == null ? fileOrFolder.toString() : name.toString(),
                    Optional.empty()));
        }
        List<Found> found = new ArrayList<>();
        for (FolderWalk.Entry entry : FolderWalk.walk(fileOrFolder, EXTENSION)) {
            found.add(new Found(entry.path(), relative(fileOrFolder, entry.path()),
                    Optional.ofNullable(entry.problem())));
        }
        found.sort(Comparator.comparing(Found::relative));
        return List.copyOf(found);
    }

    /** The path relative to the folder walked; the folder itself (a walk that could not start) as given. */
    private static String relative(Path root, Path file) {
        String relative = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
        return relative.isEmpty() ? root.toString() : relative;
    }

    /**
     * Writes the route of {@code system} as it is now as the replay file {@code folder/name.reprise}, with
     * the system's command dictionary.
     *
     * @param system    the session's system
     * @param folder    the test folder, created if missing
     * @param name      the case's name, a file name without folders; {@code .reprise} is added unless present
     * @param gameId    the game's id, as its verifier expects
     * @param gameBuild the game's build
     * @return the file written
     * @throws FileAlreadyExistsException if the case exists already (it is left as it was)
     * @throws IOException                if the file cannot be written
     * @throws IllegalArgumentException   if {@code name} is empty or names a folder
     */
    public static Path write(ReplaySystem system, Path folder, String name, String gameId, String gameBuild)
            throws IOException {
        Objects.requireNonNull(system, "system");
        ReplayFile file = ReplayFile.builder(system.saveState()).gameId(gameId).gameBuild(gameBuild)
                .dictionary(system.commandDictionary()).build();
        return write(file, folder, name);
    }

    /**
     * Writes {@code file} as the replay file {@code folder/name.reprise}: use this one when the game's
     * verifier needs metadata (a level seed, a final state hash), added to the file's builder first.
     *
     * @param file   the replay file, for instance {@code ReplayFile.builder(system.saveState()).gameId(id)...metadata(...).build()}
     * @param folder the test folder, created if missing
     * @param name   the case's name, a file name without folders; {@code .reprise} is added unless present
     * @return the file written
     * @throws FileAlreadyExistsException if the case exists already (it is left as it was)
     * @throws IOException                if the file cannot be written
     * @throws IllegalArgumentException   if {@code name} is empty or names a folder
     */
    public static Path write(ReplayFile file, Path folder, String name) throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(folder, "folder");
        Path target = folder.resolve(fileName(name));
        if (Files.exists(target)) {
            throw new FileAlreadyExistsException(target.toString(), null, "a replay case of that name is kept there");
        }
        Files.createDirectories(folder);
        byte[] bytes = file.toBytes();
        // Not Files.createTempFile: its owner-only permissions would stay on the kept case.
        Path temporary = folder.resolve("." + target.getFileName() + "." + System.nanoTime() + ".tmp");
        try {
            Files.write(temporary, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.move(temporary, target); // no REPLACE_EXISTING: a case written meanwhile is kept
        } finally {
            Files.deleteIfExists(temporary);
        }
        return target;
    }

    /**
     * Keeps the first {@code steps} steps of a replay as a new replay, with the same game id, build,
     * dictionary, compression and metadata: the simple half of {@link ReplayShrink}, for a failure known
     * to lie early in a long replay. Nothing is played, so a final state hash the metadata claims is the
     * original's; {@link #cut(ReplayFile, int, ReplayVerifier, boolean)} removes or recomputes it. The cut is
     * marked {@link ReplayVerifier#TEST_CASE_KEY} {@code "cut"}.
     *
     * @param file  the replay
     * @param steps how many steps to keep, 0..its length
     * @return the cut replay
     * @throws IllegalArgumentException if {@code steps} is outside 0..the replay's length
     */
    public static ReplayFile cut(ReplayFile file, int steps) {
        Objects.requireNonNull(file, "file");
        Map<String, String> metadata = new LinkedHashMap<>(file.metadata());
        metadata.put(ReplayVerifier.TEST_CASE_KEY, "cut");
        return withRoute(file, prefix(file, steps), metadata);
    }

    /**
     * Keeps the first {@code steps} steps of a replay as a new replay, as {@link #cut(ReplayFile, int)}
     * does, without the final state hash the verifier's files claim ({@link ReplayVerifier#finalHashKey()}),
     * which described the original's end; or, if {@code finalStateHash}, with it recomputed: the cut route is
     * played on the verifier's game, state-hash steps unchecked and within the verifier's
     * {@linkplain ReplayVerifier#timeout() timeout}, and the game's {@link VerifiableGame#stateHash()} where
     * it ended is written under that key. Marked a test case, the cut verifies without a hash.
     *
     * @param file           the replay
     * @param steps          how many steps to keep, 0..its length
     * @param verifier       the game's verifier
     * @param finalStateHash whether to write the recomputed final state hash (a verifier without a
     *                       final-hash key, or a game without a state hash, writes none)
     * @return the cut replay
     * @throws IllegalArgumentException if {@code steps} is outside 0..the replay's length
     * @throws RuntimeException         whatever the verifier's game factory throws for the file
     */
    public static ReplayFile cut(ReplayFile file, int steps, ReplayVerifier verifier, boolean finalStateHash) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(verifier, "verifier");
        ReplaySave save = prefix(file, steps);
        Map<String, String> metadata = new LinkedHashMap<>(file.metadata());
        metadata.put(ReplayVerifier.TEST_CASE_KEY, "cut");
        String key = verifier.finalHashKey().orElse(null);
        if (key != null) {
            metadata.remove(key);
        }
        if (key != null && finalStateHash) {
            try (ShrinkTrials<?> trials = new ShrinkTrials<>(file.gameId(), file, ReplayShrink.judging(verifier))) {
                trials.hashes(save).finalState().ifPresent(hash -> metadata.put(key, HexFormat.of().toHexDigits(hash)));
            }
        }
        return withRoute(file, save, metadata);
    }

    private static ReplaySave prefix(ReplayFile file, int steps) {
        int length = file.save().length();
        if (steps < 0 || steps > length) {
            throw new IllegalArgumentException("a cut keeps 0.." + length + " steps (the replay's length), not " + steps);
        }
        return RouteGroups.of(file.save(), code -> false, code -> false).save(RouteGroups.first(steps));
    }

    /** @return a replay of the same game (id, build, dictionary, compression) with another route and metadata */
    static ReplayFile withRoute(ReplayFile file, ReplaySave save, Map<String, String> metadata) {
        return ReplayFile.builder(save).gameId(file.gameId()).gameBuild(file.gameBuild())
                .dictionary(file.dictionary()).compression(file.compression()).metadata(metadata).build();
    }

    private static String fileName(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.contains("/") || name.contains("\\") || name.equals(".") || name.equals("..")) {
            throw new IllegalArgumentException("a case name is a file name without folders, was \"" + name + "\"");
        }
        return name.endsWith(EXTENSION) ? name : name + EXTENSION;
    }
}
