/**
 * Playback of a route as a Reactor {@code Flux} with backpressure: {@link dev.reprise.playback.ReplaySandbox}
 * dispatches the route's steps to their commands group by group, only on demand, with play, pause,
 * single step, speed, stop and seek controls usable from any thread.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.playback;

import org.jspecify.annotations.NullMarked;
