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

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer's connection limits over real sockets on 127.0.0.1: idle connections and unfinished
 * request headers are closed after their timeouts, connections past the cap are answered 503, and an
 * upload that is not a replay is refused on its first bytes, before the rest of its body is sent.
 */
class ViewerConnectionLimitsTest {

    @TempDir
    Path folder;

    private ViewerServer start(ServerLimits limits) {
        return ViewerServer.start(ViewerOptions.defaults(folder).withLimits(limits), new SumViewer());
    }

    @Test
    void idleConnections_andUnfinishedHeaders_areClosedAfterTheirTimeouts() throws IOException {
        ServerLimits limits = ServerLimits.defaults().withTimeouts(Duration.ofMillis(400), Duration.ofMillis(600));
        try (ViewerServer server = start(limits)) {
            List<Socket> idle = new ArrayList<>();
            List<Socket> slow = new ArrayList<>();
            try {
                for (int i = 0; i < 50; i++) {
                    idle.add(RawHttp.connect(server));
                    Socket partial = RawHttp.connect(server);
                    partial.getOutputStream().write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
                    partial.getOutputStream().flush();
                    slow.add(partial);
                }
                long started = System.nanoTime();
                for (Socket socket : idle) {
                    assertThat(RawHttp.readToClose(socket)).isEmpty();
                }
                for (Socket socket : slow) {
                    assertThat(RawHttp.readToClose(socket)).isEmpty();
                }
                assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(RawHttp.READ_TIMEOUT_MS));
            } finally {
                for (Socket socket : idle) {
                    socket.close();
                }
                for (Socket socket : slow) {
                    socket.close();
                }
            }
        }
    }

    @Test
    void keepAlive_betweenRequests_usesTheIdleTimeout() throws IOException {
        ServerLimits limits = ServerLimits.defaults().withTimeouts(Duration.ofMillis(500), Duration.ofMillis(5000));
        try (ViewerServer server = start(limits); Socket socket = RawHttp.connect(server)) {
            socket.getOutputStream().write(("GET /api/stats?token=" + RawHttp.token(server) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            long started = System.nanoTime();
            assertThat(RawHttp.readToClose(socket)).startsWith("HTTP/1.1 200").contains("\"stepsSent\":");
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofMillis(4000));
        }
    }

    @Test
    void connectionsPastTheCap_areAnswered503_andTheOthersStillWork() throws IOException {
        try (ViewerServer server = start(ServerLimits.defaults().withMaxConnections(8))) {
            List<Socket> held = new ArrayList<>();
            try {
                for (int i = 0; i < 8; i++) {
                    held.add(RawHttp.connect(server));
                    // Connections are counted on their event loops, not in accept order: count each before the next.
                    int expected = i + 1;
                    awaitCount(server, expected);
                }
                try (Socket extra = RawHttp.connect(server)) {
                    assertThat(RawHttp.readToClose(extra)).startsWith("HTTP/1.1 503").contains("8 connections open, its limit");
                }
                OutputStream out = held.get(0).getOutputStream();
                out.write(("GET /api/stats?token=" + RawHttp.token(server) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                assertThat(RawHttp.readToClose(held.get(0))).startsWith("HTTP/1.1 200");
            } finally {
                for (Socket socket : held) {
                    socket.close();
                }
            }
        }
    }

    private static void awaitCount(ViewerServer server, int expected) {
        long deadline = System.nanoTime() + Duration.ofMillis(RawHttp.READ_TIMEOUT_MS).toNanos();
        while (server.connectionCount() != expected) {
            assertThat(System.nanoTime()).as("%d connections counted", expected).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    @Test
    void upload_thatIsNotAReplay_isRefusedOnItsFirstBytes() throws IOException {
        try (ViewerServer server = start(ServerLimits.defaults()); Socket socket = RawHttp.connect(server)) {
            OutputStream out = socket.getOutputStream();
            // Declares 6 MB, sends 4 KiB of it, then waits: the answer must come without the rest.
            out.write(("POST /api/upload?name=junk.reprise&token=" + RawHttp.token(server) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 6000000\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(new byte[4096]);
            out.flush();
            String answer = RawHttp.readToClose(socket);
            assertThat(answer).startsWith("HTTP/1.1 400").contains("junk.reprise: Not a Reprise replay file");
        }
    }
}
