package dev.reprise.tool;

import dev.reprise.internal.support.FolderWalk;
import java.io.IOException;
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
    static final String EXTENSION = ".reprise";

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

    private static void walk(Path folder, List<Found> into) {
        for (FolderWalk.Entry entry : FolderWalk.walk(folder, EXTENSION)) {
            IOException problem = entry.problem();
            into.add(new Found(entry.path(),
                    problem == null ? null : "cannot be listed: " + ToolFiles.reason(problem)));
        }
    }
}
