package dev.reprise.test;

import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * Finds the replay files of a file or folder, the same way for {@link ReplayAssertions} and
 * {@link ReplayFilesSource}: a file is taken as it is (whatever its name); a folder is walked
 * recursively for {@code *.reprise} files, sorted by their path relative to the folder, so every run
 * sees the same order. A sub-folder that cannot be listed is kept with its reason, so it fails as a
 * replay instead of vanishing from the suite. A folder given through a symbolic link is followed.
 */
final class ReplayFiles {

    /** The name ending of replay files. */
    static final String EXTENSION = ".reprise";

    /**
     * The problems found while walking, by the source handed out for the path: reading an unreadable
     * folder's path would only say it is a folder, so asserting the source reports the walk's problem,
     * as a folder's assertion does. Only unreadable paths are kept, a few at most.
     */
    private static final Map<ReplaySource, String> PROBLEMS = new ConcurrentHashMap<>();

    private ReplayFiles() {
    }

    /**
     * Returns the source of a file found, remembering the problem found while walking, if any.
     *
     * @param file a file found by {@link #find(Path)}
     * @return its source, its id the relative path
     */
    static ReplaySource source(Found file) {
        ReplaySource source = ReplaySource.of(file.relative(), file.path());
        if (file.problem() != null) {
            PROBLEMS.put(source, file.problem());
        }
        return source;
    }

    /**
     * Returns the verdict of a source whose path could not be read while walking, without reading it.
     *
     * @param source a source, from {@link #source(Found)} or not
     * @return its {@link Outcome#INVALID_FILE} verdict naming the problem, or empty if none is known
     */
    static Optional<Verdict> knownInvalid(ReplaySource source) {
        String problem = PROBLEMS.get(source);
        return problem == null ? Optional.empty()
                : Optional.of(Verdict.builder(source.id(), Outcome.INVALID_FILE).reason(problem).build());
    }

    /**
     * One replay file found.
     *
     * @param path     the file, the root resolved against its relative name
     * @param relative the path relative to the folder walked, with {@code /} separators (the file's name
     *                 when a file was given)
     * @param problem  why it cannot be read, known already while walking; {@code null} if it is to be tried
     */
    record Found(Path path, String relative, @Nullable String problem) {
    }

    /**
     * Finds the replay files under {@code root}.
     *
     * @param root a replay file or a folder
     * @return the files, sorted by relative path; empty for a folder without replay files
     * @throws IllegalArgumentException if {@code root} does not exist
     */
    static List<Found> find(Path root) {
        if (!Files.exists(root)) {
            throw new IllegalArgumentException("no such file or folder: " + root.toAbsolutePath().normalize());
        }
        List<Found> found = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            Path name = root.getFileName();
            found.add(new Found(root, name == null ? root.toString() : name.toString(), null));
            return found;
        }
        for (FolderWalk.Entry entry : FolderWalk.walk(root, EXTENSION)) {
            IOException problem = entry.problem();
            found.add(new Found(entry.path(), relative(root, entry.path()),
                    problem == null ? null : "cannot be read: " + problem));
        }
        found.sort(Comparator.comparing(Found::relative));
        return found;
    }

    /** The path relative to the folder walked; the folder itself (a walk that could not start) as given. */
    private static String relative(Path root, Path file) {
        String relative = root.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/");
        return relative.isEmpty() ? root.toString() : relative;
    }
}
