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
import dev.reprise.io.ReplayFileHeader;
import dev.reprise.io.ReplayFileReader;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.verify.Outcome;
import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.Verdict;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * How the tool reads and writes replay files: every path is checked first, so that a bad one gets a
 * specific one-line reason ({@code "out/: is a directory"}) instead of an exception, and every read
 * goes through {@link #READER}'s caps, so that a huge file or a device such as {@code /dev/zero} is
 * refused before it costs any memory.
 */
final class ToolFiles {

    /** The reader of every file the tool reads: the library's default caps. */
    static final ReplayFileReader READER = ReplayFileReader.DEFAULT;

    /** How many symbolic links in a chain are followed before it counts as a loop, as the kernel's limit. */
    private static final int MAX_LINKS = 40;

    private ToolFiles() {
    }

    /**
     * Reads and validates a replay file.
     *
     * @param path the file
     * @return the file
     * @throws ToolFailure naming the path and the reason if it is missing, not a readable regular
     *                     file, larger than the caps or not a valid replay file
     */
    static ReplayFile read(Path path) {
        requireReadable(path);
        try {
            return READER.read(path);
        } catch (IOException | ReplayFormatException e) {
            throw new ToolFailure(path + ": " + reason(e));
        }
    }

    /**
     * Reads and validates a replay file and what its header says about the layout, for {@code info}:
     * the header is only known from the bytes, so they are read here, within the reader's file cap.
     *
     * @param path the file
     * @return the file and its header
     * @throws ToolFailure as {@link #read(Path)} does
     */
    static Loaded readWithHeader(Path path) {
        requireReadable(path);
        try {
            byte[] bytes = readCapped(path);
            return new Loaded(READER.read(bytes), READER.readHeader(bytes));
        } catch (IOException | ReplayFormatException e) {
            throw new ToolFailure(path + ": " + reason(e));
        }
    }

    /**
     * A valid replay file with its header.
     *
     * @param file   the file
     * @param header what its header says
     */
    record Loaded(ReplayFile file, ReplayFileHeader header) {
    }

    /**
     * Says why a path that does not resolve to a file is not there: a symlink loop, a dangling
     * symlink (naming where it points) or simply no such file.
     *
     * @param path a path for which {@link Files#exists} is false
     * @return the reason, e.g. {@code "no such file"} or {@code "a symlink loop (lnk leads back to itself)"}
     */
    static String missing(Path path) {
        Set<Path> seen = new HashSet<>();
        Path at = path.toAbsolutePath().normalize();
        try {
            while (Files.isSymbolicLink(at)) {
                if (!seen.add(at) || seen.size() > MAX_LINKS) {
                    return "a symlink loop (" + at + " leads back to itself)";
                }
                at = at.resolveSibling(Files.readSymbolicLink(at)).normalize();
            }
        } catch (IOException e) {
            return reason(e);
        }
        return seen.isEmpty() ? "no such file" : "a dangling symlink (it points to " + at + ", which does not exist)";
    }

    /**
     * Returns why a path cannot be read as a replay file without reading it, or null if it can be
     * tried: a missing path, a folder, a device or pipe, a file without read permission or one larger
     * than the reader's caps allow.
     *
     * @param path the path
     * @return the reason, e.g. {@code "no such file"}, or null
     */
    static @Nullable String problem(Path path) {
        if (!Files.exists(path)) {
            return missing(path);
        }
        if (Files.isDirectory(path)) {
            return "is a directory";
        }
        if (!Files.isRegularFile(path)) {
            return "not a regular file (a device, pipe or socket)";
        }
        if (!Files.isReadable(path)) {
            return "permission denied";
        }
        try {
            long size = Files.size(path);
            if (size > READER.maxFileBytes()) {
                return String.format(Locale.ROOT, "%,d bytes, more than the largest replay file the reader accepts "
                        + "(%,d bytes)", size, READER.maxFileBytes());
            }
        } catch (IOException e) {
            return reason(e);
        }
        return null;
    }

    /**
     * Shows a path as the tool prints it: a folder ends with a separator.
     *
     * @param path the path
     * @return the path as text
     */
    static String show(Path path) {
        String text = path.toString();
        return Files.isDirectory(path) && !text.endsWith(File.separator) ? text + File.separator : text;
    }

    /**
     * Checks that a file can be written at a path: its folder exists and the path is not a folder.
     *
     * @param path where a file is to be written
     * @throws ToolFailure {@code "cannot write <path>: <reason>"} if it cannot
     */
    static void requireWritable(Path path) {
        if (Files.isDirectory(path)) {
            throw cannotWrite(path, "is a directory");
        }
        Path folder = path.toAbsolutePath().getParent();
        if (folder != null && !Files.isDirectory(folder)) {
            throw cannotWrite(path, Files.exists(folder) ? folder + " is not a folder" : "no such folder");
        }
        if (folder != null && !Files.isWritable(folder)) {
            throw cannotWrite(path, "permission denied");
        }
    }

    /**
     * Judges one replay with a verifier, waiting at most its timeout and a second more: a verification whose
     * game is stuck where the verifier's own timer cannot end it is {@code TIMED_OUT} too, its thread left
     * behind, never waited for.
     *
     * @param verifier the verifier, bounded by {@code timeout}
     * @param source   the replay
     * @param timeout  the most one replay may take
     * @return the verdict
     */
    static Verdict verdict(ReplayVerifier verifier, ReplaySource source, Duration timeout) {
        CompletableFuture<Verdict> verdict = verifier.verify(source).toFuture();
        try {
            return verdict.get(timeout.plusSeconds(1).toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            verdict.cancel(true);
            return Verdict.builder(source.id(), Outcome.TIMED_OUT).reason("ran over the " + timeout + " timeout; "
                    + "the game's thread is left behind").build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ToolFailure(source.id() + ": interrupted while it was verified");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw new ToolFailure(source.id() + ": the verification failed: "
                    + (cause instanceof Exception c ? reason(c) : String.valueOf(cause)));
        }
    }

    /**
     * Says why a command must not write its output at {@code output}: it is its input, or a link to it, so
     * writing would destroy what the command reads (a player's bug report, say).
     *
     * @param input  the file the command reads
     * @param output where it is to write
     * @return the reason, e.g. {@code "OUT (bug.reprise) is IN: ..."}, or null if they are two files
     */
    static @Nullable String overwritesInput(Path input, Path output) {
        boolean same;
        try {
            same = Files.exists(output) ? Files.isSameFile(input, output)
                    : input.toAbsolutePath().normalize().equals(output.toAbsolutePath().normalize());
        } catch (IOException e) {
            return null; // not the same file as far as anyone can tell; the write says what is wrong
        }
        if (!same) {
            return null;
        }
        String what = Files.isSymbolicLink(output) ? "a link to IN (" + input + ")"
                : input.toAbsolutePath().normalize().equals(output.toAbsolutePath().normalize()) ? "IN"
                : "the same file as IN (" + input + ")";
        return "OUT (" + output + ") is " + what + ": writing it would destroy the replay read; choose another OUT";
    }

    /**
     * Returns the failure for a write that failed.
     *
     * @param path  where the file was to be written
     * @param cause what failed
     * @return {@code "cannot write <path>: <reason>"}
     */
    static ToolFailure cannotWrite(Path path, IOException cause) {
        return cannotWrite(path, reason(cause));
    }

    private static ToolFailure cannotWrite(Path path, String reason) {
        return new ToolFailure("cannot write " + show(path) + ": " + reason);
    }

    /**
     * Returns an exception's reason as the tool prints it after a path: the JDK's file exceptions
     * repeat the path in their message, so they are turned into the reason alone.
     *
     * @param e what failed
     * @return the reason, never the stack
     */
    static String reason(Exception e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "not a folder";
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            return fs.getReason();
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    /**
     * Loads a file's route into a route of exactly its size, to read its steps.
     *
     * @param file the file
     * @return a new route holding the file's steps
     */
    static ReplayArray route(ReplayFile file) {
        int steps = Math.max(1, file.save().length());
        int params = Math.max(1, file.save().paramArray().remaining());
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().initCommandLength(steps)
                .commandMaxLength(steps).initParamLength(params).paramMaxLength(params)
                .commandWidth(file.save().commandWidth()).build());
        array.loadState(file.save());
        return array;
    }

    private static void requireReadable(Path path) {
        String problem = problem(path);
        if (problem != null) {
            throw new ToolFailure(show(path) + ": " + problem);
        }
    }

    /** Reads a whole file, refusing one that grew past the reader's file cap since it was checked. */
    private static byte[] readCapped(Path path) throws IOException {
        long max = READER.maxFileBytes();
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 16L, max + 1));
            if (bytes.length > max) {
                throw new IOException(String.format(Locale.ROOT,
                        "more than the largest replay file the reader accepts (%,d bytes)", max));
            }
            return bytes;
        }
    }
}
