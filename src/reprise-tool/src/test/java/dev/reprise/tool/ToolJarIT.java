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

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;

/**
 * The runnable tool jar, as {@code package} builds it: the tool, the core (with its shrinking) and the
 * verdict's JSON, and no class of a test framework or of Kafka.
 */
class ToolJarIT {

    /** Where the classes that the tool must not carry live, as jar entries. */
    static final List<String> NOT_CARRIED = List.of("org/junit/", "org/opentest4j/", "reactor/test/",
            "org/apache/kafka/", "dev/reprise/test/", "dev/reprise/kafka/");

    @Test
    void theToolJar_holdsTheToolAndWhatItRuns_andNoTestFrameworkOrKafkaClass() throws IOException {
        Path jar = Path.of(System.getProperty("reprise.target"))
                .resolve("reprise-tool-" + System.getProperty("reprise.version") + "-all.jar");
        List<String> entries;
        try (JarFile file = new JarFile(jar.toFile())) {
            entries = file.stream().map(ZipEntry::getName).toList();
        }

        assertThat(entries).as(jar.toString()).contains("dev/reprise/tool/ReplayTool.class",
                "dev/reprise/shrink/ReplayShrink.class", "dev/reprise/json/VerdictJson.class",
                "reactor/core/publisher/Flux.class", "picocli/CommandLine.class");
        assertThat(entries).as(jar.toString())
                .noneMatch(entry -> NOT_CARRIED.stream().anyMatch(entry::startsWith));
    }
}
