package dev.reprise.route;

import dev.reprise.ReplayException;

/**
 * Thrown when a write would take a route past its configured maximum number of steps or param
 * bytes ({@link ReplayArrayConfig#commandMaxLength()}, {@link ReplayArrayConfig#paramMaxLength()}).
 *
 * <p>Nothing of the rejected write is left behind: the route is exactly as it was before the call.
 */
public final class ReplayCapacityException extends ReplayException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception.
     *
     * @param message which cap was hit and by how much
     */
    public ReplayCapacityException(String message) {
        super(message);
    }
}
