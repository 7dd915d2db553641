package dev.reprise.viewer;

import java.time.Duration;

/**
 * What a {@link ViewerServer}'s HTTP side holds at most, so that strangers on the network cannot exhaust
 * it: open connections, how long a connection may sit idle or take to send a request's headers, and
 * the memory that uploads hold. Immutable; the {@code with...} methods return changed copies.
 *
 * @param maxConnections the most TCP connections open at once (page, API and WebSocket alike); one more
 *     is answered {@code 503} and closed at once
 * @param connectionIdleTimeout a connection that sends nothing for this long while no request is in
 *     progress (between requests, or before the first) is closed
 * @param requestHeaderTimeout a connection whose request headers are not complete this long after its
 *     request began (or after the previous response) is closed: the slowloris pattern
 * @param uploadBudget the most bytes held by uploads in flight and uploads kept for a session to open,
 *     together; kept uploads are evicted oldest first to make room, and an upload that still does not
 *     fit is refused with {@code 503}
 * @param maxKeptUploads the most uploads kept at once (the oldest is evicted beyond)
 * @param uploadLifetime how long a kept upload waits for a session to open it
 */
public record ServerLimits(int maxConnections, Duration connectionIdleTimeout, Duration requestHeaderTimeout,
                           long uploadBudget, int maxKeptUploads, Duration uploadLifetime) {

    /**
     * Checks the limits.
     *
     * @throws IllegalArgumentException naming the limit that is out of range
     */
    public ServerLimits {
        ViewerOptions.require(maxConnections >= 1, "maxConnections must be at least 1, was " + maxConnections);
        ViewerOptions.require(connectionIdleTimeout.toMillis() >= 50,
                "connectionIdleTimeout must be at least 50 ms, was " + connectionIdleTimeout);
        ViewerOptions.require(requestHeaderTimeout.toMillis() >= 50,
                "requestHeaderTimeout must be at least 50 ms, was " + requestHeaderTimeout);
        ViewerOptions.require(uploadBudget >= 1024, "uploadBudget must be at least 1024 bytes, was " + uploadBudget);
        ViewerOptions.require(maxKeptUploads >= 1, "maxKeptUploads must be at least 1, was " + maxKeptUploads);
        ViewerOptions.require(uploadLifetime.toMillis() >= 100, "uploadLifetime must be at least 100 ms, was "
                + uploadLifetime);
    }

    /**
     * Returns the defaults: 256 connections, 30 s idle, 10 s for a request's headers, 64 MiB for
     * uploads, 32 kept uploads for 10 minutes.
     *
     * @return the limits
     */
    public static ServerLimits defaults() {
        return new ServerLimits(256, Duration.ofSeconds(30), Duration.ofSeconds(10), 64L << 20, 32,
                Duration.ofMinutes(10));
    }

    /**
     * Returns a copy with another value of one limit.
     *
     * @param value the most connections open at once
     * @return the copy
     */
    public ServerLimits withMaxConnections(int value) {
        return new ServerLimits(value, connectionIdleTimeout, requestHeaderTimeout, uploadBudget, maxKeptUploads,
                uploadLifetime);
    }

    /**
     * Returns a copy with other values of the two connection timeouts.
     *
     * @param idle the idle timeout between requests
     * @param headers the time a request's headers may take
     * @return the copy
     */
    public ServerLimits withTimeouts(Duration idle, Duration headers) {
        return new ServerLimits(maxConnections, idle, headers, uploadBudget, maxKeptUploads, uploadLifetime);
    }

    /**
     * Returns a copy with another value of one limit.
     *
     * @param value the most bytes uploads hold, in flight and kept together
     * @return the copy
     */
    public ServerLimits withUploadBudget(long value) {
        return new ServerLimits(maxConnections, connectionIdleTimeout, requestHeaderTimeout, value, maxKeptUploads,
                uploadLifetime);
    }
}
