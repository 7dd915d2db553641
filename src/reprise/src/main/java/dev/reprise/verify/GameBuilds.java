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
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import reactor.core.scheduler.Schedulers;

/**
 * The builds of games installed as jars in a folder, each jar in its own class loader, so that one process
 * serves replays of every build at once: the replay tool's {@code verify --builds=DIR}, a verification
 * worker or a viewer. Each replay goes to the jar whose game id and builds match its file header
 * ({@link #lease}).
 *
 * <p>Loading: every {@code *.jar} regular file directly in the folder is copied to a private temporary
 * folder and loaded from the copy (so the jar in the folder can be replaced or deleted at any time, on any
 * platform) by a class loader of its own, whose parent gives Reprise's own types and its dependencies: two
 * builds of one game may have the same class names without clashing. Its services of type {@code S} are
 * found with {@link java.util.ServiceLoader} (a jar lists them in {@code META-INF/services}); only the
 * jar's own classes count, never a service the parent loader sees. A jar that cannot be loaded, or lists
 * no service, is {@linkplain #skipped() skipped with its reason} and tried again once it changes.
 *
 * <p>A jar's code is foreign: each jar is copied, loaded and asked for its services on a daemon thread of its
 * own, under the {@linkplain Builder#loadTimeout load timeout}, and no lock of these builds is held while it
 * runs, so leases of the other builds, listings and {@link #close()} go on meanwhile. A jar that does not load
 * in time (a static initializer that never returns), throws, runs out of memory or stack, or whose service
 * file inflates past {@value BuildJar#MAX_SERVICE_FILE_BYTES} bytes (a zip bomb) is skipped with that reason;
 * the thread of one that never returns is left to it, never waited on again. A lease, listing or refresh waits
 * for the jars being loaded, each at most its load timeout; on a thread that must not block (a Reactor
 * {@linkplain reactor.core.scheduler.Schedulers#isInNonBlockingThread() non-blocking} thread, such as a Netty
 * event loop) it does not wait, and sees a jar once it is loaded.
 *
 * <p>Changes while running: the folder is looked at again before a lease or listing when its modification
 * time changed (a jar moved in, removed or renamed), and at least every {@linkplain
 * Builder#rescanInterval rescan interval} (a jar overwritten in place). A jar added is used for the next
 * replay. A jar removed or changed is retired: it gets no new lease, and once its last lease is closed its
 * class loader is closed and dropped, so that its classes can be collected. Add a jar by moving it into
 * the folder in one step (written elsewhere first): a jar still being written is skipped until it is
 * whole.
 *
 * <p>Choosing, never by jar file name: a lease goes to a service of the file's game that plays the file's
 * build as recorded, one whose builds list it and that does not {@linkplain Builder#upgradedBuilds upgrade}
 * it (the one listing the fewest builds of its own, if several do); failing that, to one that plays any
 * build (its builds empty); failing that, to one that upgrades the build, and the lease says so
 * ({@link Lease#upgrading()}). When two services tie, neither is leased: the replay is not played by rules
 * chosen at random. {@link GameBuilds#verifiers(Path)} is the preset for {@link ReplayVerifierProvider};
 * {@link ReplayVerifier#forBuilds} makes a verifier that routes each replay this way.
 *
 * <p>On the module path, {@code S} must be a service the {@code dev.reprise} module uses
 * ({@link ReplayVerifierProvider}, {@code dev.reprise.viewer.ViewerGame}). Thread-safe; close it to
 * retire every build.
 *
 * @param <S> the service type the jars provide
 */
public final class GameBuilds<S> implements AutoCloseable {

    /**
     * A wall-clock margin within which a folder's modification time is not trusted to show the next change
     * (file systems keep it in coarse ticks, down to two seconds): until the time is older than this, every
     * lease looks at the folder.
     */
    private static final long RACY_MILLIS = 2_000;
    /** How long past a load's timeout a caller waits for it to be marked skipped: only scheduling delays. */
    private static final long SETTLE_MARGIN_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How long a jar may take to load and name its services, by default. */
    static final Duration DEFAULT_LOAD_TIMEOUT = Duration.ofSeconds(30);

    /** The key of a service's upgraded builds among the values derived from it. */

