package dev.reprise.samples.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reprise.ReplaySystem;
import dev.reprise.playback.PassiveStep;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One session's game playing one route: made by {@link ViewerGame#replay}. The server creates a
 * sandbox from {@link #sandbox()} on {@link #system()}, adds pacing, grace and checkpoints, and calls
 * {@link #view()} on the playback's thread whenever the page must draw.
 *
 * <p>Not thread-safe beyond what playback guarantees: {@link #view()} runs on the thread that emits a
 * step, and a passive step is answered while its group waits, so nothing else touches the game then.
 */
public interface GameReplay {

    /**
     * Returns the system holding the route, with the game's commands registered.
     *
     * @return the system
     */
    ReplaySystem system();

    /**
     * Returns a sandbox config builder for {@code system().array()} that rewinds this game; the server
     * sets pacing, scheduler, passive grace and checkpoints on it.
     *
     * @return a fresh builder
     */
    SandboxConfig.Builder<?> sandbox();

    /**
     * Returns the game's snapshots for seeking.
     *
     * @return the provider, or {@code null} if the game cannot seek (a backward seek then replays from
     *     the start)
     */
    @Nullable
    SnapshotProvider<?> snapshots();

    /**
     * Returns the game's state as a JSON value for the renderer, as things stand now.
     *
     * @return a fresh JSON value (usually an object, e.g. built from {@link Json#object()}); the server
     *     embeds it in its messages
     */
    JsonNode view();

    /**
     * Returns the question a passive step asks a person, in interactive mode.
     *
     * @param step a passive step just emitted
     * @return the prompt, or {@code null} if the viewer should answer it as recorded without asking
     */
    @Nullable
    Prompt prompt(PassiveStep step);

    /**
     * Applies a person's answer to a passive step and completes its handle.
     *
     * @param step the pending step
     * @param option the index of the chosen option in its {@link Prompt#options()}
     * @throws IllegalArgumentException with a reason a person can read if the option is not allowed;
     *     the step then stays pending and the game unchanged
     */
    void answer(PassiveStep step, int option);

    /**
     * Applies the route's own answer to a passive step and completes its handle (failing it if the
     * answer no longer fits the game).
     *
     * @param step the pending step
     */
    void answerAsRecorded(PassiveStep step);

    /**
     * A question a passive step asks.
     *
     * @param title what is asked, e.g. the dialog's name
     * @param options the possible answers, in index order
     * @param recorded the index of the route's own answer
     */
    record Prompt(String title, List<String> options, int recorded) {

        /**
         * Checks and copies the prompt.
         *
         * @throws IllegalArgumentException if there are no options or {@code recorded} is not one of them
         */
        public Prompt {
            options = List.copyOf(options);
            if (options.isEmpty() || recorded < 0 || recorded >= options.size()) {
                throw new IllegalArgumentException("a prompt needs options and a recorded answer among them, got "
                        + options.size() + " options and answer " + recorded);
            }
        }
    }
}
