package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Concurrent reads in a 128 MiB heap never run out of memory: {@link ReadMemoryHarness} in a forked
 * JVM (fewer reads than the documented runs in docs/performance.md, to keep the suite fast).
 */
class ReadMemoryTest {

    @ParameterizedTest
    @CsvSource({"small, 64, 5", "large, 8, 16"})
    void concurrentReads_inA128MiBHeap_neverRunOutOfMemory(String scenario, int threads, int reads)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                ReadMemoryHarness.class.getName(), scenario, String.valueOf(threads), String.valueOf(reads)))
                .redirectErrorStream(true).start();
        boolean finished = process.waitFor(5, TimeUnit.MINUTES);
        if (!finished) {
            process.destroyForcibly();
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(finished).as("finished within 5 minutes: %s", output).isTrue();
        assertThat(output).contains("RESULT " + scenario).contains(" oom=0 ");
        assertThat(process.exitValue()).as(output).isZero();
    }
}
