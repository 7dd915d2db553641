package dev.reprise.samples.viewer;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.reprise.ReplayException;
import dev.reprise.io.ReplayFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where sessions get their replays: the {@code .reprise} files directly inside the configured folder
 * (picked by plain name, never a path), and uploads (read and verified when they arrive, then held
 * under a random token until a session opens them, at most {@link #MAX_UPLOADS}, for 10 minutes).
 * Every file is read with the options' {@link dev.reprise.io.ReplayFileReader} (its caps) and checked
 * with the verifier of the game it names. Thread-safe.
 */
public final class ReplayLibrary {

    /** Uploads held at once; the oldest are dropped beyond. */
    public static final int MAX_UPLOADS = 32;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}\\.reprise");

    private final ViewerOptions options;
    private final Map<String, ViewerGame> games;
    private final Path folder;
    private final Cache<String, Loaded> uploads = Caffeine.newBuilder()
            .maximumSize(MAX_UPLOADS).expireAfterWrite(Duration.ofMinutes(10)).build();
    private final SecureRandom random = new SecureRandom();

    /**
     * A verified replay file and the game it belongs to.
     *
     * @param name the file's name (or the upload's)
     * @param file the file
     * @param game its game
     */
    public record Loaded(String name, ReplayFile file, ViewerGame game) {
    }

    ReplayLibrary(ViewerOptions options, Map<String, ViewerGame> games) {
        this.options = options;
        this.games = Map.copyOf(games);
        this.folder = options.folder().toAbsolutePath().normalize();
    }

    /**
     * Lists the replay files of the folder.
     *
     * @return the names and sizes, sorted by name; empty if the folder does not exist
     * @throws IOException if the folder cannot be listed
     */
    public List<Map.Entry<String, Long>> list() throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        List<Map.Entry<String, Long>> files = new ArrayList<>();
        try (Stream<Path> entries = Files.list(folder)) {
            for (Path entry : (Iterable<Path>) entries.sorted()::iterator) {
                String name = entry.getFileName().toString();
                if (NAME.matcher(name).matches() && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    files.add(Map.entry(name, Files.size(entry)));
                }
            }
        }
        return files;
    }

    /**
     * Reads and verifies a file of the folder by name.
     *
     * @param name a plain file name ending in {@code .reprise}
     * @return the file
     * @throws IllegalArgumentException with the reason if the name is not a plain name of a file in the
     *     folder, or the file is not a valid replay of a known game
     */
    public Loaded open(String name) {
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
     * Reads and verifies an upload and keeps it for a session to open.
     *
     * @param name the name the page gave (shown only)
     * @param bytes the file, at most {@link #maxUploadBytes()}
     * @return the token that opens it with {@link #takeUpload}
     * @throws IllegalArgumentException with the reason if the bytes are not a valid replay of a known game
     */
    public String upload(String name, byte[] bytes) {
        String shown = name.length() > 128 ? name.substring(0, 128) : name;
        Loaded loaded;
        try {
            loaded = verify(shown, options.reader().read(bytes));
        } catch (ReplayException e) {
            throw new IllegalArgumentException(shown + ": " + e.getMessage(), e);
        }
        byte[] token = new byte[16];
        random.nextBytes(token);
        String key = HexFormat.of().formatHex(token);
        uploads.put(key, loaded);
        return key;
    }

    /**
     * Takes an upload out of the library: a token opens one session.
     *
     * @param token the token {@link #upload} returned
     * @return the upload
     * @throws IllegalArgumentException if the token is unknown or was used or expired
     */
    public Loaded takeUpload(String token) {
        Loaded loaded = uploads.asMap().remove(token);
        if (loaded == null) {
            throw new IllegalArgumentException("no such upload (uploads open once and expire after 10 minutes)");
        }
        return loaded;
    }

    /** @return the largest upload accepted, in bytes: the reader's file cap */
    public long maxUploadBytes() {
        return options.reader().maxFileBytes();
    }

    private Loaded verify(String name, ReplayFile file) {
        ViewerGame game = games.get(file.gameId());
        if (game == null) {
            throw new IllegalArgumentException(name + ": a replay of \"" + file.gameId() + "\", the viewer knows "
                    + games.keySet());
        }
        return new Loaded(name, game.verifier().verify(file), game);
    }
}