    private final Path folder;
    private final Class<S> service;
    private final Function<? super S, String> gameId;
    private final Function<? super S, ? extends Set<String>> gameBuilds;
    private final Function<? super S, ? extends Set<String>> upgradedBuilds;
    private final ClassLoader parent;
    private final long rescanNanos;
    private final Duration loadTimeout;

    /** The jars in use, by file name; replaced as a whole under this object's lock. */
    private volatile List<BuildJar<S>> jars = List.of();
    /** The jars that could not be loaded, by file name. */
    private volatile List<BuildJar.Skipped> skipped = List.of();
    private volatile @Nullable FileTime folderTime;
    private volatile boolean racy = true;
    private volatile long scannedAt;
    private volatile boolean closed;
    /** The jars being loaded, by path; changed under this object's lock. */
    private final Map<Path, Loading> loading = new ConcurrentHashMap<>();
    /** Guards {@link #copies} and {@link #copied}, which loading threads share. */
    private final Object copying = new Object();
    /** Where the jars' copies go; made at the first copy. */
    private @Nullable Path copies;
    private int copied;

    private GameBuilds(Builder<S> builder) {
        this.folder = builder.folder;
        this.service = builder.service;
        this.gameId = builder.gameId;
        this.gameBuilds = builder.gameBuilds;
        this.upgradedBuilds = builder.upgradedBuilds;
        this.parent = builder.parent;
        this.rescanNanos = builder.rescanInterval.toNanos();
        this.loadTimeout = builder.loadTimeout;
    }

    /**
     * Returns a builder of the builds of {@link ReplayVerifierProvider}s in a folder: each keyed by its
     * {@link ReplayVerifierProvider#gameId()}, {@link ReplayVerifierProvider#gameBuilds()} and
     * {@link ReplayVerifierProvider#upgradedBuilds()}.
     *
     * @param folder the folder of game jars
     * @return a new builder
     */
    public static Builder<ReplayVerifierProvider> verifiers(Path folder) {
        return builder(folder, ReplayVerifierProvider.class, ReplayVerifierProvider::gameId,
                ReplayVerifierProvider::gameBuilds).upgradedBuilds(ReplayVerifierProvider::upgradedBuilds);
    }

    /**
     * Returns a builder of the builds of any service in a folder.
     *
     * @param folder     the folder of game jars
     * @param service    the service type the jars list in {@code META-INF/services}
     * @param gameId     the game id a service plays, asked once when its jar is loaded
     * @param gameBuilds the builds a service plays, empty for any build, asked once when its jar is loaded
     * @param <S>        the service type
     * @return a new builder
     */
    public static <S> Builder<S> builder(Path folder, Class<S> service, Function<? super S, String> gameId,
                                         Function<? super S, ? extends Set<String>> gameBuilds) {
        return new Builder<>(folder, service, gameId, gameBuilds);
    }

    /**
     * Returns the folder of game jars.
     *
     * @return the folder, as given
     */
    public Path folder() {
        return folder;
    }

    /**
     * Leases the service that plays a replay of {@code gameId}'s build {@code gameBuild}, after looking at the
     * folder if it may have changed. The lease keeps the service's jar loaded until it is closed: hold it while
     * the replay is in work, then close it.
     *
     * @param gameId    the file's game id
     * @param gameBuild the file's build
     * @return the lease, or empty if no installed jar plays that build of that game, or two tie for it (see
     *     the class comment)
     * @throws IllegalStateException if these builds are closed
     */
    public Optional<Lease<S>> lease(String gameId, String gameBuild) {
        return Optional.ofNullable(route(gameId, gameBuild).lease());
    }

    /**
     * A replay's route: the lease of the service that plays it, or none, with the services that tie for it.
     *
     * @param lease the lease, or null
     * @param tied  the services that tie (two or more) when there is no lease for that reason, else empty
     */
    record Route<S>(@Nullable Lease<S> lease, List<InstalledBuild> tied) {
    }

