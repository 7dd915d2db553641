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
import static org.awaitility.Awaitility.await;

import dev.reprise.viewer.ViewerFixtures.Recording;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.WebsocketClientSpec;

/**
 * WebSocket clients that flood a viewer (in a child JVM at {@code -Xmx128m}) with valid {@code open}
 * messages of nearly 4,096 characters, as fast as the connection takes them, and read every reply, so
 * that nothing closes their sessions; and one that floods it with pings and reads no pong: the viewer
 * stops reading a connection whose frames wait (Reactor Netty's backpressure), so its live heap stays
 * under {@link #LIVE_HEAP_BOUND_MIB} and it never runs out of memory (direct memory included), another
 * session and the HTTP API keep answering throughout, and SIGTERM still stops it.
 */
class ViewerFloodIT {

    private static final int FLOODERS = 4;
    private static final Duration FLOOD = Duration.ofSeconds(12);
    private static final Duration ANSWER = Duration.ofSeconds(10);
    /** The bound this test states: the viewer's heap after a full collection, sampled during the flood. */
    private static final long LIVE_HEAP_BOUND_MIB = 32;

    @TempDir
    Path folder;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void floodingClients_areHeldBack_whileOthersAreAnswered_andTheLiveHeapStaysBounded() throws Exception {
        Recording recording = ViewerFixtures.record(11L, 3, 600, 25);
        ViewerFixtures.write(recording, folder, "tower.reprise");
        int length = recording.array().length();
        String open = "{\"t\":\"open\",\"file\":\"tower.reprise\",\"mode\":\"route\",\"pad\":\""
                + "x".repeat(Json.MAX_MESSAGE_CHARS - 100) + "\"}";
        try (ViewerProcess viewer = ViewerProcess.start(folder, "128m", "--dir", folder.toString(), "--no-live")) {
            long idleHeap = viewer.liveHeapMiB();
            AtomicLong sent = new AtomicLong();
            AtomicLong replies = new AtomicLong();
            AtomicLong pings = new AtomicLong();
            List<Disposable> flooders = new ArrayList<>();
            long maxLive = 0;
            int rounds = 0;
            try (ViewerClient other = new ViewerClient(viewer.address(), 32, true)) {
                other.open("tower.reprise", "route");
                other.await("opened", ANSWER);
                // And one that sends pings and reads nothing: every ping asks for a pong it never takes.
                flooders.add(HttpClient.create().websocket().uri(ViewerClient.socket(viewer.address()))
                        .handle((in, out) -> out.sendObject(Flux.<Object>generate(sink -> sink.next(
                                        new PingWebSocketFrame(Unpooled.wrappedBuffer(new byte[125]))))
                                        .doOnNext(ping -> pings.incrementAndGet()))
                                .then().and(Mono.never()))
                        .subscribe(null, error -> { }));
                for (int i = 0; i < FLOODERS; i++) {
                    flooders.add(HttpClient.create()
                            .websocket(WebsocketClientSpec.builder().maxFramePayloadLength(1 << 20).build())
                            .uri(ViewerClient.socket(viewer.address()))
                            .handle((in, out) -> out.sendString(Flux.<String>generate(sink -> sink.next(open))
                                            .doOnNext(message -> sent.incrementAndGet())).then()
                                    .and(in.receive().doOnNext(reply -> replies.incrementAndGet()).then()))
                            .subscribe(null, error -> { }));
                }
                // Every connection is a session before the flood is measured: the clients connect on their own.
                await().atMost(ANSWER).untilAsserted(() -> assertThat(viewer.stats(ANSWER).get("sessions").asInt())
                        .as("sessions once every client connected").isEqualTo(FLOODERS + 2));
                long end = System.nanoTime() + FLOOD.toNanos();
                while (System.nanoTime() < end) {
                    rounds++;
                    int target = (rounds * 97) % length;
                    other.send("{\"t\":\"seek\",\"to\":" + target + "}");
                    assertThat(ViewerClient.number(other.await("seeked", ANSWER), "replayed"))
                            .as("round %d: the other session seeks", rounds).isGreaterThanOrEqualTo(target);
                    assertThat(viewer.stats(ANSWER).get("sessions").asInt()).as("round %d: /api/stats", rounds)
                            .isEqualTo(FLOODERS + 2);
                    maxLive = Math.max(maxLive, viewer.liveHeapMiB());
                }
                try (ViewerClient late = new ViewerClient(viewer.address(), 32, true)) {
                    late.open("tower.reprise", "route");
                    assertThat(late.await("opened", ANSWER)).as("a session opened during the flood").isNotNull();
                }
            } finally {
                flooders.forEach(Disposable::dispose);
            }
            String figure = String.format("viewer flood: %d clients sent %,d open messages of %,d characters in %d s "
                            + "(%,d replies read), and one sent %,d pings reading no pong, to a viewer at -Xmx128m; live heap after a full collection: %d MiB idle, "
                            + "at most %d MiB in %d samples during the flood (bound %d MiB); heap after every collection "
                            + "at most %d MiB; the other session answered %d seeks",
                    FLOODERS, sent.get(), open.length(), FLOOD.toSeconds(), replies.get(), pings.get(), idleHeap, maxLive, rounds,
                    LIVE_HEAP_BOUND_MIB, viewer.heaps().stream().mapToLong(Long::longValue).max().orElse(0), rounds);
            ViewerFixtures.report("viewer-flood.txt", figure);
            assertThat(viewer.output()).doesNotContain("OutOfMemoryError");
            assertThat(maxLive).as(figure).isLessThanOrEqualTo(LIVE_HEAP_BOUND_MIB);
            assertThat(viewer.isAlive()).as(viewer.output()).isTrue();
            viewer.stop();
        }
    }
}
