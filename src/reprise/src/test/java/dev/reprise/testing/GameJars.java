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
package dev.reprise.testing;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * Several builds of one small game, compiled from one source at test time ({@code javax.tools}) into game
 * jars: the same class names in each, the rules of one command changed between builds. For the tests of
 * {@code GameBuilds}, {@code verify --builds}, {@code compat}, upgrades and the viewer's {@code --builds}:
 * each jar holds the game's verifier provider and, where the viewer is on the class path, its viewer plug-in
 * ({@value #VIEWER}, whose state shows the
 * total and the build, and whose renderer's panel names the build of the jar that served it).
 *
 * <p>The game: a total, {@value #ADD} "add" adds its param, {@value #SCALE} "scale" multiplies it (by 2 in
 * build 1, by 3 in build 2; build 3 takes the factor as a param, and renames "add" to "plus" under code
 * {@value #PLUS}, declaring the upgrade from build 2), {@value #HASH} "hash" checks the state hash. Its
 * provider, {@code test.builds.BuildsGame}, plays the builds it lists; the final state hash is claimed in
 * the metadata {@value #FINAL_HASH}. Jars are compiled once per test run; thread-safe.
 */
public final class GameJars {

    /** The game id of every build. */
    public static final String GAME_ID = "test.builds";
    /** The provider's class name, the same in every build. */
    public static final String PROVIDER = "test.builds.BuildsGame";
    /** The viewer plug-in's class name, the same in every build. */
    public static final String VIEWER = "test.builds.BuildsViewer";

    /** The viewer's plug-in service, by name: the viewer is another module, on some tests' class path only. */
    private static final String VIEWER_SERVICE = "dev.reprise.viewer.ViewerGame";
    /** Where a viewer plug-in's files go in its jar ({@code ViewerGame.RESOURCES}). */
    private static final String VIEWER_RESOURCES = "META-INF/reprise/viewer/";
    /** The viewer's plug-in type where the viewer is on the class path; null in the core's own tests. */
    private static final @Nullable Class<?> VIEWER_TYPE = onClassPath(VIEWER_SERVICE);
    public static final int ADD = 1;
    public static final int SCALE = 2;
    public static final int PLUS = 5;
    public static final int HASH = 9;
    public static final String FINAL_HASH = "final-hash";
    /**
     * A jar of build 2 written to the older docs: it lists build 1 beside its own and declares an upgrade from
     * it that changes no command, though "scale" multiplies by 3 where build 1's did by 2. Build 1's replays
     * without a "scale" reproduce on it upgraded, those with one diverge.
     */
    public static final String TWO_UPGRADING_ONE = "2-from-1";

    private static final String SOURCE = """
            package test.builds;

            import dev.reprise.ReplaySystem;
            import dev.reprise.command.ReplayCommand;
            import dev.reprise.desync.StateHashCheck;
            import dev.reprise.io.ReplayUpgrade;
            import dev.reprise.verify.ReplayVerifier;
            import dev.reprise.verify.ReplayVerifierProvider;
            import dev.reprise.verify.VerifiableGame;
            import java.util.Set;

            /** Build @BUILD@ of the test game. */
            public final class BuildsGame implements ReplayVerifierProvider {

                public static final String BUILD = "@BUILD@";

                public BuildsGame() {
                }

                @Override
                public String gameId() {
                    return "test.builds";
                }

                @Override
                public Set<String> gameBuilds() {
                    return Set.of(@BUILDS@);
                }

                @Override
                public ReplayVerifier.Builder verifier() {
                    return ReplayVerifier.builder(file -> new Game().verifiable()).gameId("test.builds")
                            .finalHashKey("final-hash")@UPGRADES@;
                }

                static final class Game {
                    long total;
                    final ReplaySystem system = new ReplaySystem();

                    Game() {
                        system.registerCommand(@ADD_CODE@, "@ADD_NAME@",
                                ReplayCommand.sync(step -> total += step.intParam(0)));
                        system.registerCommand(2, "scale", ReplayCommand.sync(step -> total *= @FACTOR@));
                        system.registerCommand(9, "hash", new StateHashCheck(this::hash));
                    }

                    long hash() {
                        return total * 0x9E3779B97F4A7C15L + 17;
                    }

                    VerifiableGame verifiable() {
                        return VerifiableGame.of(system, save -> total = 0, this::hash);
                    }
                }
            }
            """;

    /** The game's plug-in for the replay viewer, in the same jar: its state, and a renderer naming its build. */
    private static final String VIEWER_SOURCE = """
            package test.builds;

            import dev.reprise.io.ReplayCompatibility;
            import dev.reprise.io.ReplayFile;
            import dev.reprise.io.ReplayUpgrade;
            import dev.reprise.playback.SandboxConfig;
            import dev.reprise.viewer.GameReplay;
            import dev.reprise.viewer.ViewerGame;
            import java.util.Map;
            import java.util.Set;

            /** Build @BUILD@ of the test game in the viewer. */
            public final class BuildsViewer implements ViewerGame {

                public BuildsViewer() {
                }

                @Override
                public String gameId() {
                    return "test.builds";
                }

                @Override
                public Set<String> gameBuilds() {
                    return new BuildsGame().gameBuilds();
                }

                @Override
                public ReplayCompatibility compatibility() {
                    return ReplayCompatibility.builder("test.builds", new BuildsGame.Game().system.commandDictionary())
                            @UPGRADES@.build();
                }

                @Override
                public GameReplay open(ReplayFile file) {
                    BuildsGame.Game game = new BuildsGame.Game();
                    game.system.loadState(file.save());
                    return new GameReplay() {
                        @Override
                        public dev.reprise.ReplaySystem system() {
                            return game.system;
                        }

                        @Override
                        public SandboxConfig.Builder<?> sandbox() {
                            return SandboxConfig.builder(game.system.array(), save -> game.total = 0);
                        }

                        @Override
                        public Object state() {
                            return Map.of("total", game.total, "build", BuildsGame.BUILD);
                        }
                    };
                }
            }
            """;

    /** The viewer's renderer of a build: its panel names the build whose jar served it. */
    private static final String RENDERER = """
            window.ViewerRenderers['test.builds'] = {
              draw(canvas, view) {
                const g = canvas.getContext('2d');
                g.clearRect(0, 0, canvas.width, canvas.height);
                g.fillText('build @BUILD@: ' + view.total, 20, 20);
              },
              panel(view) {
                return [['renderer', 'renderer', 'build @BUILD@'], ['total', 'total', String(view.total)]];
              }
            };
            """;

    private static final Map<String, Path> JARS = new HashMap<>();
    private static @Nullable Path root;

    private GameJars() {
    }

    /**
     * Returns the jar of a build, compiling it on first use.
     *
     * @param build {@code "1"}, {@code "2"}, {@code "3"} or {@link #TWO_UPGRADING_ONE}
     * @return the jar, in a folder of its own that lives as long as the test run
     */
    public static synchronized Path jar(String build) {
        Path jar = JARS.get(build);
        if (jar == null) {
            jar = compile(build);
            JARS.put(build, jar);
        }
        return jar;
    }

    /**
     * Copies a build's jar into a folder, as an operator installs it.
     *
     * @param folder the folder of game jars
     * @param build  the build
     * @return the jar in the folder, {@code builds-<build>.jar}
     */
    public static Path install(Path folder, String build) {
        return install(folder, build, "builds-" + build + ".jar");
    }

    /**
     * Copies a build's jar into a folder under a file name of the caller's.
     *
     * @param folder the folder of game jars
     * @param build  the build
     * @param name   the jar's file name in the folder
     * @return the jar in the folder
     */
    public static Path install(Path folder, String build, String name) {
        try {
            // Written beside it, then moved in one step, as the docs tell operators to.
            Path written = Files.copy(jar(build), folder.resolveSibling(folder.getFileName() + "-" + name + ".part"),
                    StandardCopyOption.REPLACE_EXISTING);
            return Files.move(written, folder.resolve(name), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The factor "scale" multiplies by in build 1 or 2 (build 3 takes it as a param). */
    public static int factor(String build) {
        return switch (build) {
            case "1" -> 2;
            case "2", "3", TWO_UPGRADING_ONE -> 3;
            default -> throw new IllegalArgumentException("no build " + build);
        };
    }

    /**
     * Records a replay as build {@code build} plays it (build 1 or 2 rules; any label for the header): a
     * positive input adds itself, 0 scales; a hash step every two inputs and at the end; the final hash
     * claimed in {@value #FINAL_HASH}.
     *
     * @param rules  the build whose rules the recording follows, "1" or "2"
     * @param header the build the file's header names
     * @param inputs the inputs
     * @return the file
     */
    public static ReplayFile record(String rules, String header, long... inputs) {
        long[] total = {0};
        ReplaySystem recorder = new ReplaySystem();
        recorder.registerCommand(ADD, "add", ReplayCommand.sync(step -> { }));
        recorder.registerCommand(SCALE, "scale", ReplayCommand.sync(step -> { }));
        recorder.registerCommand(HASH, "hash", ReplayCommand.sync(step -> { }));
        StateHashRecorder hashes = new StateHashRecorder(recorder, HASH, 2, () -> hash(total[0]));
        for (long input : inputs) {
            if (input > 0) {
                hashes.record(ADD, (int) input);
                total[0] += input;
            } else {
                hashes.record(SCALE);
                total[0] *= factor(rules);
            }
        }
        hashes.recordHash();
        return ReplayFile.builder(recorder.saveState()).gameId(GAME_ID).gameBuild(header)
                .dictionary(recorder.commandDictionary())
                .metadata(FINAL_HASH, HexFormat.of().toHexDigits(hash(total[0]))).build();
    }

    /** Records a replay of build {@code build} by its own rules. */
    public static ReplayFile record(String build, long... inputs) {
        return record(build, build, inputs);
    }

    /** The game's state hash of a total. */
    public static long hash(long total) {
        return total * 0x9E3779B97F4A7C15L + 17;
    }

    private static Path compile(String build) {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put("test/builds/BuildsGame.java", forBuild(SOURCE, build));
        Map<String, String> resources = new LinkedHashMap<>();
        resources.put("META-INF/services/" + ReplayVerifierProvider.class.getName(), PROVIDER + "\n");
        // The viewer plug-in only where the viewer is on the class path: the core's own tests have no viewer.
        if (VIEWER_TYPE != null) {
            sources.put("test/builds/BuildsViewer.java", forBuild(VIEWER_SOURCE, build));
            resources.put("META-INF/services/" + VIEWER_SERVICE, VIEWER + "\n");
            resources.put(VIEWER_RESOURCES + GAME_ID + "/renderer.js", RENDERER.replace("@BUILD@", build));
        }
        try {
            return compileJar(Files.createDirectories(root().resolve("build-" + build)), "builds-" + build + ".jar",
                    sources, resources);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A source template with one build's rules. */
    private static String forBuild(String source, String build) {
        String template = switch (build) {
            case "1", "2" -> source.replace("@BUILDS@", "BUILD").replace("@UPGRADES@", "")
                    .replace("@ADD_CODE@", "1").replace("@ADD_NAME@", "add")
                    .replace("@FACTOR@", Integer.toString(factor(build)));
            case TWO_UPGRADING_ONE -> source.replace("@BUILDS@", "\"1\", BUILD")
                    .replace("@UPGRADES@", "\n                .upgrade(ReplayUpgrade.builder(\"1\", \"2\").build())")
                    .replace("@ADD_CODE@", "1").replace("@ADD_NAME@", "add")
                    .replace("@FACTOR@", Integer.toString(factor(build))).replace("@BUILD@", "2");
            case "3" -> source.replace("@BUILDS@", "\"2\", BUILD")
                    .replace("@UPGRADES@", "\n                .upgrade(ReplayUpgrade.builder(\"2\", \"3\")"
                            + ".renamed(\"add\", \"plus\").paramAdded(\"scale\", 0, 3).build())")
                    .replace("@ADD_CODE@", Integer.toString(PLUS)).replace("@ADD_NAME@", "plus")
                    .replace("@FACTOR@", "step.intParam(0)");
            default -> throw new IllegalArgumentException("no build " + build);
        };
        return template.replace("@BUILD@", build);
    }

    /**
     * Compiles Java sources against Reprise ({@code javax.tools}) and writes them, with resources, as a jar.
     *
     * @param folder    where the classes and the jar go
     * @param name      the jar's file name
     * @param sources   each source by its path, e.g. {@code test/builds/BuildsGame.java}
     * @param resources each resource's text by its path in the jar, e.g. a {@code META-INF/services} entry
     * @return the jar
     * @throws IllegalStateException with javac's messages if a source does not compile
     */
    public static Path compileJar(Path folder, String name, Map<String, String> sources, Map<String, String> resources)
            throws IOException {
        Path classes = Files.createDirectories(folder.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        try (StandardJavaFileManager files = javac.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<JavaFileObject> units = new ArrayList<>();
            sources.forEach((path, text) -> units.add(new SimpleJavaFileObject(URI.create("string:///" + path),
                    JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return text;
                }
            }));
            List<String> options = List.of("--release", "17", "-proc:none", "-classpath", classPath(), "-d",
                    classes.toString());
            boolean compiled = javac.getTask(new java.io.PrintWriter(messages, true, StandardCharsets.UTF_8),
                    files, null, options, null, units).call();
            if (!compiled) {
                throw new IllegalStateException(name + " does not compile:\n" + messages.toString(StandardCharsets.UTF_8));
            }
        }
        Path jar = folder.resolve(name);
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out);
             Stream<Path> walk = Files.walk(classes)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                zip.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                zip.write(Files.readAllBytes(file));
                zip.closeEntry();
            }
            for (Map.Entry<String, String> resource : resources.entrySet()) {
                zip.putNextEntry(new JarEntry(resource.getKey()));
                zip.write(resource.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        return jar;
    }

    /** Reprise and what its API shows (Reactor, Reactive Streams, JSpecify), from where the test run has them. */
    private static @Nullable Class<?> onClassPath(String type) {
        try {
            return Class.forName(type, false, GameJars.class.getClassLoader());
        } catch (ClassNotFoundException absent) {
            return null;
        }
    }

    private static String classPath() {
        List<Class<?>> types = new ArrayList<>(List.of(ReplaySystem.class, Flux.class, Publisher.class, Nullable.class));
        if (VIEWER_TYPE != null) {
            types.add(VIEWER_TYPE);
        }
        List<String> entries = new ArrayList<>();
        for (Class<?> type : types) {
            try {
                entries.add(Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
            } catch (URISyntaxException e) {
                throw new IllegalStateException(e);
            }
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    private static Path root() throws IOException {
        Path folder = root;
        if (folder == null) {
            folder = Files.createTempDirectory("reprise-game-jars-");
            root = folder;
            Path delete = folder;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(delete)));
        }
        return folder;
    }

    private static void deleteTree(Path folder) {
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // A temporary folder: left to the system if it cannot be deleted.
        }
    }
}
