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
package dev.reprise.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class WorkerHealthTest {

    private static final WorkerSettings SETTINGS = WorkerSettings.builder("127.0.0.1:9").workerId("h").build();

    /** A run that does nothing until stopped. */
    private static final class IdleRun implements RunStarter.Run {
        private final java.util.function.Consumer<@Nullable Throwable> onEnd;

        IdleRun(java.util.function.Consumer<@Nullable Throwable> onEnd) {
            this.onEnd = onEnd;
        }

        @Override
        public void stop() {
            onEnd.accept(null);
        }

        @Override
        public void crash() {
            onEnd.accept(new IllegalStateException("crash"));
        }

        @Override
        public void dispose() {
        }

        @Override
        public long committedVerdicts() {
            return 0;
        }

        @Override
        public long abortedTransactions() {
            return 0;
        }
    }

    /** A worker whose runs do nothing until stopped. */
    private static VerificationWorker idleWorker() {
        return new VerificationWorker(SETTINGS, IdleRun::new, Duration.ofMillis(10), Duration.ofMillis(10));
    }

    /** Its health endpoint on a free loopback port. */
    private static WorkerHealth onLoopback(VerificationWorker worker) throws java.io.IOException {
        return WorkerHealth.start(worker, new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    private static int get(HttpClient client, int port, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void health_namesEachSkippedGameJar_andStaysUpForTheOthers() throws Exception {
        VerificationWorker worker = idleWorker();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (WorkerHealth health = WorkerHealth.start(worker, new InetSocketAddress(InetAddress.getLoopbackAddress(),
                0), () -> List.of("skipped builds/hangs.jar: did not load within 500 ms", "skipped caf\u00e9.jar: x"))) {
            worker.start();
            for (String path : List.of("/health", "/health/ready", "/health/live")) {
                HttpResponse<String> answer = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                        + health.port() + path)).timeout(Duration.ofSeconds(10)).build(),
                        HttpResponse.BodyHandlers.ofString(StandardCharsets.US_ASCII));
                assertThat(answer.statusCode()).as(path).isEqualTo(200);
                assertThat(answer.body()).as(path).isEqualTo("UP\nskipped builds/hangs.jar: did not load within 500 ms\n"
                        + "skipped caf?.jar: x\n");
            }
        } finally {
            worker.close();
        }
    }

    @Test
    void liveAndReady_followTheWorker() throws Exception {
        VerificationWorker worker = idleWorker();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (WorkerHealth health = onLoopback(worker)) {
            assertThat(get(client, health.port(), "/health/live")).as("built, not started").isEqualTo(200);
            assertThat(get(client, health.port(), "/health/ready")).isEqualTo(503);
            worker.start();
            assertThat(get(client, health.port(), "/health/ready")).isEqualTo(200);
            worker.close();
            assertThat(get(client, health.port(), "/health/live")).isEqualTo(503);
            assertThat(get(client, health.port(), "/health/ready")).isEqualTo(503);
            assertThat(get(client, health.port(), "/health/other")).isEqualTo(404);
        }
    }

    @Test
    void stalledConnections_doNotDelayProbes_andAreClosedAfterTheRequestTimeout() throws Exception {
        VerificationWorker worker = idleWorker();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        List<Socket> stalled = new ArrayList<>();
        try (WorkerHealth health = onLoopback(worker)) {
            worker.start();
            for (int i = 0; i < 10; i++) {
                Socket socket = new Socket(InetAddress.getLoopbackAddress(), health.port());
                OutputStream out = socket.getOutputStream();
                out.write("GET /health/li".getBytes(StandardCharsets.US_ASCII)); // half a request line, then silence
                out.flush();
                stalled.add(socket);
            }
            for (String path : List.of("/health/live", "/health/ready", "/health/live")) {
                long start = System.nanoTime();
                assertThat(get(client, health.port(), path)).as(path).isEqualTo(200);
                assertThat(Duration.ofNanos(System.nanoTime() - start)).as("answered while 10 connections stall")
                        .isLessThan(Duration.ofSeconds(2));
            }
            // The stalled ones are closed once their request is overdue: the client reads end of stream.
            Socket first = stalled.get(0);
            first.setSoTimeout((int) WorkerHealth.REQUEST_TIMEOUT.plusSeconds(10).toMillis());
            InputStream in = first.getInputStream();
            assertThat(in.read()).as("end of stream on a stalled connection").isEqualTo(-1);
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
            worker.close();
        }
    }

    @Test
    void headAndOtherMethods_andAnOversizedRequest() throws Exception {
        VerificationWorker worker = idleWorker();
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (WorkerHealth health = onLoopback(worker)) {
            URI live = URI.create("http://127.0.0.1:" + health.port() + "/health/live");
            assertThat(client.send(HttpRequest.newBuilder(live).method("HEAD", HttpRequest.BodyPublishers.noBody())
                    .build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(200);
            assertThat(client.send(HttpRequest.newBuilder(live).POST(HttpRequest.BodyPublishers.noBody()).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode()).isEqualTo(405);
            HttpResponse<String> body = client.send(HttpRequest.newBuilder(live).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(body.body()).isEqualTo("UP\n");
            try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), health.port())) {
                socket.setSoTimeout(10_000);
                // Exactly the most it reads, never ending the headers: all of it is read, so the close is clean.
                String start = "GET /health/live HTTP/1.1\r\nX: ";
                socket.getOutputStream().write((start + "x".repeat(WorkerHealth.MAX_REQUEST_BYTES - start.length()))
                        .getBytes(StandardCharsets.US_ASCII));
                String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
                assertThat(answer).startsWith("HTTP/1.1 431 ");
            }
        } finally {
            worker.close();
        }
    }
}
