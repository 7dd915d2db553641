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

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import reactor.netty.NettyPipeline;

/**
 * Bounds the viewer's TCP connections: at most {@link ServerLimits#maxConnections()} open (one more is
 * answered {@code 503} and closed), none idle between requests for longer than
 * {@link ServerLimits#connectionIdleTimeout()}, none taking longer than
 * {@link ServerLimits#requestHeaderTimeout()} from a request's first byte to its last header line.
 * A connection upgraded to a WebSocket leaves these timers: its session has its own idle timeout.
 * Thread-safe: each connection's timers live on its event loop.
 */
final class ConnectionGuard {

    private final ServerLimits limits;
    private final AtomicInteger open = new AtomicInteger();

    ConnectionGuard(ServerLimits limits) {
        this.limits = limits;
    }

    /** @return the connections open now */
    int open() {
        return open.get();
    }

    /** Installs the guard on a new connection's pipeline (Reactor Netty's {@code doOnChannelInit}). */
    void install(Channel channel) {
        ChannelPipeline pipeline = channel.pipeline();
        if (open.incrementAndGet() > limits.maxConnections()) {
            channel.closeFuture().addListener(closed -> open.decrementAndGet());
            pipeline.addFirst("reprise.refuse", new Refuse("the viewer has " + limits.maxConnections()
                    + " connections open, its limit; try again later"));
            return;
        }
        channel.closeFuture().addListener(closed -> open.decrementAndGet());
        Deadlines deadlines = new Deadlines();
        if (pipeline.get(NettyPipeline.HttpCodec) != null) {
            pipeline.addBefore(NettyPipeline.HttpCodec, "reprise.firstByte", deadlines.firstByte);
            pipeline.addAfter(NettyPipeline.HttpCodec, "reprise.deadlines", deadlines);
        } else {
            pipeline.addFirst("reprise.firstByte", deadlines.firstByte);
            pipeline.addLast("reprise.deadlines", deadlines);
        }
    }

    /** Answers 503 on the raw socket (before any HTTP handler) and closes. */
    private static final class Refuse extends ChannelInboundHandlerAdapter {
        private final String message;
        private boolean sent;

        Refuse(String message) {
            this.message = message;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            if (ctx.channel().isActive()) {
                refuse(ctx);
            }
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            refuse(ctx);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            io.netty.util.ReferenceCountUtil.release(msg);
        }

        private void refuse(ChannelHandlerContext ctx) {
            if (sent) {
                return;
            }
            sent = true;
            byte[] body = ("{\"error\":\"" + message + "\"}").getBytes(StandardCharsets.UTF_8);
            ByteBuf response = Unpooled.wrappedBuffer(("HTTP/1.1 " + HttpResponseStatus.SERVICE_UNAVAILABLE
                    + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII), body);
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /**
     * One connection's timers: idle (no request started) and headers (a request started, its headers not
     * complete). {@link #firstByte} sits before the HTTP codec and sees raw bytes; this handler sits after
     * it and sees requests and responses.
     */
    private final class Deadlines extends ChannelDuplexHandler {
        private final ChannelInboundHandlerAdapter firstByte = new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (state == State.IDLE) {
                    arm(ctx, State.HEADERS, limits.requestHeaderTimeout().toNanos());
                }
                ctx.fireChannelRead(msg);
            }
        };

        private State state = State.IDLE;
        private @Nullable ScheduledFuture<?> timer;

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            idle(ctx);
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest && state != State.UPGRADED) {
                arm(ctx, State.BUSY, 0);
            }
            ctx.fireChannelRead(msg);
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            if (msg instanceof HttpResponse response && response.status().code() == 101) {
                arm(ctx, State.UPGRADED, 0);
            } else if (msg instanceof LastHttpContent && state == State.BUSY) {
                promise.addListener(written -> ctx.executor().execute(() -> {
                    if (state == State.BUSY) {
                        idle(ctx);
                    }
                }));
            }
            ctx.write(msg, promise);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            arm(ctx, State.UPGRADED, 0);
            ctx.fireChannelInactive();
        }

        private void idle(ChannelHandlerContext ctx) {
            arm(ctx, State.IDLE, limits.connectionIdleTimeout().toNanos());
        }

        /** Moves to a state; a positive {@code nanos} closes the connection if it is still in it by then. */
        private void arm(ChannelHandlerContext ctx, State next, long nanos) {
            if (timer != null) {
                timer.cancel(false);
                timer = null;
            }
            state = next;
            if (nanos > 0) {
                timer = ctx.executor().schedule(() -> {
                    if (state == next) {
                        ctx.channel().close();
                    }
                }, nanos, TimeUnit.NANOSECONDS);
            }
        }
    }

    private enum State { IDLE, HEADERS, BUSY, UPGRADED }
}
