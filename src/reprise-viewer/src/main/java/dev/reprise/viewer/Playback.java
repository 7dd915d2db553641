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
