package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reprise.ReplaySystem;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.viewer.ViewerFixtures.Recording;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Uploads against a viewer in a forked JVM with a small heap: parallel uploads of large valid files
 * and of large garbage never make it run out of memory; what uploads hold stays within the budget, and
 * what does not fit is refused with a clear 503.
 */
class ViewerUploadMemoryTest {

    private static final long BUDGET = 24L << 20;
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path folder;

    @Test
    void parallelUploads_inA128MiBHeap_stayWithinTheBudget() throws Exception {
        byte[] large = largeReplay();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process server = new ProcessBuilder(List.of(java, "-Xmx128m", "-XX:MaxDirectMemorySize=64m",
                "-cp", System.getProperty("java.class.path"), ViewerMain.class.getName(),
                "--dir", folder.toString(), "--no-live", "--upload-budget", Long.toString(BUDGET)))
                .redirectErrorStream(true).start();
        StringBuffer output = new StringBuffer();
        Thread pump = new Thread(() -> copy(server, output), "viewer-output");
        pump.setDaemon(true);
        pump.start();
        try {
            URI base = URI.create(address(output));
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            List<String> answers = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    inFlight.add(client.sendAsync(HttpRequest.newBuilder(base.resolve("/api/upload?name=big" + i + ".reprise"))
                            .timeout(WAIT).POST(HttpRequest.BodyPublishers.ofByteArray(large)).build(),
                            HttpResponse.BodyHandlers.ofString()));
                    // Garbage of 33 MB without a Content-Length: refused on its first bytes.
                    inFlight.add(client.sendAsync(HttpRequest.newBuilder(base.resolve("/api/upload?name=junk" + i + ".reprise"))
                            .timeout(WAIT).POST(HttpRequest.BodyPublishers.ofInputStream(
                                    () -> new ByteArrayInputStream(new byte[33 << 20]))).build(),
                            HttpResponse.BodyHandlers.ofString()).exceptionally(e -> null));
                }
                for (CompletableFuture<HttpResponse<String>> answer : inFlight) {
                    HttpResponse<String> response = answer.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                    if (response != null) { // a refused garbage upload may see its connection closed mid-body instead
                        answers.add(response.statusCode() + " " + response.body());
                    }
                }
                JsonNode stats = stats(client, base);
                assertThat(stats.get("uploadBytes").asLong()).as("upload bytes after round %d: %s", round, stats)
                        .isLessThanOrEqualTo(BUDGET);
            }
            assertThat(answers).allSatisfy(answer -> assertThat(answer).matches(
                    "(200 \\{\"upload\":\"[0-9a-f]{32}\"\\}|400 .*Not a Reprise replay file.*|503 .*upload.*try again later.*)"));
            assertThat(answers).anyMatch(answer -> answer.startsWith("200 "));
            assertThat(answers).anyMatch(answer -> answer.startsWith("400 "));
            assertThat(server.isAlive()).as("the server is alive: %s", output).isTrue();
            assertThat(stats(client, base).get("keptUploads").asInt()).isBetween(1, (int) (BUDGET / large.length));
        } finally {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
            server.destroyForcibly();
        }
        pump.join(5000);
        assertThat(output.toString()).doesNotContain("OutOfMemoryError");
    }

    /** A valid tower replay of about 8 MB, uncompressed: 900,000 state-hash steps. */
    private byte[] largeReplay() throws IOException {
        Recording recording = ViewerFixtures.record(11L, 3, 50, 25);
        ReplaySystem big = new ReplaySystem();
        for (int i = 0; i < 900_000; i++) {
            big.array().add(TowerCommands.STATE_HASH, (long) i * 0x9E3779B97F4A7C15L);
        }
        return Files.readAllBytes(ViewerFixtures.write(recording, big.saveState(), folder, "big.reprise"));
    }

    private static void copy(Process server, StringBuffer output) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                output.append(line).append('\n');
            }
        } catch (IOException e) {
            output.append("(output broke off: ").append(e).append(")\n");
        }
    }

    private static String address(StringBuffer output) throws InterruptedException {
        Pattern url = Pattern.compile("Reprise viewer: (http://\\S+/)");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher found = url.matcher(output);
            if (found.find()) {
                return found.group(1);
            }
            Thread.sleep(50); // polling the child's output: there is nothing to wait on but its text
        }
        throw new AssertionError("the viewer did not start within 60 s: " + output);
    }

    private static JsonNode stats(HttpClient client, URI base) throws IOException, InterruptedException {
        String body = client.send(HttpRequest.newBuilder(base.resolve("/api/stats")).timeout(WAIT).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        return new ObjectMapper().readTree(body);
    }
}
