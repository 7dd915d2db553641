package dev.reprise.verify;

import dev.reprise.io.ReplayFile;

/**
 * Builds a fresh game for one replay, from what the file says (typically its metadata: a seed, a level,
 * parameters). Called once per replay, on the verifier's scheduler, possibly from several threads at
 * once: it must be thread-safe, and the games it returns must share no mutable state.
 *
 * <p>A factory that cannot build a game for the file throws: an {@link IllegalArgumentException} (for
 * example a missing or malformed metadata value) or a {@link dev.reprise.diagnostic.ReplayException} makes the
 * replay {@link Outcome#INVALID_FILE}; any other exception makes it {@link Outcome#FAILED}. Either way
 * the batch goes on.
 */
@FunctionalInterface
public interface GameFactory {

    /**
     * Creates a game in its initial state, with its commands registered, to play {@code file}'s route.
     *
     * @param file the replay file, already read and checked (game id, dictionary); not {@code null}
     * @return a new game, never shared with another replay; not {@code null}
     * @throws IllegalArgumentException if the file does not describe a game this factory can build
     */
    VerifiableGame create(ReplayFile file);
}
