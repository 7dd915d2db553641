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

import dev.reprise.route.ReplayStep;
import java.util.Map;
import reactor.core.publisher.Flux;

/**
 * A game being played and recorded right now, which spectators watch through
 * {@link dev.reprise.ReplaySystem#recorded()}: what {@link ViewerGame#live()} offers. Thread-safe.
 */
public interface LiveGame {

    /**
     * Returns the names of the game's command codes, for the page.
     *
     * @return code to name
     */
    Map<Integer, String> codeNames();

    /**
     * Lets a spectator in: every step recorded so far followed, without a gap or a repeat, by the steps
     * recorded from now on.
     *
     * @return the spectator's feed and view
     */
    Spectator join();

    /**
     * One spectator's feed and game.
     *
     * @param steps the game's steps from its first, then live ones; completes when the live game ends.
     *     Honours backpressure up to a bounded buffer and errors when a slow spectator overflows it
     * @param view the spectator's own copy of the game, fed the steps it watched
     * @param catchUpBytes the bytes of the route copied for the catch-up (held until it is watched)
     * @param bufferBytes the most bytes the live steps buffered for this spectator may hold
     */
    record Spectator(Flux<ReplayStep> steps, LiveView view, long catchUpBytes, long bufferBytes) {
    }

    /** A spectator's copy of a live game: steps are applied to it as they are watched. Not thread-safe. */
    interface LiveView {

        /**
         * Applies one recorded step.
         *
         * @param step the next step of the live route
         */
        void apply(ReplayStep step);

        /**
         * Returns the state for the page, as {@link GameReplay#state()} does.
         *
         * @return a value Jackson writes as a JSON object
         */
        Object state();
    }
}
