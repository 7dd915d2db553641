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

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BiPredicate;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;

/**
 * The dependencies between packages, each edge with the class dependencies that make it, and the cycles
 * among them (Tarjan's strongly connected components). Built from {@code jdeps -verbose:class} over
 * compiled classes, or edge by edge in a test. A sealed type's {@code permits} entries are not edges: the
 * subclasses use the type, not the other way round. Not thread-safe.
 */
final class PackageGraph {

    /** from package -> to package -> the class edges "a.B -> c.D" behind it. */
    private final SortedMap<String, SortedMap<String, SortedSet<String>>> edges = new TreeMap<>();

    /**
     * Runs {@code jdeps -verbose:class} (in this JVM) over the classes under {@code classes} and keeps the
     * dependencies between classes whose names match {@code prefix}.
     *
     * @param classes a class folder, for instance {@code target/classes}
     * @param prefix  a package prefix with at least one dot, for instance {@code "dev.reprise"}
     * @return the graph
     * @throws IllegalStateException if this JDK has no jdeps or jdeps fails
     */
    static PackageGraph ofClasses(Path classes, String prefix) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps")
                .orElseThrow(() -> new IllegalStateException("no jdeps in this Java runtime: run the build on a JDK"));
        // The folder of the top package, not the class folder: there, module-info.class would make jdeps resolve
        // the module's requires (reactor.core, ...), which are not on its module path.
        Path root = classes.resolve(prefix.substring(0, prefix.indexOf('.')));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = jdeps.run(new PrintWriter(out), new PrintWriter(err), "-verbose:class",
                "-e", prefix.replace(".", "\\.") + "\\..*", root.toString());
        if (status != 0) {
            throw new IllegalStateException("jdeps exited with " + status + ": " + err + out);
        }
        PackageGraph graph = new PackageGraph();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                PackageGraph.class.getClassLoader())) {
            graph.addJdeps(out.toString(), prefix, (fromClass, toClass) -> isPermitsEntry(loader, fromClass, toClass));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return graph;
    }

    /**
     * Tells whether a class edge is only a sealed type's {@code permits} entry: the type names its
     * subclasses there (jdeps reports it as a dependency), but it does not use them; the subclasses use it.
     *
     * @param loader    loads the classes jdeps read
     * @param fromClass a class's binary name
     * @param toClass   another class's binary name
     * @return {@code true} if {@code fromClass} is sealed and permits {@code toClass}
     */
    private static boolean isPermitsEntry(ClassLoader loader, String fromClass, String toClass) {
        Class<?> from;
        try {
            from = Class.forName(fromClass, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("jdeps named " + fromClass + ", which the class folder does not hold", e);
        }
        if (!from.isSealed()) {
            return false;
        }
        for (Class<?> permitted : from.getPermittedSubclasses()) {
            if (permitted.getName().equals(toClass)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Reads the output of {@code jdeps -verbose:class}: every line {@code "   a.B   -> c.D   where"}.
     *
     * @param output jdeps's output
     * @param prefix only classes whose names start with it (on both ends) count
     * @return the graph
     */
    static PackageGraph ofJdeps(String output, String prefix) {
        PackageGraph graph = new PackageGraph();
        graph.addJdeps(output, prefix, (fromClass, toClass) -> false);
        return graph;
    }

    private void addJdeps(String output, String prefix, BiPredicate<String, String> skipped) {
        for (String line : output.split("\\R")) {
            if (line.isEmpty() || !Character.isWhitespace(line.charAt(0))) {
                continue; // an archive's header line ("dev -> target/classes/dev"), not a dependency
            }
            String[] words = line.trim().split("\\s+");
            if (words.length >= 3 && words[1].equals("->") && words[0].startsWith(prefix + ".")
                    && words[2].startsWith(prefix + ".") && !skipped.test(words[0], words[2])) {
                add(words[0], words[2]);
            }
        }
    }

    /**
     * Adds a dependency of one class on another; one within a package is ignored.
     *
     * @param fromClass the dependent class's binary name ({@code a.b.C$D})
     * @param toClass   the class it uses
     */
    void add(String fromClass, String toClass) {
        String from = packageOf(fromClass);
        String to = packageOf(toClass);
        if (!from.equals(to)) {
            edges.computeIfAbsent(from, f -> new TreeMap<>()).computeIfAbsent(to, t -> new TreeSet<>())
                    .add(fromClass + " -> " + toClass);
        }
    }

    /** @return every package that depends on another, in name order */
    Set<String> packages() {
        return Collections.unmodifiableSet(edges.keySet());
    }

    /**
     * @param from a package
     * @return the packages it depends on, in name order
     */
    Set<String> dependenciesOf(String from) {
        return Collections.unmodifiableSet(edges.getOrDefault(from, new TreeMap<>()).keySet());
    }

    /**
     * @param from a package
     * @param to   another
     * @return the class edges that make {@code from} depend on {@code to}, in name order
     */
    SortedSet<String> classEdges(String from, String to) {
        return Collections.unmodifiableSortedSet(edges.getOrDefault(from, new TreeMap<>()).getOrDefault(to, new TreeSet<>()));
    }

    /**
     * Returns the package cycles: the strongly connected components of more than one package, each in name
     * order, the components in the order of their first names.
     *
     * @return the cycles; empty if the packages form a directed acyclic graph
     */
    List<SortedSet<String>> cycles() {
        Tarjan tarjan = new Tarjan();
        Set<String> nodes = new TreeSet<>(edges.keySet());
        edges.values().forEach(targets -> nodes.addAll(targets.keySet()));
        for (String node : nodes) {
            if (!tarjan.index.containsKey(node)) {
                tarjan.connect(node);
            }
        }
        List<SortedSet<String>> cycles = new ArrayList<>(tarjan.components);
        cycles.removeIf(component -> component.size() < 2);
        cycles.sort((a, b) -> a.first().compareTo(b.first()));
        return cycles;
    }

    /**
     * Describes a cycle: a shortest round trip through its first package, then every edge between its
     * packages with the class edges that make it.
     *
     * @param cycle a component of {@link #cycles()}
     * @return the description, one edge a line
     */
    String describe(SortedSet<String> cycle) {
        StringBuilder text = new StringBuilder("package cycle ").append(String.join(" -> ", roundTrip(cycle)));
        for (String from : cycle) {
            for (String to : dependenciesOf(from)) {
                if (cycle.contains(to)) {
                    text.append("\n  ").append(from).append(" -> ").append(to).append(": ")
                            .append(String.join(", ", classEdges(from, to)));
                }
            }
        }
        return text.toString();
    }

    /** @return the shortest path from the cycle's first package back to it, through the cycle's packages */
    private List<String> roundTrip(SortedSet<String> cycle) {
        String start = cycle.first();
        Map<String, String> cameFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        while (!queue.isEmpty()) {
            String at = queue.removeFirst();
            for (String next : dependenciesOf(at)) {
                if (next.equals(start)) {
                    List<String> path = new ArrayList<>(List.of(start));
                    for (String step = at; !step.equals(start); step = cameFrom.get(step)) {
                        path.add(1, step);
                    }
                    path.add(start);
                    return path;
                }
                if (cycle.contains(next) && !cameFrom.containsKey(next)) {
                    cameFrom.put(next, at);
                    queue.addLast(next);
                }
            }
        }
        throw new IllegalArgumentException("not a cycle of this graph: " + cycle);
    }

    @Override
    public String toString() {
        return edges.entrySet().stream()
                .map(entry -> entry.getKey() + " -> " + entry.getValue().keySet())
                .collect(Collectors.joining("\n"));
    }

    private static String packageOf(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? "" : className.substring(0, dot);
    }

    /** Tarjan's algorithm; recursive, which suits a graph of a few dozen packages. */
    private final class Tarjan {
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Integer> lowLink = new HashMap<>();
        final Deque<String> stack = new ArrayDeque<>();
        final Set<String> onStack = new TreeSet<>();
        final List<SortedSet<String>> components = new ArrayList<>();

        void connect(String node) {
            index.put(node, index.size());
            lowLink.put(node, index.get(node));
            stack.push(node);
            onStack.add(node);
            for (String next : dependenciesOf(node)) {
                if (!index.containsKey(next)) {
                    connect(next);
                    lowLink.put(node, Math.min(lowLink.get(node), lowLink.get(next)));
                } else if (onStack.contains(next)) {
                    lowLink.put(node, Math.min(lowLink.get(node), index.get(next)));
                }
            }
            if (lowLink.get(node).equals(index.get(node))) {
                SortedSet<String> component = new TreeSet<>();
                String member;
                do {
                    member = stack.pop();
                    onStack.remove(member);
                    component.add(member);
                } while (!member.equals(node));
                components.add(component);
            }
        }
    }
}
