package dev.reprise.playback;

/**
 * The life cycle of a {@link ReplaySandbox}.
 *
 * <pre>
 *                play()                   pause()
 *   READY ─────────────────────► PLAYING ◄────────► PAUSED
 *     │ step() → PAUSED              │       play()       │
 *     │                              │                    │
 *     └──────────────┬───────────────┴────────────────────┘
 *                    ▼
 *      ENDED (route played out) · STOPPED (stop(), cancel) · FAILED (error)
 * </pre>
 */
public enum PlaybackState {
    /** Created; nothing dispatched yet; waiting for {@code play()} or {@code step()}. */
    READY,
    /** Dispatching groups as demand and pacing allow. */
    PLAYING,
    /** Not dispatching, except one group per {@code step()}. */
    PAUSED,
    /** The whole route was played and its last window finalized; the Flux completed. */
    ENDED,
    /** Stopped by {@code stop()}, a cancelled subscription or a newer sandbox; the Flux completed. */
    STOPPED,
    /** A step, passive handle or finalizer failed, or the route changed; the Flux errored. */
    FAILED;

    /**
     * Tells whether this state is final.
     *
     * @return {@code true} for {@link #ENDED}, {@link #STOPPED} and {@link #FAILED}
     */
    public boolean isTerminal() {
        return this == ENDED || this == STOPPED || this == FAILED;
    }
}
