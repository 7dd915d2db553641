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
package dev.reprise.viewer;

import dev.reprise.diagnostic.ReplayException;
import dev.reprise.io.ReplayFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import dev.reprise.route.ReplaySave;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Where sessions get their replays: the {@code .reprise} files directly inside the configured folder
 * (picked by plain name, never a path), and uploads (read and verified as they stream in, then held
 * under a random token until a session opens them, within the {@link ServerLimits}' upload budget).
 * Every file is read with the options' {@link dev.reprise.io.ReplayFileReader} (its caps) and checked
 * with the compatibility of the game that plays its game id and build ({@link ViewerGames}), which it
 * leases to the session that opens it. Thread-safe.
 */
final class ReplayLibrary {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}\\.reprise");

    private final ViewerOptions options;
    private final ViewerGames games;
    private final Path folder;
    private final UploadStore uploads;

    /**
     * A verified replay file and the game that plays it, leased: close it once the file is no longer played.
     *
     * @param name the file's name (or the upload's)
     * @param file the file, as the game's compatibility check returned it
     * @param played its game, leased
     */
    record Loaded(String name, ReplayFile file, ViewerGames.Played played) implements AutoCloseable {

        /** @return the game that plays the file */
        ViewerGame game() {
            return played.game();
        }

        /** Ends the lease of the game (a folder's jar stays loaded until then). */
        @Override
        public void close() {
            played.close();
        }
    }

    /**
     * An upload read and verified, kept until a session opens it ({@link #play}): it holds no game.
     *
     * @param name the name the page gave
     * @param file the file as read
     */
    record Upload(String name, ReplayFile file) {
    }

    /**
     * A replay file of the folder.
     *
     * @param name its plain name
     * @param bytes its size
     * @param modified when it was last written
     */
    record Listed(String name, long bytes, Instant modified) {
    }

    ReplayLibrary(ViewerOptions options, ViewerGames games) {
        this.options = options;
        this.games = games;
        this.folder = options.folder().toAbsolutePath().normalize();
        this.uploads = new UploadStore(options.limits(), System::nanoTime);
    }

    /**
     * Lists the replay files of the folder.
     *
     * @return the files, sorted by name; empty if the folder does not exist
     * @throws IOException if the folder cannot be listed
     */
    List<Listed> list() throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        List<Listed> files = new ArrayList<>();
        try (Stream<Path> entries = Files.list(folder)) {
            for (Path entry : (Iterable<Path>) entries.sorted()::iterator) {
                Path fileName = entry.getFileName();
                String name = fileName == null ? "" : fileName.toString();
                if (NAME.matcher(name).matches() && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    BasicFileAttributes attributes = Files.readAttributes(entry, BasicFileAttributes.class,
                            LinkOption.NOFOLLOW_LINKS);
                    files.add(new Listed(name, attributes.size(), attributes.lastModifiedTime().toInstant()));
                }
            }
        }
        return files;
    }

    /**
     * Reads and verifies a file of the folder by name, leasing the game that plays it.
     *
     * @param name a plain file name ending in {@code .reprise}
     * @return the file and its game; close it when it is no longer played
     * @throws IllegalArgumentException with the reason if the name is not a plain name of a file in the
     *     folder, or the file is not a valid replay of a known game and build
     */
    /**
     * Returns where a new replay named {@code name} goes in the folder: a file an edit is saved as, never
     * one already there (the file edited included).
     *
     * @param name a plain file name ending in {@code .reprise}
     * @return the path, in the folder
     * @throws IllegalArgumentException saying why if the name is not a plain replay name or the file exists
     */
    Path newFile(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("\"" + name + "\" is not a replay name: a plain file name ending in "
                    + ".reprise, no folders");
        }
        Path path = folder.resolve(name).normalize();
        if (!folder.equals(path.getParent())) {
            throw new IllegalArgumentException("\"" + name + "\" is not a file of the viewer's folder");
        }
        if (Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException("\"" + name + "\" is already in the viewer's folder: save as a new name");
        }
        return path;
    }

    Loaded open(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("\"" + name + "\" is not a replay name: a plain file name ending in "
                    + ".reprise, no folders");
        }
        Path path = folder.resolve(name).normalize();
        if (!folder.equals(path.getParent()) || !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException("no replay named \"" + name + "\" in the viewer's folder");
        }
        try {
            if (Files.size(path) > options.reader().maxFileBytes()) {
                throw new IllegalArgumentException(name + ": " + Files.size(path) + " bytes, the viewer reads at most "
                        + options.reader().maxFileBytes());
            }
            return verify(name, options.reader().read(path));
        } catch (IOException e) {
            throw new IllegalArgumentException(name + ": cannot be read: " + e.getMessage(), e);
        } catch (ReplayException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads and verifies an upload as it streams in and keeps it for a session to open. The reader
     * checks the magic and header on the first bytes, so a body that is not a replay is refused (and
     * the rest of it never read); every chunk is reserved from the upload budget before it is kept.
     *
     * @param name the name the page gave (shown only)
     * @param body the request's body, chunk by chunk; it is requested one chunk at a time
     * @return the token that opens it with {@link #takeUpload} and {@link #play}; errors with {@link UploadBody.Refused}
     *     (413 too large, 503 the budget is full, 408 stalled) or {@link IllegalArgumentException}
     *     naming the reason the bytes are not a valid replay of a known game
     */
    Mono<String> upload(String name, Flux<byte[]> body) {
        String shown = name.length() > 128 ? name.substring(0, 128) : name;
        return Mono.using(() -> new UploadBody(uploads, maxUploadBytes(), options.limits().connectionIdleTimeout()),
                stream -> {
                    body.subscribe(stream.subscriber());
                    return Mono.fromCallable(() -> keep(shown, stream)).subscribeOn(Schedulers.boundedElastic());
                },
                stream -> {
                    stream.close();
                    uploads.release(stream.handOver());
                });
    }

    private String keep(String shown, UploadBody stream) throws IOException {
        ReplayFile file;
        try {
            file = options.reader().read(stream);
            verify(shown, file).close(); // checked now; played (and leased again) when a session opens it
        } catch (ReplayException e) {
            throw new IllegalArgumentException(shown + ": " + e.getMessage(), e);
        }
        ReplaySave save = file.save();
        long held = Math.max(stream.reserved(), (long) save.commandArray().capacity() + save.paramArray().capacity());
        String token = uploads.keep(new Upload(shown, file), stream.handOver(), held);
        if (token == null) {
            throw new UploadBody.Refused(503, shown + ": " + held + " bytes do not fit the viewer's upload budget ("
                    + uploads.budget() + " bytes, uploads in flight and kept); try again later");
        }
        return token;
    }

    /**
     * Takes an upload out of the library: a token opens one session.
     *
     * @param token the token {@link #upload} returned
     * @return the upload
     * @throws IllegalArgumentException if the token is unknown or was used, expired or evicted
     */
    Upload takeUpload(String token) {
        Upload loaded = uploads.take(token);
        if (loaded == null) {
            throw noSuchUpload();
        }
        return loaded;
    }

    /**
     * Looks at a kept upload without taking it.
     *
     * @param token the token {@link #upload} returned
     * @return the upload, still kept
     * @throws IllegalArgumentException if the token is unknown or was used, expired or evicted
     */
    Upload peekUpload(String token) {
        return uploads.peek(token).orElseThrow(this::noSuchUpload);
    }

    private IllegalArgumentException noSuchUpload() {
        return new IllegalArgumentException("no such upload (uploads open once, and expire after "
                + options.limits().uploadLifetime().toSeconds() + " s or when newer ones need their room)");
    }

    /** @return the largest upload accepted, in bytes: the reader's file cap, within the upload budget */
    long maxUploadBytes() {
        return Math.min(options.reader().maxFileBytes(), options.limits().uploadBudget());
    }

    /** @return the bytes uploads hold now, in flight and kept */
    long uploadBytes() {
        return uploads.heldBytes();
    }

    /** @return the uploads kept now */
    int keptUploads() {
        return uploads.keptCount();
    }

    /**
     * Verifies an upload again and leases the game that plays it: the game installed for its build may have
     * changed since it was uploaded.
     *
     * @param upload a kept upload
     * @return the file and its game; close it when it is no longer played
     * @throws IllegalArgumentException naming the upload and the reason if no installed game plays it
     */
    Loaded play(Upload upload) {
        return verify(upload.name(), upload.file());
    }

    private Loaded verify(String name, ReplayFile file) {
        ViewerGames.Played played;
        try {
            played = games.play(file);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        }
        try {
            return new Loaded(name, played.game().compatibility().check(file), played);
        } catch (ReplayException e) {
            played.close();
            throw new IllegalArgumentException(name + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            played.close();
            throw e;
        }
    }
}
