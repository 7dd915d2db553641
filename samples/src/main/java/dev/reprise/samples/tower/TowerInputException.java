package dev.reprise.samples.tower;

/**
 * Thrown when an input is malformed: an unknown code, or params of the wrong count or type. The game
 * state is never changed by a rejected input.
 */
public final class TowerInputException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what was wrong with the input, naming the code and the param
     */
    public TowerInputException(String message) {
        super(message);
    }
}
