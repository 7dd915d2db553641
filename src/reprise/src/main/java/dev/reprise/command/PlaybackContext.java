package dev.reprise.command;

import java.util.List;
import reactor.core.publisher.Mono;

/**
 * What a command sees of the playback it runs in: the speed, the progress and the passive steps of
 * the group being played.
 *
 * <p>One context serves a sandbox for its whole life; the group-related answers describe the group in
 * flight at the time of the call. All methods are safe from any thread and never block.
 */
public interface PlaybackContext {

    /**
     * Returns the playback speed, 1 being normal speed; commands may scale their animations by it.
     *
     * @return the current speed, finite and &gt; 0
     */
    double speed();

    /**
     * Returns how many steps have settled, counting from the start of the route (a sandbox created at
     * {@code startIndex} starts at {@code startIndex}); the group in flight is not counted.
     *
     * @return the number of steps before the first unsettled one
     */
    int replayed();

    /**
     * Returns the passive steps of the group in flight, in route order, settled or not.
     *
     * @return an immutable list; empty during a finalize or when the group has none
     */
    List<PassiveHandle> passiveSteps();

    /**
     * Returns the oldest unsettled passive step of the group in flight, looked up when subscribed: the
     * original engine's pattern for an active command that takes the passive step following it while it runs.
     *
     * @return a Mono of the step, empty if none is pending
     */
    Mono<PassiveHandle> nextPassive();

    /**
     * Tells whether the playback is fast-forwarding to reach a position rather than being watched, so
     * commands may skip animations: {@code true} while a {@code ReplaySandbox.seek} fast-forwards, for
     * the {@code execute} and {@code finalizeRun} calls it makes.
     *
     * @return {@code true} while the playback seeks
     */
    default boolean seeking() {
        return false;
    }
}
