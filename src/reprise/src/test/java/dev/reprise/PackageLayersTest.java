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
package dev.reprise;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The core's packages keep the layers that {@code docs/modules.md} draws: {@code jdeps} over the compiled main
 * classes gives the package graph, every edge must be one the layers allow (a new edge fails the build, named
 * with the class dependencies that make it), and no strongly connected component of more than one package
 * is left. The other modules' layering is their Maven dependencies': they cannot reach what they do not declare.
 */
class PackageLayersTest {

    /** jdeps takes a few seconds: the main classes' graph is read once for the tests that need it. */
    private static PackageGraph mainGraph;

    private static synchronized PackageGraph mainGraph() throws URISyntaxException {
        if (mainGraph == null) {
            Path classes = Path.of(ReplaySystem.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            assertThat(classes).as("the main classes, a folder under surefire").isDirectory();
            mainGraph = PackageGraph.ofClasses(classes, "dev.reprise");
        }
        return mainGraph;
    }

    private static String describeAll(PackageGraph graph, List<SortedSet<String>> cycles) {
        return cycles.stream().map(graph::describe).collect(Collectors.joining("\n"));
    }

    @Test
    void mainClasses_packageGraph_hasNoCycle() throws Exception {
        PackageGraph graph = mainGraph();

        // jdeps really read the classes: the facade's own edges are there (else an empty graph would pass).
        assertThat(graph.dependenciesOf("dev.reprise"))
                .contains("dev.reprise.command", "dev.reprise.playback", "dev.reprise.route");
        assertThat(graph.classEdges("dev.reprise", "dev.reprise.playback"))
                .contains("dev.reprise.ReplaySystem -> dev.reprise.playback.ReplaySandbox");
        List<SortedSet<String>> cycles = graph.cycles();
        assertThat(cycles).withFailMessage(() -> describeAll(graph, cycles)).isEmpty();
    }

    /** Each package of the core and the packages it may use: the layers of docs/modules.md, bottom up. */
    private static final Map<String, Set<String>> ALLOWED = allowed();

    private static Map<String, Set<String>> allowed() {
        Map<String, Set<String>> allowed = new TreeMap<>();
        allowed.put("dev.reprise.diagnostic", Set.of());
        allowed.put("dev.reprise.internal", Set.of("dev.reprise.diagnostic"));
        allowed.put("dev.reprise.route", Set.of("dev.reprise.diagnostic", "dev.reprise.internal"));
        allowed.put("dev.reprise.command", Set.of("dev.reprise.route", "dev.reprise.diagnostic", "dev.reprise.internal"));
        allowed.put("dev.reprise.io", Set.of("dev.reprise.command", "dev.reprise.route", "dev.reprise.diagnostic",
                "dev.reprise.internal"));
        allowed.put("dev.reprise.playback", Set.of("dev.reprise.command", "dev.reprise.route", "dev.reprise.diagnostic",
                "dev.reprise.internal"));
        allowed.put("dev.reprise", Set.of("dev.reprise.playback", "dev.reprise.command", "dev.reprise.route",
                "dev.reprise.diagnostic", "dev.reprise.internal"));
        allowed.put("dev.reprise.desync", Set.of("dev.reprise", "dev.reprise.playback", "dev.reprise.command",
                "dev.reprise.route", "dev.reprise.diagnostic", "dev.reprise.internal"));
        allowed.put("dev.reprise.internal.answer", Set.of("dev.reprise", "dev.reprise.command", "dev.reprise.route",
                "dev.reprise.diagnostic", "dev.reprise.internal"));
        allowed.put("dev.reprise.verify", Set.of("dev.reprise.desync", "dev.reprise", "dev.reprise.io",
                "dev.reprise.playback", "dev.reprise.command", "dev.reprise.route", "dev.reprise.diagnostic",
                "dev.reprise.internal", "dev.reprise.internal.answer"));
        allowed.put("dev.reprise.shrink", Set.of("dev.reprise.verify", "dev.reprise.desync", "dev.reprise",
                "dev.reprise.io", "dev.reprise.playback", "dev.reprise.command", "dev.reprise.route",
                "dev.reprise.diagnostic", "dev.reprise.internal", "dev.reprise.internal.answer"));
        allowed.put("dev.reprise.edit", Set.of("dev.reprise.verify", "dev.reprise.desync", "dev.reprise",
                "dev.reprise.playback", "dev.reprise.command", "dev.reprise.route", "dev.reprise.diagnostic",
                "dev.reprise.internal"));
        return allowed;
    }

    @Test
    void mainClasses_everyPackageDependency_isOneTheLayersAllow() throws Exception {
        PackageGraph graph = mainGraph();

        assertThat(graph.packages()).as("the core's packages, each with its layer")
                .isSubsetOf(ALLOWED.keySet());
        StringBuilder forbidden = new StringBuilder();
        for (String from : graph.packages()) {
            for (String to : graph.dependenciesOf(from)) {
                if (!ALLOWED.get(from).contains(to)) {
                    forbidden.append(String.format("%s may not use %s: %s%n", from, to,
                            String.join(", ", graph.classEdges(from, to))));
                }
            }
        }
        assertThat(forbidden).withFailMessage(forbidden::toString).isEmpty();
    }

    @Test
    void mainClasses_theFacade_readsNoFileFormat() throws Exception {
        assertThat(mainGraph().dependenciesOf("dev.reprise")).doesNotContain("dev.reprise.io");
        assertThat(mainGraph().dependenciesOf("dev.reprise.diagnostic")).isEmpty();
    }

    @Test
    void cycles_threePackagesInALoop_namesTheLoopAndItsClassEdges() {
        PackageGraph graph = new PackageGraph();
        graph.add("p.a.A", "p.b.B");
        graph.add("p.b.B", "p.c.C");
        graph.add("p.c.C", "p.a.A");
        graph.add("p.c.C$1", "p.a.Other");
        graph.add("p.d.D", "p.a.A"); // into the loop, not part of it

        List<SortedSet<String>> cycles = graph.cycles();

        assertThat(cycles).containsExactly(new TreeSet<>(Set.of("p.a", "p.b", "p.c")));
        assertThat(graph.describe(cycles.get(0))).isEqualTo("""
                package cycle p.a -> p.b -> p.c -> p.a
                  p.a -> p.b: p.a.A -> p.b.B
                  p.b -> p.c: p.b.B -> p.c.C
                  p.c -> p.a: p.c.C -> p.a.A, p.c.C$1 -> p.a.Other""");
    }

    @Test
    void cycles_twoLoopsAndALayer_reportsEachLoopOnce() {
        PackageGraph graph = new PackageGraph();
        graph.add("p.a.A", "p.b.B");
        graph.add("p.b.B", "p.a.A");
        graph.add("p.b.B", "p.leaf.L");
        graph.add("p.x.X", "p.y.Y");
        graph.add("p.y.Y", "p.z.Z");
        graph.add("p.z.Z", "p.y.Y");
        graph.add("p.z.Z", "p.leaf.L");

        assertThat(graph.cycles()).containsExactly(new TreeSet<>(Set.of("p.a", "p.b")), new TreeSet<>(Set.of("p.y", "p.z")));
        assertThat(graph.describe(graph.cycles().get(1))).startsWith("package cycle p.y -> p.z -> p.y\n");
    }

    @Test
    void cycles_layeredPackages_none() {
        PackageGraph graph = new PackageGraph();
        graph.add("p.top.T", "p.mid.M");
        graph.add("p.top.T", "p.leaf.L");
        graph.add("p.mid.M", "p.leaf.L");
        graph.add("p.mid.M", "p.mid.Other"); // within a package: not an edge

        assertThat(graph.cycles()).isEmpty();
        assertThat(graph.dependenciesOf("p.mid")).containsExactly("p.leaf");
    }

    @Test
    void ofJdeps_verboseClassOutput_keepsDependenciesBetweenPackagesUnderThePrefix() {
        String output = """
                dev -> target/classes/dev
                   dev.reprise.ReplaySystem                 -> dev.reprise.playback.ReplaySandbox      dev
                   dev.reprise.ReplaySystem                 -> dev.reprise.RecordedSteps               dev
                   dev.reprise.route.ReplayArray            -> dev.reprise.internal.WarningReporter    dev
                   dev.reprise.route.ReplayArray            -> reactor.core.publisher.Flux             not found
                """;

        PackageGraph graph = PackageGraph.ofJdeps(output, "dev.reprise");

        assertThat(graph.packages()).containsExactly("dev.reprise", "dev.reprise.route");
        assertThat(graph.dependenciesOf("dev.reprise")).containsExactly("dev.reprise.playback");
        assertThat(graph.classEdges("dev.reprise.route", "dev.reprise.internal"))
                .containsExactly("dev.reprise.route.ReplayArray -> dev.reprise.internal.WarningReporter");
    }

    @Test
    void ofClasses_compiledPackagesThatUseEachOther_findsTheCycle(@TempDir Path dir) throws IOException {
        Path sources = Files.createDirectories(dir.resolve("src"));
        Path a = Files.writeString(sources.resolve("A.java"), "package fake.cycle.a; public class A { fake.cycle.b.B b; }");
        Path b = Files.writeString(sources.resolve("B.java"), "package fake.cycle.b; public class B { fake.cycle.a.A a; }");
        Path classes = dir.resolve("classes");
        ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        StringWriter errors = new StringWriter();
        int status = javac.run(new PrintWriter(errors), new PrintWriter(errors), "-d", classes.toString(),
                a.toString(), b.toString());
        assertThat(status).withFailMessage(errors::toString).isZero();

        PackageGraph graph = PackageGraph.ofClasses(classes, "fake.cycle");

        assertThat(graph.cycles()).containsExactly(new TreeSet<>(Set.of("fake.cycle.a", "fake.cycle.b")));
        assertThat(graph.describe(graph.cycles().get(0))).isEqualTo("""
                package cycle fake.cycle.a -> fake.cycle.b -> fake.cycle.a
                  fake.cycle.a -> fake.cycle.b: fake.cycle.a.A -> fake.cycle.b.B
                  fake.cycle.b -> fake.cycle.a: fake.cycle.b.B -> fake.cycle.a.A""");
    }

    @Test
    void ofClasses_sealedTypePermittingASubclassElsewhere_keepsOnlyTheSubclassEdge(@TempDir Path dir)
            throws IOException {
        Path sources = dir.resolve("src");
        Path module = Files.writeString(Files.createDirectories(sources).resolve("module-info.java"),
                "module fake.sealed { exports fake.sealed.a; exports fake.sealed.b; }");
        Path a = Files.writeString(Files.createDirectories(sources.resolve("fake/sealed/a")).resolve("A.java"),
                "package fake.sealed.a; public abstract sealed class A permits fake.sealed.b.B { }");
        Path b = Files.writeString(Files.createDirectories(sources.resolve("fake/sealed/b")).resolve("B.java"),
                "package fake.sealed.b; public final class B extends fake.sealed.a.A { }");
        Path classes = dir.resolve("classes");
        ToolProvider javac = ToolProvider.findFirst("javac").orElseThrow();
        StringWriter errors = new StringWriter();
        int status = javac.run(new PrintWriter(errors), new PrintWriter(errors), "-d", classes.toString(),
                module.toString(), a.toString(), b.toString());
        assertThat(status).withFailMessage(errors::toString).isZero();

        PackageGraph graph = PackageGraph.ofClasses(classes, "fake.sealed");

        assertThat(graph.dependenciesOf("fake.sealed.a")).isEmpty();
        assertThat(graph.classEdges("fake.sealed.b", "fake.sealed.a")).containsExactly("fake.sealed.b.B -> fake.sealed.a.A");
        assertThat(graph.cycles()).isEmpty();
    }
}
