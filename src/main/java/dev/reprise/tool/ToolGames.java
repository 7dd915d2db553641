package dev.reprise.tool;

import dev.reprise.verify.ReplaySource;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import dev.reprise.verify.Verdict;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How {@code shrink} and {@code cut} reach the installed game: its {@link ReplayVerifierProvider}, a
 * verifier of one replay at a time within the tool's caps and timeout, and a verdict awaited on the
 * command's thread.
 */
final class ToolGames {

    /** The most one replay may take to be judged. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private ToolGames() {
    }

    /**
     * Returns the verifier of the installed game.
     *
     * @param game    the game's id, or {@code null} when exactly one is installed
     * @param command the command, for its usage error
     * @return a verifier of one replay at a time
     * @throws picocli.CommandLine.ParameterException if the game is not installed, none is, or several are
     *                                                and none was chosen
     */
    static ReplayVerifier verifier(@Nullable String game, ToolCommand command) {
        try {
            return verifier(ReplayVerifierProvider.find(game));
        } catch (IllegalArgumentException e) {
            throw command.usage(e.getMessage() + " (--game)");
        }
    }

    /**
     * Returns the verifier of a game if it is installed.
     *
     * @param gameId the game's id
     * @return its verifier; empty if no installed game has that id
     */
    static Optional<ReplayVerifier> installed(String gameId) {
        try {
            return Optional.of(verifier(ReplayVerifierProvider.find(gameId)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * Judges one replay.
     *
     * @param verifier the game's verifier
     * @param source   the replay
     * @return its verdict
     */
    static Verdict verdict(ReplayVerifier verifier, ReplaySource source) {
        return Objects.requireNonNull(verifier.verify(source).block(TIMEOUT.plusMinutes(1)), "a verdict");
    }

    private static ReplayVerifier verifier(ReplayVerifierProvider provider) {
        return provider.verifier().parallelism(1).timeout(TIMEOUT).reader(ToolFiles.READER).build();
    }
}
