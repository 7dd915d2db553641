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

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link ViewerServer}'s HTTP side holds at most, so that strangers on the network cannot exhaust
 * it: open connections, how long a connection may sit idle or take to send a request's headers, and
 * the memory that uploads hold, and how long a game may run one step. Immutable; the {@code with...} methods return changed copies.
 */
public final class ServerLimits {

    private final int maxConnections;
    private final Duration connectionIdleTimeout;
    private final Duration requestHeaderTimeout;
    private final long uploadBudget;
    private final int maxKeptUploads;
    private final Duration uploadLifetime;
    private final Duration stepTimeout;

    /** The default {@link #stepTimeout()}: a replay's default timeout in the verifier, for one step here. */
    private static final Duration DEFAULT_STEP_TIMEOUT = Duration.ofSeconds(60);

    private ServerLimits(int maxConnections, Duration connectionIdleTimeout, Duration requestHeaderTimeout,
            long uploadBudget, int maxKeptUploads, Duration uploadLifetime, Duration stepTimeout) {
        ViewerOptions.require(maxConnections >= 1, "maxConnections must be at least 1, was " + maxConnections);
        ViewerOptions.require(connectionIdleTimeout.toMillis() >= 50,
                "connectionIdleTimeout must be at least 50 ms, was " + connectionIdleTimeout);
        ViewerOptions.require(requestHeaderTimeout.toMillis() >= 50,
                "requestHeaderTimeout must be at least 50 ms, was " + requestHeaderTimeout);
        ViewerOptions.require(uploadBudget >= 1024, "uploadBudget must be at least 1024 bytes, was "
                + uploadBudget);
        ViewerOptions.require(maxKeptUploads >= 1, "maxKeptUploads must be at least 1, was " + maxKeptUploads);
        ViewerOptions.require(uploadLifetime.toMillis() >= 100, "uploadLifetime must be at least 100 ms, was "
                + uploadLifetime);
        this.maxConnections = maxConnections;
        this.connectionIdleTimeout = connectionIdleTimeout;
        this.requestHeaderTimeout = requestHeaderTimeout;
        this.uploadBudget = uploadBudget;
        this.maxKeptUploads = maxKeptUploads;
        this.uploadLifetime = uploadLifetime;
        ViewerOptions.require(stepTimeout.toMillis() >= 10, "stepTimeout must be at least 10 ms, was " + stepTimeout);
        this.stepTimeout = stepTimeout;
    }

    /**
     * Returns the defaults: 256 connections, 30 s idle, 10 s for a request's headers, 64 MiB for
     * uploads, 32 kept uploads for 10 minutes, 60 s for a step of a game.
     *
     * @return the limits
     */
    public static ServerLimits defaults() {
        return new ServerLimits(256, Duration.ofSeconds(30), Duration.ofSeconds(10), 64L << 20, 32,
                Duration.ofMinutes(10), DEFAULT_STEP_TIMEOUT);
    }

    /**
     * Returns a copy with another value of one limit.
     *
     * @param value the most connections open at once
     * @return the copy
     */
    public ServerLimits withMaxConnections(int value) {
        return new ServerLimits(value, connectionIdleTimeout, requestHeaderTimeout, uploadBudget, maxKeptUploads,
                uploadLifetime, stepTimeout);
    }

    /**
     * Returns a copy with other values of the two connection timeouts.
     *
     * @param idle the idle timeout between requests
     * @param headers the time a request's headers may take
     * @return the copy
     */
    public ServerLimits withTimeouts(Duration idle, Duration headers) {
        return new ServerLimits(maxConnections, idle, headers, uploadBudget, maxKeptUploads, uploadLifetime,
                stepTimeout);
    }

    /**
     * Returns a copy with another value of one limit.
     *
     * @param value the most bytes uploads hold, in flight and kept together
     * @return the copy
     */
    public ServerLimits withUploadBudget(long value) {
        return new ServerLimits(maxConnections, connectionIdleTimeout, requestHeaderTimeout, value, maxKeptUploads,
                uploadLifetime, stepTimeout);
    }

