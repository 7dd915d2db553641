/**
 * Desync detection: record a hash of the game's state every few steps
 * ({@link dev.reprise.desync.StateHashRecorder}) and check it on playback
 * ({@link dev.reprise.desync.StateHashCheck}), so a replay that diverges fails with a
 * {@link dev.reprise.desync.ReplayDesyncException} naming the window where it diverged.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.desync;

import org.jspecify.annotations.NullMarked;
