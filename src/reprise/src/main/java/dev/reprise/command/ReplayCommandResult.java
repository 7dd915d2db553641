package dev.reprise.command;

/** How a step, a passive handle or a finalizer settled. */
public enum ReplayCommandResult {
    /** It worked; playback goes on. */
    SUCCESS,
    /** It failed; playback ends with a {@code ReplayPlaybackException}. */
    FAILED,
    /** It failed but may be ignored; a warning is reported and playback goes on. */
    IGNORED
}
