/**
 * Replay files: {@link dev.reprise.io.ReplayFile} is a route with a header (game id, build, metadata,
 * command dictionary), a compressed body and a checksum, written atomically and read with strict
 * validation of untrusted bytes; {@link dev.reprise.io.ReplayCompatibility} checks a file against the game
 * before it is played, upgrading a file of an older build by the {@link dev.reprise.io.ReplayUpgrade}s the
 * game declares.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.io;

import org.jspecify.annotations.NullMarked;