    /** Chooses the service that plays a replay ({@link BuildChoice}) and leases it; see {@link #lease}. */
    Route<S> route(String gameId, String gameBuild) {
        Objects.requireNonNull(gameId, "gameId");
        Objects.requireNonNull(gameBuild, "gameBuild");
        refreshIfDue();
        while (true) {
            List<BuildJar<S>> seen = jars;
            List<BuildChoice.Claim<BuildJar.Service<S>>> claims = new ArrayList<>();
            for (BuildJar<S> jar : seen) {
                for (BuildJar.Service<S> s : jar.services()) {
                    if (s.gameId().equals(gameId)) {
                        claims.add(new BuildChoice.Claim<>(s, s.gameBuilds(), s.upgradedBuilds()));
                    }
                }
            }
            BuildChoice.Pick<BuildJar.Service<S>> pick = BuildChoice.choose(claims, gameBuild);
            synchronized (this) {
                checkOpen();
                if (jars != seen) {
                    continue; // looked at again meanwhile: choose among the jars in use now
                }
                BuildJar.Service<S> chosen = pick.chosen();
                if (chosen == null) {
                    return new Route<>(null, pick.tied().stream().map(this::installed).toList());
                }
                return new Route<>(new Lease<>(this, chosen, pick.upgrading()), List.of());
            }
        }
    }

    private InstalledBuild installed(BuildJar.Service<S> s) {
        return new InstalledBuild(s.gameId(), s.gameBuilds(), s.upgradedBuilds(), s.jar().path());
    }

    /**
     * Returns what is installed, after looking at the folder if it may have changed: one entry per service
     * found, in jar file name order.
     *
     * @return a snapshot; empty if no jar is installed
     */
    public List<InstalledBuild> installed() {
        refreshIfDue();
        List<InstalledBuild> installed = new ArrayList<>();
        for (BuildJar<S> jar : jars) {
            for (BuildJar.Service<S> s : jar.services()) {
                installed.add(installed(s));
            }
        }
        return List.copyOf(installed);
    }

    /**
     * Returns the jars of the folder that are not in use, and why: one that could not be opened or loaded,
     * lists no service, or whose service failed to say its game. Also the folder itself if it could not be
     * listed (the builds in use then stay as they were).
     *
     * @return a snapshot, by file name
     */
    public List<Problem> skipped() {
        refreshIfDue();
        return skipped.stream().map(s -> new Problem(s.path(), s.reason())).toList();
    }

    /**
     * Checks that the folder holds a jar of a game, for a program that serves it: otherwise closes these
     * builds and throws.
     *
     * @param gameId the game that must be installed, or null for any game
     * @return these builds
     * @throws IllegalArgumentException if no jar of the game (of any game, for null) is in use; the message
     *     names the folder and the games it holds
     */
    public GameBuilds<S> requireGame(@Nullable String gameId) {
        List<InstalledBuild> installed = installed();
        if (installed.stream().noneMatch(b -> gameId == null || b.gameId().equals(gameId))) {
            close();
            String games = installed.isEmpty() ? "none" : installed.stream().map(InstalledBuild::gameId).distinct()
                    .sorted().collect(Collectors.joining(", "));
            throw new IllegalArgumentException(gameId == null ? "no game jar is installed in " + folder
                    : "game '" + gameId + "' is not installed in " + folder + "; installed: " + games);
        }
        return this;
    }

    /**
     * Describes builds for a message or a start-up line, one entry per jar.
     *
     * @param installed builds, as {@link #installed()} lists them
     * @return e.g. {@code test.builds 1 (builds-1.jar), test.builds 2 (builds-2.jar)}, or {@code no game jar}
     */
    public static String describe(List<InstalledBuild> installed) {
        return installed.isEmpty() ? "no game jar" : installed.stream().map(b -> b.gameId() + " " + b.describe())
                .collect(Collectors.joining(", "));
    }

    /**
     * Looks at the folder now, whatever the rescan interval: loads the jars added or changed, retires the
     * ones removed or changed.
     *
     * @throws IllegalStateException if these builds are closed
     */
    public void refresh() {
        List<CompletableFuture<Boolean>> loads;
        synchronized (this) {
            checkOpen();
            loads = scan();
        }
        await(loads);
    }

    /**
     * Retires every build: none is leased any more, and each jar is unloaded once its last lease is closed.
     * Closing twice does nothing.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            for (BuildJar<S> jar : jars) {
                jar.retire();
            }
            jars = List.of();
            skipped = List.of();
            loading.clear(); // a jar still loading is discarded when it is done; nothing waits for it
            deleteCopiesIfEmpty();
        }
    }

    /**
     * Returns the folder and what is loaded, for logs.
     *
     * @return e.g. {@code GameBuilds[builds/: 2 jars, 0 skipped]}
     */
    @Override
    public String toString() {
        return "GameBuilds[" + folder + ": " + jars.size() + " jars, " + skipped.size() + " skipped"
                + (closed ? ", closed" : "") + "]";
    }

