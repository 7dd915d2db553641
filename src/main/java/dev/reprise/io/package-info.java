/**
 * Replay files: {@link dev.reprise.io.ReplayFile} is a route with a header (game id, build, metadata,
 * command dictionary), a compressed body and a checksum, written atomically and read with strict
 * validation of untrusted bytes; a verifier checks a file against the game before it is played.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.io;

import org.jspecify.annotations.NullMarked;
