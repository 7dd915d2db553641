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

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.websocketx.BinaryWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PingWebSocketFrame;
import io.netty.handler.codec.http.websocketx.PongWebSocketFrame;
import io.netty.handler.codec.http.websocketx.TextWebSocketFrame;
import io.netty.handler.codec.http.websocketx.WebSocketFrame;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import reactor.netty.http.server.WebsocketServerSpec;
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;

/**
 * One session's WebSocket, read only as fast as it is served: a page's messages go to its session one at a
 * time, and at most {@link #WAITING} of them (pings included) wait; past them Reactor Netty stops reading
 * the socket (its own receive queue is bounded too), so a client that floods is held back by TCP and holds
 * a bounded amount of the server's memory. A ping is answered with a pong, and the next frame is read only
 * once that pong has gone out: a client that sends pings and reads nothing is held back the same way (Reactor
 * Netty's own pong answers, and reads on, whatever the client reads). Messages for the page go out of the
 * session's bounded outbox.
 */
final class SessionSocket {

    /** The most frames of one page read and waiting to be served. */
    static final int WAITING = 16;

    /** The socket's settings: frames up to four bytes a message character, pings left to this class. */
    static final WebsocketServerSpec SPEC = WebsocketServerSpec.builder()
            .maxFramePayloadLength(Json.MAX_MESSAGE_CHARS * 4).handlePing(true).build();

    private SessionSocket() {
    }

    /** A frame as the session sees it, copied out of Netty's buffer (released once it has been read). */
    private sealed interface Frame permits Text, Ping, Ignored {
    }

    private record Text(String text) implements Frame {
    }

    private record Ping(byte[] payload) implements Frame {
    }

    /** An unasked pong (a heartbeat): nothing to do. Closing is Reactor Netty's. */
    private record Ignored() implements Frame {
    }

    /**
     * Serves a session on its socket until either side ends; the session is disposed then.
     *
     * @return completes when the socket is done
     */
    static Mono<Void> serve(WebsocketInbound in, WebsocketOutbound out, ViewerSession session) {
        AtomicReference<@Nullable Channel> channel = new AtomicReference<>();
        in.withConnection(connection -> channel.set(connection.channel()));
        Mono<Void> inbound = in.aggregateFrames(Json.MAX_MESSAGE_CHARS * 4).receiveFrames()
                .map(SessionSocket::copy)
                .concatMap(frame -> serve(frame, session, channel.get()), WAITING)
                .then();
        Mono<Void> outbound = out.sendString(session.messages()).then();
        return Mono.firstWithSignal(inbound, outbound)
                .onErrorResume(error -> Mono.empty())
                .doFinally(signal -> session.dispose());
    }

    private static Frame copy(WebSocketFrame frame) {
        if (frame instanceof TextWebSocketFrame || frame instanceof BinaryWebSocketFrame) {
            return new Text(frame.content().toString(StandardCharsets.UTF_8));
        }
        if (frame instanceof PingWebSocketFrame) {
            return new Ping(ByteBufUtil.getBytes(frame.content()));
        }
        return new Ignored();
    }

    private static Mono<Void> serve(Frame frame, ViewerSession session, @Nullable Channel channel) {
        if (frame instanceof Text text) {
            return session.receive(text.text());
        }
        if (frame instanceof Ping ping && channel != null) {
            session.heard();
            // Done once the pong is written to the socket: not before the client reads what came before it.
            return Mono.create(written -> channel.writeAndFlush(new PongWebSocketFrame(Unpooled.wrappedBuffer(
                    ping.payload()))).addListener(future -> written.success()));
        }
        return Mono.empty();
    }
}
