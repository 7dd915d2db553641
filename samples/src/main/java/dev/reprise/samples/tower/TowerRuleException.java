package dev.reprise.samples.tower;

/**
 * Thrown when a well-formed input breaks a rule of the game in the current state, for example using an
 * item the hero does not carry or answering a choice that is not open. The game state is never changed
 * by a rejected input.
 */
public final class TowerRuleException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message which rule was broken and by what
     */
    public TowerRuleException(String message) {
        super(message);
    }
}
