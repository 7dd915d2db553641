package dev.reprise.viewer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * What a session is watching: a replay on a sandbox or the live game. Controls come from the session's
 * worker; a control the playback does not support throws {@link IllegalArgumentException} with the
 * reason, which the page gets as an error reply.
 */
sealed interface Playback permits ReplayPlayback, LivePlayback {

    /** @param n credits the page grants @return {@code false} if they went past the cap */
    boolean grant(long n);

    /** Plays. */
    void play();

    /** Pauses; the page gets the state once nothing is in flight. */
    void pause();

    /** Plays one more group. */
    void step();

    /** @param speed the speed, 0.25 to 64 */
    void speed(double speed);

    /** @param target the step index to move to */
    void seek(int target);

    /** @param stepIndex the passive step asked @param option the person's answer */
    void answer(int stepIndex, int option);

    /** @return what this playback holds, in estimated bytes, by part */
    Map<String, Long> memory();

    /** @return the checkpoints' step indexes as a JSON array, or {@code null} if unchanged since the last call */
    @Nullable
    ArrayNode checkpointsIfChanged();

    /** Releases the sandbox or the feed. */
    void close();
}
