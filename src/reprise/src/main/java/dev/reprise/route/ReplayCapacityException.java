package dev.reprise.route;

import dev.reprise.diagnostic.ReplayException;

/**
 * Thrown when a write would take a route past its configured maximum number of steps or param
 * bytes ({@link ReplayArrayConfig#commandMaxLength()}, {@link ReplayArrayConfig#paramMaxLength()}),
 * when a replay file would not fit the caps of the reader it is built for, or when reading a
 * replay file cannot get the memory it needs from the shared decoding budget within the reader's
 * {@link dev.reprise.io.ReplayFileReader#memoryWait() memory wait}.
 *
 * <p>Nothing of the rejected write is left behind: the route is exactly as it was before the call;
 * a refused read holds no memory.
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
