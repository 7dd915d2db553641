package dev.reprise.playback;

/**
 * Names one finalize window: its running number and its code. One instance per window, shared by all
 * its steps, so a step carries a single reference rather than both values.
 */
record WindowId(long number, int code) {
}
