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
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.jspecify.annotations.Nullable;

/**
 * One game jar of a {@link GameBuilds} folder, loaded from its private copy by a class loader of its own,
 * and the services it provides. Counts its leases; once retired and no longer leased, it closes its class
 * loader, deletes its copy and forgets its services, so that nothing of it stays reachable from here.
 *
 * <p>Every method but {@link #path()}, {@link #stamp()} and the services' values is called under the
 * owning {@code GameBuilds}'s lock.
 *
 * @param <S> the service type
 */
final class BuildJar<S> {

    /** The largest service file read: a list of class names, one a line, is a few hundred bytes. */
    static final int MAX_SERVICE_FILE_BYTES = 64 * 1024;
    private static final String SERVICES = "META-INF/services/";

    private final Path path;
    private final Stamp stamp;
    private final Path copy;
    private @Nullable URLClassLoader loader;
    private volatile List<Service<S>> services = List.of();
    private int leases;
    private boolean retired;

    private BuildJar(Path path, Stamp stamp, Path copy, URLClassLoader loader) {
        this.path = path;
        this.stamp = stamp;
        this.copy = copy;
        this.loader = loader;
    }

    /** Copies a jar out of the folder, to be loaded from the copy. */
    @FunctionalInterface
    interface Copier {
        Path copy(Path jar) throws IOException;
    }

    /**
     * The size and modification time of a jar when it was looked at: a jar whose stamp changed is loaded
     * again.
     */
    record Stamp(long size, long modifiedNanos) {
        /** The stamp of a file whose attributes could not be read. */
        static final Stamp NONE = new Stamp(-1, -1);

        static Stamp of(Path file) {
            try {
                BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
                return new Stamp(attributes.size(), attributes.lastModifiedTime().toInstant().getEpochSecond()
                        * 1_000_000_000L + attributes.lastModifiedTime().toInstant().getNano());
            } catch (IOException e) {
                return NONE;
            }
        }
    }

    /** A jar that could not be loaded, with the stamp it had then and the reason. */
    record Skipped(Path path, Stamp stamp, String reason) {
    }

    /** What loading a jar came to: the jar, or why it is skipped. */
    record Loaded<S>(@Nullable BuildJar<S> jar, @Nullable Skipped skipped) {

        /** Why a jar is skipped. */
        static <S> Loaded<S> skipped(Path path, Stamp stamp, String reason) {
            return new Loaded<>(null, new Skipped(path, stamp, reason));
        }

        /** Unloads the jar of a result that came too late to be used. */
        void discard() {
            BuildJar<S> loaded = jar;
            if (loaded != null) {
                loaded.retire();
            }
        }
    }

    /**
     * Copies and loads a jar and finds its own services. Runs the jar's code (its providers' static
     * initializers, constructors, {@code gameId}, {@code gameBuilds} and {@code upgradedBuilds}):
     * {@code GameBuilds} calls it on a thread of its own, under a timeout, holding no lock.
     *
     * @return the loaded jar, or the reason it is skipped (its copy then deleted, its loader closed)
     */
    static <S> Loaded<S> load(Path path, Stamp stamp, Copier copier, Class<S> type, ClassLoader parent,
                              Function<? super S, String> gameId,
                              Function<? super S, ? extends Set<String>> gameBuilds,
                              Function<? super S, ? extends Set<String>> upgradedBuilds) {
        Path copy = null;
        URLClassLoader loader = null;
        try {
            copy = copier.copy(path);
            // A jar still being written (or not a jar) fails here, before anything is loaded from it; so does
            // a service file that inflates past its cap (a zip bomb), which ServiceLoader would read whole.
            String servicePath = SERVICES + type.getName();
            try (JarFile opened = new JarFile(copy.toFile())) {
                String problem = checkServiceFile(opened, servicePath);
                if (problem != null) {
                    discard(null, copy);
                    return Loaded.skipped(path, stamp, problem);
                }
            }
            loader = new URLClassLoader("reprise-build:" + path.getFileName(), new URL[] {copy.toUri().toURL()},
                    parent);
            BuildJar<S> jar = new BuildJar<>(path, stamp, copy, loader);
            List<Service<S>> found = new ArrayList<>();
            for (ServiceLoader.Provider<S> provider : ServiceLoader.load(type, loader).stream().toList()) {
                // The loader sees the parent's services too: only the jar's own classes are its builds.
                if (provider.type().getClassLoader() != loader) {
                    continue;
                }
                S service = provider.get();
                String id = gameId.apply(service);
                if (id == null || id.isBlank()) {
                    throw new IllegalArgumentException(provider.type().getName() + " gives a blank game id");
                }
                Set<String> builds = Set.copyOf(Objects.requireNonNull(gameBuilds.apply(service),
                        provider.type().getName() + " gives no set of builds"));
                found.add(new Service<>(jar, service, id, builds, upgradedBuilds(service, upgradedBuilds)));
            }
            if (found.isEmpty()) {
                discard(loader, copy);
                return Loaded.skipped(path, stamp, "lists no " + type.getName() + " of its own in "
                        + "META-INF/services");
            }
            jar.services = List.copyOf(found);
            return new Loaded<>(jar, null);
        } catch (IOException | RuntimeException | LinkageError | ServiceConfigurationError e) {
            discard(loader, copy);
            return Loaded.skipped(path, stamp, "cannot be loaded: " + GameCode.describe(e));
        } catch (VirtualMachineError e) {
            // Its own thread's stack or the heap its classes asked for: the process goes on without the jar.
            discard(loader, copy);
            return Loaded.skipped(path, stamp, "cannot be loaded: " + e.getClass().getSimpleName() + " while "
                    + "loading its classes and providers");
        }
    }

