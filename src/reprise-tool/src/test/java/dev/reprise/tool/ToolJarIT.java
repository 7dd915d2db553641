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
