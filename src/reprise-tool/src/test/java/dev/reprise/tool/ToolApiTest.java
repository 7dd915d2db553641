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

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The tool's API is its entry point, {@link ReplayTool}'s {@code main} and exit codes, and the progress bar
 * it draws (a program beside the tool, such as the samples' demo, draws the same). picocli and the tool's
 * failures are implementation. At run time the tool takes the core, the verdict's JSON, Jackson and picocli:
 * no test framework and no Kafka client ({@code ToolJarIT} checks the runnable jar the same way).
 */
class ToolApiTest {

    private static List<Path> toolClasses() throws IOException, URISyntaxException {
        Path folder = Path.of(ReplayTool.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("dev/reprise/tool");
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".class")).sorted().toList();
        }
    }

    @Test
    void thePublicClass_isReplayTool() throws Exception {
        List<String> publicClasses = new java.util.ArrayList<>();
        for (Path file : toolClasses()) {
            String name = "dev.reprise.tool." + file.getFileName().toString().replace(".class", "");
            if (Modifier.isPublic(Class.forName(name, false, getClass().getClassLoader()).getModifiers())) {
                publicClasses.add(name);
            }
        }

        assertThat(publicClasses).containsExactly(ReplayTool.class.getName());
    }

    @Test
    void replayTool_showsNoPicocliType() {
        assertThat(ReplayTool.class.getInterfaces()).isEmpty();
        assertThat(ReplayTool.class.getAnnotations()).isEmpty();
        Stream<Member> members = Stream.concat(Arrays.stream(ReplayTool.class.getMethods()),
                Arrays.stream(ReplayTool.class.getFields()));
        assertThat(members.filter(m -> m.getDeclaringClass() == ReplayTool.class).map(Member::getName))
                .containsExactlyInAnyOrder("main", "OK", "FAILED", "USAGE", "INTERNAL", "NOT_RUN");
        for (Method method : ReplayTool.class.getMethods()) {
            assertThat(method.toGenericString()).doesNotContain("picocli");
        }
    }

    /**
     * What the tool's runtime class path must not hold: a test framework or a Kafka client, whether from a
     * repository (a folder or a jar of that name) or from the build (a module's classes).
     */
    static final Pattern NOT_AT_RUN_TIME = Pattern.compile(
            "(^|/)(junit-[^/]*|opentest4j|reactor-test|kafka-clients|reprise-test|reprise-kafka)(/|-\\d|$)");

    @Test
    void theRuntimeClassPath_holdsNoTestFrameworkAndNoKafkaClient() throws IOException {
        String file = System.getProperty("reprise.tool.runtimeClassPath");
        assertThat(file).as("the runtime class path's file, which the tool's pom writes").isNotNull();
        List<String> entries = Arrays.stream(Files.readString(Path.of(file)).strip().split(File.pathSeparator))
                .map(entry -> entry.replace(File.separatorChar, '/')).toList();

        assertThat(entries).as("the tool's runtime class path")
                .anyMatch(entry -> entry.contains("picocli")) // it was read: the tool's own dependency is there
                .noneMatch(entry -> NOT_AT_RUN_TIME.matcher(entry).find());
    }

    @Test
    void notAtRunTime_matchesTheJarsAndModulesOfATestFrameworkOrKafka() {
        assertThat(List.of("/m2/org/junit/jupiter/junit-jupiter-api/5.14.1/junit-jupiter-api-5.14.1.jar",
                "/m2/org/opentest4j/opentest4j/1.3.0/opentest4j-1.3.0.jar",
                "/m2/io/projectreactor/reactor-test/3.8.7/reactor-test-3.8.7.jar",
                "/m2/org/apache/kafka/kafka-clients/4.4.0/kafka-clients-4.4.0.jar",
                "/repo/src/reprise-test/target/classes", "/m2/dev/reprise/reprise-kafka/1.0.0/reprise-kafka-1.0.0.jar"))
                .allMatch(entry -> NOT_AT_RUN_TIME.matcher(entry).find());
        assertThat(List.of("/m2/io/projectreactor/reactor-core/3.8.7/reactor-core-3.8.7.jar",
                "/repo/src/reprise-json/target/classes", "/repo/src/reprise-tool/target/classes",
                "/m2/info/picocli/picocli/4.7.7/picocli-4.7.7.jar"))
                .noneMatch(entry -> NOT_AT_RUN_TIME.matcher(entry).find());
    }
}
