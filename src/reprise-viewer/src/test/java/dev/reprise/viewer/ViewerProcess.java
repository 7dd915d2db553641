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
package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
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
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.awaitility.Awaitility;

/**
 * A viewer in a child JVM, as a user runs it ({@link ViewerMain} on the test class path), with a heap of
 * its own and a GC log: for the tests that show a stranger cannot exhaust the server's memory. Its output
 * goes to a file; {@link #close()} kills it if a test left it running.
 */
final class ViewerProcess implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern ADDRESS = Pattern.compile("Reprise viewer: (http://\\S+) ");
    /** A G1 or Serial GC log line's heap: before, after, capacity, in MiB. */
    private static final Pattern HEAP = Pattern.compile("(\\d+)M->(\\d+)M\\((\\d+)M\\)");

    private final Process process;
    private final Path log;
    private final Path gcLog;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private ViewerProcess(Process process, Path log, Path gcLog) {
        this.process = process;
        this.log = log;
        this.gcLog = gcLog;
    }

    /**
     * Starts {@code java -Xmx<heap> ... ViewerMain args}.
     *
     * @param dir where the output and GC log go
     * @param heap the {@code -Xmx} value, e.g. {@code 128m}
     */
    static ViewerProcess start(Path dir, String heap, String... args) throws IOException {
        Path log = Files.createTempFile(dir, "viewer", ".log");
        Path gcLog = Files.createTempFile(dir, "viewer", ".gc.log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx" + heap, "-XX:MaxDirectMemorySize=64m", "-Xlog:gc:file=" + gcLog,
                "-cp", System.getProperty("java.class.path"), ViewerMain.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        return new ViewerProcess(process, log, gcLog);
    }

    /** @return the address the viewer printed, once it has */
    String address() {
        Awaitility.await().atMost(WAIT).until(() -> ADDRESS.matcher(output()).find() || !process.isAlive());
        Matcher address = ADDRESS.matcher(output());
        assertThat(address.find()).as("the viewer's output: %s", output()).isTrue();
        return address.group(1);
    }

    /** @return an address on the viewer, e.g. {@code /api/stats}, with its access token */
    URI uri(String path) {
        return ViewerClient.at(address(), path);
    }

    /** @return {@code GET /api/stats}, answered within {@code timeout} */
    JsonNode stats(Duration timeout) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri("/api/stats")).timeout(timeout).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return new ObjectMapper().readTree(response.body());
    }

    HttpClient http() {
        return http;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    long pid() {
        return process.pid();
    }

    /** @return everything the viewer printed so far */
    String output() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }

    /**
     * Runs a full collection in the viewer ({@code jcmd <pid> GC.run}) and returns the heap in use after it:
     * what the viewer holds live, garbage excluded.
     *
     * @return MiB in use after the collection
     */
    long liveHeapMiB() throws IOException, InterruptedException {
        int before = requested().size();
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(process.pid()), "GC.run").redirectErrorStream(true).start();
        String said = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(jcmd.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).as("jcmd GC.run: %s", said).isTrue();
        assertThat(jcmd.exitValue()).as("jcmd GC.run: %s", said).isZero();
        // The collection writes its log line itself, just after: wait for it.
        Awaitility.await().atMost(WAIT).until(() -> requested().size() > before);
        List<Long> requested = requested();
        return requested.get(requested.size() - 1);
    }

    /** @return the heap after each collection that {@code jcmd GC.run} asked for, in MiB */
    private List<Long> requested() throws IOException {
        return heaps(line -> line.contains("(Diagnostic Command)"));
    }

    private List<Long> heaps(Predicate<String> lines) throws IOException {
        List<Long> after = new ArrayList<>();
        for (String line : Files.readAllLines(gcLog)) {
            Matcher heap = HEAP.matcher(line);
            if (lines.test(line) && heap.find()) {
                after.add(Long.parseLong(heap.group(2)));
            }
        }
        return after;
    }

    /** @return the heap after each collection so far, in MiB, from the GC log */
    List<Long> heaps() throws IOException {
        return heaps(line -> true);
    }

    /**
     * Stops the viewer as a terminal or an orchestrator does (SIGTERM) and waits for it to exit.
     *
     * @return its exit value
     * @throws AssertionError if it is still running after {@link #WAIT}
     */
    int stop() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the viewer did not exit within " + WAIT + " of SIGTERM: " + output());
        }
        return process.exitValue();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroyForcibly();
            process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
    }
}
