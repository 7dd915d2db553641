package dev.reprise.tool;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
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
        try {
            Files.walkFileTree(folder, EnumSet.noneOf(FileVisitOption.class), Integer.MAX_VALUE,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                            if (file.getFileName().toString().endsWith(EXTENSION)) {
                                into.add(new Found(file, null)); // devices and pipes too: refused with a reason
                            }
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            into.add(new Found(file, "cannot be listed: " + ToolFiles.reason(e)));
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            // The visitor handles every failure itself; this is only a failure to start the walk.
            into.add(new Found(folder, "cannot be listed: " + ToolFiles.reason(e)));
        }
    }
}
