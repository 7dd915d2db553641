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

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.WebsocketClientSpec;

/**
 * A viewer page without a browser, for the protocol and load tests: a Reactor Netty WebSocket client
 * that keeps every message and, while {@code autoCredit}, grants back the credits of the step messages
 * received (a quarter of the window at a time), keeping about {@code window} granted.
 */
final class ViewerClient implements AutoCloseable {

    private final Sinks.Many<String> outgoing = Sinks.many().unicast().onBackpressureBuffer();
    private final BlockingQueue<String> received = new LinkedBlockingQueue<>();
    private final AtomicLong steps = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong consumed = new AtomicLong();
    private final int window;
    private volatile boolean autoCredit;
    private volatile boolean keep = true;
    private volatile boolean loop;
    private final Disposable connection;
    private final Sinks.Empty<Void> closed = Sinks.empty();

    ViewerClient(ViewerServer server, int window, boolean autoCredit) {
        this(server.url(), window, autoCredit);
    }

    /**
     * @param page the page's address as the viewer printed it (with its access token)
     */
    ViewerClient(String page, int window, boolean autoCredit) {
        this.window = window;
        this.autoCredit = autoCredit;
        this.connection = HttpClient.create()
                .websocket(WebsocketClientSpec.builder().maxFramePayloadLength(1 << 20).build())
                .uri(socket(page))
                .handle((in, out) -> out.sendString(outgoing.asFlux()).then()
                        .and(in.receive().asString().doOnNext(this::onMessage).then()))
                .doFinally(signal -> closed.tryEmitEmpty())
                .subscribe();
    }

    private void onMessage(String message) {
        if (message.startsWith("{\"t\":\"step\"")) {
            steps.incrementAndGet();
            if (autoCredit && consumed.incrementAndGet() >= window / 4) {
                // Like the page, which gives back the credits of a whole animation frame at once.
                send("{\"t\":\"credit\",\"n\":" + consumed.getAndSet(0) + "}");
            }
            if (!keep) {
                return;
            }
        } else if (message.startsWith("{\"t\":\"opened\"")) {
            consumed.set(0);
            send("{\"t\":\"credit\",\"n\":" + window + "}"); // every playback starts without credits
        } else if (message.startsWith("{\"t\":\"ended\"") && loop) {
            send("{\"t\":\"seek\",\"to\":0}"); // a seek after the end reopens the replay
            send("{\"t\":\"play\"}");
        } else if (message.startsWith("{\"t\":\"error\"") || message.startsWith("{\"t\":\"failed\"")) {
            errors.incrementAndGet();
        }
        received.add(message);
    }

    synchronized void send(String message) {
        outgoing.tryEmitNext(message);
    }

    /** Opens a replay of the folder; the window is granted when it is opened. */
    void open(String file, String mode) {
        send("{\"t\":\"open\",\"file\":" + Json.quote(file) + ",\"mode\":\"" + mode + "\"}");
    }

    /** Plays the replay again from the start each time it ends. */
    void loop(boolean value) {
        loop = value;
    }

    /** Stops (or restarts) granting a credit per step received. */
    void autoCredit(boolean value) {
        autoCredit = value;
    }

    /** Stops keeping step messages (a load test receives too many to keep). */
    void keepSteps(boolean value) {
        keep = value;
    }

    /**
     * Waits for a message of the given type matching a test.
     *
     * @return the message
     */
    String await(String type, Predicate<String> test, Duration timeout) throws InterruptedException {
        String prefix = "{\"t\":\"" + type + "\"";
        return awaitMessage("\"" + type + "\"", message -> message.startsWith(prefix) && test.test(message), timeout);
    }

    /**
     * Waits for the first message of any of the given types.
     *
     * @return the message
     */
    String awaitFirst(Duration timeout, String... types) throws InterruptedException {
        return awaitMessage(String.join(" or ", types), message -> java.util.Arrays.stream(types)
                .anyMatch(type -> message.startsWith("{\"t\":\"" + type + "\"")), timeout);
    }

    private String awaitMessage(String what, Predicate<String> test, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            String message = left <= 0 ? null : received.poll(left, TimeUnit.NANOSECONDS);
            if (message == null) {
                throw new AssertionError("no " + what + " message within " + timeout);
            }
            if (test.test(message)) {
                return message;
            }
        }
    }

    String await(String type, Duration timeout) throws InterruptedException {
        return await(type, message -> true, timeout);
    }

    /** @return completes when the connection has closed */
    Mono<Void> closed() {
        return closed.asMono();
    }

    long steps() {
        return steps.get();
    }

    long errors() {
        return errors.get();
    }

    /**
     * Returns an address on a viewer with the access token of its page's address, as the page asks for it.
     *
     * @param page the page's address, e.g. {@code http://127.0.0.1:8080/?token=ab12}
     * @param path a path and query, e.g. {@code /api/upload?name=a.reprise}
     * @return e.g. {@code http://127.0.0.1:8080/api/upload?name=a.reprise&token=ab12}
     */
    static URI at(String page, String path) {
        URI base = URI.create(page);
        String query = base.getRawQuery();
        return base.resolve(query == null ? path : path + (path.contains("?") ? "&" : "?") + query);
    }

    /** @return the session socket's address of a page's address */
    static URI socket(String page) {
        URI http = at(page, "/ws");
        return URI.create("ws" + http.toString().substring("http".length()));
    }

    /** Reads a top-level whole number member from a message (naive, for the server's own output). */
    static long number(String message, String key) {
        int at = message.indexOf("\"" + key + "\":");
        if (at < 0) {
            throw new AssertionError("no " + key + " in " + message);
        }
        int start = at + key.length() + 3;
        int end = start;
        while (end < message.length() && (Character.isDigit(message.charAt(end)) || message.charAt(end) == '-')) {
            end++;
        }
        return Long.parseLong(message.substring(start, end));
    }

    @Override
    public void close() {
        outgoing.tryEmitComplete();
        connection.dispose();
    }
}
