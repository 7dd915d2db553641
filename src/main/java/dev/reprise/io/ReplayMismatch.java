package dev.reprise.io;

/**
 * One way a replay file does not fit the game about to play it, found by {@link ReplayCompatibility}.
 *
 * @param kind    what kind of mismatch
 * @param code    the command code concerned, or {@code -1} for {@link Kind#OTHER_GAME} and
 *                {@link Kind#OTHER_BUILD}
 * @param message a full sentence saying what differs, with the values on both sides
 */
public record ReplayMismatch(Kind kind, int code, String message) {

    /** The kinds of mismatch. */
    public enum Kind {
        /** The file was recorded by another game (game ids differ). */
        OTHER_GAME,
        /** The file was recorded by another build of the game, and the verifier requires the same build. */
        OTHER_BUILD,
        /** The route uses a code the game does not register. */
        UNKNOWN_CODE,
        /** The route uses a code that the file's dictionary names differently from the game. */
        RENAMED_CODE
    }

    @Override
    public String toString() {
        return message;
    }
}
