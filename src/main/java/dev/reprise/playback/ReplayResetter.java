package dev.reprise.playback;

import org.jspecify.annotations.Nullable;

/**
 * Puts the game back into the state a route starts from, before a sandbox plays it.
 *
 * <p>Called once, synchronously, by {@link dev.reprise.ReplaySystem#createReplaySandbox} (and so on each
 * subscription to {@link dev.reprise.ReplaySystem#playback}) before the sandbox opens its reader, so
 * writes the reset makes to the route do not expire the new sandbox. Formerly {@code ReplayReseter}.
 *
 * @param <S> the type of the save the game restores from
 */
@FunctionalInterface
public interface ReplayResetter<S> {

    /**
     * Resets the game.
     *
     * @param save the save to restore, or {@code null} to restore the game's initial state
     */
    void reset(@Nullable S save);
}
