package dev.reprise.shrink;

import dev.reprise.ReplaySystem;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import dev.reprise.verify.VerifiableGame;

/**
 * The kit tests' small games: a system to register commands on, and a sandbox that plays a route from the
 * start, {@link #reset()} putting the game back there first.
 */
abstract class KitGame implements VerifiableGame {

    /** The game's system; each game registers its commands on it. */
    final ReplaySystem system = new ReplaySystem();

    @Override
    public final ReplaySystem system() {
        return system;
    }

    @Override
    public SandboxConfig<?> sandbox(ReplayArray route) {
        SandboxConfig.Builder<Object> config = SandboxConfig.builder(route, save -> reset());
        configure(config);
        return config.build();
    }

    /** Puts the game back at its start, before a route is played (or seeked to). */
    abstract void reset();

    /**
     * Adds to the sandbox's config, e.g. snapshots; nothing by default.
     *
     * @param config the config, resetting the game at the start
     */
    void configure(SandboxConfig.Builder<Object> config) {
    }
}
