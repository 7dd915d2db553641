package dev.reprise.playback;

/**
 * What the engine asks of a subscriber that receives the playback window by window
 * ({@link PlaybackWindows}): the engine opens and closes windows through it, and takes the demand for
 * steps from the open window instead of from its own subscription (whose demand then counts windows).
 * Called from the engine's drain only.
 */
interface WindowGate {

    /** Opens a window keyed by {@code code} and emits it; called only with outstanding window demand. */
    void openWindow(int code);

    /** Completes the open window: its finalize has settled (or it was dropped by a seek or is lone). */
    void closeWindow();

    /** @return the open window's outstanding demand for steps, 0 when none is open */
    long stepDemand();

    /** Uses one unit of the open window's demand. */
    void stepProduced();
}
