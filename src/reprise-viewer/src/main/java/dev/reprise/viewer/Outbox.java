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

import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;
import reactor.util.concurrent.Queues;

/**
 * The messages a session has for its page, in a bounded queue that the WebSocket drains as the
 * connection can take them. Step messages are only produced against the page's credits, so the queue
 * holds at most the granted credits plus a few control replies; a page that sends controls without
 * reading the answers overflows it and its session is closed. Thread-safe: senders are serialized.
 */
final class Outbox {

    private final Sinks.Many<String> sink;
    private final AtomicLong queuedChars = new AtomicLong();
    private final Flux<String> flux;
    private final Runnable overflow;
    private boolean closed;

    /**
     * @param capacity the most messages queued
     * @param overflow called once, outside the lock, when a message does not fit
     */
    Outbox(int capacity, Runnable overflow) {
        this.sink = Sinks.many().unicast().onBackpressureBuffer(Queues.<String>get(capacity).get());
        this.overflow = overflow;
        this.flux = sink.asFlux().doOnNext(message -> queuedChars.addAndGet(-message.length()));
    }

    /** @return the messages, for the one WebSocket that sends them */
    Flux<String> messages() {
        return flux;
    }

    /**
     * Queues a message.
     *
     * @param message JSON text
     * @return {@code false} if the outbox is closed or full (the overflow callback then runs)
     */
    boolean send(String message) {
        Sinks.EmitResult result;
        synchronized (this) {
            if (closed) {
                return false;
            }
            result = sink.tryEmitNext(message);
            if (result.isSuccess()) {
                queuedChars.addAndGet(message.length());
                return true;
            }
            closed = true;
            sink.tryEmitComplete();
        }
        if (result == Sinks.EmitResult.FAIL_OVERFLOW) {
            overflow.run();
        }
        return false;
    }

    /** Completes the messages after those queued. */
    void close() {
        synchronized (this) {
            if (!closed) {
                closed = true;
                sink.tryEmitComplete();
            }
        }
    }

    /** @return the characters queued and not yet taken by the WebSocket (about twice as many bytes) */
    long queuedChars() {
        return queuedChars.get();
    }
}
