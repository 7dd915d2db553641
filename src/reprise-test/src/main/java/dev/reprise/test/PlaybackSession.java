package dev.reprise.test;

import dev.reprise.ReplaySystem;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;

/**
 * The one place the kit opens a playback: a sandbox on the system (which resets the game) set playing,
 * so nothing but the subscriber's demand holds it back.
 */
final class PlaybackSession {

    private PlaybackSession() {
    }

    /**
     * Opens and plays a sandbox.
     *
     * @param system the game's system
     * @param config what to play
     * @return the sandbox, {@code PLAYING}; it dispatches nothing until its steps are subscribed and requested
     */
    static ReplaySandbox open(ReplaySystem system, SandboxConfig<?> config) {
        ReplaySandbox sandbox = system.createReplaySandbox(config);
        sandbox.play();
        return sandbox;
    }
}
