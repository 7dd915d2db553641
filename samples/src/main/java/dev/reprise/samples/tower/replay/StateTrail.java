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
package dev.reprise.samples.tower.replay;

import dev.reprise.playback.ActiveStep;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.samples.tower.InputRecorder;
import dev.reprise.samples.tower.TowerGame;
import java.util.Arrays;
import java.util.Objects;

/**
 * The state hash of a game before each recorded input, kept while recording, so that a replay can name
 * the first step where it went its own way instead of only telling that the end differs.
 *
 * <p>During playback {@link #check} compares the game before each active step with the recording.
 * Only steps where no move is queued can be compared: inside a window of moves the game has not yet
 * committed what the recording had already applied. Not thread-safe; playback calls {@link #check}
 * from one thread at a time.
 */
public final class StateTrail {

    private long[] before = new long[1024];
    private int size;
    private int divergence = -1;

    /** Creates an empty trail. */
    public StateTrail() {
    }

    /**
     * Returns a recorder that notes the state hash of {@code game} and then hands the input on.
     *
     * @param game the game being recorded; its state is read before each input is applied
     * @param next where the inputs go, e.g. {@code system::record}
     * @return the recorder to give the player
     */
    public InputRecorder recording(TowerGame game, InputRecorder next) {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(next, "next");
        return (code, params) -> {
            if (size == before.length) {
                before = Arrays.copyOf(before, size * 2);
            }
            before[size++] = game.state().stateHash();
            next.record(code, params);
        };
    }

    /**
     * Returns how many inputs were recorded.
     *
     * @return at least 0
     */
    public int size() {
        return size;
    }

    /**
     * Compares the game about to play {@code step} with the recording, if {@code step} is active and no
     * move is queued; notes the first step found to differ.
     *
     * @param step a step as playback emits it
     * @param game the game being replayed
     */
    public void check(PlaybackStep step, TowerGame game) {
        int index = step.step().index();
        if (divergence < 0 && step instanceof ActiveStep && game.queuedMoves() == 0 && index < size
                && game.state().stateHash() != before[index]) {
            divergence = index;
        }
    }

    /**
     * Returns the first step before which the replayed game differed from the recorded one.
     *
     * @return a step index, or -1 if every compared step matched
     */
    public int firstDivergence() {
        return divergence;
    }
}
