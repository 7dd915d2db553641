package dev.reprise.samples.verify;

import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;

/**
 * The tower game as a verifiable game for the Kafka worker's {@code WorkerMain} and the replay tool:
 * listed in {@code META-INF/services/dev.reprise.verify.ReplayVerifierProvider}, as any game jar would.
 * Stateless and thread-safe.
 */
public final class TowerVerifierProvider implements ReplayVerifierProvider {

    /** Creates the provider; {@link java.util.ServiceLoader} calls it. */
    public TowerVerifierProvider() {
    }

    @Override
    public String gameId() {
        return TowerCommands.GAME_ID;
    }

    @Override
    public ReplayVerifier.Builder verifier() {
        return TowerVerification.verifier();
    }
}
