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

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** Plain sockets to a viewer on 127.0.0.1, for requests no HTTP client would send; every read is bounded. */
final class RawHttp {

    static final int READ_TIMEOUT_MS = 10_000;

    private RawHttp() {
    }

    static Socket connect(ViewerServer server) throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(READ_TIMEOUT_MS);
        return socket;
    }

    /** @return the token of the server's address, for a request's query */
    static String token(ViewerServer server) {
        return server.accessToken().orElseThrow();
    }

    /** Sends a request (its lines joined by CRLF, ending with an empty line) and returns all of the answer. */
    static String exchange(ViewerServer server, String... lines) throws IOException {
        try (Socket socket = connect(server)) {
            socket.getOutputStream().write((String.join("\r\n", lines) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return readToClose(socket);
        }
    }

    /** Reads until the server closes the connection (or the read timeout fails the test); returns what came. */
    static String readToClose(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[4096];
        StringBuilder text = new StringBuilder();
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                text.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the server kept the connection open for " + READ_TIMEOUT_MS + " ms: " + text, e);
        } catch (IOException e) {
            // a reset is a close too
        }
        return text.toString();
    }

    /** Reads the answer's status line (the connection may stay open, as an upgraded one does). */
    static String statusLine(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder line = new StringBuilder();
        try {
            for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
                line.append((char) b);
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no answer within " + READ_TIMEOUT_MS + " ms", e);
        }
        return line.toString().trim();
    }
}