    // ------------------------------------------------------------------ scanning

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the game builds of " + folder + " are closed");
        }
    }

    /** Looks at the folder if its time changed, it was changing at the last look, or the interval passed. */
    private void refreshIfDue() {
        if (closed) {
            return;
        }
        FileTime time = folderTime();
        List<CompletableFuture<Boolean>> loads;
        if (!racy && time != null && time.equals(folderTime) && System.nanoTime() - scannedAt < rescanNanos) {
            if (loading.isEmpty()) {
                return;
            }
            loads = loading.values().stream().map(Loading::settled).toList();
        } else {
            synchronized (this) {
                if (closed) {
                    return;
                }
                loads = scan();
            }
        }
        await(loads);
    }

    private @Nullable FileTime folderTime() {
        try {
            return Files.getLastModifiedTime(folder);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Reads the folder, starts loading what is new or changed and retires what is gone or changed. Holds the
     * lock, and runs none of the jars' code: each jar loads on a thread of its own ({@link #load}).
     *
     * @return the loads in progress, each done once its jar is in use or skipped
     */
    private List<CompletableFuture<Boolean>> scan() {
        // The folder's time is read before it is listed: a change during the listing shows at the next look.
        FileTime time = folderTime();
        scannedAt = System.nanoTime();
        List<Path> listed;
        try (Stream<Path> files = Files.list(folder)) {
            listed = files.filter(p -> String.valueOf(p.getFileName()).endsWith(".jar") && Files.isRegularFile(p))
                    .sorted(Comparator.comparing(p -> String.valueOf(p.getFileName()))).toList();
        } catch (IOException | RuntimeException e) {
            List<BuildJar.Skipped> problems = new ArrayList<>(skipped);
            problems.removeIf(s -> s.path().equals(folder));
            problems.add(new BuildJar.Skipped(folder, BuildJar.Stamp.NONE,
                    "the folder cannot be listed: " + e));
            skipped = List.copyOf(problems);
            racy = true;
            return List.copyOf(loading.values().stream().map(Loading::settled).toList());
        }
        List<BuildJar<S>> inUse = new ArrayList<>();
        List<BuildJar.Skipped> notLoaded = new ArrayList<>();
        Map<Path, Loading> stillLoading = new HashMap<>();
        for (Path path : listed) {
            BuildJar.Stamp stamp = BuildJar.Stamp.of(path);
            BuildJar<S> current = find(jars, path);
            if (current != null && current.stamp().equals(stamp)) {
                inUse.add(current);
                continue;
            }
            BuildJar.Skipped known = skipped.stream().filter(s -> s.path().equals(path)).findFirst().orElse(null);
            if (known != null && known.stamp().equals(stamp) && !stamp.equals(BuildJar.Stamp.NONE)) {
                notLoaded.add(known);
                continue;
            }
            Loading load = loading.get(path);
            stillLoading.put(path, load != null && load.stamp().equals(stamp) ? load : load(path, stamp));
        }
        for (BuildJar<S> jar : jars) {
            if (!inUse.contains(jar)) {
                jar.retire();
            }
        }
        jars = List.copyOf(inUse);
        skipped = List.copyOf(notLoaded);
        // A load of a jar since removed or changed is dropped: its result is discarded when it comes.
        loading.clear();
        loading.putAll(stillLoading);
        folderTime = time;
        racy = time == null || time.toMillis() > System.currentTimeMillis() - RACY_MILLIS;
        return stillLoading.values().stream().map(Loading::settled).toList();
    }

    /**
     * Starts loading a jar on a daemon thread of its own: a jar whose code never returns takes that thread,
     * and nothing waits on it past the load timeout. Holds the lock.
     */
    private Loading load(Path path, BuildJar.Stamp stamp) {
        CompletableFuture<BuildJar.Loaded<S>> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            BuildJar.Loaded<S> loaded = BuildJar.load(path, stamp, this::copy, service, parent, gameId, gameBuilds,
                    upgradedBuilds);
            if (!result.complete(loaded)) {
                synchronized (this) {
                    loaded.discard(); // past its timeout: already skipped
                }
            }
        }, "reprise-load-" + path.getFileName());
        thread.setDaemon(true);
        Loading load = new Loading(path, stamp, new CompletableFuture<>());
        result.orTimeout(loadTimeout.toNanos(), TimeUnit.NANOSECONDS).whenComplete((loaded, error) -> {
            settle(load, loaded != null ? loaded : BuildJar.Loaded.skipped(path, stamp, error instanceof TimeoutException
                    ? "did not load within " + loadTimeout.toMillis() + " ms (its providers' static initializers or "
                    + "constructors do not return); tried again once it changes"
                    : "cannot be loaded: " + error));
            load.settled().complete(Boolean.TRUE);
        });
        thread.start();
        return load;
    }

    /** Puts a loaded jar in use, or records why it is skipped, unless its load was dropped meanwhile. */
    private synchronized void settle(Loading load, BuildJar.Loaded<S> loaded) {
        if (closed || !loading.remove(load.path(), load)) {
            loaded.discard();
            return;
        }
        BuildJar<S> jar = loaded.jar();
        if (jar != null) {
            List<BuildJar<S>> inUse = new ArrayList<>(jars);
            inUse.add(jar);
            inUse.sort(Comparator.comparing(j -> String.valueOf(j.path().getFileName())));
            jars = List.copyOf(inUse);
        } else {
            List<BuildJar.Skipped> notLoaded = new ArrayList<>(skipped);
            notLoaded.add(Objects.requireNonNull(loaded.skipped(), "a jar not loaded is skipped"));
            notLoaded.sort(Comparator.comparing(j -> String.valueOf(j.path().getFileName())));
            skipped = List.copyOf(notLoaded);
        }
    }

    /**
     * Waits until the given loads are done, each at most the load timeout after it started; not at all on a
     * thread that must not block (an event loop), which sees each jar once it is loaded.
     */
    private void await(List<CompletableFuture<Boolean>> loads) {
        if (loads.isEmpty() || Schedulers.isInNonBlockingThread()) {
            return;
        }
        try {
            // Each load settles by its own timeout; the margin covers only the scheduling of that.
            CompletableFuture.allOf(loads.toArray(CompletableFuture[]::new))
                    .get(loadTimeout.toNanos() + SETTLE_MARGIN_NANOS, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // Settled as skipped all the same, or about to be: the caller goes on with what is in use.
        }
    }

    /** A jar being loaded: done once it is in use or skipped. */
    private record Loading(Path path, BuildJar.Stamp stamp, CompletableFuture<Boolean> settled) {
    }

    private static <S> @Nullable BuildJar<S> find(List<BuildJar<S>> jars, Path path) {
        for (BuildJar<S> jar : jars) {
            if (jar.path().equals(path)) {
                return jar;
            }
        }
        return null;
    }

    /** Copies a jar to the private folder and returns the copy; called by the jars' loading threads. */
    private Path copy(Path jar) throws IOException {
        Path into;
        int number;
        synchronized (copying) {
            into = copies;
            if (into == null || !Files.isDirectory(into)) {
                into = BuildCopies.newFolder();
                copies = into;
            }
            number = copied++;
        }
        Path copy = into.resolve(number + "-" + jar.getFileName());
        Files.copy(jar, copy);
        return copy;
    }

    /** Called by a lease when it closes. */
    synchronized void released(BuildJar<S> jar) {
        if (jar.release() && closed) {
            deleteCopiesIfEmpty();
        }
    }

    private void deleteCopiesIfEmpty() {
        synchronized (copying) {
            Path into = copies;
            if (into != null && BuildCopies.deleteIfEmpty(into)) {
                copies = null;
            }
        }
    }

    // ------------------------------------------------------------------ values

    /**
     * One service installed: the game it plays, its builds, those it plays only by upgrading them, and its jar.
     *
     * @param gameId         the game id it plays
     * @param gameBuilds     the builds it plays; empty for any build
     * @param upgradedBuilds the builds it plays only by upgrading them (listed in {@code gameBuilds} or not)
     * @param jar            its jar in the folder
     */
    public record InstalledBuild(String gameId, Set<String> gameBuilds, Set<String> upgradedBuilds, Path jar) {
        /** Checks that no part is {@code null} and copies the builds. */
        public InstalledBuild {
            Objects.requireNonNull(gameId, "gameId");
            gameBuilds = Set.copyOf(gameBuilds);
            upgradedBuilds = Set.copyOf(upgradedBuilds);
            Objects.requireNonNull(jar, "jar");
        }

        /**
         * Makes one that upgrades no build.
         *
         * @param gameId     the game id it plays
         * @param gameBuilds the builds it plays; empty for any build
         * @param jar        its jar in the folder
         */
        public InstalledBuild(String gameId, Set<String> gameBuilds, Path jar) {
            this(gameId, gameBuilds, Set.of(), jar);
        }

        /**
         * Returns the builds it plays as recorded: those it lists but does not upgrade.
         *
         * @return the builds; empty for any build (or if it lists only builds it upgrades)
         */
        public Set<String> ownBuilds() {
            return gameBuilds.stream().filter(b -> !upgradedBuilds.contains(b))
                    .collect(Collectors.toUnmodifiableSet());
        }

        /**
         * Returns the builds and the jar's file name, as reasons and logs show them.
         *
         * @return e.g. {@code 2.1, 2.2 (tower-2.jar)}, {@code 2, upgrades 1 (tower-2.jar)} or
         *     {@code any build (tower.jar)}
         */
        public String describe() {
            String builds = gameBuilds.isEmpty() ? "any build" : String.join(", ", ownBuilds().stream().sorted()
                    .toList());
            String upgrades = upgradedBuilds.isEmpty() ? "" : (builds.isEmpty() ? "" : ", ") + "upgrades "
                    + String.join(", ", upgradedBuilds.stream().sorted().toList());
            return builds + upgrades + " (" + jar.getFileName() + ")";
        }
    }

    /**
     * A jar (or the folder) not in use, and why.
     *
     * @param path   the jar, or the folder if it could not be listed
     * @param reason one line on why
     */
    public record Problem(Path path, String reason) {
        /** Checks that no part is {@code null}. */
        public Problem {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /**
     * A service leased for one replay (or one session): its jar stays loaded until the lease is closed, even
     * if the jar is removed from the folder meanwhile. Closing twice does nothing. Thread-safe.
     *
     * @param <S> the service type
     */
    public static final class Lease<S> implements AutoCloseable {

        private final GameBuilds<S> builds;
        private final BuildJar<S> jar;
        private final boolean upgrading;
        private volatile BuildJar.@Nullable Service<S> service;

        /** Leases {@code service}; called under the builds' lock, so its jar cannot be retired meanwhile. */
        private Lease(GameBuilds<S> builds, BuildJar.Service<S> service, boolean upgrading) {
            this.builds = builds;
            this.jar = service.jar();
            this.upgrading = upgrading;
            this.service = service;
            jar.acquire();
        }

        /**
         * Tells whether the leased service plays the replay's build only by upgrading it: no installed jar
         * plays that build as recorded.
         *
         * @return {@code true} if the route goes through a declared upgrade
         */
        public boolean upgrading() {
            return upgrading;
        }

        /**
         * Returns the leased service.
         *
         * @return the service, from its jar's class loader
         * @throws IllegalStateException if the lease is closed
         */
        public S service() {
            return open().service();
        }

        /**
         * Returns what the leased service is: its game, builds and jar.
         *
         * @return the installed build
         * @throws IllegalStateException if the lease is closed
         */
        public InstalledBuild build() {
            return builds.installed(open());
        }

        /**
         * Returns a value made from the service once per key and kept with the jar, dropped when the jar is
         * unloaded (a verifier built from a provider, say).
         */
        <V> V derived(Object key, Function<? super S, ? extends V> make) {
            return open().derived(key, make);
        }

        private BuildJar.Service<S> open() {
            BuildJar.Service<S> s = service;
            if (s == null) {
                throw new IllegalStateException("the lease of " + jar.path().getFileName() + " is closed");
            }
            return s;
        }

        /** Ends the lease; the jar is unloaded if it was retired and this was its last lease. */
        @Override
        public void close() {
            synchronized (this) {
                if (service == null) {
                    return;
                }
                service = null;
            }
            builds.released(jar);
        }

        /**
         * Returns the jar and whether the lease is open, for logs.
         *
         * @return e.g. {@code Lease[tower-2.jar, open]}
         */
        @Override
        public String toString() {
            return "Lease[" + jar.path().getFileName() + (upgrading ? ", upgrading" : "")
                    + (service == null ? ", closed]" : ", open]");
        }
    }

    /**
     * Builds {@link GameBuilds}, checking each option as it is set ({@link IllegalArgumentException} or
     * {@link NullPointerException} naming it). Not thread-safe.
     *
     * @param <S> the service type
     */
    public static final class Builder<S> {

        private final Path folder;
        private final Class<S> service;
        private final Function<? super S, String> gameId;
        private final Function<? super S, ? extends Set<String>> gameBuilds;
        private Function<? super S, ? extends Set<String>> upgradedBuilds = s -> Set.of();
        private ClassLoader parent = Objects.requireNonNullElse(GameBuilds.class.getClassLoader(),
                ClassLoader.getSystemClassLoader());
        private Duration rescanInterval = Duration.ofSeconds(1);
        private Duration loadTimeout = DEFAULT_LOAD_TIMEOUT;

        private Builder(Path folder, Class<S> service, Function<? super S, String> gameId,
                        Function<? super S, ? extends Set<String>> gameBuilds) {
            this.folder = Objects.requireNonNull(folder, "folder");
            this.service = Objects.requireNonNull(service, "service");
            this.gameId = Objects.requireNonNull(gameId, "gameId");
            this.gameBuilds = Objects.requireNonNull(gameBuilds, "gameBuilds");
        }

        /**
         * Sets how to ask a service which builds it plays only by upgrading them: a replay of such a build goes
         * to it only when no service plays that build as recorded, and the lease says so
         * ({@link Lease#upgrading()}). Asked once per jar, when a replay of its game is first leased, outside
         * the builds' lock; a service that throws is taken to upgrade none.
         *
         * @param upgradedBuilds the builds a service upgrades; by default none
         * @return this builder
         */
        public Builder<S> upgradedBuilds(Function<? super S, ? extends Set<String>> upgradedBuilds) {
            this.upgradedBuilds = Objects.requireNonNull(upgradedBuilds, "upgradedBuilds");
            return this;
        }

        /**
         * Sets the parent of every jar's class loader: the loader of Reprise and whatever else the games share.
         *
         * @param parent the parent loader; by default the one that loaded Reprise
         * @return this builder
         */
        public Builder<S> parent(ClassLoader parent) {
            this.parent = Objects.requireNonNull(parent, "parent");
            return this;
        }

        /**
         * Sets how often the folder is listed again even though its modification time did not change, to
         * notice a jar overwritten in place. A jar moved in or removed is noticed at once whatever this is.
         *
         * @param interval zero (list it before every lease) or more; one second by default
         * @return this builder
         * @throws IllegalArgumentException if negative
         */
        public Builder<S> rescanInterval(Duration interval) {
            Objects.requireNonNull(interval, "rescanInterval");
            if (interval.isNegative()) {
                throw new IllegalArgumentException("rescanInterval must not be negative, was " + interval);
            }
            this.rescanInterval = interval;
            return this;
        }

        /**
         * Sets how long a jar may take to load: from the start of its loading to its services' game ids and
         * builds, its providers' static initializers and constructors included. A jar that takes longer is
         * {@linkplain GameBuilds#skipped() skipped}, named with the reason, and tried again once it changes;
         * the thread it holds is left to it (a daemon thread, which never keeps the process alive).
         *
         * @param timeout more than zero; 30 seconds by default
         * @return this builder
         * @throws IllegalArgumentException if zero or negative
         */
        public Builder<S> loadTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "loadTimeout");
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("loadTimeout must be more than zero, was " + timeout);
            }
            this.loadTimeout = timeout;
            return this;
        }

        /**
         * Loads every jar of the folder and returns the builds. The jars load in parallel, each on a thread of
         * its own: this returns within about the {@linkplain #loadTimeout load timeout}, whatever their code does.
         *
         * @return the builds, loaded
         * @throws IllegalArgumentException if the folder is missing, not a folder or not readable (the message
         *     names it and which)
         */
        public GameBuilds<S> build() {
            if (!Files.isDirectory(folder)) {
                throw new IllegalArgumentException("the game builds folder " + folder + " is "
                        + (Files.exists(folder) ? "not a folder" : "missing"));
            }
            if (!Files.isReadable(folder)) {
                // Refused now rather than served empty: every replay would be judged against no build at all.
                throw new IllegalArgumentException("the game builds folder " + folder + " is not readable");
            }
            GameBuilds<S> builds = new GameBuilds<>(this);
            builds.refresh();
            return builds;
        }
    }
}
