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
package dev.reprise.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Keeps the docs honest: every Java snippet in the README and the guides names the source file it was
 * copied from, and that file still contains it, line for line (indentation aside). Snippets of code
 * that no longer compiles, or that drifted from it, fail the build. A snippet opens with the imports it
 * needs, each one an import of that file or a type of the file's own package: every type of the library
 * or of Reactor that it uses is imported in it or in a snippet before it on the page, so that a reader
 * never has to look up a package.
 */
class DocsSnippetsTest {

    /** A Java block, perhaps indented in a list item: its indentation, then its code. */
    private static final Pattern JAVA_BLOCK = Pattern.compile("^( *)```java\\n(.*?)\\n\\1```",
            Pattern.DOTALL | Pattern.MULTILINE);
    private static final Pattern SOURCE = Pattern.compile("\\A\\s*<sub>(?:Abridged )?[Ff]rom `([^`]+)`");
    private static final Pattern PACKAGE = Pattern.compile("package ([\\w.]+);");
    /** An import a reader needs to see: a type of the library (not the samples' or the guide's) or of Reactor. */
    private static final Pattern LIBRARY_IMPORT = Pattern.compile(
            "import (?:dev\\.reprise\\.(?!samples\\.|guide\\.)|reactor\\.|org\\.reactivestreams\\.)(?:\\w+\\.)*(\\w+);");

    @ParameterizedTest
    @ValueSource(strings = {"README.md", "docs/getting-started.md", "docs/concepts.md", "docs/cookbook.md",
            "docs/testing.md", "docs/viewer.md", "docs/editing.md", "docs/finding-divergence.md", "docs/playback.md",
            "docs/route-format.md", "docs/seeking.md", "docs/verification.md", "docs/replay-file-format.md",
            "docs/builds.md"})
    void everyJavaSnippet_isCopiedFromTheSourceItNames_withTheImportsItNeeds(String doc) throws IOException {
        String text = Files.readString(Path.of(doc));
        Matcher block = JAVA_BLOCK.matcher(text);
        Set<String> shown = new HashSet<>();
        int snippets = 0;
        while (block.find()) {
            snippets++;
            Matcher source = SOURCE.matcher(text.substring(block.end()));
            assertThat(source.find()).as("%s: the snippet at offset %d names no source file", doc, block.start())
                    .isTrue();
            List<String> code = stripped(block.group(2));
            List<String> file = stripped(Files.readString(Path.of(source.group(1))));
            List<String> imports = leadingImports(code);
            Set<String> importable = new LinkedHashSet<>(file);
            importable.addAll(ownPackageImports(file));
            assertThat(importable).as("%s: the snippet at offset %d imports only what %s can import", doc,
                    block.start(), source.group(1)).containsAll(imports);
            shown.addAll(imports);
            assertThat(Collections.indexOfSubList(file, code))
                    .as("%s: snippet at offset %d is not in %s:%n%s", doc, block.start(), source.group(1),
                            String.join("\n", code))
                    .isNotNegative();
            assertThat(usedLibraryImports(importable, String.join("\n", code))).as(
                    "%s: the snippet at offset %d uses these types of %s but shows no import of them",
                    doc, block.start(), source.group(1)).isSubsetOf(shown);
        }
        assertThat(snippets).as("%s has Java snippets", doc).isPositive();
    }

    /** Takes the snippet's opening import lines (and the blank lines among them) off {@code code}. */
    private static List<String> leadingImports(List<String> code) {
        List<String> imports = new ArrayList<>();
        while (!code.isEmpty() && (code.get(0).startsWith("import ") || code.get(0).isEmpty())) {
            String line = code.remove(0);
            if (!line.isEmpty()) {
                imports.add(line);
            }
        }
        return imports;
    }

    /**
     * The imports of the types of the file's own package, when that is a library package (a test beside the
     * code it shows): the file needs none, a reader does.
     */
    private static List<String> ownPackageImports(List<String> file) throws IOException {
        String pkg = file.stream().map(PACKAGE::matcher).filter(Matcher::matches).map(found -> found.group(1))
                .findFirst().orElse("");
        List<String> imports = new ArrayList<>();
        if (pkg.isEmpty() || !LIBRARY_IMPORT.matcher("import " + pkg + ".Type;").matches()) {
            return imports;
        }
        try (DirectoryStream<Path> modules = Files.newDirectoryStream(Path.of("src"))) {
            for (Path module : modules) {
                Path folder = module.resolve("src/main/java").resolve(pkg.replace('.', '/'));
                if (Files.isDirectory(folder)) {
                    try (Stream<Path> types = Files.list(folder)) {
                        types.map(type -> type.getFileName().toString())
                                .filter(name -> name.endsWith(".java") && !name.equals("package-info.java"))
                                .map(name -> "import " + pkg + "." + name.substring(0, name.length() - 5) + ";")
                                .forEach(imports::add);
                    }
                }
            }
        }
        return imports;
    }

    /** The imports of library and Reactor types among {@code importable} whose simple name the code uses. */
    private static Set<String> usedLibraryImports(Set<String> importable, String code) {
        Set<String> used = new LinkedHashSet<>();
        for (String line : importable) {
            Matcher library = LIBRARY_IMPORT.matcher(line);
            if (library.matches()
                    && Pattern.compile("\\b" + Pattern.quote(library.group(1)) + "\\b").matcher(code).find()) {
                used.add(line);
            }
        }
        return used;
    }

    private static List<String> stripped(String code) {
        return new ArrayList<>(code.lines().map(String::strip).collect(Collectors.toList()));
    }
}
