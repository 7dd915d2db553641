/*
 * Copyright 2026 The Reprise developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.reprise.viewer;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.ReplayStep;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * One session's game playing one route: made by {@link ViewerGame#open}. The viewer creates a sandbox
 * from {@link #sandbox()} on {@link #system()}, adds pacing, grace and checkpoints, and reads
 * {@link #state()} whenever the page must draw.
 *
 * <p><b>Passive steps.</b> The game registers its commands once, as every headless use of its replays
 * does, a passive code with {@code ReplayCommand.passive(apply)}; {@link #apply(ReplayStep)} calls that
 * {@code apply}. The viewer takes every passive step as it arrives: in the
 * "answered by the route" mode (and while a seek fast-forwards) it applies the recorded step; in the
 * interactive mode it shows the step's {@link #prompt prompt} and applies the answer the person
 * chose ({@link #answer}), or the recorded one if the person keeps it or the dialog's time runs out. As
 * headless playback does, it applies (or asks about) a passive step only once the step before it has
 * settled: the active step it answers has completed (an asynchronous command's work done), and the answers
 * before it are applied, so in route order. So the game's active commands must leave passive steps alone
 * (not take them with {@code PlaybackContext.nextPassive()}, nor wait on them): a passive step whose active
 * step has not completed within the dialog timeout and five seconds fails, saying so.
 *
 * <p>Threads: every method but {@link #system()} and {@link #sandbox()} is called while the playback
 * waits for the group in flight (on the thread emitting its steps, or on the session's worker for an
 * answer), never two at once, so nothing else touches the game then. Not thread-safe beyond that.
 */
public interface GameReplay {

    /**
     * Returns the system holding the file's route, with the game's commands registered.
     *
     * @return the system
     */
    ReplaySystem system();

    /**
     * Returns a sandbox config builder for {@code system().array()} that rewinds this game; the viewer
     * sets pacing, scheduler, passive grace and checkpoints on it.
     *
     * @return a fresh builder
     */
    SandboxConfig.Builder<?> sandbox();

    /**
     * Returns the game's snapshots for seeking.
     *
     * @return the provider, or empty (the default) if the game cannot seek: a backward seek then replays
     *     from the start
     */
    default Optional<SnapshotProvider<?>> snapshots() {
        return Optional.empty();
    }

    /**
     * Returns the metadata key under which this game's files claim the state hash their game ends with (as its
     * verifier's {@code ReplayVerifier.Builder#finalHashKey}): a replay saved from the viewer's edit mode gets a
     * fresh one, the {@link #stateHash()} where the edited route ends.
     *
     * @return the key, or empty (the default) if the game's files claim none
     */
    default Optional<String> finalHashKey() {
        return Optional.empty();
    }

    /**
     * Returns a 64-bit hash of the game's state as things stand now, as its verifier's game computes it.
     * Called between steps, as {@link #state()} is.
     *
     * @return the hash, or empty (the default) if the game has none
     */
    default OptionalLong stateHash() {
        return OptionalLong.empty();
    }

    /**
     * Returns the game's state for the page, as things stand now: what the game's renderer draws, or
     * what the page shows as a table (one row per member) for a game without a renderer.
     *
     * @return a value Jackson writes as a JSON object: a {@code Map<String, ?>} of strings, numbers,
     *     booleans, lists and maps, a record, or a {@code com.fasterxml.jackson.databind.JsonNode}
     */
    Object state();

    /**
     * Applies a passive step's answer to the game: the recorded step, or one {@link #answer} made for a
     * person's choice. By default, the {@code apply} the game registered for the step's code with
     * {@code ReplayCommand.passive(apply)} ({@link dev.reprise.command.ReplayCommand#applyAnswer}), so a
     * game that registers its commands that way writes nothing more; override it for a command registered
     * with the plain {@code ReplayCommand.passive()} marker.
     *
     * @param step the answer, of a passive code
     * @throws RuntimeException if the answer does not fit the game (it must leave the game unchanged then);
     *     the person's answer is refused, and a recorded one fails playback naming the step
     * @throws IllegalStateException if the step's command has no {@code apply} and this method is not
     *     overridden
     */
    default void apply(ReplayStep step) {
        ReplayCommand command = system().command(step.code()).orElse(null);
        if (command == null || !command.appliesAnswers()) {
            throw new IllegalStateException("passive step " + step.index() + " (code " + step.code() + ") has no apply: "
                    + "register its code with ReplayCommand.passive(apply), or override GameReplay.apply");
        }
        command.applyAnswer(step);
    }

    /**
     * Returns how the page shows a passive step to a person, in the interactive mode.
     *
     * @param step a passive step just emitted, not yet applied
     * @return the prompt, or {@code null} (the default) to apply the recorded answer without asking
     * @throws RuntimeException if the step cannot be shown (e.g. a hostile file's param of the wrong type):
     *     playback fails at that step in the passive phase, as a recorded answer that does not fit does
     */
    default @Nullable Prompt prompt(ReplayStep step) {
        return null;
    }

    /**
     * Returns the step a person's choice stands for: by default the recorded step with the option as
     * its only param.
     *
     * @param step the recorded passive step
     * @param option the index of the chosen option in its {@link Prompt#options()}
     * @return the step to {@link #apply}
     * @throws IllegalArgumentException with a reason a person can read if the option is not allowed;
     *     the dialog then stays open and the game unchanged
     */
    default ReplayStep answer(ReplayStep step, int option) {
        return new ReplayStep(step.index(), step.code(), List.of(option));
    }

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