    /**
     * The builds a service plays only by upgrading them, asked while it loads (the default asks the game's
     * {@code verifier()}); none if it cannot say: a provider that fails here fails again, and is reported,
     * when its verifier is made for a replay.
     */
    private static <S> Set<String> upgradedBuilds(S service, Function<? super S, ? extends Set<String>> upgradedBuilds) {
        try {
            return Set.copyOf(upgradedBuilds.apply(service));
        } catch (RuntimeException | LinkageError | ServiceConfigurationError | StackOverflowError e) {
            return Set.of();
        }
    }

    /**
     * Reads a jar's service file with a cap.
     *
     * @return why the jar is refused, or null if its service file is absent or within the cap
     */
    private static @Nullable String checkServiceFile(JarFile jar, String servicePath) throws IOException {
        ZipEntry entry = jar.getEntry(servicePath);
        if (entry == null) {
            return null; // lists no such service: said once its services are looked for
        }
        try (InputStream in = Objects.requireNonNull(jar.getInputStream(entry), servicePath)) {
            // The declared size may lie: what inflates is counted, up to one byte past the cap.
            long read = in.skip(MAX_SERVICE_FILE_BYTES + 1L);
            while (read <= MAX_SERVICE_FILE_BYTES && in.read() >= 0) {
                read++;
            }
            return read > MAX_SERVICE_FILE_BYTES ? "its " + servicePath + " inflates past "
                    + MAX_SERVICE_FILE_BYTES / 1024 + " KiB (a service file lists class names, one a line)" : null;
        }
    }

    private static void discard(@Nullable URLClassLoader loader, @Nullable Path copy) {
        if (loader != null) {
            try {
                loader.close();
            } catch (IOException e) {
                // Its classes are dropped anyway; the copy below may stay behind.
            }
        }
        if (copy != null) {
            try {
                Files.deleteIfExists(copy);
            } catch (IOException e) {
                // A copy in the temporary folder: harmless if it stays.
            }
        }
    }

    Path path() {
        return path;
    }

    Stamp stamp() {
        return stamp;
    }

    /** The services, empty once unloaded. */
    List<Service<S>> services() {
        return services;
    }

    void acquire() {
        leases++;
    }

    /** Ends one lease; returns whether that unloaded the jar. */
    boolean release() {
        leases--;
        if (retired && leases == 0) {
            unload();
            return true;
        }
        return false;
    }

    /** Takes the jar out of use: it is unloaded now if not leased, else when its last lease ends. */
    void retire() {
        retired = true;
        if (leases == 0) {
            unload();
        }
    }

    private void unload() {
        for (Service<S> service : services) {
            service.forget();
        }
        services = List.of();
        URLClassLoader closing = loader;
        loader = null;
        discard(closing, copy);
    }

    @Override
    public String toString() {
        return "BuildJar[" + path.getFileName() + ", " + leases + " leases" + (retired ? ", retired" : "") + "]";
    }

    /**
     * One service of a jar, with its game id and builds as it gave them when loaded, and the values derived
     * from it. Forgets the service when the jar is unloaded.
     */
    static final class Service<S> {

        private final BuildJar<S> jar;
        private final String gameId;
        private final Set<String> gameBuilds;
        private final Set<String> upgradedBuilds;
        private volatile @Nullable S service;
        private final ConcurrentHashMap<Object, Object> derived = new ConcurrentHashMap<>();

        Service(BuildJar<S> jar, S service, String gameId, Set<String> gameBuilds, Set<String> upgradedBuilds) {
            this.jar = jar;
            this.service = service;
            this.gameId = gameId;
            this.gameBuilds = gameBuilds;
            this.upgradedBuilds = upgradedBuilds;
        }

        BuildJar<S> jar() {
            return jar;
        }

        String gameId() {
            return gameId;
        }

        Set<String> gameBuilds() {
            return gameBuilds;
        }

        /** The builds it plays only by upgrading them, as it gave them when loaded. */
        Set<String> upgradedBuilds() {
            return upgradedBuilds;
        }

        /** The service; its jar is not unloaded while a lease holds it. */
        S service() {
            S s = service;
            if (s == null) {
                throw new IllegalStateException(jar.path().getFileName() + " is unloaded");
            }
            return s;
        }

        /** A value made from the service once per key; dropped when the jar is unloaded. */
        @SuppressWarnings("unchecked") // each key is used with one value type, by its one caller
        <V> V derived(Object key, Function<? super S, ? extends V> make) {
            S s = service();
            return (V) derived.computeIfAbsent(key, k -> make.apply(s));
        }

        private void forget() {
            service = null;
            derived.clear();
        }
    }
}
