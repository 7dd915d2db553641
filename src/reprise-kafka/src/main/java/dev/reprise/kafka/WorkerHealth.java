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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import reactor.core.scheduler.NonBlocking;

/**
 * Liveness and readiness over HTTP for orchestrators: {@code GET /health/live} answers 200 while the
 * worker has not ended ({@link VerificationWorker#alive()}), {@code GET /health/ready} answers 200 while it
 * consumes ({@link VerificationWorker#running()}: not between two runs after a failure, not stopping);
 * otherwise 503. Off unless started; {@link WorkerMain} starts it when {@code health.port} is set.
 * {@code GET /health} answers as {@code /health/ready} does. Each answer's body is {@code UP} or {@code DOWN},
 * then one line per note the worker gives: with a builds folder, each game jar that is skipped and why
 * ({@code skipped builds/bad.jar: did not load within 60000 ms ...}). A bad jar leaves the status as it is:
 * the worker goes on serving the other builds, and a restart would not mend the jar.
 *
 * <p>One thread serves every connection without blocking on any: a client that sends half a request and
 * then nothing holds no thread and delays no other probe. A request must arrive whole within
 * {@link #REQUEST_TIMEOUT} and fit in {@value #MAX_REQUEST_BYTES} bytes, or its connection is closed; at
 * most {@value #MAX_CONNECTIONS} connections are kept open, the oldest being closed for a new one. Every
 * answer closes its connection. Close it to free the port.
 */
public final class WorkerHealth implements AutoCloseable {

    /** How long a client has to send its whole request, from its connection. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    /** The largest request (request line and headers) read. */
    static final int MAX_REQUEST_BYTES = 8192;
    /** The most connections waiting for their request at once. */
    static final int MAX_CONNECTIONS = 64;

    private final Selector selector;
    private final ServerSocketChannel server;
    private final Thread thread;
    private final VerificationWorker worker;
    private final Supplier<List<String>> notes;
    /** The open connections, oldest first; health thread only. */
    private final ArrayDeque<Connection> connections = new ArrayDeque<>();
    private volatile boolean closed;

    private WorkerHealth(VerificationWorker worker, Selector selector, ServerSocketChannel server,
                         Supplier<List<String>> notes) {
        this.worker = worker;
        this.selector = selector;
        this.server = server;
        this.notes = notes;
        this.thread = new HealthThread(this::serve);
        thread.setDaemon(true);
    }

    /**
     * The thread that answers probes: a Reactor non-blocking thread, so that what it asks of the game builds
     * never waits for a jar being loaded.
     */
    private static final class HealthThread extends Thread implements NonBlocking {
        HealthThread(Runnable serve) {
            super(serve, "reprise-worker-health");
        }
    }

    /**
     * Starts answering for a worker.
     *
     * @param worker the worker to report on
     * @param address where to listen, e.g. {@code new InetSocketAddress(InetAddress.getLoopbackAddress(), 8080)};
     *     port 0 picks a free one
     * @return the running endpoint
     * @throws IOException if the address cannot be bound
     */
    public static WorkerHealth start(VerificationWorker worker, InetSocketAddress address) throws IOException {
        return start(worker, address, List::of);
    }

    /**
     * Starts answering for a worker, each answer carrying the notes given at the time.
     *
     * @param notes lines to add to each answer (the game jars skipped); asked on the health thread, which must
     *              not wait
     */
    static WorkerHealth start(VerificationWorker worker, InetSocketAddress address, Supplier<List<String>> notes)
            throws IOException {
        Objects.requireNonNull(worker, "worker");
        Objects.requireNonNull(address, "address");
        Selector selector = Selector.open();
        ServerSocketChannel server = ServerSocketChannel.open();
        try {
            server.bind(address);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException | RuntimeException e) {
            server.close();
            selector.close();
            throw e;
        }
        WorkerHealth health = new WorkerHealth(worker, selector, server, notes);
        health.thread.start();
        return health;
    }

