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
package dev.reprise.guide;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps the getting-started guide honest for a newcomer's project: every snippet of
 * {@code docs/getting-started.md} comes from this folder, and this folder compiles against the
 * library's classes and its declared dependencies alone, without the samples or any other test code.
 */
class GuideSourcesTest {

    private static final Path GUIDE = Path.of("docs/getting-started.md");
    private static final Path FOLDER = Path.of("src/reprise-it/src/test/java/dev/reprise/guide");
    private static final Pattern SOURCE = Pattern.compile("<sub>(?:Abridged )?[Ff]rom `([^`]+)`");

    @TempDir
    Path out;

    @Test
    void everySnippet_comesFromTheGuideFolder() throws IOException {
        Matcher source = SOURCE.matcher(Files.readString(GUIDE));
        Set<Path> named = new LinkedHashSet<>();
        while (source.find()) {
            named.add(Path.of(source.group(1)));
        }

        assertThat(named).isNotEmpty().allSatisfy(path -> assertThat(path).startsWith(FOLDER));
    }

    @Test
    void theGuideFolder_compilesAgainstTheLibraryAlone() throws IOException {
        List<String> sources;
        try (Stream<Path> files = Files.list(FOLDER)) {
            sources = files.map(Path::toString).filter(name -> name.endsWith(".java")).sorted()
                    .collect(Collectors.toList());
        }
        List<String> arguments = new ArrayList<>(List.of("-d", out.toString(), "-classpath", libraryClassPath(),
                "-proc:none", "-Xlint:none", "--release", "17"));
        arguments.addAll(sources);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();

        int status = javac.run(null, errors, errors, arguments.toArray(String[]::new));

        assertThat(status).as("javac over %s:%n%s", sources, errors.toString(StandardCharsets.UTF_8)).isZero();
    }

    /** The test class path without any test classes: the library's own classes and the dependency jars. */
    private static String libraryClassPath() {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Stream.of(classPath.split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes") && !entry.endsWith("test-classes" + File.separator))
                .collect(Collectors.joining(File.pathSeparator));
    }
}
