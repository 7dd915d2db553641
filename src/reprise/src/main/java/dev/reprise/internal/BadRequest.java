package dev.reprise.internal;

/**
 * The one policy of Reprise's publishers for a {@code request(n)} with {@code n <= 0} (Reactive Streams
 * rule 3.9): the subscription that was asked signals {@code onError} with the exception built here, in the
 * message style of Reactor's strict subscriber, and stops as on a cancel. Stateless and thread-safe.
 */
public final class BadRequest {

    private BadRequest() {
    }

    /**
     * Builds the error a subscription signals for a non-positive request.
     *
     * @param n the amount requested, at most 0
     * @return a new {@link IllegalArgumentException} naming rule 3.9 and the amount
     */
    public static IllegalArgumentException error(long n) {
        return new IllegalArgumentException("§3.9 violated: positive request amount required but it was " + n);
    }
}