    /**
     * Returns the port it listens on (the one picked, for port 0).
     *
     * @return the port
     */
    public int port() {
        try {
            return ((InetSocketAddress) server.getLocalAddress()).getPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void serve() {
        try {
            while (!closed) {
                selector.select(250);
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    handle(key);
                }
                closeExpired();
            }
        } catch (IOException | ClosedSelectorException e) {
            // Closed: nothing more to answer.
        } finally {
            connections.forEach(Connection::close);
            connections.clear();
        }
    }

    private void handle(SelectionKey key) throws IOException {
        if (!key.isValid()) {
            return;
        }
        if (key.isAcceptable()) {
            SocketChannel channel = server.accept();
            if (channel != null) {
                if (connections.size() >= MAX_CONNECTIONS) {
                    Connection oldest = connections.pollFirst();
                    if (oldest != null) {
                        oldest.close();
                    }
                }
                channel.configureBlocking(false);
                SelectionKey registered = channel.register(selector, SelectionKey.OP_READ);
                Connection connection = new Connection(channel, registered,
                        System.nanoTime() + REQUEST_TIMEOUT.toNanos());
                registered.attach(connection);
                connections.addLast(connection);
            }
            return;
        }
        if (!(key.attachment() instanceof Connection connection)) {
            return; // every key but the server's carries its connection
        }
        try {
            if (key.isReadable()) {
                connection.read(this);
            } else if (key.isWritable()) {
                connection.write();
            }
        } catch (IOException e) {
            connection.close();
        }
        if (connection.done) {
            connections.remove(connection);
        }
    }

    private void closeExpired() {
        long now = System.nanoTime();
        connections.removeIf(connection -> {
            if (now - connection.deadline > 0) {
                connection.close();
                return true;
            }
            return false;
        });
    }

    /** Answers a whole request: its request line decides. */
    private String respond(String requestLine) {
        String[] parts = requestLine.split(" ", 3);
        if (parts.length != 3 || !parts[2].startsWith("HTTP/")) {
            return response(400, "Bad Request", "bad request\n", true);
        }
        String method = parts[0];
        String path = parts[1];
        BooleanSupplier check = switch (path) {
            case "/health/live" -> worker::alive;
            case "/health/ready", "/health" -> worker::running;
            default -> null;
        };
        boolean head = method.equals("HEAD");
        if (check == null) {
            return response(404, "Not Found", "not found\n", !head);
        }
        if (!head && !method.equals("GET")) {
            return response(405, "Method Not Allowed", "", false);
        }
        boolean up = check.getAsBoolean();
        StringBuilder body = new StringBuilder(up ? "UP\n" : "DOWN\n");
        for (String note : notes.get()) {
            // The body is US-ASCII, one note a line: anything else in a jar's name or reason becomes '?'.
            body.append(note.codePoints().map(c -> c >= 0x20 && c < 0x7f ? c : '?')
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append)).append('\n');
        }
        return up ? response(200, "OK", body.toString(), !head)
                : response(503, "Service Unavailable", body.toString(), !head);
    }

    private static String response(int status, String reason, String body, boolean withBody) {
        return "HTTP/1.1 " + status + " " + reason + "\r\nContent-Type: text/plain; charset=us-ascii\r\n"
                + "Content-Length: " + body.length() + "\r\nConnection: close\r\n\r\n" + (withBody ? body : "");
    }

    /** Stops answering at once and frees the port. */
    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        try {
            thread.join(Duration.ofSeconds(5).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            server.close();
            selector.close();
        } catch (IOException e) {
            // Closing frees the port either way.
        }
    }

    /** One client connection: its request read so far, then its answer. Health thread only. */
    private static final class Connection {
        final SocketChannel channel;
        final long deadline;
        final ByteBuffer request = ByteBuffer.allocate(MAX_REQUEST_BYTES);
        final SelectionKey key;
        /** The answer once the request is read; the key asks for writes only from then on. */
        @Nullable ByteBuffer answer;
        boolean done;

        Connection(SocketChannel channel, SelectionKey key, long deadline) {
            this.channel = channel;
            this.key = key;
            this.deadline = deadline;
        }

        void read(WorkerHealth health) throws IOException {
            if (channel.read(request) < 0) {
                close();
                return;
            }
            String received = new String(request.array(), 0, request.position(), StandardCharsets.ISO_8859_1);
            int end = received.indexOf("\r\n\r\n");
            if (end < 0) {
                end = received.indexOf("\n\n");
            }
            if (end < 0) {
                if (!request.hasRemaining()) {
                    respondWith(response(431, "Request Header Fields Too Large", "", false));
                }
                return;
            }
            int lineEnd = received.indexOf('\n');
            respondWith(health.respond(received.substring(0, lineEnd).strip()));
        }

        private void respondWith(String text) throws IOException {
            answer = ByteBuffer.wrap(text.getBytes(StandardCharsets.US_ASCII));
            key.interestOps(SelectionKey.OP_WRITE);
            write();
        }

        void write() throws IOException {
            ByteBuffer answer = this.answer;
            if (answer == null) {
                return;
            }
            channel.write(answer);
            if (!answer.hasRemaining()) {
                close();
            }
        }

        void close() {
            done = true;
            try {
                channel.close();
            } catch (IOException e) {
                // Gone either way.
            }
        }
    }
}