    /**
     * Returns a copy with other values of the two limits on uploads kept for a session to open.
     *
     * @param max the most uploads kept at once (the oldest is evicted beyond), at least 1
     * @param lifetime how long a kept upload waits for a session to open it, at least 100 ms
     * @return the copy
     * @throws IllegalArgumentException naming a value that is out of range
     */
    public ServerLimits withKeptUploads(int max, Duration lifetime) {
        return new ServerLimits(maxConnections, connectionIdleTimeout, requestHeaderTimeout, uploadBudget, max,
                lifetime, stepTimeout);
    }

    /**
     * Returns a copy with another bound on one step's run time.
     *
     * @param value the longest a game's command may run for one step, at least 10 ms
     * @return the copy
     * @throws IllegalArgumentException if shorter
     */
    public ServerLimits withStepTimeout(Duration value) {
        Objects.requireNonNull(value, "stepTimeout");
        return new ServerLimits(maxConnections, connectionIdleTimeout, requestHeaderTimeout, uploadBudget,
                maxKeptUploads, uploadLifetime, value);
    }

    /**
     * Returns the longest a game's command may run for one step of a session's replay, as a verifier bounds a
     * replay: a step still running past it fails its session, naming the step, and the thread the game holds
     * is left to it, so that the other sessions go on answering.
     *
     * @return the step timeout
     */
    public Duration stepTimeout() {
        return stepTimeout;
    }

    /**
     * Returns the most TCP connections open at once (page, API and WebSocket alike); one more is answered
     * {@code 503} and closed at once.
     *
     * @return the max connections
     */
    public int maxConnections() {
        return maxConnections;
    }

    /**
     * Returns how long a connection may send nothing while no request is in progress (between requests, or
     * before the first) before it is closed.
     *
     * @return the connection idle timeout
     */
    public Duration connectionIdleTimeout() {
        return connectionIdleTimeout;
    }

    /**
     * Returns how long a request's headers may take, from the start of the request (or the end of the previous
     * response), before the connection is closed: the slowloris pattern.
     *
     * @return the request header timeout
     */
    public Duration requestHeaderTimeout() {
        return requestHeaderTimeout;
    }

    /**
     * Returns the most bytes held by uploads in flight and uploads kept for a session to open, together; kept
     * uploads are evicted oldest first to make room, and an upload that still does not fit is refused with
     * {@code 503}.
     *
     * @return the upload budget
     */
    public long uploadBudget() {
        return uploadBudget;
    }

    /**
     * Returns the most uploads kept at once (the oldest is evicted beyond).
     *
     * @return the max kept uploads
     */
    public int maxKeptUploads() {
        return maxKeptUploads;
    }

    /**
     * Returns how long a kept upload waits for a session to open it.
     *
     * @return the upload lifetime
     */
    public Duration uploadLifetime() {
        return uploadLifetime;
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof ServerLimits that && maxConnections == that.maxConnections
                && connectionIdleTimeout.equals(that.connectionIdleTimeout)
                && requestHeaderTimeout.equals(that.requestHeaderTimeout) && uploadBudget == that.uploadBudget
                && maxKeptUploads == that.maxKeptUploads && uploadLifetime.equals(that.uploadLifetime)
                && stepTimeout.equals(that.stepTimeout);
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxConnections, connectionIdleTimeout, requestHeaderTimeout, uploadBudget,
                maxKeptUploads, uploadLifetime, stepTimeout);
    }

    @Override
    public String toString() {
        return "ServerLimits[" + "maxConnections=" + maxConnections + ", "
                + "connectionIdleTimeout=" + connectionIdleTimeout + ", "
                + "requestHeaderTimeout=" + requestHeaderTimeout + ", " + "uploadBudget=" + uploadBudget + ", "
                + "maxKeptUploads=" + maxKeptUploads + ", " + "uploadLifetime=" + uploadLifetime + ", stepTimeout=" + stepTimeout + "]";
    }
}
