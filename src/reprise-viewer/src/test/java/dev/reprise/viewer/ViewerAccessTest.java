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
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer refuses what does not come from its own page, over real sockets: a WebSocket upgrade from
 * another site's page (cross-site WebSocket hijacking), a request naming another host (DNS rebinding) and
 * an API call without the access token of the printed address.
 */
class ViewerAccessTest {

    @TempDir
    static Path folder;
    static ViewerServer server;
    static String host;

    @BeforeAll
    static void start() {
        server = ViewerServer.start(ViewerOptions.defaults(folder), new SumViewer());
        host = "127.0.0.1:" + server.port();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** The status line of a WebSocket upgrade of the session socket, from a page of that origin (or none). */
    private static String upgrade(ViewerServer to, String token, String hostHeader, String origin) throws IOException {
        try (Socket socket = RawHttp.connect(to)) {
            String request = "GET /ws?token=" + token + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n"
                    + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    + "Sec-WebSocket-Version: 13\r\n" + (origin == null ? "" : "Origin: " + origin + "\r\n") + "\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return RawHttp.statusLine(socket);
        }
    }

    @Test
    void webSocketUpgrade_fromAnotherSitesPage_isRefused_fromItsOwnPageAccepted() throws IOException {
        String token = RawHttp.token(server);
        assertThat(upgrade(server, token, host, "http://attacker.example")).isEqualTo("HTTP/1.1 403 Forbidden");
        assertThat(upgrade(server, token, host, "null")).isEqualTo("HTTP/1.1 403 Forbidden");
        assertThat(upgrade(server, token, host, "http://" + host)).isEqualTo("HTTP/1.1 101 Switching Protocols");
        assertThat(upgrade(server, token, host, null)).as("a client that is no browser page")
                .isEqualTo("HTTP/1.1 101 Switching Protocols");
        assertThat(upgrade(server, "wrong" + token, host, "http://" + host)).isEqualTo("HTTP/1.1 401 Unauthorized");
        assertThat(RawHttp.exchange(server, "GET /ws?token=" + token + " HTTP/1.1", "Host: " + host, "Connection: close"))
                .as("no upgrade asked for").startsWith("HTTP/1.1 404");
    }

    @Test
    void requestNamingAnotherHost_isRefused_withoutTheFolder() throws IOException {
        String answer = RawHttp.exchange(server, "GET /api/replays?token=" + RawHttp.token(server) + " HTTP/1.1",
                "Host: attacker.example");
        assertThat(answer).startsWith("HTTP/1.1 403").contains("does not answer to the host \\\"attacker.example\\\"")
                .doesNotContain(folder.getFileName().toString());
        assertThat(RawHttp.exchange(server, "GET / HTTP/1.1", "Host: attacker.example:" + server.port()))
                .startsWith("HTTP/1.1 403");
        assertThat(RawHttp.exchange(server, "GET /api/replays?token=" + RawHttp.token(server) + " HTTP/1.1",
                "Host: " + host, "Connection: close")).startsWith("HTTP/1.1 200").contains(folder.getFileName().toString());
        assertThat(RawHttp.exchange(server, "GET /api/replays?token=" + RawHttp.token(server) + " HTTP/1.1",
                "Host: localhost:" + server.port(), "Connection: close")).startsWith("HTTP/1.1 200");
    }

    @Test
    void api_needsTheAccessTokenOfThePrintedAddress_thePageDoesNot() throws IOException {
        assertThat(server.url()).matches("http://127\\.0\\.0\\.1:[0-9]+/\\?token=[0-9a-f]{32}");
        assertThat(RawHttp.exchange(server, "GET /api/replays HTTP/1.1", "Host: " + host)).startsWith("HTTP/1.1 401")
                .contains("needs its access token");
        assertThat(RawHttp.exchange(server, "GET /api/stats?token=0123456789abcdef0123456789abcdef HTTP/1.1",
                "Host: " + host)).startsWith("HTTP/1.1 401").contains("wrong access token");
        assertThat(RawHttp.exchange(server, "GET / HTTP/1.1", "Host: " + host, "Connection: close"))
                .startsWith("HTTP/1.1 200").containsIgnoringCase("Referrer-Policy: no-referrer");
        assertThat(RawHttp.exchange(server, "GET /static/viewer.js HTTP/1.1", "Host: " + host, "Connection: close"))
                .startsWith("HTTP/1.1 200");
    }

    @Test
    void upload_fromAnotherSitesPage_isRefusedBeforeItsBodyIsRead() throws IOException {
        try (Socket socket = RawHttp.connect(server)) {
            // Declares 6 MB and sends none of it: the answer must come without the body.
            socket.getOutputStream().write(("POST /api/upload?name=a.reprise&token=" + RawHttp.token(server)
                    + " HTTP/1.1\r\nHost: " + host + "\r\nOrigin: http://attacker.example\r\nContent-Length: 6000000\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            assertThat(RawHttp.readToClose(socket)).startsWith("HTTP/1.1 403").contains("does not answer pages from");
        }
    }

    @Test
    void optionsAllowMoreHostsAndOrigins_orNoToken_theHostAndOriginChecksStay() throws IOException {
        try (ViewerServer open = ViewerServer.start(ViewerOptions.defaults(folder).withoutAccessToken()
                .withAllowedHosts(List.of("viewer.example.com")).withAllowedOrigins(List.of("https://dash.example.com")),
                new SumViewer())) {
            assertThat(open.url()).doesNotContain("token").endsWith(":" + open.port() + "/");
            assertThat(open.accessToken()).isEmpty();
            assertThat(RawHttp.exchange(open, "GET /api/stats HTTP/1.1", "Host: viewer.example.com", "Connection: close"))
                    .startsWith("HTTP/1.1 200");
            assertThat(RawHttp.exchange(open, "GET /api/stats HTTP/1.1", "Host: attacker.example", "Connection: close"))
                    .startsWith("HTTP/1.1 403");
            assertThat(upgrade(open, "", "viewer.example.com", "https://dash.example.com"))
                    .isEqualTo("HTTP/1.1 101 Switching Protocols");
            assertThat(upgrade(open, "", "viewer.example.com", "https://viewer.example.com"))
                    .isEqualTo("HTTP/1.1 101 Switching Protocols");
            assertThat(upgrade(open, "", "viewer.example.com", "http://attacker.example"))
                    .isEqualTo("HTTP/1.1 403 Forbidden");
        }
        try (ViewerServer fixed = ViewerServer.start(ViewerOptions.defaults(folder)
                .withAccessToken("a-fixed-token-for-scripts"), new SumViewer())) {
            assertThat(fixed.url()).endsWith("/?token=a-fixed-token-for-scripts");
            assertThat(RawHttp.exchange(fixed, "GET /api/stats?token=a-fixed-token-for-scripts HTTP/1.1",
                    "Host: 127.0.0.1", "Connection: close")).startsWith("HTTP/1.1 200");
        }
    }
}
